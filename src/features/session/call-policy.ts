/**
 * How the signed-in player's calls are sent, the same for both of the lobby's ways of sending them:
 * the light request the session and the pages use (player-request.ts) and Apollo's link chain the
 * account's features use (apollo.ts). Kept apart from both so neither imports the other.
 */

/** Operations sent without the Authorization header (spec section 7). */
export const UNAUTHENTICATED_OPERATIONS: ReadonlySet<string> = new Set(['RefreshAccessToken', 'CountryContextQuery']);

/** Query retry (spec section 9): initial delay 1 s, at most 15 s, 2 attempts in all. */
export const QUERY_RETRY = { initialDelayMs: 1000, maxDelayMs: 15_000, attempts: 2 } as const;

/**
 * The wait before retry number `retry` (1 for the first): jittered like Apollo's RetryLink, a random
 * share of twice the previous base, so many clients that failed together do not return together.
 */
export function queryRetryDelayMs(retry: number, random: () => number = Math.random): number {
  return Math.min(QUERY_RETRY.maxDelayMs, random() * QUERY_RETRY.initialDelayMs * 2 ** retry);
}
