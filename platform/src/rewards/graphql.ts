/**
 * GraphQL of the reward engine (spec sections 3 and 7): `viewer.rewards` (the player rewards query:
 * statuses, last N, ascending by startsAt), `viewer.bonuses` with their wagering, `claimReward`,
 * `forfeitBonus`, and the sandbox's `sandboxAssignReward` (PLATFORM_ENABLE_SANDBOX_ADMIN=1 and the
 * operator key only, like every sandbox* mutation). Status changes reach the lobby through
 * RewardsContextSubscription (realtime/graphql.ts).
 */
import { randomUUID } from 'node:crypto';
import { localiseText } from '../content/resolve.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Resolvers, RewardStatus } from '../graphql/generated/resolvers-types.ts';
import { formatMinor } from '../ledger/money.ts';
import { findPlayer, playerById } from '../players/repository.ts';
import { BONUS_STATUSES, type Assignation, type Bonus, type BonusStatus } from './service.ts';

/** Schema of the reward fields. */
export const rewardTypeDefs = /* GraphQL */ `
  extend type Viewer {
    "The player rewards query: the last \`last\` (1 to 500, default 500) of the player's rewards with these statuses (all when omitted; the lobby asks for [Unclaimed, Scheduled]) by startsAt, sorted by startsAt ascending (descending with ascending: false). Texts in the locale (default x-locale)."
    rewards(statuses: [RewardStatus!], last: Int = 500, ascending: Boolean = true, locale: String): [PlayerReward!]!
    "Bonus money with its wagering, oldest first: the Active ones unless statuses says otherwise."
    bonuses(statuses: [BonusStatus!] = [Active], locale: String): [Bonus!]!
  }

  "One reward given to the player (spec section 3, player reward item)."
  type PlayerReward {
    assignationId: ID!
    "When it was given (ISO 8601)."
    assignedAt: String!
    "When its status last changed (ISO 8601)."
    updatedAt: String!
    "Why it was given (Sandbox, Weekly cashback, …)."
    reason: String!
    status: RewardStatus!
    reward: Reward!
    "When an unclaimed reward expires (ISO 8601); null when never."
    expiresAt: String
  }

  "What a reward is (spec section 3); the variant says what claiming it gives."
  interface Reward {
    rewardId: ID!
    name: String!
    "Seconds from now until it expires if unclaimed; null when never."
    expiresIn: Int
    "ISO 8601: claimable from then."
    startsAt: String
    "ISO 8601: the campaign's end, if any."
    endsAt: String
    "manual (the player claims it) or automatic (credited when it starts)."
    claimType: String!
    rewardReason: String
    "Cashback or Incentive."
    rewardType: String!
  }

  "Spins of one game at one stake, without touching cash; their winnings are paid in cash."
  type FreeSpinReward implements Reward {
    rewardId: ID!
    name: String!
    expiresIn: Int
    startsAt: String
    endsAt: String
    claimType: String!
    rewardReason: String
    rewardType: String!
    "How many spins (an Int, where the other variants' amount is money: alias it when selecting both)."
    amount: Int!
    "The stake of each spin: a real round of the game at exactly this bet is free while spins are left."
    value: String!
    currency: String!
    betLevel: Int!
    game: RewardGameDescriptor!
    "Spins left once credited; null before."
    spinsLeft: Int
    "When credited spins lapse (ISO 8601); null before."
    spinsExpireAt: String
  }

  "The game free spins are played in."
  type RewardGameDescriptor {
    slug: String!
    name: String!
    "The lobby path of the game's page, without the locale prefix: /games/<slug>/."
    url: String!
    "{ id, slug, name } of the game."
    json: JSON!
  }

  "Cash credited on claim."
  type MoneyDropReward implements Reward {
    rewardId: ID!
    name: String!
    expiresIn: Int
    startsAt: String
    endsAt: String
    claimType: String!
    rewardReason: String
    rewardType: String!
    amount: String!
    currency: String!
  }

  "Bonus balance credited on claim; converts to cash (at most maxPayout) once amount × wageringRequirementFactor has been staked in real-money casino rounds."
  type BonusMoneyDropReward implements Reward {
    rewardId: ID!
    name: String!
    expiresIn: Int
    startsAt: String
    endsAt: String
    claimType: String!
    rewardReason: String
    rewardType: String!
    amount: String!
    currency: String!
    wageringRequirementFactor: Float!
    maxPayout: String!
  }

  "Bonus-like status (spec section 3)."
  enum BonusStatus {
    Active
    Converted
    Expired
    Forfeited
  }

  "Bonus money credited by a BonusMoneyDropReward, with its wagering."
  type Bonus {
    "The assignation that credited it."
    id: ID!
    name: String!
    status: BonusStatus!
    amount: String!
    currency: String!
    "What must be staked: amount × the factor."
    wageringRequirement: String!
    wagered: String!
    "Percent of the wagering done, 0 to 100."
    wageringProgress: Int!
    maxPayout: String!
    "What it converted to in cash, once Converted."
    convertedAmount: String
    "The wagering must be done by then (ISO 8601), or the bonus expires."
    expiresAt: String!
    createdAt: String!
  }

  extend type Mutation {
    "Claims an Unclaimed reward of the signed-in player. Idempotent: claiming a Credited reward again answers it unchanged and credits nothing. RewardNotClaimable (expired, scheduled, removed; bonus money where the brand's bonusEnabled is false), RewardsBlocked (customer.isRewardsBlocked) or PhoneVerificationRequired (the brand's EnablePhoneVerification, not lifted by DisablePhoneVerificationForRewards) otherwise."
    claimReward(assignationId: ID!, locale: String): PlayerReward!
    "Gives up an Active bonus: its amount leaves the bonus balance. Forfeiting a Forfeited bonus again answers it unchanged."
    forfeitBonus(bonusId: ID!, locale: String): Bonus!
    "Sandbox: gives a player (id, number, email, username or phone within x-brand) a reward of the brand's content/<brand>/rewards.json. The same idempotencyKey gives it once (default: a new key each call). startsAt (ISO 8601) schedules it later."
    sandboxAssignReward(playerId: ID!, rewardId: ID!, idempotencyKey: String, reason: String = "Sandbox", startsAt: String): PlayerReward!
  }
`;

