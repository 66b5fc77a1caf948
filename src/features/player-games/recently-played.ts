/**
 * The pure rules of the recently played list (spec section 9: at most 5, refreshed on every third
 * balance change), kept apart from the store so they are tested on their own.
 */
import type { GameTileData } from '../games/types.ts';
import type { SyncRecentlyPlayedGamesQuery } from '../../lib/graphql/generated/player.ts';

/** One entry of recentlyPlayedGamesV2 as the lobby asks for it (the descriptor is JSON: read with care). */
export type RecentlyPlayedEntry = NonNullable<SyncRecentlyPlayedGamesQuery['viewer']>['recentlyPlayedGamesV2'][number];

/** A text field of a game descriptor, or undefined when the descriptor has none there. */
function descriptorText(json: unknown, key: 'slug' | 'name' | 'imageUrl' | 'studio'): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const value = (json as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

/** Games the recently played rail shows at most (spec section 9). */
export const MAX_RECENTLY_PLAYED_GAMES = 5;
/** The list is synced again on every this many balance changes (spec section 9). */
export const RECENTLY_PLAYED_REFRESH_EVERY = 3;

/** Tiles from the platform's descriptors: entries without a slug or name are left out, at most 5, order kept. */
export function recentlyPlayedTiles(entries: readonly RecentlyPlayedEntry[]): GameTileData[] {
  const tiles: GameTileData[] = [];
  for (const entry of entries) {
    const json: unknown = entry.gameDescriptorV2?.json;
    const slug = descriptorText(json, 'slug');
    const name = descriptorText(json, 'name');
    if (!slug || !name) continue;
    if (tiles.some((tile) => tile.slug === slug)) continue;
    tiles.push({
      slug,
      name,
      imageUrl: descriptorText(json, 'imageUrl') ?? '',
      studioName: descriptorText(json, 'studio') ?? '',
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
