/**
 * GraphQL for the sandbox sportsbook: sports and events with live scores and decimal odds (TOP_SPORTS
 * blocks show the live ones), placing a bet from the wallet, the player's bet history, the embedded
 * page's launch and a sandbox settlement switch.
 */
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import { assertMayBet, assertOldEnough } from '../players/protection.ts';
import { assertSessionLimit } from '../players/limits.ts';
import { playerById } from '../players/repository.ts';
import { lobbyOriginFor } from '../web/embedding.ts';
import { brandUrl } from '../web/redirects.ts';
import { MAX_PAGE_SIZE } from '../catalogue/graphql.ts';
import type { Market, SportsEvent } from './events.ts';
import { formatOdds, listSportsEvents, SPORT_SLUGS, sportsEvent, sportsSummary } from './events.ts';
import type { SelectionInput } from './service.ts';

/** Schema of the sportsbook. */
export const sportsbookTypeDefs = /* GraphQL */ `
  enum SportsEventStatus {
    UPCOMING
    LIVE
    FINISHED
  }

  enum SportsBetStatus {
    OPEN
    WON
    LOST
    VOID
  }

  "What sandboxSettleSportsBet forces; left out, the events' results decide."
  enum SportsBetOutcome {
    WON
    LOST
    VOID
  }

  extend type Query {
    "The sports with their live and upcoming (next 48 hours) event counts."
    sports: [Sport!]!
    "Live and upcoming events, live first then by start. sport: football, ice-hockey, tennis, basketball, esports, cricket, rugby or handball (or several in sports, as a TOP_SPORTS block lists them); live: true only live, false only upcoming, null both. At most 100."
    sportsEvents(sport: String, sports: [String!], live: Boolean, first: Int = 20, locale: String): [SportsEvent!]!
    "One event (also finished ones, for bet history), or null for an unknown id."
    sportsEvent(id: ID!): SportsEvent
  }

  extend type Mutation {
    "Places a single (one selection) or an accumulator (2-10 selections of different events) from the signed-in player's wallet: a SportsBet ledger posting that publishes balanceUpdated (moneyType SportsBet). The same idempotencyKey places the bet once; with different selections or stake it fails with IdempotencyConflict. OddsChanged when a selection's odds moved (extensions.odds has the new price)."
    placeSportsBet(selections: [SportsSelectionInput!]!, stake: String!, idempotencyKey: String!): SportsBetPlacement!
    "The URL of the embedded sportsbook page for the signed-in player (bets from the page debit their wallet). Visitors frame <gameServerOrigin>/sportsbook/?brand=<id>&locale=<locale> instead."
    launchSportsbook(lobbyOrigin: String, locale: String, sport: String): SportsbookLaunch!
    "Sandbox (PLATFORM_ENABLE_SANDBOX_ADMIN=1): settles a bet now, by the results (its events must have finished) or as outcome says, paying winnings or refunds through the ledger."
    sandboxSettleSportsBet(betId: ID!, outcome: SportsBetOutcome): SportsBet!
  }

  extend type Viewer {
    "The player's sports bets, newest first."
    sportsBets(first: Int = 20, status: SportsBetStatus): [SportsBet!]!
  }

  input SportsSelectionInput {
    eventId: ID!
    "winner or total"
    marketId: ID!
    "home, draw, away (winner) or over, under (total)"
    outcomeId: ID!
    "The decimal odds the player accepted, such as 2.35; omit to take the current price."
    odds: String
  }

  type Sport {
    slug: String!
    name: String!
    liveCount: Int!
    upcomingCount: Int!
  }

  type SportsEvent {
    id: ID!
    sport: String!
    sportName: String!
    competition: String!
    "Home – Away"
    name: String!
    home: String!
    away: String!
    startsAt: String!
    endsAt: String!
    status: SportsEventStatus!
    isLive: Boolean!
    "Minutes played while LIVE."
    minute: Int
    "Null before the start."
    score: SportsScore
    markets: [SportsMarket!]!
  }

  type SportsScore {
    home: Int!
    away: Int!
  }

  type SportsMarket {
    "winner or total"
    id: ID!
    name: String!
    "The over/under line of a total market, such as 2.5."
    line: String
    suspended: Boolean!
    outcomes: [SportsOutcome!]!
  }

  type SportsOutcome {
    "home, draw, away, over or under"
    id: ID!
    name: String!
    "Decimal odds as a string with two decimals, such as 2.35."
    odds: String!
  }

  type SportsBetPlacement {
    bet: SportsBet!
    "True when this idempotencyKey had placed the bet already and nothing changed now."
    replayed: Boolean!
    balance: String!
    bonusBalance: String!
    currency: String!
  }

  type SportsBet {
    id: ID!
    status: SportsBetStatus!
    stake: String!
    currency: String!
    "Product of the selections' odds, two decimals (rounded down)."
    totalOdds: String!
    potentialPayout: String!
    "What settlement paid (0.00 for a lost bet); null while open."
    payout: String
    placedAt: String!
    settledAt: String
    selections: [SportsBetSelection!]!
  }

  type SportsBetSelection {
    eventId: ID!
    sport: String!
    eventName: String!
    startsAt: String!
    marketId: ID!
    marketName: String!
    outcomeId: ID!
    outcomeName: String!
    odds: String!
    "won, lost or void once settled"
    result: String
  }

  type SportsbookLaunch {
    "Frame this URL on /sports/. It carries the sportsbook session id only in its fragment (#session=), which reaches no server, log or Referer, and never a token."
    url: String!
    sportsbookSessionId: ID!
    "Accept postMessage events (type atrium:sportsbook) from this origin only."
    gameServerOrigin: String!
    lobbyOrigin: String!
    expiresAt: String!
  }
`;

