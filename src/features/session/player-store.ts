/**
 * `$player`: the signed-in player (spec section 3, viewer.player) and the player status of
 * section 4 — LOADING while a session is being checked, LOGGED_IN once a player is loaded,
 * LOGGED_OUT otherwise. Lifecycle: starts LOGGED_OUT (LOADING when the page knows a session may
 * exist); the player runtime fills it from GetPlayerInfo and refetches it on PlayerUpdated.
 */
import { atom } from 'nanostores';
import type { GetPlayerInfoQuery } from '../../lib/graphql/generated/player.ts';

/** Player status (spec section 4). */
export type PlayerStatus = 'LOADING' | 'LOGGED_IN' | 'LOGGED_OUT';

/** The player fields the lobby reads (spec section 3): GetPlayerInfo's viewer.player. */
export type Player = NonNullable<GetPlayerInfoQuery['viewer']>['player'];

/** The player status and, when signed in, the player. */
export interface PlayerState {
  status: PlayerStatus;
  player: Player | null;
}

/** The signed-in player. */
export const $player = atom<PlayerState>({ status: 'LOGGED_OUT', player: null });

/**
 * What the server renders a player's header from: the session is checked in the browser, so the
 * account menu is LOADING until it hydrates.
 */
export const PLAYER_BEING_CHECKED: PlayerState = { status: 'LOADING', player: null };

/** A session is being checked: the player is LOADING. */
export function setPlayerLoading(): void {
  $player.set({ status: 'LOADING', player: $player.get().player });
}

/** The player was loaded: LOGGED_IN. */
export function setPlayer(player: Player): void {
  $player.set({ status: 'LOGGED_IN', player });
}

/** No session: LOGGED_OUT. */
export function clearPlayer(): void {
  $player.set({ status: 'LOGGED_OUT', player: null });
}
