/**
 * GraphQL for playing and finding games: launchGame (the URL of a demo game page on the game
 * server's own origin), favourites, catalogue search and the provider of the week. Recently played
 * is `viewer.recentlyPlayedGamesV2` (players/graphql.ts), which every real round here updates.
 */
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import { checkCurrency } from '../catalogue/money.ts';
import type { GameNode, PageArgs } from '../catalogue/graphql.ts';
import { currencyFor, filtersFor, GAME_FILTER_ARGS, MAX_PAGE_SIZE } from '../catalogue/graphql.ts';
import type { GameFilters, GameRow } from '../catalogue/repository.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import { assertMayBet, assertOldEnough } from '../players/protection.ts';
import { assertSessionLimit } from '../players/limits.ts';
import { playerById } from '../players/repository.ts';
import { brandUrl } from '../web/redirects.ts';
import { lobbyOriginFor } from '../web/embedding.ts';
import { frameShapeFor } from './engines.ts';
import { LIST_GAMES, providerOfTheWeek, SPOTLIGHT_GAMES } from './provider-of-the-week.ts';
import { isOffered } from './search.ts';
import type { GameMode } from './service.ts';

/** Schema of the game mutations and queries. */
export const gameTypeDefs = /* GraphQL */ `
  "REAL plays the wallet through the ledger (needs a player token); FUN plays a virtual balance (visitors too, games with playForFun only)."
  enum GameMode {
    REAL
    FUN
  }

  extend type Query {
    "Games and studios whose names match query as the player types: case- and accent-insensitive, prefix and word matches first. At most 100 characters (BadUserInput beyond). Restricted games are left out like in the lists."
    searchGames(query: String!, first: Int = 20, ${GAME_FILTER_ARGS}): GameSearchResult!
    "The brand's studio of the week (x-brand) with its top 10 games (spotlight carousel) and the next 10 (list). It rotates every Monday 00:00 UTC; at (ISO date) picks another week."
    providerOfTheWeek(at: String, ${GAME_FILTER_ARGS}): ProviderOfTheWeek
  }

  extend type Mutation {
    "Opens a game session and returns the URL of the game page to frame. REAL needs a player token and plays the wallet's currency; FUN needs no token but a game with playForFun. lobbyOrigin is the framing page's origin (defaults to the request's Origin, else the brand's public origin); the page posts its messages only there. GameUnavailable for unknown, restricted or no-fun games."
    launchGame(slug: String!, mode: GameMode! = REAL, currency: String, lobbyOrigin: String, locale: String): GameLaunch!
    "Hearts a game for the signed-in player; adding it twice changes nothing."
    addFavouriteGame(slug: String!): FavouriteGameResult!
    "Removes a heart; removing a game that is not a favourite changes nothing."
    removeFavouriteGame(slug: String!): FavouriteGameResult!
  }

  extend type Game {
    "Width over height of the game's design (16/9 for slots and live tables, 4/3 for the card and roulette tables): a lobby frames it in a box of this shape, letterboxed to the room it has."
    aspectRatio: Float!
    "The game page lays out to any box (every demo game does): a phone may frame it in all the room it has instead of the aspectRatio box."
    responsive: Boolean!
  }

  extend type Viewer {
    "The player's hearted games, most recently hearted first (restricted games left out like in the lists)."
    favouriteGames(first: Int = 100, ${GAME_FILTER_ARGS}): [Game!]!
    "Ids of every hearted game, to draw the hearts on tiles."
    favouriteGameIds: [ID!]!
  }

  type GameLaunch {
    "Frame this URL. It carries only the game session id, never a token."
    url: String!
    mode: GameMode!
    gameSessionId: ID!
    "The origin of url: accept postMessage events from it only, and allow it in frame-src."
    gameServerOrigin: String!
    "The lobby origin the page will post to."
    lobbyOrigin: String!
    "Currency of the bets: the wallet's for REAL."
    currency: String!
    "The session ends then (or when the lobby session it was launched from ends)."
    expiresAt: String!
    game: Game!
  }

  type FavouriteGameResult {
    gameId: ID!
    slug: String!
    isFavourite: Boolean!
    "False when the call found it already so."
    changed: Boolean!
  }

  type GameSearchResult {
    query: String!
    "Best match first; at most first."
    games: [Game!]!
    "Studios whose names match, best first."
    studios: [Studio!]!
    "Matching games in all (after restrictions), beyond first."
    totalCount: Int!
  }

  type ProviderOfTheWeek {
    studio: Studio!
    "Monday 00:00 UTC of the week, ISO 8601."
    weekStart: String!
    weekEnd: String!
    "The studio's top 10 games for the spotlight carousel."
    spotlightGames: [Game!]!
    "The next 10, for the game list under it."
    moreGames: [Game!]!
    "Path of the studio page (no locale prefix) for 'Discover all {gameStudio} games'."
    studioPath: String!
  }
`;