/** An event as GraphQL returns it. */
function eventNode(event: SportsEvent) {
  return {
    ...event,
    isLive: event.status === 'LIVE',
    markets: event.markets.map((market: Market) => ({
      ...market,
      outcomes: market.outcomes.map((outcome) => ({ id: outcome.id, name: outcome.name, odds: formatOdds(outcome.oddsHundredths) })),
    })),
  };
}

/** The signed-in player as a bettor. */
async function bettor(ctx: GraphQLContext) {
  const auth = await ctx.auth();
  const row = await playerById(ctx.services.db, auth.playerId);
  if (!row) throw new PlatformError('AuthenticationFailure', 'The signed-in player no longer exists: sign in again');
  const brand = ctx.services.brands.get(row.brand);
  // The age gate of sports under the player's licence (est: 18, where the casino needs 21).
  if (brand) assertOldEnough(row.date_of_birth, brand, 'sports', ctx.services.clock());
  return { auth, row, bettor: { playerId: row.id, walletId: row.wallet_id, currency: row.currency, sid: auth.sid } };
}

/** Resolvers of the sportsbook. */
export const sportsbookResolvers: Resolvers = {
  Query: {
    sports: () => sportsSummary(),
    sportsEvents(
      _: unknown,
      args: { sport?: string | null; sports?: string[] | null; live?: boolean | null; first?: number | null; locale?: string | null },
      ctx: GraphQLContext,
    ) {
      if (args.locale) ctx.locale(args.locale);
      const first = args.first ?? 20;
      if (!Number.isInteger(first) || first < 0 || first > MAX_PAGE_SIZE) throw new PlatformError('BadUserInput', `first must be between 0 and ${MAX_PAGE_SIZE}, got ${first}`);
      const wanted = [...(args.sport ? [args.sport] : []), ...(args.sports ?? [])];
      const unknown = wanted.find((slug) => !SPORT_SLUGS.includes(slug));
      if (unknown) throw new PlatformError('BadUserInput', `Unknown sport "${unknown}": use one of ${SPORT_SLUGS.join(', ')}`);
      return listSportsEvents({ sports: wanted.length > 0 ? wanted : null, live: args.live ?? null, first }).map(eventNode);
    },
    sportsEvent(_: unknown, args: { id: string }) {
      const event = sportsEvent(args.id);
      return event ? eventNode(event) : null;
    },
  },
  Mutation: {
    async placeSportsBet(_: unknown, args: { selections: SelectionInput[]; stake: string; idempotencyKey: string }, ctx: GraphQLContext) {
      const { bettor: who } = await bettor(ctx);
      return ctx.services.sportsbook.place(who, args);
    },
    async launchSportsbook(_: unknown, args: { lobbyOrigin?: string | null; locale?: string | null; sport?: string | null }, ctx: GraphQLContext) {
      const brand = ctx.brand();
      const { auth, row } = await bettor(ctx);
      await assertMayBet(ctx.services.db, row.id);
      await assertSessionLimit(ctx.services.db, row.id, auth.sid, ctx.services.clock());
      const originHeader = ctx.req.headers.origin;
      const requested = args.lobbyOrigin ?? (typeof originHeader === 'string' && brandUrl(brand, originHeader) ? originHeader : null);
      const lobbyOrigin = lobbyOriginFor(brand, requested, ctx.services.authSettings);
      const locale = ctx.locale(args.locale);
      if (args.sport && !SPORT_SLUGS.includes(args.sport)) throw new PlatformError('BadUserInput', `Unknown sport "${args.sport}": use one of ${SPORT_SLUGS.join(', ')}`);
      const session = await ctx.services.sportsbook.openSession({ brand, playerId: row.id, sid: auth.sid, lobbyOrigin, locale });
      const url = new URL('/sportsbook/', ctx.services.gameOrigin());
      url.searchParams.set('brand', brand.id);
      url.searchParams.set('locale', locale);
      if (args.sport) url.searchParams.set('sport', args.sport);
      // The page is rendered for its lobby origin (frame-ancestors); it learns the player only from its script.
      url.searchParams.set('origin', lobbyOrigin);
      // The session id is a bearer capability: in the fragment it reaches no server, log or Referer.
      url.hash = new URLSearchParams({ session: session.id }).toString();
      return { url: url.href, sportsbookSessionId: session.id, gameServerOrigin: ctx.services.gameOrigin(), lobbyOrigin, expiresAt: session.expiresAt };
    },
    async sandboxSettleSportsBet(_: unknown, args: { betId: string; outcome?: 'WON' | 'LOST' | 'VOID' | null }, ctx: GraphQLContext) {
      ctx.services.sandbox.require(ctx.req, 'sandboxSettleSportsBet');
      const forced = args.outcome ? (args.outcome.toLowerCase() as 'won' | 'lost' | 'void') : null;
      return ctx.services.sportsbook.settle(args.betId, forced);
    },
  },
  Viewer: {
    async sportsBets(_: unknown, args: { first?: number | null; status?: string | null }, ctx: GraphQLContext) {
      const auth = await ctx.auth();
      const first = args.first ?? 20;
      if (!Number.isInteger(first) || first < 0 || first > MAX_PAGE_SIZE) throw new PlatformError('BadUserInput', `first must be between 0 and ${MAX_PAGE_SIZE}, got ${first}`);
      return ctx.services.sportsbook.bets(auth.playerId, { first, status: args.status ?? null });
    },
  },
};
