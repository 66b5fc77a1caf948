/**
 * The pure rules of the recently played list (spec section 9: at most 5, refreshed on every third
 * balance change), kept apart from the store so they are tested on their own.
 */
import type { GameTileData } from '../games/types.ts';
import type { RecentlyPlayedEntry } from './queries.ts';

/** Games the recently played rail shows at most (spec section 9). */
export const MAX_RECENTLY_PLAYED_GAMES = 5;
/** The list is synced again on every this many balance changes (spec section 9). */
export const RECENTLY_PLAYED_REFRESH_EVERY = 3;

/** Tiles from the platform's descriptors: entries without a slug or name are left out, at most 5, order kept. */
export function recentlyPlayedTiles(entries: readonly RecentlyPlayedEntry[]): GameTileData[] {
  const tiles: GameTileData[] = [];
  for (const entry of entries) {
    const json = entry.gameDescriptorV2?.json;
    if (!json?.slug || !json.name) continue;
    if (tiles.some((tile) => tile.slug === json.slug)) continue;
    tiles.push({
      slug: json.slug,
      name: json.name,
      imageUrl: json.imageUrl ?? '',
      studioName: json.studio ?? '',
    });
    if (tiles.length === MAX_RECENTLY_PLAYED_GAMES) break;
  }
  return tiles;
}

/** A counter that answers true on every nth call (the 3rd, 6th, …), for "every third balance change". */
export function everyNth(n: number): () => boolean {
  if (!Number.isInteger(n) || n < 1) throw new Error(`everyNth needs a whole number of at least 1, got ${n}`);
  let seen = 0;
  return () => {
    seen += 1;
    if (seen < n) return false;
    seen = 0;
    return true;
  };
}
