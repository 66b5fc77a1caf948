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
