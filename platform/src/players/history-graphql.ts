/**
 * GraphQL of the player's own histories (history.ts): `viewer.gameHistory`, the real-money casino
 * rounds behind /profile/game-history/, and `viewer.sessionHistory`, the sign-ins behind
 * /profile/session-history/. Both are connections paged newest first with `first` (1 to 100) and
 * `after` (the previous page's endCursor); only ever the signed-in player's own rows.
 */
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { gameHistory, historyCursor, pageSize, sessionHistory } from './history.ts';

/** Schema of the histories. */
export const historyTypeDefs = /* GraphQL */ `
  enum GameRoundStatus {
    Settled
    "Still in play: a blackjack hand not finished, or a live table waiting for its draw; no win yet."
    InPlay
  }

  "A casino round the player played for real money (fun-mode rounds are not kept for the player)."
  type GameRound {
    id: ID!
    gameSlug: String!
    "The game's name as the catalogue lists it."
    gameName: String!
    "The stake: a decimal string in the round's currency (the wallet's)."
    bet: String!
    "What the round paid (0.00 for a loss); null while it is in play."
    win: String
    currency: String!
    status: GameRoundStatus!
    "When the stake was placed (ISO 8601, UTC)."
    playedAt: String!
    settledAt: String
  }

  type GameRoundEdge {
    cursor: String!
    node: GameRound!
  }

  type GameRoundConnection {
    edges: [GameRoundEdge!]!
    pageInfo: PageInfo!
  }

  "Spec section 3's Device enumeration: phones and tablets are Mobile."
  enum SessionDevice {
    Desktop
    Mobile
  }

  enum SessionEndReason {
    "The player signed out."
    SignedOut
    "Nobody ended it and it can no longer be refreshed."
    Expired
    "Ended from another device: a sign-in elsewhere, or a self-exclusion or timeout taken there."
    EndedElsewhere
    "Ended because a refresh token was used twice (a leaked token)."
    SecurityRevoked
    AccountClosed
    Other
  }

  "One sign-in of the player on one device."
  type SessionRecord {
    sessionId: ID!
    "How it signed in: sms, keycloak, trustly, zimpler or piq."
    flow: String!
    "ISO 8601, UTC."
    startedAt: String!
    "When it ended; null while it is active."
    endedAt: String
    "Still signed in (it can be refreshed and nobody ended it)."
    active: Boolean!
    "The session this request is made with."
    current: Boolean!
    "How it ended; null while it is active."
    endReason: SessionEndReason
    "From the user agent of the sign-in request; null when it sent none (or the session predates the record)."
    device: SessionDevice
    "ISO 3166-1 alpha-2 code of the country the platform resolved for the sign-in request; null when unknown."
    countryCode: String
  }

  type SessionRecordEdge {
    cursor: String!
    node: SessionRecord!
  }

  type SessionRecordConnection {
    edges: [SessionRecordEdge!]!
    pageInfo: PageInfo!
  }

  extend type Viewer {
    "The player's real-money casino rounds, newest first; first between 1 and 100, after an endCursor."
    gameHistory(first: Int = 20, after: String): GameRoundConnection!
    "The player's sessions, newest first (this one marked current); first between 1 and 100, after an endCursor."
    sessionHistory(first: Int = 20, after: String): SessionRecordConnection!
  }
`;

type PageArgs = { first?: number | null; after?: string | null };

/** A page of rows as a connection. */
function connection<T>(page: { rows: T[]; hasNextPage: boolean }, cursorOf: (row: T) => string) {
  const edges = page.rows.map((node) => ({ cursor: cursorOf(node), node }));
  return { edges, pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.at(-1)?.cursor ?? null } };
}

/** Resolvers of the histories. */
export const historyResolvers: Resolvers = {
  Viewer: {
    async gameHistory(_: unknown, args: PageArgs, ctx: GraphQLContext) {
      const auth = await ctx.auth();
      const first = pageSize(args.first);
      const page = await gameHistory(ctx.services.db, auth.playerId, first, args.after ?? null);
      return connection(page, (round) => historyCursor('round', round.id));
    },
    async sessionHistory(_: unknown, args: PageArgs, ctx: GraphQLContext) {
      const auth = await ctx.auth();
      const first = pageSize(args.first);
      const page = await sessionHistory(ctx.services.db, auth.playerId, first, args.after ?? null);
      return connection({ ...page, rows: page.rows.map((row) => ({ ...row, current: row.sessionId === auth.sid })) }, (row) => historyCursor('session', row.sessionId));
    },
  },
};