/** What PlayerReward's resolvers return. */
function playerReward(ctx: GraphQLContext, assignation: Assignation, locale: string) {
  const definition = assignation.definition;
  const now = ctx.services.clock().getTime();
  const common = {
    rewardId: assignation.rewardId,
    name: localiseText(definition.name, locale),
    expiresIn: assignation.expiresAt ? Math.max(0, Math.floor((assignation.expiresAt.getTime() - now) / 1000)) : null,
    startsAt: assignation.startsAt.toISOString(),
    endsAt: assignation.endsAt?.toISOString() ?? null,
    claimType: definition.claimType,
    rewardReason: definition.rewardReason ?? null,
    rewardType: definition.rewardType,
  };
  const reward = async () => {
    if (definition.variant === 'MoneyDropReward') return { __typename: 'MoneyDropReward' as const, ...common, amount: definition.amount, currency: definition.currency };
    if (definition.variant === 'BonusMoneyDropReward') {
      return {
        __typename: 'BonusMoneyDropReward' as const, ...common, amount: definition.amount, currency: definition.currency,
        wageringRequirementFactor: definition.wageringRequirementFactor, maxPayout: definition.maxPayout,
      };
    }
    const game = await ctx.services.catalogue.gameBySlug(definition.game);
    const spins = assignation.status === 'Credited' ? await ctx.services.rewards.freeSpins(assignation.id) : null;
    return {
      __typename: 'FreeSpinReward' as const, ...common, amount: definition.amount, value: definition.value, currency: definition.currency, betLevel: definition.betLevel,
      game: {
        slug: definition.game, name: game?.name ?? definition.game, url: `/games/${definition.game}/`,
        json: { id: game?.id ?? null, slug: definition.game, name: game?.name ?? definition.game },
      },
      spinsLeft: spins?.spinsLeft ?? null,
      spinsExpireAt: spins?.expiresAt.toISOString() ?? null,
    };
  };
  return {
    assignationId: assignation.id,
    assignedAt: assignation.assignedAt.toISOString(),
    updatedAt: assignation.updatedAt.toISOString(),
    reason: assignation.reason,
    status: assignation.status,
    expiresAt: assignation.expiresAt?.toISOString() ?? null,
    reward: reward(),
  };
}

function bonusView(bonus: Bonus) {
  return {
    id: bonus.id,
    name: bonus.name,
    status: bonus.status,
    amount: formatMinor(bonus.amountMinor, bonus.currency),
    currency: bonus.currency,
    wageringRequirement: formatMinor(bonus.requiredMinor, bonus.currency),
    wagered: formatMinor(bonus.wageredMinor, bonus.currency),
    wageringProgress: bonus.progress,
    maxPayout: formatMinor(bonus.maxPayoutMinor, bonus.currency),
    convertedAmount: bonus.convertedMinor === null ? null : formatMinor(bonus.convertedMinor, bonus.currency),
    expiresAt: bonus.expiresAt.toISOString(),
    createdAt: bonus.createdAt.toISOString(),
  };
}

