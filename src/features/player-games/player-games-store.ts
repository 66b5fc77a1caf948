/**
 * `$recentlyPlayed` and `$favourites`: the signed-in player's own game rails. Lifecycle: a player-only
 * island calls `startPlayerGames` in its effect (never for visitors: the server renders those islands
 * only for a refreshable session). It waits for the player runtime, loads both lists, then syncs
 * recently played again on every third balance change (spec section 9) while it is mounted. Hearts
 * change `$favourites` at once and are put back if the platform refuses.
 */
import { atom } from 'nanostores';
import { gameTile } from '../games/queries.ts';
import type { GameFilters, GameTileData } from '../games/types.ts';
import { settledPlayerRuntime } from '../session/player-runtime.ts';
import { $wallet } from '../wallet/wallet-store.ts';
import {
  AddFavouriteGameDocument, FavouriteGamesDocument, RemoveFavouriteGameDocument, SyncRecentlyPlayedGamesDocument,
} from '../../lib/graphql/generated/player.ts';
import { everyNth, MAX_RECENTLY_PLAYED_GAMES, RECENTLY_PLAYED_REFRESH_EVERY, recentlyPlayedTiles } from './recently-played.ts';

/** A player game list: loading until the first answer, then ready (or failed). */
export interface PlayerGameList {
  status: 'loading' | 'ready' | 'failed';
  games: GameTileData[];
}

/** The player's recently played games, most recent first, at most 5. */
export const $recentlyPlayed = atom<PlayerGameList>({ status: 'loading', games: [] });
/** The player's hearted games, most recently hearted first. */
export const $favourites = atom<PlayerGameList>({ status: 'loading', games: [] });

/** Syncs recently played from the platform (SyncRecentlyPlayedGames, 5 games). */
export async function syncRecentlyPlayed(): Promise<void> {
  const runtime = await settledPlayerRuntime();
  // The session turned out to be over: nothing to show, rather than placeholders for ever.
  if (!runtime) {
    $recentlyPlayed.set({ status: 'failed', games: [] });
    return;
  }
  try {
    const data = await runtime.request(SyncRecentlyPlayedGamesDocument, { maxRecentlyPlayedGames: MAX_RECENTLY_PLAYED_GAMES });
    $recentlyPlayed.set({ status: 'ready', games: recentlyPlayedTiles(data.viewer?.recentlyPlayedGamesV2 ?? []) });
  } catch (error) {
    console.warn('[player-games] SyncRecentlyPlayedGames failed:', (error as Error).message);
    $recentlyPlayed.set({ ...$recentlyPlayed.get(), status: $recentlyPlayed.get().games.length ? 'ready' : 'failed' });
  }
}

/** Loads the hearted games with the visitor's filters. */
export async function loadFavourites(filters: GameFilters): Promise<void> {
  const runtime = await settledPlayerRuntime();
  if (!runtime) {
    $favourites.set({ status: 'failed', games: [] });
    return;
  }
  try {
    const data = await runtime.request(FavouriteGamesDocument, { ...filters });
    const games = (data.viewer?.favouriteGames ?? []).map(gameTile);
    $favourites.set({ status: 'ready', games });
  } catch (error) {
    console.warn('[player-games] FavouriteGames failed:', (error as Error).message);
    $favourites.set({ ...$favourites.get(), status: $favourites.get().games.length ? 'ready' : 'failed' });
  }
}

let favouritesRequested = false;

/** Loads the favourites once per page, however many tiles ask (a no-op after the first call). */
export function ensureFavourites(filters: GameFilters): void {
  if (favouritesRequested || $favourites.get().status !== 'loading') return;
  favouritesRequested = true;
  void loadFavourites(filters);
}

/**
 * Hearts or un-hearts a game: `$favourites` changes at once, the platform is told, and the change
 * is undone (and false returned) when the platform refuses.
 */
export async function setFavourite(game: GameTileData, favourite: boolean): Promise<boolean> {
  const before = $favourites.get();
  const others = before.games.filter((entry) => entry.slug !== game.slug);
  $favourites.set({ status: 'ready', games: favourite ? [game, ...others] : others });
  const runtime = await settledPlayerRuntime();
  try {
    if (!runtime) throw new Error('No player session');
    const variables = { slug: game.slug };
    await (favourite ? runtime.request(AddFavouriteGameDocument, variables) : runtime.request(RemoveFavouriteGameDocument, variables));
    return true;
  } catch (error) {
    console.warn(`[player-games] ${favourite ? 'add' : 'remove'} favourite failed:`, (error as Error).message);
    $favourites.set(before);
    return false;
  }
}

/** Loads both lists and keeps recently played in step with the wallet; returns the unsubscribe. */
export function startPlayerGames(filters: GameFilters): () => void {
  void syncRecentlyPlayed();
  favouritesRequested = true;
  void loadFavourites(filters);
  const third = everyNth(RECENTLY_PLAYED_REFRESH_EVERY);
  let lastUpdate = $wallet.get().lastUpdate;
  return $wallet.listen((state) => {
    // Each balanceUpdated event brings a new lastUpdate; refetches of the whole wallet do not count.
    if (!state.lastUpdate || state.lastUpdate === lastUpdate) return;
    lastUpdate = state.lastUpdate;
    if (third()) void syncRecentlyPlayed();
  });
}
