/**
 * How a rail's or grid's first games reach its island: once, as the HTML of their tiles, rather
 * than a second time as serialised island props. Those props repeated every tile of every rail and
 * were about a sixth of the lobby's compressed HTML, enough to cost a phone on a slow link a whole
 * extra round trip before it could start on the hero.
 *
 * On the server, the page hands the games over under a short key (`handOverSlice`) and the island
 * gets the key instead of the games; its render takes them back (`initialTiles`). In the browser,
 * the island reads the same games back from the tiles the server rendered into the list that
 * carries the key (`data-tiles`), so its first render matches the HTML it hydrates.
 */
import type { GameSlice, GameTileData } from './types.ts';

/** A first page of games as an island receives it: the games themselves come as its tiles' HTML. */
export interface HandedSlice {
  /** The key the list carries (`data-tiles`) and the server's hand-over is stored under. */
  tiles: string;
  endCursor: string | null;
  hasNextPage: boolean;
  totalCount: number;
}

/**
 * How long a hand-over is kept. The island renders within the same request, moments after the
 * hand-over; a short life keeps the map small when players' pages (never cached) render by the
 * thousand.
 */
export const HANDED_FOR_MS = 10_000;
const handed = new Map<string, { games: GameTileData[]; at: number }>();
let handedCount = 0;

/** Server: keeps a slice's games for the island's render and returns what the island's props carry. */
export function handOverSlice(slice: GameSlice, now = Date.now()): HandedSlice {
  for (const [key, entry] of handed) {
    if (now - entry.at < HANDED_FOR_MS) break;
    handed.delete(key);
  }
  handedCount += 1;
  const tiles = `t${handedCount.toString(36)}`;
  handed.set(tiles, { games: slice.games, at: now });
  return { tiles, endCursor: slice.endCursor, hasNextPage: slice.hasNextPage, totalCount: slice.totalCount };
}

/** The games of the tiles in a list the server rendered (`GameTile` marks each with its slug). */
export function readTiles(list: ParentNode): GameTileData[] {
  return [...list.querySelectorAll<HTMLAnchorElement>('a.game-tile[data-slug]')].map((tile) => ({
    slug: tile.dataset.slug ?? '',
    name: tile.querySelector('.game-tile__name')?.textContent ?? '',
    studioName: tile.querySelector('.game-tile__studio')?.textContent ?? '',
    imageUrl: tile.querySelector('img')?.getAttribute('src') ?? '',
  }));
}

/** The island's first games: the server's hand-over while rendering, the rendered tiles in the browser. */
export function initialTiles(key: string): GameTileData[] {
  if (import.meta.env.SSR) {
    const entry = handed.get(key);
    if (!entry) throw new Error(`No games were handed over under "${key}": render the island through handOverSlice`);
    return entry.games;
  }
  const list = document.querySelector(`[data-tiles="${CSS.escape(key)}"]`);
  if (!list) {
    console.warn(`[games] the tiles of "${key}" are not on the page; the list starts empty`);
    return [];
  }
  return readTiles(list);
}
