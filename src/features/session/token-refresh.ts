/**
 * Refreshing the custom integration's tokens (spec sections 4, 8 and 9). The refresh token itself
 * is the lobby server's (an HttpOnly cookie: `exchange` asks the lobby's `/api/session/refresh`,
 * which rotates it and sets the new cookies). The platform rotates the refresh token on every use
 * and revokes the whole session when a used one is presented again outside a short grace, so a
 * refresh still runs once at a time across requests AND across tabs:
 *
 * - in a tab, concurrent callers share one promise;
 * - across tabs, the refresh runs under the Web Lock `atrium-token-refresh`; whoever gets the lock
 *   second re-reads the cookies and, finding the access token already replaced by another tab's
 *   refresh, adopts it instead of refreshing again. The re-read asks the browser's shared cookie jar
 *   (Cookie Store API), and the refreshing tab holds the lock until its new token is there: one
 *   tab's `document.cookie` can lag another tab's write by milliseconds.
 *
 * Tokens are refreshed 30 s before expiry; AuthenticationFailure or HTTP 401 gets one refresh and
 * a single retry (`withAuthRetry`). InvalidTokenFailure on refresh means SESSION_EXPIRED; any other
 * refresh failure the platform answers means JWT_EXPIRED. A network failure leaves the session alone.
 */
import { logoutForSessionEnd } from './logout.ts';
import type { SessionEnd } from './realtime-protocol.ts';
import { msUntilExpiry, type SessionTokens, type TokenStore } from './tokens.ts';

/** Custom tokens are refreshed this long before they expire (spec section 9). */
export const REFRESH_BEFORE_EXPIRY_MS = 30_000;
/** The Web Lock every tab takes before presenting a refresh token. */
export const REFRESH_LOCK_NAME = 'atrium-token-refresh';

/**
 * Why a session ended (spec section 4), plus ACCOUNT_CLOSED for a live account closure and
 * SELF_EXCLUDED / TIMEOUT for a break the player took on another device (those carry its end).
 */
export type LogoutReason = 'SESSION_EXPIRED' | 'JWT_EXPIRED' | 'LOGGED_IN_FROM_ANOTHER_DEVICE' | 'ACCOUNT_CLOSED' | 'SELF_EXCLUDED' | 'TIMEOUT';

/** A refresh that ended the session; `reason` is the logout reason. */
export class SessionEndedError extends Error {
  readonly reason: LogoutReason;
  /** The end of the break (self-exclusion, timeout) that ended the session, for the login page to say. */
  readonly until: string | null;

  constructor(reason: LogoutReason, message: string, until: string | null = null) {
    super(message);
    this.name = 'SessionEndedError';
    this.reason = reason;
    this.until = until;
  }
}

/** The part of the Web Locks API the refresher uses (navigator.locks in browsers and Node 24). */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** What a failed refresh mutation looked like: its GraphQL reason, or a network failure. */
export interface RefreshFailure {
  /** extensions.reason of the first GraphQL error; undefined for a network failure. */
  reason?: string;
  message: string;
  /** Why the platform destroyed the session, when it says (extensions.cause and until, as SessionDestroyed's). */
  end?: SessionEnd;
}

/** Options of a refresher. */
export interface TokenRefresherOptions {
  store: TokenStore;
  /** Rotates the session (the lobby presents its refresh cookie) and returns the new access token, or throws. */
  exchange(current: SessionTokens): Promise<SessionTokens>;
  /** Tells a thrown exchange error apart: GraphQL reason or network. */
  describeFailure(error: unknown): RefreshFailure;
  /** Cross-tab lock; without one (old browsers) the refresh is single-flight within the tab only. */
  locks?: LockManagerLike;
  now?: () => number;
}

/** A single-flight token refresher for one tab. */
export interface TokenRefresher {
  /** The current access token, refreshed first when it expires within 30 s; null when signed out. */
  freshAccessToken(): Promise<string | null>;
  /**
   * Refreshes because `staleAccessToken` was refused or is expiring. When another caller or tab
   * already replaced it, the newer pair is returned without a second refresh.
   */
  refresh(staleAccessToken: string | null): Promise<SessionTokens>;
}

