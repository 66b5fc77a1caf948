/**
 * Paged game grids (list, studio and category pages): how many games the first page and each
 * "Load more" bring (spec section 9: list slices of 10; studio games 20 first and 30 per load),
 * and how a `?page=N` link — the way "Load more" works without JavaScript — maps to a game count.
 */
import { GAME_LIST_SLICE } from './carousel.ts';
import type { GameSource } from './types.ts';

/** Games on the first page of a grid and per "Load more". */
export interface GridPaging {
  first: number;
  more: number;
}

/** Studio pages: 20 games first, then 30 per "Load more" (spec section 9). */
export const STUDIO_PAGING: GridPaging = { first: 20, more: 30 };
/** List pages: one slice of 10 first and per "Load more". */
export const LIST_PAGING: GridPaging = { first: GAME_LIST_SLICE, more: GAME_LIST_SLICE };
/** Category pages hold whole families (300 slots), so they page like a studio. */
export const CATEGORY_PAGING: GridPaging = STUDIO_PAGING;

/** The largest page a request to the platform may ask for. */
export const PLATFORM_MAX_FIRST = 100;
/** A `?page=` link never renders more games than this in one server render. */
export const MAX_GAMES_PER_RENDER = 400;

/** The paging of a grid's source. */
export function pagingFor(source: GameSource): GridPaging {
  if (source.kind === 'studio') return STUDIO_PAGING;
  if (source.kind === 'category') return CATEGORY_PAGING;
  return LIST_PAGING;
}

/** How many games page N of a grid shows (page 1 is the first page). */
export function gamesThroughPage(paging: GridPaging, page: number): number {
  return paging.first + paging.more * (page - 1);
}

/** The highest page a server render serves, so a crafted `?page=` cannot make a render unbounded. */
export function maxPage(paging: GridPaging): number {
  return Math.max(1, Math.floor((MAX_GAMES_PER_RENDER - paging.first) / paging.more) + 1);
}

/** Reads `?page=`: a whole number from 1 up to the grid's last servable page; anything else is page 1. */
export function parsePageParam(value: string | null, paging: GridPaging): number {
  if (!value || !/^\d{1,4}$/.test(value)) return 1;
  const page = Number(value);
  if (page < 1) return 1;
  return Math.min(page, maxPage(paging));
}

/** Splits a game count into platform requests of at most 100 games each. */
export function requestSizes(total: number): number[] {
  const sizes: number[] = [];
  for (let left = total; left > 0; left -= PLATFORM_MAX_FIRST) sizes.push(Math.min(left, PLATFORM_MAX_FIRST));
  return sizes;
}
