/**
 * Writing the lobby's own first-party cookies from the browser (consent, visitorId, abTests, the
 * tags' aff and internalTrackingId): path /, SameSite=Lax, Secure over https. Reading is
 * `readCookie` (features/session/tokens.ts).
 */

/** Sets a cookie for `maxAgeSeconds` (a session cookie when omitted). */
export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/${maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`}; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}

/** Removes a cookie set at path /. */
export function expireCookie(name: string): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}
