/**
 * The custom token integration's storage (spec sections 3 and 4): the platform's access and
 * refresh tokens live in the `accessToken` and `refreshToken` cookies (path /, SameSite=Lax, Secure
 * on https) so every tab and the server render see the same session. A token can also arrive in the
 * URL (pay-and-play handlers) or, from older lobbies, in local storage; both are moved into the
 * cookies and removed from where they came. The identity provider's access token is mirrored into
 * `keycloakAccessToken` so the server knows a player is there. The cookie names and the reads the
 * visitor's session check needs live in token-cookies.ts, which is all a visitor's page downloads.
 */
import { ACCESS_TOKEN_COOKIE, decodeCookieValue, KEYCLOAK_TOKEN_COOKIE, readCookie, REFRESH_TOKEN_COOKIE } from './token-cookies.ts';

export { ACCESS_TOKEN_COOKIE, hasStoredSession, KEYCLOAK_TOKEN_COOKIE, readCookie, REFRESH_TOKEN_COOKIE } from './token-cookies.ts';

/** How long the token cookies are kept: the platform's refresh-token lifetime (30 days). */
export const TOKEN_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/** The platform's token pair (spec section 3: accessToken and refreshToken). */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
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

/** Where the tokens are kept; the browser's cookies in the lobby, a fake in unit tests. */
export interface TokenStore {
  read(): TokenPair | null;
  write(pair: TokenPair): void;
  clear(): void;
  /**
   * The pair as the jar every tab shares holds it. A browser applies one tab's cookie write to that
   * jar asynchronously, and another tab's `document.cookie` can lag behind for a few milliseconds:
   * long enough for the tab that takes the refresh lock next to present the refresh token just
   * rotated. So the refresher reads under the lock with this, when the store has it.
   */
  readShared?(): Promise<TokenPair | null>;
  /** Resolves once the shared jar holds `pair`; the refresher keeps the lock until then. */
  written?(pair: TokenPair): Promise<void>;
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
function sharedJarReads(jar: CookieJar, fallback: () => TokenPair | null): Required<Pick<TokenStore, 'readShared' | 'written'>> {
  const value = async (name: string) => {
    const cookie = (await jar.get(name))?.value;
    return cookie ? decodeCookieValue(cookie) : undefined;
  };
  return {
    async readShared() {
      try {
        const [accessToken, refreshToken] = await Promise.all([value(ACCESS_TOKEN_COOKIE), value(REFRESH_TOKEN_COOKIE)]);
        return accessToken && refreshToken ? { accessToken, refreshToken } : null;
      } catch {
        return fallback();
      }
    },
    async written(pair) {
      for (let attempt = 0; attempt < SHARED_WRITE_ATTEMPTS; attempt += 1) {
        if ((await value(REFRESH_TOKEN_COOKIE).catch(() => pair.refreshToken)) === pair.refreshToken) return;
        await new Promise((resolve) => setTimeout(resolve, SHARED_WRITE_POLL_MS));
      }
    },
  };
}

/** The token cookies of the browser, plus the query-parameter and storage sources of the spec. */
export function browserTokenStore(): TokenStore {
  const secure = () => location.protocol === 'https:';
  const read = () => {
    const accessToken = readCookie(ACCESS_TOKEN_COOKIE, document.cookie);
    const refreshToken = readCookie(REFRESH_TOKEN_COOKIE, document.cookie);
    return accessToken && refreshToken ? { accessToken, refreshToken } : null;
  };
  // The Cookie Store API asks the browser's cookie jar itself, not the tab's view of it. Browsers
  // without it (or pages on plain http) fall back to document.cookie.
  const jar = (globalThis as { cookieStore?: CookieJar }).cookieStore;
  return {
    read,
    ...(jar && sharedJarReads(jar, read)),
    write(pair) {
      const options = { maxAgeSeconds: TOKEN_COOKIE_MAX_AGE_S, secure: secure() };
      document.cookie = cookieAssignment(ACCESS_TOKEN_COOKIE, pair.accessToken, options);
      document.cookie = cookieAssignment(REFRESH_TOKEN_COOKIE, pair.refreshToken, options);
    },
    clear() {
      for (const name of [ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE]) {
        document.cookie = cookieAssignment(name, '', { maxAgeSeconds: 0, secure: secure() });
      }
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

/**
 * Moves tokens from the page URL or local storage into the cookies and strips them from the address
 * bar (spec section 4: removed from the URL after login). Returns whether a pair was adopted.
 */
export function adoptIncomingTokens(store: TokenStore): boolean {
  const { tokens, cleaned } = takeTokensFromUrl(location.href);
  if (cleaned !== location.href) history.replaceState(history.state, '', cleaned);
  if (tokens) {
    store.write(tokens);
    return true;
  }
  const accessToken = localStorage.getItem(ACCESS_TOKEN_COOKIE);
  const refreshToken = localStorage.getItem(REFRESH_TOKEN_COOKIE);
  if (accessToken && refreshToken && !store.read()) {
    store.write({ accessToken, refreshToken });
    localStorage.removeItem(ACCESS_TOKEN_COOKIE);
    localStorage.removeItem(REFRESH_TOKEN_COOKIE);
    return true;
  }
  return false;
}
