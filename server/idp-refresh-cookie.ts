/**
 * The identity provider's refresh token, held by the lobby (issue 26: tokens out of page script).
 *
 * The browser's OpenID Connect client (oidc-client-ts, spec section 9) runs the authorization-code
 * flow with PKCE against the realm, which the lobby serves on its own origin (`/auth/realms/<brand>/`,
 * proxied to the platform). Its token requests therefore pass through here, and the lobby mediates
 * the one long-lived credential:
 *
 * - a token answer's `refresh_token` goes into an HttpOnly, SameSite=Strict cookie scoped to the
 *   realm's OpenID Connect endpoints (Secure under https), and the page receives a placeholder in
 *   its place, so the user the library keeps in session storage holds only the short-lived access
 *   and id tokens;
 * - a refresh-token grant (or a revocation) that carries the placeholder gets the cookie's token
 *   put in before it goes on to the provider; without the cookie it is answered `invalid_grant`, as
 *   the provider answers a spent token, so the page signs out as it always has;
 * - a refused refresh, a revocation and the provider's sign-out forget the cookie.
 *
 * The library's flows are unchanged (it still renews with the refresh-token grant, under the
 * cross-tab lock of keycloak-session.ts). A realm on another origin (a `keycloakUrl` that is an
 * https URL) is not seen by the lobby: its tokens stay with the library, as before.
 */
import type http from 'node:http';
import { readCookie } from '../src/features/session/token-cookies.ts';
import { platformHeaders, readBody } from './forwarding.ts';

/** The cookie that holds the identity provider's refresh token. */
export const IDP_REFRESH_COOKIE = 'idpRefreshToken';
/** What the page holds where the refresh token was: it means "the one in the cookie". */
export const IDP_REFRESH_PLACEHOLDER = 'held-by-the-lobby';
/** The largest token or revocation request read here (a few hundred bytes in practice). */
const MAX_REQUEST_BYTES = 16_384;
/** The largest token answer read here (tokens are a few kilobytes). */
const MAX_ANSWER_BYTES = 262_144;

const REALM_ENDPOINT = /^\/auth\/realms\/([A-Za-z0-9_-]+)\/protocol\/openid-connect\/(token|revoke|logout\/confirm)$/;

/** A request to one of a realm's endpoints the lobby mediates. */
export interface IdpEndpoint {
  realm: string;
  endpoint: 'token' | 'revoke' | 'logout/confirm';
}

/** Which realm endpoint a path is (token, revocation or the sign-out confirmation), or null. */
export function idpEndpoint(pathname: string): IdpEndpoint | null {
  const match = REALM_ENDPOINT.exec(pathname);
  return match ? { realm: match[1]!, endpoint: match[2] as IdpEndpoint['endpoint'] } : null;
}

/** The path the cookie is sent to: the realm's OpenID Connect endpoints, and nothing of the lobby's. */
export function idpCookiePath(realm: string): string {
  return `/auth/realms/${realm}/protocol/openid-connect/`;
}

/**
 * The `Set-Cookie` value holding a realm's refresh token, or, with null, forgetting it. A session
 * cookie: like the session storage the library keeps its user in, it does not outlive the browser
 * (the provider's own session signs a returning visitor in silently).
 */
export function idpRefreshCookie(realm: string, refreshToken: string | null, secure: boolean): string {
  const attributes = `Path=${idpCookiePath(realm)}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  return refreshToken === null ? `${IDP_REFRESH_COOKIE}=; ${attributes}; Max-Age=0` : `${IDP_REFRESH_COOKIE}=${encodeURIComponent(refreshToken)}; ${attributes}`;
}

/** Headers of the provider's answer the browser gets as they were. */
const PASSED_HEADERS = ['content-type', 'cache-control', 'pragma', 'www-authenticate', 'referrer-policy', 'x-frame-options', 'content-security-policy', 'strict-transport-security'];

const oauthError = (res: http.ServerResponse, status: number, error: string, description: string, cookies: string[] = []) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...(cookies.length ? { 'set-cookie': cookies } : {}) });
  res.end(JSON.stringify({ error, error_description: description }));
};

/**
 * Forwards a POST to a realm's token or revocation endpoint with the cookie's refresh token in place
 * of the placeholder, and answers with the new refresh token moved into the cookie.
 */
export async function proxyIdpTokenRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  context: { platformUrl: string; secure: boolean },
  { realm, endpoint }: IdpEndpoint,
): Promise<void> {
  const body = await readBody(req, MAX_REQUEST_BYTES);
  if (body === null) return oauthError(res, 413, 'invalid_request', `The request body is larger than ${MAX_REQUEST_BYTES} bytes`);
  const params = new URLSearchParams(body);
  const held = readCookie(IDP_REFRESH_COOKIE, req.headers.cookie ?? '');
  const forget = idpRefreshCookie(realm, null, context.secure);
  const field = endpoint === 'token' ? 'refresh_token' : 'token';
  const refreshGrant = endpoint === 'token' && params.get('grant_type') === 'refresh_token';
  if ((refreshGrant || endpoint === 'revoke') && params.get(field) === IDP_REFRESH_PLACEHOLDER) {
    if (!held) {
      // Revoking nothing succeeds (RFC 7009); renewing nothing is the provider's "spent token".
      if (endpoint === 'revoke') return void res.writeHead(200, { 'cache-control': 'no-store' }).end();
      return oauthError(res, 400, 'invalid_grant', 'There is no session to renew: sign in again');
    }
    params.set(field, held);
  }
  const headers = platformHeaders(req);
  headers['content-type'] = 'application/x-www-form-urlencoded';
  if (typeof req.headers.authorization === 'string') headers.authorization = req.headers.authorization;
  if (typeof req.headers.origin === 'string') headers.origin = req.headers.origin;
  let answer: Response;
  try {
    answer = await fetch(`${context.platformUrl}${req.url ?? ''}`, { method: 'POST', headers, body: params.toString(), signal: AbortSignal.timeout(15_000) });
  } catch {
    // A network failure is no answer about the session: the page retries, the cookie stays.
    return oauthError(res, 502, 'temporarily_unavailable', 'The identity provider is unavailable');
  }
  const text = await answer.text();
  if (text.length > MAX_ANSWER_BYTES) return oauthError(res, 502, 'temporarily_unavailable', 'The identity provider’s answer was too large');
  const passed: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = answer.headers.get(name);
    if (value) passed[name] = value;
  }
  passed['cache-control'] ??= 'no-store';
  let cookies: string[] = [];
  let out = text;
  let parsed: Record<string, unknown> | null = null;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) parsed = value as Record<string, unknown>;
  } catch {
    parsed = null;
  }
  if (endpoint === 'revoke') {
    if (answer.ok) cookies = [forget];
  } else if (answer.ok && parsed && typeof parsed.refresh_token === 'string' && parsed.refresh_token) {
    cookies = [idpRefreshCookie(realm, parsed.refresh_token, context.secure)];
    out = JSON.stringify({ ...parsed, refresh_token: IDP_REFRESH_PLACEHOLDER });
  } else if (refreshGrant && parsed?.error === 'invalid_grant') {
    // The provider says the session is over: the cookie goes with it.
    cookies = [forget];
  }
  res.writeHead(answer.status, { ...passed, ...(cookies.length ? { 'set-cookie': cookies } : {}) });
  res.end(out);
}
