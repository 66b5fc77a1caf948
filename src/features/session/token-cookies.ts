/**
 * The session's cookie names and the reads of them that every page's session check makes
 * (boot.ts): a visitor's page downloads this and none of the token store (tokens.ts, which
 * re-exports these for the player runtime).
 */

/** The cookie holding the platform's access token. */
export const ACCESS_TOKEN_COOKIE = 'accessToken';
/** The cookie holding the platform's refresh token: HttpOnly, set and read only by the lobby's server (server/session-cookies.ts). */
export const REFRESH_TOKEN_COOKIE = 'refreshToken';
/** The cookie mirroring the identity provider's access token (so server renders know the player). */
export const KEYCLOAK_TOKEN_COOKIE = 'keycloakAccessToken';

/** How long the token cookies are kept: the platform's refresh-token lifetime (30 days). */
export const TOKEN_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** The lobby server's endpoint that rotates the session with the refresh cookie it holds (server/session-cookies.ts). */
export const SESSION_REFRESH_ENDPOINT = '/api/session/refresh';
/** The lobby server's endpoint that forgets the session's cookies, the HttpOnly refresh cookie among them. */
export const SESSION_LOGOUT_ENDPOINT = '/api/session/logout';
/** The header with which the lobby's own script asks that a sign-in's refresh token stay on the server (src/lib/graphql-client.ts writes it). */
export const SESSION_COOKIE_HEADER = 'x-atrium-session';

/** Reads one cookie from a `document.cookie` string. */
export function readCookie(name: string, cookies: string): string | undefined {
  for (const part of cookies.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return decodeCookieValue(part.slice(index + 1).trim());
  }
  return undefined;
}

/** A cookie's value decoded, or as it is when it is not URI-encoded. */
export function decodeCookieValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Whether the browser holds any session: the access-token cookie (kept as long as the HttpOnly
 * refresh cookie beside it, which page script cannot see), the provider's cookie, or tokens an
 * older lobby left in local storage.
 */
export function hasStoredSession(cookies: string, storage: Pick<Storage, 'getItem'> | null): boolean {
  if (readCookie(ACCESS_TOKEN_COOKIE, cookies) || readCookie(KEYCLOAK_TOKEN_COOKIE, cookies)) return true;
  return Boolean(storage?.getItem(REFRESH_TOKEN_COOKIE));
}
