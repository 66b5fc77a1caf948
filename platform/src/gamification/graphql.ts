/**
 * GraphQL of the gamification provider (spec section 7): GetGamanzaInfo's fields on the player
 * (isPlayerBlockedInGamanza, playerGamificationDetails.level), the settings the lobby's enablement
 * rule reads (enabled, clientId), and the loyalty, missions and tournaments queries, with texts in
 * the locale (default x-locale). The same shapes as the provider's REST (views.ts). Sandbox: block
 * a player, or close a tournament's window now (PLATFORM_ENABLE_SANDBOX_ADMIN=1 and the operator key
 * only, like every sandbox* mutation).
 */
import { PlatformError } from '../graphql/errors.ts';
import { formatMinor } from '../ledger/money.ts';
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import { GAMIFICATION_PREFIX } from './routes.ts';
import { loyaltyPageJson, missionJson, playerJson, tournamentJson } from './views.ts';

/** Schema of the gamification fields. */
export const gamificationTypeDefs = /* GraphQL */ `
  extend type Query {
    "The brand's (x-brand) gamification provider settings; null when the brand has no content/<brand>/loyalty.json."
    gamificationSettings: GamificationSettings
    "The /loyalty-program/ page (LoyaltyPage) in the locale; null when the brand has none. Render nothing unless gamification is enabled."
    loyaltyPage(locale: String): LoyaltyPage
    "The brand's running missions, with the signed-in player's progress (none for a visitor). Empty when gamification is off."
    missions(locale: String): [GamificationMission!]!
    "The brand's tournaments (each one's current window), with the top size lines (default 10, at most 100) and the signed-in player's own. Empty when gamification is off."
    tournaments(locale: String, size: Int = 10): [GamificationTournament!]!
  }

  extend type Mutation {
    "Sandbox only (operator key): blocks or unblocks a player at the gamification provider (isPlayerBlockedInGamanza); a blocked player earns nothing and is opted out."
    sandboxSetGamificationBlocked(playerId: ID!, blocked: Boolean!): Boolean!
    "Sandbox only (operator key): ends the brand's (x-brand) current window of a tournament now, as its end would, and pays its prizes once; answers what this call paid (empty when the window was closed already). NotFound for an unknown tournament or a window nobody scored in."
    sandboxCloseTournament(tournamentId: ID!): [GamificationPrizePaid!]!
  }

  "A tournament prize paid to a winner."
  type GamificationPrizePaid {
    "The window's id."
    tournamentId: ID!
    rank: Int!
    playerId: ID!
    currency: String!
    "In the winner's currency, a decimal string."
    amount: String!
  }

  extend type Player {
    "Whether the gamification provider blocks this player (the operator's decision): gamification is then off for them."
    isPlayerBlockedInGamanza: Boolean!
    "The player's standing with the gamification provider."
    playerGamificationDetails: PlayerGamificationDetails!
  }

  type GamificationSettings {
    "loyalty.json settings.enabled."
    enabled: Boolean!
    "The lobby's client id at the provider's token endpoint."
    clientId: String!
    "Where the provider answers (same origin): POST <providerPath>v1/token with { clientId, identityToken }."
    providerPath: String!
  }

  type PlayerGamificationRank {
    level: Int!
    rank: String!
    pointsFrom: Int!
  }

  type PlayerGamificationDetails {
    "1 for the first rank card; 0 when the brand has no loyalty content."
    level: Int!
    rank: String
    points: Int!
    "Whether the player opted in (gamificationOpt.enable)."
    optedIn: Boolean!
    nextLevel: PlayerGamificationRank
    pointsToNextLevel: Int
  }

  type LoyaltyRankCard {
    level: Int!
    rank: String!
    subtitle: String!
    logo: String!
    colour: String!
    benefitsTitle: String!
    benefits: [String!]!
    "Points from which a player holds this rank."
    pointsFrom: Int!
  }

  type LoyaltyStep {
    title: String!
    subtitle: String!
    description: String!
    image: String!
  }

  type LoyaltyRewardCard {
    title: String!
    description: String!
    image: String!
    colour: String!
  }

  type LoyaltyFaqItem {
    question: String!
    answer: String!
  }

  type LoyaltyImages {
    background: String!
    backgroundDesktop: String!
    main: String!
    mainDesktop: String!
    shop: String!
    shopDesktop: String!
    games: String!
  }

  type LoyaltyPointsRate {
    "points are earned for every per (EUR) wagered in real money."
    per: String!
    points: Int!
    currency: String!
  }

  type LoyaltyPage {
    enabled: Boolean!
    "Rich text shown behind the info link (sanitise before rendering)."
    description: String!
    rankCards: [LoyaltyRankCard!]!
    steps: [LoyaltyStep!]!
    rewardCards: [LoyaltyRewardCard!]!
    "Exactly 8 question and answer pairs."
    faq: [LoyaltyFaqItem!]!
    termsAndConditions: String!
    images: LoyaltyImages!
    pointsRate: LoyaltyPointsRate!
  }

  type GamificationMission {
    id: ID!
    title: String!
    description: String!
    image: String!
    "rounds, wager or deposits."
    goal: String!
    "any, megaways, live-casino or category:<slug>."
    games: String!
    "A count (rounds, deposits) or an amount in EUR (wager)."
    target: String!
    progress: String!
    "Progress as a whole percentage, 0 to 100."
    percent: Int!
    completed: Boolean!
    "Cash paid once on completion, in EUR (paid in the wallet's currency)."
    reward: String!
    currency: String!
    startsAt: String
    endsAt: String
  }

  type GamificationLeaderboardEntry {
    rank: Int!
    initials: String!
    "EUR wagered, or the best win over bet (2.50 for 2.5x), as the tournament's scoring says."
    score: String!
    rounds: Int!
    "What this rank wins (EUR); 0.00 past the prizes."
    prize: String!
  }

  type GamificationLeaderboard {
    entries: [GamificationLeaderboardEntry!]!
    "The signed-in player's line; null for a visitor or before they score."
    player: GamificationLeaderboardEntry
  }

  type GamificationTournament {
    "The window's id (the leaderboard stream is <providerPath>v1/tournaments/<id>/stream)."
    id: ID!
    tournamentId: String!
    title: String!
    description: String!
    image: String!
    "multiplier (best win over bet) or wagered (amount wagered)."
    scoring: String!
    "upcoming, running or closed."
    status: String!
    startsAt: String!
    endsAt: String!
    "Rounds with a smaller bet (EUR) do not score."
    minBet: String!
    "Prizes in EUR, first place first."
    prizes: [String!]!
    currency: String!
    leaderboard: GamificationLeaderboard!
  }
`;

