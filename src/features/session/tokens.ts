/**
 * The custom token integration's storage in the browser (spec sections 3 and 4). The platform's
 * refresh token is the lobby server's to hold, in an HttpOnly cookie page script cannot read
 * (server/session-cookies.ts: it sets it on a sign-in and on every refresh, and uses it at
 * `/api/session/refresh`). Page script keeps only the short-lived access token, in the
 * `accessToken` cookie (path /, SameSite=Lax, Secure on https), which every tab and the server
 * render see. A token that still arrives where script can see it (an address the server did not
 * clean, or an older lobby's local storage) is taken from there, its access token kept and its
 * refresh token handed once to the lobby's next refresh, which adopts it into the cookie. The
 * identity provider's access token is mirrored into `keycloakAccessToken` so the server knows a
 * player is there. The cookie names and the reads the visitor's session check needs live in
 * token-cookies.ts, which is all a visitor's page downloads.
 */
import { ACCESS_TOKEN_COOKIE, decodeCookieValue, KEYCLOAK_TOKEN_COOKIE, readCookie, REFRESH_TOKEN_COOKIE, SESSION_LOGOUT_ENDPOINT, TOKEN_COOKIE_MAX_AGE_S } from './token-cookies.ts';

export { ACCESS_TOKEN_COOKIE, hasStoredSession, KEYCLOAK_TOKEN_COOKIE, readCookie, REFRESH_TOKEN_COOKIE, SESSION_REFRESH_ENDPOINT, TOKEN_COOKIE_MAX_AGE_S } from './token-cookies.ts';


/** The platform's token pair as its sign-in and refresh answers carry it (spec section 3). */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** What page script holds of a platform session: the access token (the refresh token is the server's). */
export interface SessionTokens {
  accessToken: string;
}

/** The access token claims the lobby reads (spec section 3). */
export interface AccessTokenClaims {
  player_id?: string;
  sid?: string;
  passwordless?: boolean;
  flow?: string;
  /** Expiry, seconds since the epoch. */
  exp?: number;
}

/** Where the session's tokens are kept; the browser's cookies in the lobby, a fake in unit tests. */
export interface TokenStore {
  read(): SessionTokens | null;
  write(tokens: SessionTokens): void;
  /** Forgets the session here and, in the browser, asks the lobby to forget its refresh cookie (resolved once it has). */
  clear(): void | Promise<void>;
  /**
   * The pair as the jar every tab shares holds it. A browser applies one tab's cookie write to that
   * jar asynchronously, and another tab's `document.cookie` can lag behind for a few milliseconds:
   * long enough for the tab that takes the refresh lock next to present the refresh token just
   * rotated. So the refresher reads under the lock with this, when the store has it.
   */
  readShared?(): Promise<SessionTokens | null>;
  /** Resolves once the shared jar holds `tokens`; the refresher keeps the lock until then. */
  written?(tokens: SessionTokens): Promise<void>;
}

/** The `document.cookie` assignment for a lobby cookie (path /, SameSite=Lax, Secure on https). */
export function cookieAssignment(name: string, value: string, options: { maxAgeSeconds: number; secure: boolean }): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${options.maxAgeSeconds}; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

/** Decodes a JWT's payload without verifying it (the platform verifies; the lobby only reads exp and sid). */
export function decodeJwtClaims(token: string): AccessTokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const text = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(text, (char) => char.charCodeAt(0))));
    return claims && typeof claims === 'object' ? (claims as AccessTokenClaims) : null;
  } catch {
    return null;
  }
}