type FilterArgs = Pick<PageArgs, 'currencyCode' | 'ipCountryCode' | 'subDivision' | 'license' | 'locale'>;

/** Validates `first` of a non-paged list. */
function checkFirst(first: number | null | undefined, fallback: number): number {
  const value = first ?? fallback;
  if (!Number.isInteger(value) || value < 0 || value > MAX_PAGE_SIZE) {
    throw new PlatformError('BadUserInput', `first must be between 0 and ${MAX_PAGE_SIZE}, got ${value}`);
  }
  return value;
}

/** The filters and currency of a request's filter arguments. */
function requestFilters(ctx: GraphQLContext, args: FilterArgs): { filters: GameFilters; currency: string } {
  if (args.locale) ctx.locale(args.locale);
  return { filters: filtersFor(ctx, args), currency: currencyFor(ctx, args.currencyCode) };
}

const node = (game: GameRow, currency: string): GameNode => ({ ...game, currency });

/** A game by slug for a mutation, with an error that says what to fix. */
async function gameForMutation(ctx: GraphQLContext, slug: string): Promise<GameRow> {
  const game = await ctx.services.catalogue.gameBySlug(slug);
  if (!game) throw new PlatformError('GameUnavailable', `No game "${slug}" in the catalogue: use a slug from the game lists or searchGames`);
  return game;
}

