/**
 * The live leaderboard's paging (spec section 9): the top 50 at most, fetched 100 at a time, 10
 * rows first on a phone and 12 on a wider screen (11 when the player's own row is pinned under
 * them, so the board keeps its height), and Show More adds 10. Pure, so the widget's leaderboard
 * mode and the tests share it.
 */

/** The most rows the board ever shows. */
export const LEADERBOARD_TOP = 50;
/** How many entries one leaderboard query asks for. */
export const LEADERBOARD_FETCH_SIZE = 100;
/** How many rows Show More adds. */
export const LEADERBOARD_STEP = 10;
/** Rows shown first on a phone. */
export const LEADERBOARD_INITIAL_PHONE = 10;
/** Rows shown first on a wider screen (one fewer with the player's own row pinned). */
export const LEADERBOARD_INITIAL_WIDE = 12;
/** Below this width the board counts as on a phone (the lobby's first breakpoint). */
export const LEADERBOARD_PHONE_MAX_PX = 767;

/** How many rows the board shows first. */
export function initialLeaderboardRows(isPhone: boolean, ownRowPinned: boolean): number {
  if (isPhone) return LEADERBOARD_INITIAL_PHONE;
  return ownRowPinned ? LEADERBOARD_INITIAL_WIDE - 1 : LEADERBOARD_INITIAL_WIDE;
}

/** How many rows show after one more Show More, never past the top 50 nor the entries there are. */
export function nextLeaderboardRows(shown: number, available: number): number {
  return Math.min(shown + LEADERBOARD_STEP, Math.min(available, LEADERBOARD_TOP));
}

/** The rows to draw and whether Show More is still offered. */
export function leaderboardSlice<E>(entries: readonly E[], shown: number): { rows: E[]; more: boolean } {
  const top = entries.slice(0, LEADERBOARD_TOP);
  const rows = top.slice(0, Math.max(0, shown));
  return { rows, more: rows.length < top.length };
}

/**
 * Whether the player's own row is pinned under the board: they have a position, and it is not
 * already among the rows shown.
 */
export function pinOwnRow(playerPosition: number | null | undefined, shown: number): boolean {
  return typeof playerPosition === 'number' && playerPosition > Math.min(shown, LEADERBOARD_TOP);
}
