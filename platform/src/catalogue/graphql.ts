/** GraphQL for the game catalogue: lists, studios, categories and games, with paging and filters. */
import { gameImageUrl } from '../media/artwork.ts';
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import { LICENCES } from '../brands/brands.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import { normaliseSubdivision } from '../geo/country.ts';
import { checkCurrency, formatBet } from './money.ts';
import { localiseName, localiseNames } from './names.ts';
import { decodeCursor } from './repository.ts';
import type { GameFilters, GamePage, GameRow, GameSource } from './repository.ts';

/** The largest page a client may ask for. */
export const MAX_PAGE_SIZE = 100;

/** The filter arguments of every field that returns games (restrictions, currency, locale). */
export const GAME_FILTER_ARGS = `
    "Currency for minBet/maxBet; defaults to the brand's currency (x-brand), else EUR."
    currencyCode: String
    "Leave out games restricted in this country."
    ipCountryCode: String
    "ISO 3166-2 subdivision (ON or CA-ON); only used when ipCountryCode is CA."
    subDivision: String
    "Leave out games restricted under this licence; defaults to the brand's licence (x-brand)."
    license: String
    "The locale of the list and category names in the answer (else x-locale, else en); game and studio names are not localised."
    locale: String`;

/** Arguments shared by every paged game field. */
const GAME_PAGE_ARGS = `
    after: String
    "Continue after this game (its id; lookupId or slug also work) when no after cursor is given."
    lastShownGameId: String${GAME_FILTER_ARGS}`;

/** Schema of the catalogue queries. */
export const catalogueTypeDefs = /* GraphQL */ `
  extend type Query {
    "A page of a game list (fixed: blackjack, bonus, hot-games, jackpots, live-casino, megaways, new, roulette, slots, table-games; editorial: popular, recommended, staff-picks). Null for an unknown list."
    listOfGames(first: Int = 10, listOfGamesSlug: String!, ${GAME_PAGE_ARGS}): GameList
    gameLists: [GameListSummary!]!
    gameCategories: [GameCategory!]!
    gameCategory(slug: String!): GameCategory
    studios: [Studio!]!
    studio(slug: String!): Studio
    game(slug: String!, currencyCode: String): Game
  }

  type GameList {
    "The list's name in the locale argument's (else x-locale's) language."
    name: String!
    slug: String!
    "fixed or editorial"
    kind: String!
    games: GameConnection!
  }

  type GameListSummary {
    "The list's name in the request's locale (x-locale)."
    name: String!
    slug: String!
    kind: String!
    gameCount: Int!
  }

  type GameCategory {
    slug: String!
    "The category's name in the request's locale (x-locale)."
    name: String!
    gameCount: Int!
    games(first: Int = 20, ${GAME_PAGE_ARGS}): GameConnection!
  }

  type Studio {
    slug: String!
    name: String!
    "Studio logo, 8:3 SVG."
    imageUrl: String!
    isLive: Boolean!
    gameCount: Int!
    "The studio's games in catalogue order: 20 on the first page, then the lobby asks for 30 at a time."
    games(first: Int = 20, ${GAME_PAGE_ARGS}): GameConnection!
  }

  type GameConnection {
    edges: [GameEdge!]!
    pageInfo: PageInfo!
    "Games matching the filters in the whole connection, not just this page."
    totalCount: Int!
  }

  type GameEdge {
    cursor: String!
    node: Game!
  }

  type PageInfo {
    hasNextPage: Boolean!
    endCursor: String
  }

  type Game {
    id: ID!
    lookupId: String!
    "Stable catalogue order."
    idx: Int!
    slug: String!
    name: String!
    studio: Studio!
    categories: [String!]!
    "Return to player in percent, as a decimal string such as 96.20."
    rtp: String!
    "low, medium or high"
    volatility: String!
    "Smallest stake as a decimal string in currency."
    minBet: String!
    "Largest stake as a decimal string in currency."
    maxBet: String!
    currency: String!
    hasBonus: Boolean!
    isLiveCasino: Boolean!
    isJackpot: Boolean!
    isMegaways: Boolean!
    playForFun: Boolean!
    "Game tile, 3:4 SVG."
    imageUrl: String!
    restrictedLicences: [String!]!
    "Countries (FI) and subdivisions (CA-ON) where the game is not offered."
    restrictedCountries: [String!]!
    releasedAt: String!
  }
`;

/** Paging and filter arguments of the game fields. */
export interface PageArgs {
  first?: number | null;
  after?: string | null;
  lastShownGameId?: string | null;
  currencyCode?: string | null;
  ipCountryCode?: string | null;
  subDivision?: string | null;
  license?: string | null;
  locale?: string | null;
}

/** A game as resolvers see it: the row plus the currency its bets are shown in. */
export type GameNode = GameRow & { currency: string };

/** The currency for bet amounts: the argument, else the brand's, else EUR. */
export function currencyFor(ctx: GraphQLContext, code: string | null | undefined): string {
  return checkCurrency(code ?? ctx.brandOrNull()?.currency ?? 'EUR');
}