/** Resolvers of the game mutations and queries. */
export const gameResolvers: Resolvers = {
  Query: {
    async searchGames(_: unknown, args: FilterArgs & { query: string; first?: number | null }, ctx: GraphQLContext) {
      const first = checkFirst(args.first, 20);
      const { filters, currency } = requestFilters(ctx, args);
      const found = await ctx.services.gameSearch.search(args.query, { first, filters });
      return { query: args.query, games: found.games.map((game) => node(game, currency)), studios: found.studios, totalCount: found.totalCount };
    },
    async providerOfTheWeek(_: unknown, args: FilterArgs & { at?: string | null }, ctx: GraphQLContext) {
      const brand = ctx.brand();
      const at = args.at ? new Date(args.at) : new Date();
      if (Number.isNaN(at.getTime())) throw new PlatformError('BadUserInput', `at "${args.at}" is not an ISO 8601 date such as 2025-06-02`);
      const { filters, currency } = requestFilters(ctx, args);
      const pick = await providerOfTheWeek(ctx.services.db, ctx.services.catalogue, brand.id, at, filters);
      if (!pick) return null;
      return {
        studio: pick.studio,
        weekStart: pick.weekStart.toISOString(),
        weekEnd: pick.weekEnd.toISOString(),
        spotlightGames: pick.games.slice(0, SPOTLIGHT_GAMES).map((game) => node(game, currency)),
        moreGames: pick.games.slice(SPOTLIGHT_GAMES, SPOTLIGHT_GAMES + LIST_GAMES).map((game) => node(game, currency)),
        studioPath: `/game-studio/${pick.studio.slug}/`,
      };
    },
  },
  Mutation: {
    async launchGame(
      _: unknown,
      args: { slug: string; mode: GameMode; currency?: string | null; lobbyOrigin?: string | null; locale?: string | null },
      ctx: GraphQLContext,
    ) {
      const brand = ctx.brand();
      const game = await gameForMutation(ctx, args.slug);
      const country = ctx.country();
      const places = [country.countryCode, ...(country.countryCode === 'CA' && country.subDivision ? [`CA-${country.subDivision}`] : [])];
      // cause Country lets the lobby tell the player it is their country, not the site, that rules the game out.
      const refuse = (where: string, details: Record<string, unknown> = {}) => new PlatformError('GameUnavailable', `${game.name} is not offered ${where}: pick another game`, details);
      if (game.restrictedLicences.includes(brand.license)) throw refuse(`under the ${brand.license} licence`, { cause: 'Licence' });
      if (!isOffered(game, { license: null, places })) throw refuse(`in ${places.join(' / ')}`, { cause: 'Country', country: country.countryCode });

      let player: { id: string; sid: string } | null = null;
      let currency: string;
      if (args.mode === 'REAL') {
        const auth = await ctx.auth();
        const row = await playerById(ctx.services.db, auth.playerId);
        if (!row) throw new PlatformError('AuthenticationFailure', 'The signed-in player no longer exists: sign in again');
        if (!isOffered(game, { license: null, places: [row.country_code] })) throw refuse(`in ${row.country_code}, your country`, { cause: 'Country', country: row.country_code });
        await assertMayBet(ctx.services.db, row.id);
        assertOldEnough(row.date_of_birth, brand, 'casino', ctx.services.clock());
        await assertSessionLimit(ctx.services.db, row.id, auth.sid, ctx.services.clock());
        if (args.currency && checkCurrency(args.currency) !== row.currency) {
          throw new PlatformError('BadUserInput', `Real-money play uses your wallet's currency ${row.currency}, not ${args.currency}: leave currency out or pass ${row.currency}`);
        }
        player = { id: row.id, sid: auth.sid };
        currency = row.currency;
      } else {
        if (!game.playForFun) {
          throw new PlatformError('GameUnavailable', `${game.name} has no play-for-fun mode${game.isLiveCasino ? ' (a live table needs a real dealer)' : ''}: sign in to play it for real money`);
        }
        currency = checkCurrency(args.currency ?? brand.currency);
      }
      // The framing page's Origin is a good default when the lobby's browser code calls through the proxy.
      const originHeader = ctx.req.headers.origin;
      const requested = args.lobbyOrigin ?? (typeof originHeader === 'string' && brandUrl(brand, originHeader) ? originHeader : null);
      const lobbyOrigin = lobbyOriginFor(brand, requested, ctx.services.authSettings);
      const launched = await ctx.services.games.launch({ brand, game, mode: args.mode, player, currency, lobbyOrigin, locale: ctx.locale(args.locale) });
      return { ...launched, gameServerOrigin: ctx.services.gameOrigin(), lobbyOrigin, game: node(game, currency) };
    },
    async addFavouriteGame(_: unknown, args: { slug: string }, ctx: GraphQLContext) {
      const auth = await ctx.auth();
      const game = await gameForMutation(ctx, args.slug);
      const { rows } = await ctx.services.db.query(
        'insert into favourite_games (player_id, game_id) values ($1, $2) on conflict do nothing returning game_id',
        [auth.playerId, game.id],
      );
      return { gameId: game.id, slug: game.slug, isFavourite: true, changed: rows.length > 0 };
    },
    async removeFavouriteGame(_: unknown, args: { slug: string }, ctx: GraphQLContext) {
      const auth = await ctx.auth();
      const game = await gameForMutation(ctx, args.slug);
      const { rows } = await ctx.services.db.query('delete from favourite_games where player_id = $1 and game_id = $2 returning game_id', [auth.playerId, game.id]);
      return { gameId: game.id, slug: game.slug, isFavourite: false, changed: rows.length > 0 };
    },
  },
  Game: {
    aspectRatio: (game: GameNode) => frameShapeFor(game).aspectRatio,
    responsive: (game: GameNode) => frameShapeFor(game).responsive,
  },
  Viewer: {
    async favouriteGames(_: unknown, args: FilterArgs & { first?: number | null }, ctx: GraphQLContext) {
      const auth = await ctx.auth();
      const first = checkFirst(args.first, 100);
      const { filters, currency } = requestFilters(ctx, args);
      const { rows } = await ctx.services.db.query<{ game_id: string }>(
        'select game_id from favourite_games where player_id = $1 order by added_at desc, game_id',
        [auth.playerId],
      );
      const games = await ctx.services.catalogue.gamesByIds(rows.map((row) => row.game_id));
      return games.filter((game) => isOffered(game, filters)).slice(0, first).map((game) => node(game, currency));
    },
    async favouriteGameIds(_: unknown, __: unknown, ctx: GraphQLContext) {
      const auth = await ctx.auth();
      const { rows } = await ctx.services.db.query<{ game_id: string }>('select game_id from favourite_games where player_id = $1 order by added_at desc, game_id', [auth.playerId]);
      return rows.map((row) => row.game_id);
    },
  },
};
