/**
 * GraphQL of the jackpot and raffles (spec section 7): the settings queries by ipCountryCode (from
 * content/<brand>/jackpot.json, live), JackpotLeaderboard, public.raffleWinners, and the sandbox
 * switches that force a drop and run a draw now (PLATFORM_ENABLE_SANDBOX_ADMIN=1 and the operator
 * key only, like every sandbox* mutation).
 */
import type { GraphQLContext } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import { localise, localiseText } from '../content/resolve.ts';
import { leaderboard, raffleWinners } from './boards.ts';
import { POT_IDS, RAFFLE_TYPES, type PotId, type RaffleType } from './config.ts';
import { BASE_CURRENCY } from './currencies.ts';
import { jackpotCurrency } from './routes.ts';
import { plainPlayerId } from './service.ts';
import { findPlayer } from '../players/repository.ts';

/** Schema of the jackpot and raffle fields. */
export const jackpotTypeDefs = /* GraphQL */ `
  extend type Query {
    "The jackpot widget's and opt-in's settings for the requester's country (ipCountryCode, default the resolved one), from content/<brand>/jackpot.json (x-brand). Null when the brand has none."
    jackpotSettings(ipCountryCode: String): JackpotSettings
    "The /jackpot/ page's settings; texts in the locale (default x-locale). Null when the brand has none; render nothing when enabled is false."
    jackpotSettingsV2(ipCountryCode: String, locale: String): JackpotSettingsV2
    "The /raffle/ page's settings; texts in the locale. Null when the brand has none; render nothing when enabled is false."
    raffleSettings(ipCountryCode: String, locale: String): RaffleSettings
    "The top contributors to a pot's current cycle (default the shared pot), at most size (default 100, at most 100), with the signed-in player's own position (a bearer token; playerUUID, if given, must be theirs). Amounts in currency (default EUR)."
    jackpotLeaderboard(brand: String!, jackpotInstanceId: ID!, jackpotPotId: String = "shared", currency: String, playerUUID: ID, size: Int = 100): JackpotLeaderboard!
    "Queries that need no player."
    public: PublicQueries!
  }

  type PublicQueries {
    "The brand's (x-brand) raffle draws with their winners: the last ones (default 15, at most 50) before the cursor before, oldest first. Amounts in baseCurrency (default EUR)."
    raffleWinners(baseCurrency: String, last: Int = 15, before: String): RaffleWinnersConnection!
  }

  type JackpotImage {
    url: String!
  }

  type JackpotSettings {
    enabled: Boolean!
    instanceId: ID!
    operatorId: String!
    sourceId: String!
    "The option preselected for a player who has not chosen (EUR per bet)."
    initialContributionValue: Float!
    "What a player may contribute per real-money casino bet, in EUR."
    contributionOptions: [Float!]!
    colorPalette: String!
    enabledCommunity: Boolean!
    "Show contributions as a percentage of a 10.00 EUR bet (spec section 6)."
    showContributionAsPercentage: Boolean!
    logo: JackpotImage!
    winnerNotificationImage: JackpotImage!
  }

  type JackpotSettingsV2 {
    enabled: Boolean!
    desktopImage: String!
    mobileImage: String!
    "Title rows; the first two go in the heading."
    titleRows: [String!]!
    "Rich text (sanitise before rendering)."
    text: String!
    termsAndConditions: String!
    "The opt-in section's title (default Jackpot Opt-In Settings)."
    optInTitle: String!
  }

  type RaffleSettings {
    enabled: Boolean!
    pageMobileBackgroundImage: String!
    pageDesktopBackgroundImage: String!
    text: String!
    termsAndConditions: String!
  }

  type JackpotLeaderboardEntry {
    position: Int!
    brand: String!
    initials: String!
    "What the contributor would get if the pot dropped now, in proportion to what they put in."
    expectedPrize: String!
    rankName: String!
    rankImageUrl: String
  }

  type JackpotLeaderboard {
    instanceId: ID!
    potId: String!
    currency: String!
    "The signed-in player's position (1 is first), or null when they have not contributed to this cycle or sent no token."
    playerPosition: Int
    playerRank: String
    playerRankImageUrl: String
    entries: [JackpotLeaderboardEntry!]!
  }

  type RaffleWinner {
    winnerInitials: String!
    winAmount: String!
    winCurrency: String!
    brand: String!
    timestamp: String!
    instanceId: ID!
    "The drop: hourly, daily or weekly."
    jackpotName: String!
    cursor: String!
  }

  type RaffleWinnersNode {
    instanceId: ID!
    jackpotName: String!
    timestamp: String!
    cursor: String!
    winners: [RaffleWinner!]!
  }

  type RaffleWinnersEdge {
    cursor: String!
    node: RaffleWinnersNode!
  }

  type RaffleWinnersPageInfo {
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type RaffleWinnersConnection {
    edges: [RaffleWinnersEdge!]!
    pageInfo: RaffleWinnersPageInfo!
  }

  extend type Mutation {
    "Sandbox: drops a pot. With playerId (id, number, email, username or phone within x-brand) it drops now to that player and pays at once; without, the instance's next contribution drops it."
    sandboxForceJackpotWin(instanceId: ID!, potId: String!, playerId: ID): SandboxJackpotDrop!
    "Sandbox: draws the brand's (x-brand) current hourly, daily or weekly window now and pays its winners; the next bet opens a new window. raffleId is null when the window has no tickets yet."
    sandboxRunRaffleDraw(type: String!): SandboxRaffleDraw!
  }

  type SandboxJackpotDrop {
    "True when the pot waits for the next contribution."
    armed: Boolean!
    winId: ID
  }

  type SandboxRaffleDraw {
    raffleId: ID
    winners: Int!
  }
`;