/** Resolvers of the gamification fields. */
export const gamificationResolvers: Resolvers = {
  Query: {
    async gamificationSettings(_, __, ctx) {
      const loyalty = (await ctx.services.gamification.content(ctx.brand().id)).loyalty;
      return loyalty ? { enabled: loyalty.settings.enabled, clientId: loyalty.settings.clientId, providerPath: GAMIFICATION_PREFIX } : null;
    },
    async loyaltyPage(_, args, ctx) {
      const loyalty = (await ctx.services.gamification.content(ctx.brand().id)).loyalty;
      return loyalty ? loyaltyPageJson(loyalty, ctx.locale(args.locale)) : null;
    },
    async missions(_, args, ctx) {
      const locale = ctx.locale(args.locale);
      const player = await ctx.authOptional();
      return (await ctx.services.gamification.missions(ctx.brand().id, player?.playerId ?? null)).map((view) => missionJson(view, locale));
    },
    async tournaments(_, args, ctx) {
      const locale = ctx.locale(args.locale);
      const size = args.size ?? 10;
      if (!Number.isInteger(size) || size < 1 || size > 100) throw new PlatformError('BadUserInput', `size must be a whole number from 1 to 100, not ${size}`);
      const player = await ctx.authOptional();
      return (await ctx.services.gamification.tournaments(ctx.brand().id, player?.playerId ?? null, size)).map((view) => tournamentJson(view, locale));
    },
  },
  Mutation: {
    async sandboxCloseTournament(_, args, ctx) {
      ctx.services.sandbox.require(ctx.req, 'This sandbox mutation');
      const paid = await ctx.services.gamification.closeNow(ctx.brand().id, args.tournamentId);
      return paid.map((prize) => ({ tournamentId: prize.instanceId, rank: prize.rank, playerId: prize.playerId, currency: prize.currency, amount: formatMinor(prize.amountMinor, prize.currency) }));
    },
    async sandboxSetGamificationBlocked(_, args, ctx) {
      ctx.services.sandbox.require(ctx.req, 'This sandbox mutation');
      await ctx.services.gamification.setBlocked(args.playerId, args.blocked);
      return true;
    },
  },
  Player: {
    async isPlayerBlockedInGamanza(player, _, ctx) {
      return (await ctx.services.gamification.playerData(player.id, player.brand)).isPlayerBlockedInGamanza;
    },
    async playerGamificationDetails(player, _, ctx) {
      const data = await ctx.services.gamification.playerData(player.id, player.brand);
      return { ...playerJson(data, ctx.locale()).playerGamificationDetails, optedIn: data.gamificationOpt.enable };
    },
  },
};