/**
 * Maps a refresh failure to the logout it means; null for failures that should not log out. A
 * destroyed session keeps its reason (signed in elsewhere, a break until a date) even when this
 * refusal reaches the tab before the SessionDestroyed event does.
 */
export function logoutForRefreshFailure(failure: RefreshFailure): { reason: LogoutReason; until: string | null } | null {
  if (failure.reason === undefined) return null;
  if (failure.reason === 'InvalidTokenFailure' && failure.end) return logoutForSessionEnd(failure.end);
  return { reason: failure.reason === 'InvalidTokenFailure' ? 'SESSION_EXPIRED' : 'JWT_EXPIRED', until: null };
}

/** Whether a token is missing an expiry, or expires within the refresh margin. */
export function expiresSoon(accessToken: string, now: number): boolean {
  const left = msUntilExpiry(accessToken, now);
  return left !== null && left <= REFRESH_BEFORE_EXPIRY_MS;
}

/** Creates the refresher of one tab. */
export function createTokenRefresher(options: TokenRefresherOptions): TokenRefresher {
  const now = options.now ?? Date.now;
  const locks: LockManagerLike = options.locks ?? { request: (_name, callback) => callback() };
  let inFlight: Promise<SessionTokens> | null = null;

  async function exchangeUnderLock(seen: SessionTokens): Promise<SessionTokens> {
    return locks.request(REFRESH_LOCK_NAME, async () => {
      // Re-read after the lock, from the jar every tab shares: another tab may have rotated the pair
      // while this one waited, and this tab's own view of the cookies can lag behind for a moment.
      const current = options.store.readShared ? await options.store.readShared() : options.store.read();
      if (!current) throw new SessionEndedError('SESSION_EXPIRED', 'The session was ended in another tab');
      if (current.accessToken !== seen.accessToken) return current;
      let next: SessionTokens;
      try {
        next = await options.exchange(current);
      } catch (error) {
        const failure = options.describeFailure(error);
        const logout = logoutForRefreshFailure(failure);
        if (logout) throw new SessionEndedError(logout.reason, `RefreshAccessToken failed (${failure.reason}): ${failure.message}`, logout.until);
        throw error;
      }
      options.store.write(next);
      // Hold the lock until the next tab to take it can see the new pair.
      await options.store.written?.(next);
      return next;
    });
  }

  function refresh(staleAccessToken: string | null): Promise<SessionTokens> {
    if (inFlight) return inFlight;
    const seen = options.store.read();
    if (!seen) return Promise.reject(new SessionEndedError('SESSION_EXPIRED', 'There is no session to refresh'));
    // Someone already replaced the refused token with a pair that is still good: use that.
    if (staleAccessToken !== null && seen.accessToken !== staleAccessToken && !expiresSoon(seen.accessToken, now())) {
      return Promise.resolve(seen);
    }
    inFlight = exchangeUnderLock(seen).finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return {
    refresh,
    async freshAccessToken() {
      if (inFlight) return (await inFlight).accessToken;
      const current = options.store.read();
      if (!current) return null;
      if (!expiresSoon(current.accessToken, now())) return current.accessToken;
      return (await refresh(current.accessToken)).accessToken;
    },
  };
}

/** Whether a response means the token was refused: HTTP 401 or an AuthenticationFailure error. */
export function isAuthenticationFailure(response: { status?: number; reasons: readonly string[] }): boolean {
  return response.status === 401 || response.reasons.includes('AuthenticationFailure');
}

/**
 * Sends a request with the freshest token; when it is refused, refreshes once and retries once
 * (spec section 8). A second refusal is returned as it is: there is no third attempt.
 */
export async function withAuthRetry<R extends { status?: number; reasons: readonly string[] }>(
  refresher: TokenRefresher,
  send: (accessToken: string | null) => Promise<R>,
): Promise<R> {
  const token = await refresher.freshAccessToken();
  const first = await send(token);
  if (!isAuthenticationFailure(first) || token === null) return first;
  const renewed = await refresher.refresh(token);
  return send(renewed.accessToken);
}
