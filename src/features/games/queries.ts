/**
 * The catalogue's GraphQL documents, shared by the server render (platformQuery) and the islands
 * (graphqlRequest), so both ask for the same fields with the same variables, and the mapping from
 * a connection to a GameSlice.
 */
import type { GameFilters, GameSlice, GameSource, GameTileData } from './types.ts';

/** The fields every catalogue query selects for a tile (no id: a game's slug is its identity here). */
export const TILE_FIELDS = 'slug name imageUrl studio { name }';

/** A game as the platform returns it for TILE_FIELDS (or more). */
export interface TileNode {
  slug: string;
  name: string;
  imageUrl: string;
  studio: { name: string };
}

/** The tile of a game the platform returned. */
export function gameTile(node: TileNode): GameTileData {
  return { slug: node.slug, name: node.name, imageUrl: node.imageUrl, studioName: node.studio.name };
}

const FILTER_VARIABLES = '$currencyCode: String, $ipCountryCode: String, $subDivision: String, $license: String, $locale: String';
const FILTER_ARGUMENTS =
  'currencyCode: $currencyCode, ipCountryCode: $ipCountryCode, subDivision: $subDivision, license: $license, locale: $locale';
const CONNECTION_FIELDS = `totalCount pageInfo { hasNextPage endCursor } edges { node { ${TILE_FIELDS} } }`;

/** The game-list slice (spec section 7): first 10 after a cursor, with the visitor's filters. */
export const LIST_SLICE_QUERY = /* GraphQL */ `
  query GameListSlice($listOfGamesSlug: String!, $first: Int!, $after: String, $lastShownGameId: String, ${FILTER_VARIABLES}) {
    listOfGames(listOfGamesSlug: $listOfGamesSlug, first: $first, after: $after, lastShownGameId: $lastShownGameId, ${FILTER_ARGUMENTS}) {
      name slug kind
      games { ${CONNECTION_FIELDS} }
    }
  }`;

/** The studio games (spec section 7): 20 first, then 30 per "Load more". */
export const STUDIO_GAMES_QUERY = /* GraphQL */ `
  query StudioGames($slug: String!, $first: Int!, $after: String, ${FILTER_VARIABLES}) {
    studio(slug: $slug) {
      slug name imageUrl
      games(first: $first, after: $after, ${FILTER_ARGUMENTS}) { ${CONNECTION_FIELDS} }
    }
  }`;

/** A category's games, paged like a studio's. */
export const CATEGORY_GAMES_QUERY = /* GraphQL */ `
  query CategoryGames($slug: String!, $first: Int!, $after: String, ${FILTER_VARIABLES}) {
    gameCategory(slug: $slug) {
      slug name
      games(first: $first, after: $after, ${FILTER_ARGUMENTS}) { ${CONNECTION_FIELDS} }
    }
  }`;

/** A game connection as the platform returns it for the fields above. */
export interface GameConnectionData {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { node: TileNode }[];
}

/** The answer of LIST_SLICE_QUERY; the list is null when the platform does not know the slug. */
export interface ListSliceData {
  listOfGames: { name: string; slug: string; kind: string; games: GameConnectionData } | null;
}
/** The answer of STUDIO_GAMES_QUERY; null for an unknown studio. */
export interface StudioGamesData {
  studio: { slug: string; name: string; imageUrl: string; games: GameConnectionData } | null;
}
/** The answer of CATEGORY_GAMES_QUERY; null for an unknown category. */
export interface CategoryGamesData {
  gameCategory: { slug: string; name: string; games: GameConnectionData } | null;
}

/** Turns a connection into the slice tiles render. */
export function toSlice(connection: GameConnectionData): GameSlice {
  return {
    games: connection.edges.map(({ node }) => gameTile(node)),
    endCursor: connection.pageInfo.endCursor,
    hasNextPage: connection.pageInfo.hasNextPage,
    totalCount: connection.totalCount,
  };
}

/** The operation, document and variables that fetch a page of games from a source. */
export function gamePageRequest(
  source: GameSource,
  filters: GameFilters,
  first: number,
  after: string | null,
): { operationName: string; query: string; variables: Record<string, unknown> } {
  const paging = { first, after, ...filters };
  if (source.kind === 'list') {
    return { operationName: 'GameListSlice', query: LIST_SLICE_QUERY, variables: { listOfGamesSlug: source.slug, ...paging } };
  }
  if (source.kind === 'studio') {
    return { operationName: 'StudioGames', query: STUDIO_GAMES_QUERY, variables: { slug: source.slug, ...paging } };
  }
  return { operationName: 'CategoryGames', query: CATEGORY_GAMES_QUERY, variables: { slug: source.slug, ...paging } };
}

/** The connection inside any of the three answers, or null when the source does not exist. */
export function connectionOf(data: ListSliceData | StudioGamesData | CategoryGamesData): GameConnectionData | null {
  if ('listOfGames' in data) return data.listOfGames?.games ?? null;
  if ('studio' in data) return data.studio?.games ?? null;
  return data.gameCategory?.games ?? null;
}