/**
 * What the brand asks before a claim, enforced here whatever the lobby shows: a verified phone where
 * EnablePhoneVerification asks for it and DisablePhoneVerificationForRewards does not lift it for
 * rewards, and no bonus money where the brand gives none.
 */
async function claimAllowed(ctx: GraphQLContext, playerId: string, brandId: string, assignationId: string): Promise<void> {
  const brand = ctx.services.brands.get(brandId);
  if (!brand) return;
  if (brand.features.includes('EnablePhoneVerification') && !brand.features.includes('DisablePhoneVerificationForRewards')) {
    const player = await playerById(ctx.services.db, playerId);
    if (player && !player.phone_verified) {
      throw new PlatformError('PhoneVerificationRequired', 'Verify your phone number before claiming a reward: sign in with a code sent to it, then claim again');
    }
  }
  if (!brand.bonusEnabled) {
    const assignation = await ctx.services.rewards.get(playerId, assignationId);
    if (assignation?.definition.variant === 'BonusMoneyDropReward') {
      throw new PlatformError('RewardNotClaimable', `${brand.title} gives no bonus money, so this bonus cannot be claimed`);
    }
  }
}

/** Resolvers of the reward fields. */
export const rewardResolvers: Resolvers = {
  Viewer: {
    async rewards(_, args, ctx) {
      const auth = await ctx.auth();
      const last = args.last ?? 500;
      if (!Number.isInteger(last) || last < 1 || last > 500) throw new PlatformError('BadUserInput', `last must be 1 to 500 (got ${last})`);
      const locale = ctx.locale(args.locale);
      const list = await ctx.services.rewards.list(auth.playerId, { statuses: (args.statuses as RewardStatus[] | null | undefined) ?? null, last, ascending: args.ascending ?? true });
      return list.map((assignation) => playerReward(ctx, assignation, locale));
    },
    async bonuses(_, args, ctx) {
      const auth = await ctx.auth();
      const statuses = (args.statuses ?? ['Active']) as BonusStatus[];
      if (statuses.length === 0) throw new PlatformError('BadUserInput', `statuses must name at least one of ${BONUS_STATUSES.join(', ')}`);
      const found = await ctx.services.rewards.bonuses(auth.playerId, statuses);
      const locale = ctx.locale(args.locale);
      // Names in the locale: the bonus's definition is its assignation's.
      return Promise.all(found.map(async (bonus) => {
        const assignation = await ctx.services.rewards.get(auth.playerId, bonus.id);
        return { ...bonusView(bonus), name: assignation ? localiseText(assignation.definition.name, locale) : bonus.name };
      }));
    },
  },
  Reward: {
    __resolveType: (reward) => reward.__typename ?? null,
  },
  Mutation: {
    async claimReward(_, args, ctx) {
      const auth = await ctx.auth();
      const locale = ctx.locale(args.locale);
      await claimAllowed(ctx, auth.playerId, auth.brand, args.assignationId);
      return playerReward(ctx, await ctx.services.rewards.claim(auth.playerId, args.assignationId), locale);
    },
    async forfeitBonus(_, args, ctx) {
      const auth = await ctx.auth();
      const bonus = await ctx.services.rewards.forfeitBonus(auth.playerId, args.bonusId);
      const assignation = await ctx.services.rewards.get(auth.playerId, bonus.id);
      return { ...bonusView(bonus), name: assignation ? localiseText(assignation.definition.name, ctx.locale(args.locale)) : bonus.name };
    },
    async sandboxAssignReward(_, args, ctx) {
      ctx.services.sandbox.require(ctx.req, 'This sandbox mutation');
      const brand = ctx.brand();
      const row = await findPlayer(ctx.services.db, brand.id, args.playerId, 'any');
      if (!row) throw new PlatformError('NotFound', `No player "${args.playerId}" on ${brand.id}: use the id, number, email, username or phone of a player (see platform/DEMO-PLAYERS.md)`);
      let startsAt: Date | undefined;
      if (args.startsAt) {
        startsAt = new Date(args.startsAt);
        if (Number.isNaN(startsAt.getTime())) throw new PlatformError('BadUserInput', `startsAt "${args.startsAt}" is not an ISO 8601 time such as 2026-12-01T10:00:00Z`);
      }
      const assignation = await ctx.services.rewards.assign({
        playerId: row.id, rewardId: args.rewardId, idempotencyKey: args.idempotencyKey ?? `sandbox:${randomUUID()}`,
        reason: args.reason ?? 'Sandbox', ...(startsAt ? { startsAt } : {}),
      });
      return playerReward(ctx, assignation, ctx.locale(null));
    },
  },
};