async function settingsOf(ctx: GraphQLContext, ipCountryCode: string | null | undefined) {
  const brand = ctx.brand();
  const country = ipCountryCode ? ipCountryCode.trim().toUpperCase() : ctx.country().countryCode;
  if (!/^[A-Z]{2}$/.test(country)) throw new PlatformError('BadUserInput', `ipCountryCode "${ipCountryCode}" is not a two-letter country code such as FI`);
  return ctx.services.jackpot.settings(brand.id, country);
}

/** The parent of Query.public's fields: nothing, its fields read their own arguments. */
export type PublicQueriesParent = Record<string, never>;

const DEFAULT_OPT_IN_TITLE = 'Jackpot Opt-In Settings';

/** Resolvers of the jackpot and raffle fields. */
export const jackpotResolvers: Resolvers = {
  Query: {
    async jackpotSettings(_, args, ctx) {
      return (await settingsOf(ctx, args.ipCountryCode))?.jackpotSettings ?? null;
    },
    async jackpotSettingsV2(_, args, ctx) {
      const found = (await settingsOf(ctx, args.ipCountryCode))?.jackpotSettingsV2;
      if (!found) return null;
      const locale = ctx.locale(args.locale);
      return {
        enabled: found.enabled, desktopImage: found.desktopImage, mobileImage: found.mobileImage,
        titleRows: found.titleRows.map((row) => localiseText(row, locale)),
        text: localiseText(found.text, locale), termsAndConditions: localiseText(found.termsAndConditions, locale),
        optInTitle: found.optInTitle ? localiseText(found.optInTitle, locale) : DEFAULT_OPT_IN_TITLE,
      };
    },
    async raffleSettings(_, args, ctx) {
      const found = (await settingsOf(ctx, args.ipCountryCode))?.raffleSettings;
      if (!found) return null;
      const locale = ctx.locale(args.locale);
      return { ...found, ...(localise({ text: found.text, termsAndConditions: found.termsAndConditions }, locale) as { text: string; termsAndConditions: string }) };
    },
    async jackpotLeaderboard(_, args, ctx) {
      const brand = ctx.services.brands.get(args.brand);
      if (!brand) throw new PlatformError('BadUserInput', `Unknown brand "${args.brand}": use one of ${[...ctx.services.brands.keys()].join(', ')}`);
      const instance = ctx.services.jackpot.config.instances.get(args.jackpotInstanceId);
      if (!instance) throw new PlatformError('BadUserInput', `No jackpot instance "${args.jackpotInstanceId}": use one of ${[...ctx.services.jackpot.config.instances.keys()].join(', ')}`);
      const potId = args.jackpotPotId ?? 'shared';
      if (!(POT_IDS as readonly string[]).includes(potId)) throw new PlatformError('BadUserInput', `jackpotPotId "${potId}" is not a pot: use one of ${POT_IDS.join(', ')}`);
      const size = args.size ?? 100;
      if (size < 1 || size > 100) throw new PlatformError('BadUserInput', `size must be 1 to 100 (got ${size})`);
      const player = await ctx.authOptional();
      if (args.playerUUID && (!player || plainPlayerId(args.playerUUID) !== player.playerId)) {
        throw new PlatformError('AuthenticationFailure', 'playerUUID needs the bearer token of that player');
      }
      return leaderboard(ctx.services.db, {
        instanceId: instance.id, potId: potId as PotId, currency: jackpotCurrency(args.currency ?? null, BASE_CURRENCY), playerId: player?.playerId ?? null, size,
      });
    },
    public: () => ({}),
  },
  PublicQueries: {
    async raffleWinners(_, args, ctx) {
      const last = args.last ?? 15;
      if (last < 1 || last > 50) throw new PlatformError('BadUserInput', `last must be 1 to 50 (got ${last})`);
      return raffleWinners(ctx.services.db, { brand: ctx.brand().id, baseCurrency: jackpotCurrency(args.baseCurrency ?? null, BASE_CURRENCY), last, before: args.before ?? null });
    },
  },
  Mutation: {
    async sandboxForceJackpotWin(_, args, ctx) {
      ctx.services.sandbox.require(ctx.req, 'This sandbox mutation');
      let playerId: string | null = null;
      if (args.playerId) {
        const brand = ctx.brand();
        const row = await findPlayer(ctx.services.db, brand.id, args.playerId, 'any');
        if (!row) throw new PlatformError('NotFound', `No player "${args.playerId}" on ${brand.id}: use the id, number, email, username or phone of a player (see platform/DEMO-PLAYERS.md)`);
        playerId = row.id;
      }
      return ctx.services.jackpot.forceWin(args.instanceId, args.potId as PotId, playerId);
    },
    async sandboxRunRaffleDraw(_, args, ctx) {
      ctx.services.sandbox.require(ctx.req, 'This sandbox mutation');
      if (!(RAFFLE_TYPES as readonly string[]).includes(args.type)) throw new PlatformError('BadUserInput', `type must be one of ${RAFFLE_TYPES.join(', ')} (got "${args.type}")`);
      const drawn = await ctx.services.jackpot.drawNow(ctx.brand().id, args.type as RaffleType);
      return { raffleId: drawn?.raffleId ?? null, winners: drawn?.winners ?? 0 };
    },
  },
};