/** Milliseconds until a token expires (negative once expired); null when it carries no exp. */
export function msUntilExpiry(token: string, now = Date.now()): number | null {
  const exp = decodeJwtClaims(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 - now : null;
}

/** The part of the Cookie Store API the token store uses. */
interface CookieJar {
  get(name: string): Promise<{ value?: string } | null>;
}

/** The token when it still has more than 5 s to live (enough for one call to carry it), else null. */
export function liveAccessToken(token: string | null | undefined, now = Date.now()): string | null {
  return token && (msUntilExpiry(token, now) ?? 0) > 5_000 ? token : null;
}

/** How long a refreshing tab waits for its cookie write to reach the shared jar: 40 × 25 ms at most. */
const SHARED_WRITE_ATTEMPTS = 40;
const SHARED_WRITE_POLL_MS = 25;

/**
 * `readShared` and `written` of the browser's token store, through the Cookie Store API. Should the
 * jar refuse to answer, the tab's own view (`fallback`) is used and nothing waits.
 */
function sharedJarReads(jar: CookieJar, fallback: () => SessionTokens | null): Required<Pick<TokenStore, 'readShared' | 'written'>> {
  const value = async (name: string) => {
    const cookie = (await jar.get(name))?.value;
    return cookie ? decodeCookieValue(cookie) : undefined;
  };
  return {
    async readShared() {
      try {
        const accessToken = await value(ACCESS_TOKEN_COOKIE);
        return accessToken ? { accessToken } : null;
      } catch {
        return fallback();
      }
    },
    async written(tokens) {
      for (let attempt = 0; attempt < SHARED_WRITE_ATTEMPTS; attempt += 1) {
        if ((await value(ACCESS_TOKEN_COOKIE).catch(() => tokens.accessToken)) === tokens.accessToken) return;
        await new Promise((resolve) => setTimeout(resolve, SHARED_WRITE_POLL_MS));
      }
    },
  };
}

/** Asks the lobby to forget the session's cookies; resolves when it has (or could not be reached). */
export function forgetServerSession(): Promise<void> {
  return fetch(SESSION_LOGOUT_ENDPOINT, { method: 'POST', credentials: 'same-origin', keepalive: true }).then(
    () => undefined,
    () => undefined,
  );
}

/** The session cookie of the browser (the access token; the refresh token is HttpOnly, the server's). */
export function browserTokenStore(): TokenStore {
  const secure = () => location.protocol === 'https:';
  const read = () => {
    const accessToken = readCookie(ACCESS_TOKEN_COOKIE, document.cookie);
    return accessToken ? { accessToken } : null;
  };
  // The Cookie Store API asks the browser's cookie jar itself, not the tab's view of it. Browsers
  // without it (or pages on plain http) fall back to document.cookie.
  const jar = (globalThis as { cookieStore?: CookieJar }).cookieStore;
  return {
    read,
    ...(jar && sharedJarReads(jar, read)),
    write(tokens) {
      // The lobby's answer already set it; written here too for a token that came another way.
      document.cookie = cookieAssignment(ACCESS_TOKEN_COOKIE, tokens.accessToken, { maxAgeSeconds: TOKEN_COOKIE_MAX_AGE_S, secure: secure() });
    },
    clear() {
      document.cookie = cookieAssignment(ACCESS_TOKEN_COOKIE, '', { maxAgeSeconds: 0, secure: secure() });
      return forgetServerSession();
    },
  };
}

/** Sets or clears the cookie that tells server renders an identity-provider session exists. */
export function writeKeycloakCookie(accessToken: string | null): void {
  document.cookie = cookieAssignment(KEYCLOAK_TOKEN_COOKIE, accessToken ?? '', {
    maxAgeSeconds: accessToken ? TOKEN_COOKIE_MAX_AGE_S : 0,
    secure: location.protocol === 'https:',
  });
}

/** Takes a token pair out of a URL's query; returns the pair (if both were there) and the URL without them. */
export function takeTokensFromUrl(href: string): { tokens: TokenPair | null; cleaned: string } {
  const url = new URL(href);
  const accessToken = url.searchParams.get(ACCESS_TOKEN_COOKIE);
  const refreshToken = url.searchParams.get(REFRESH_TOKEN_COOKIE);
  url.searchParams.delete(ACCESS_TOKEN_COOKIE);
  url.searchParams.delete(REFRESH_TOKEN_COOKIE);
  return { tokens: accessToken && refreshToken ? { accessToken, refreshToken } : null, cleaned: url.href };
}

/** A refresh token that reached page script, waiting for the lobby's next refresh to adopt it. */
let pendingRefreshToken: string | null = null;

/** Hands over (once) a refresh token that reached page script, for the refresh that adopts it into the lobby's cookie. */
export function takePendingRefreshToken(): string | null {
  const token = pendingRefreshToken;
  pendingRefreshToken = null;
  return token;
}

/** Keeps a pair that reached page script: its access token in the cookie, its refresh token for the next refresh only. */
export function keepIncomingPair(store: TokenStore, pair: TokenPair): void {
  store.write({ accessToken: pair.accessToken });
  pendingRefreshToken = pair.refreshToken || null;
}

/**
 * Takes tokens out of the page URL or local storage (spec section 4: removed from the URL after
 * login); the lobby's server normally took them off the address before the page loaded. Returns
 * whether a pair was adopted: its refresh token then waits for the next refresh to reach the
 * lobby's cookie.
 */
export function adoptIncomingTokens(store: TokenStore): boolean {
  const { tokens, cleaned } = takeTokensFromUrl(location.href);
  if (cleaned !== location.href) history.replaceState(history.state, '', cleaned);
  if (tokens) {
    keepIncomingPair(store, tokens);
    return true;
  }
  const accessToken = localStorage.getItem(ACCESS_TOKEN_COOKIE);
  const refreshToken = localStorage.getItem(REFRESH_TOKEN_COOKIE);
  localStorage.removeItem(ACCESS_TOKEN_COOKIE);
  localStorage.removeItem(REFRESH_TOKEN_COOKIE);
  if (accessToken && refreshToken && !store.read()) {
    keepIncomingPair(store, { accessToken, refreshToken });
    return true;
  }
  return false;
}
