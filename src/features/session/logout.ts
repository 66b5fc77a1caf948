/**
 * Logout (spec sections 2 and 4): clears the access token, the refresh token, the identity
 * provider's stored user and cookie and the reality-check value, tells the other tabs, then goes
 * to /login/ (casino) or /sports/ (sports) carrying the page's query plus `logoutReason` (and
 * `logoutUntil`, the end of a break taken on another device, so that page can say until when). A
 * player's own logout also ends the session on the platform and, for the identity provider, at
 * its end-session endpoint (id_token_hint, client_id, post_logout_redirect_uri, state).
 */
import { routePath } from '../../paths.ts';
import type { SessionConfig } from './config.ts';
import type { SessionEnd } from './realtime-protocol.ts';
import type { LogoutReason } from './token-refresh.ts';
import { ACCESS_TOKEN_COOKIE, browserTokenStore, REFRESH_TOKEN_COOKIE, writeKeycloakCookie } from './tokens.ts';
import { SPORTS_COUPON_KEY } from '../sports/sportsbook-messages.ts';

/** Where the reality-check timer keeps its start (licence mga); cleared on logout. */
export const REALITY_CHECK_STORAGE_KEY = 'realityCheck';
/** Tabs tell each other about a logout on this channel. */
export const SESSION_CHANNEL = 'atrium-session';
/** Prefix of the identity provider's stored user in session storage (spec section 9). */
export const OIDC_STORAGE_PREFIX = 'oidc.';

/** The query parameter that carries the end of the break behind SELF_EXCLUDED and TIMEOUT. */
export const LOGOUT_UNTIL_PARAM = 'logoutUntil';

/** The logout a destroyed session means: the player's own break (until its end), else a sign-in on another device. */
export function logoutForSessionEnd(end: SessionEnd): { reason: LogoutReason; until: string | null } {
  if (end.until && end.cause === 'SelfExclusion') return { reason: 'SELF_EXCLUDED', until: end.until };
  if (end.until && end.cause === 'Timeout') return { reason: 'TIMEOUT', until: end.until };
  return { reason: 'LOGGED_IN_FROM_ANOTHER_DEVICE', until: null };
}

/** The page a logout goes to: /login/ or /sports/ with the current query, the reason and the end of a break. */
export function logoutTarget(config: Pick<SessionConfig, 'locale' | 'localization' | 'productMode'>, currentHref: string, reason: LogoutReason | null, until: string | null = null): string {
  const current = new URL(currentHref);
  const query: Record<string, string> = {};
  for (const [key, value] of current.searchParams) {
    if (key !== 'logoutReason' && key !== LOGOUT_UNTIL_PARAM && key !== ACCESS_TOKEN_COOKIE && key !== REFRESH_TOKEN_COOKIE) query[key] = value;
  }
  if (reason) query.logoutReason = reason;
  if (reason && until) query[LOGOUT_UNTIL_PARAM] = until;
  const paths = { locale: config.locale, localization: config.localization };
  return routePath(paths, config.productMode === 'SPORTS' ? 'sports' : 'login', { query });
}

/**
 * Removes the session's cookies, the reality-check value and the kept bet slip (the next person at
 * this browser does not get the player's picks); the provider's stored user stays. Resolves once
 * the lobby has forgotten the HttpOnly refresh cookie too.
 */
function clearSessionCookies(): Promise<void> {
  const forgotten = browserTokenStore().clear() ?? Promise.resolve();
  writeKeycloakCookie(null);
  for (const storage of [sessionStorage, localStorage]) {
    storage.removeItem(REALITY_CHECK_STORAGE_KEY);
    storage.removeItem(ACCESS_TOKEN_COOKIE);
    storage.removeItem(REFRESH_TOKEN_COOKIE);
  }
  sessionStorage.removeItem(SPORTS_COUPON_KEY);
  return forgotten;
}

/** Removes the identity provider's stored user from session storage. */
function clearProviderUser(): void {
  for (let index = sessionStorage.length - 1; index >= 0; index -= 1) {
    const key = sessionStorage.key(index);
    if (key?.startsWith(`${OIDC_STORAGE_PREFIX}user:`)) sessionStorage.removeItem(key);
  }
}

/** Removes every trace of the session from this browser (cookies and storage), without navigating. */
export function clearStoredSession(): void {
  void clearSessionCookies();
  clearProviderUser();
}

let loggingOut = false;

/** Whether a logout is under way in this tab (later triggers are ignored). */
export function isLoggingOut(): boolean {
  return loggingOut;
}

/**
 * Logs out and navigates. `endSession` is the player's own logout: it first ends the platform
 * session (`endPlatformSession`) and the identity provider's (`endProviderSession`, which navigates
 * itself when it can).
 */
export async function logout(
  config: SessionConfig,
  reason: LogoutReason | null,
  options: { endPlatformSession?: () => Promise<unknown>; endProviderSession?: (target: string) => Promise<boolean>; until?: string | null } = {},
): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  const until = options.until ?? null;
  const target = logoutTarget(config, location.href, reason, until);
  await options.endPlatformSession?.().catch((error: unknown) => console.warn(`[session] Logout on the platform failed: ${String(error)}`));
  try {
    new BroadcastChannel(SESSION_CHANNEL).postMessage({ type: 'logout', reason, until });
  } catch {
    // No BroadcastChannel: other tabs notice on their next request.
  }
  // The next page must not render for a player: the lobby forgets its cookie before the browser goes.
  await clearSessionCookies();
  // The provider's end-session needs its id_token (the stored user), and navigates away itself.
  const providerNavigates = options.endProviderSession ? await options.endProviderSession(new URL(target, location.origin).href).catch(() => false) : false;
  clearProviderUser();
  if (!providerNavigates) location.assign(target);
}