/** Validates the licence and place arguments into repository filters (licence defaults to the brand's). */
export function filtersFor(ctx: GraphQLContext, args: PageArgs): GameFilters {
  const license = args.license?.trim().toLowerCase() || ctx.brandOrNull()?.license || null;
  if (license && !(LICENCES as readonly string[]).includes(license)) {
    throw new PlatformError('BadUserInput', `Unknown license "${args.license}": use one of ${LICENCES.join(', ')}`);
  }
  const places: string[] = [];
  if (args.ipCountryCode) {
    const country = args.ipCountryCode.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(country)) {
      throw new PlatformError('BadUserInput', `ipCountryCode "${args.ipCountryCode}" is not a two-letter country code such as "FI"`);
    }
    places.push(country);
    // Subdivisions only matter in Canada (spec section 9); elsewhere they are ignored.
    if (country === 'CA' && args.subDivision) places.push(`CA-${normaliseSubdivision(args.subDivision, 'CA', 'subDivision')}`);
  }
  return { license, places };
}

/** Runs one paged query for a source with the caller's arguments. */
async function pageFor(ctx: GraphQLContext, source: GameSource, args: PageArgs, defaultFirst: number) {
  const first = args.first ?? defaultFirst;
  if (!Number.isInteger(first) || first < 0 || first > MAX_PAGE_SIZE) {
    throw new PlatformError('BadUserInput', `first must be between 0 and ${MAX_PAGE_SIZE}, got ${first}: page through larger sets with after`);
  }
  const currency = currencyFor(ctx, args.currencyCode);
  const filters = filtersFor(ctx, args);
  if (args.locale) ctx.locale(args.locale);
  let after: number | null = null;
  if (args.after) {
    after = decodeCursor(args.after);
  } else if (args.lastShownGameId) {
    after = await ctx.services.catalogue.sortKeyOf(source, args.lastShownGameId);
    if (after === null) {
      throw new PlatformError('BadUserInput', `lastShownGameId "${args.lastShownGameId}" is not a game of ${source.kind} "${source.slug}"`);
    }
  }
  const page = await ctx.services.catalogue.gamePage(source, { first, after, filters });
  return connection(page, currency);
}

function connection(page: GamePage, currency: string) {
  return {
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: { ...edge.node, currency } satisfies GameNode })),
    pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
    totalCount: page.totalCount,
  };
}

/** A category as resolvers see it: its games are resolved on it. */
export interface CategoryParent {
  slug: string;
  name: string;
  gameCount: number;
}

/** A studio as resolvers see it: its games, logo and (when not known yet) game count are resolved on it. */
export interface StudioParent {
  slug: string;
  name: string;
  isLive: boolean;
  gameCount?: number;
}

/** Resolvers of the catalogue queries. */
export const catalogueResolvers: Resolvers = {
  Query: {
    async listOfGames(_: unknown, args: PageArgs & { listOfGamesSlug: string }, ctx: GraphQLContext) {
      const list = await localiseName(ctx, 'gameList', await ctx.services.catalogue.list(args.listOfGamesSlug), args.locale);
      if (!list) return null;
      return { ...list, games: await pageFor(ctx, { kind: 'list', slug: list.slug }, args, 10) };
    },
    // List and category names answer in the request's locale (names.ts); studio and game names are proper names.
    gameLists: async (_: unknown, __: unknown, ctx: GraphQLContext) => localiseNames(ctx, 'gameList', await ctx.services.catalogue.lists()),
    gameCategories: async (_: unknown, __: unknown, ctx: GraphQLContext) => localiseNames(ctx, 'gameCategory', await ctx.services.catalogue.categories()),
    gameCategory: async (_: unknown, args: { slug: string }, ctx: GraphQLContext) =>
      localiseName(ctx, 'gameCategory', await ctx.services.catalogue.category(args.slug)),
    studios: (_: unknown, __: unknown, ctx: GraphQLContext) => ctx.services.catalogue.studios(),
    studio: (_: unknown, args: { slug: string }, ctx: GraphQLContext) => ctx.services.catalogue.studio(args.slug),
    async game(_: unknown, args: { slug: string; currencyCode?: string | null }, ctx: GraphQLContext) {
      const currency = currencyFor(ctx, args.currencyCode);
      const game = await ctx.services.catalogue.gameBySlug(args.slug);
      return game ? ({ ...game, currency } satisfies GameNode) : null;
    },
  },
  GameCategory: {
    games: (category: CategoryParent, args: PageArgs, ctx: GraphQLContext) =>
      pageFor(ctx, { kind: 'category', slug: category.slug }, args, 20),
  },
  Studio: {
    imageUrl: (studio: StudioParent) => `/media/studios/${studio.slug}.webp`,
    async gameCount(studio: StudioParent, _: unknown, ctx: GraphQLContext) {
      return studio.gameCount ?? (await ctx.services.catalogue.studio(studio.slug))?.gameCount ?? 0;
    },
    games: (studio: StudioParent, args: PageArgs, ctx: GraphQLContext) =>
      pageFor(ctx, { kind: 'studio', slug: studio.slug }, args, 20),
  },
  Game: {
    studio: (game: GameNode): StudioParent => ({ slug: game.studioSlug, name: game.studioName, isLive: game.studioIsLive }),
    minBet: (game: GameNode) => formatBet(game.minBetMinor, game.currency),
    maxBet: (game: GameNode) => formatBet(game.maxBetMinor, game.currency),
    imageUrl: (game: GameNode) => gameImageUrl(game.slug),
  },
};
