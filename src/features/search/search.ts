/**
 * Catalogue search as the player types (spec section 5: search inputs take at most 100
 * characters): the document, the limit and the rules of when to ask the platform, shared by the
 * search overlay and the no-JavaScript search on the games page.
 */
import type { SearchGamesQuery } from '../../lib/graphql/generated/graphql.ts';
import { gameTile } from '../games/queries.ts';
import type { GameTileData } from '../games/types.ts';

/** The longest search the lobby accepts (spec sections 5 and 9: input max length 100). */
export const MAX_SEARCH_LENGTH = 100;
/** Games the overlay shows for a query. */
export const SEARCH_RESULTS = 20;
/** Typing pauses this long before a request: a phone sends one request per word, not per letter. */
export const SEARCH_DEBOUNCE_MS = 180;

/** A studio as search shows it. */
export type StudioHit = SearchGamesQuery['searchGames']['studios'][number];

/** What a search found, as the lobby shows it. */
export interface SearchHits {
  query: string;
  games: GameTileData[];
  studios: StudioHit[];
  totalCount: number;
}

/** The hits of a SearchGames answer. */
export function toSearchHits(data: SearchGamesQuery): SearchHits {
  const found = data.searchGames;
  return {
    query: found.query,
    totalCount: found.totalCount,
    studios: found.studios,
    games: found.games.map(gameTile),
  };
}

/** The query as it is sent: at most 100 characters, and null when only spaces are left (nothing to ask). */
export function searchQueryOf(input: string): string | null {
  const limited = input.slice(0, MAX_SEARCH_LENGTH);
  return limited.trim() ? limited : null;
}

/** The index of the result to focus after an arrow key, wrapping at both ends; -1 gives focus back to the input. */
export function nextResultIndex(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current + 1 >= count ? 0 : current + 1;
  return current <= 0 ? -1 : current - 1;
}
