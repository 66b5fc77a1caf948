/**
 * The lobby holds the platform's refresh token for the browser (the backend-for-frontend pattern
 * of the OAuth browser-apps guidance): it lives only in an HttpOnly, SameSite=Lax cookie (Secure
 * under https) that page script cannot read, and every use of it happens here, on the server:
 *
 * - `POST /api/session/refresh` rotates it with the platform's `refreshAccessToken` and answers the
 *   new access token (and the platform's GraphQL errors as they were, so the browser tells a spent
 *   session from a network failure);
 * - `POST /api/session/logout` forgets both cookies;
 * - a sign-in the lobby's own script makes through GraphQL (it marks the request with
 *   `x-atrium-session: cookie`) gets its answer with the refresh token taken out and put in the
 *   cookie instead; other API clients get the tokens as the platform gave them;
 * - a page address carrying `accessToken` and `refreshToken` (a pay-and-play provider's return to its
 *   handler route) is answered with the cookies and a redirect to the same address without them, so
 *   the tokens never reach the page, its history or a Referer.
 *
 * The access token stays readable (cookie `accessToken`): it is short-lived, and the browser sends
 * it as the bearer of its GraphQL calls and socket. The cookies are written with the same names,
 * path and lifetime the page used before, so a session that began before this change goes on.
 */
import type http from 'node:http';
import {
  ACCESS_TOKEN_COOKIE, readCookie, REFRESH_TOKEN_COOKIE, SESSION_COOKIE_HEADER, SESSION_LOGOUT_ENDPOINT, SESSION_REFRESH_ENDPOINT, TOKEN_COOKIE_MAX_AGE_S,
} from '../src/features/session/token-cookies.ts';
import { platformHeaders, readBody } from './forwarding.ts';
import { idpRefreshCookie } from './idp-refresh-cookie.ts';

/** The paths of the lobby's session endpoints (one source with the browser's, token-cookies.ts). */
export const SESSION_REFRESH_PATH = SESSION_REFRESH_ENDPOINT;
export const SESSION_LOGOUT_PATH = SESSION_LOGOUT_ENDPOINT;
/** The most a GraphQL answer read here may weigh (sign-in answers are a few hundred bytes). */
const MAX_ANSWER_BYTES = 1_000_000;

const REFRESH_MUTATION = 'mutation RefreshAccessToken($refreshToken: String!) { refreshAccessToken(refreshToken: $refreshToken) { accessToken refreshToken expiresIn sessionId } }';

/** The `Set-Cookie` values that hold a token pair (refresh HttpOnly) or, with null, forget it. */
export function sessionCookies(pair: { accessToken: string; refreshToken: string } | null, secure: boolean): string[] {
  const attributes = (maxAge: number) => `Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
  if (!pair) return [ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE].map((name) => `${name}=; ${attributes(0)}${name === REFRESH_TOKEN_COOKIE ? '; HttpOnly' : ''}`);
  return [
    `${ACCESS_TOKEN_COOKIE}=${encodeURIComponent(pair.accessToken)}; ${attributes(TOKEN_COOKIE_MAX_AGE_S)}`,
    `${REFRESH_TOKEN_COOKIE}=${encodeURIComponent(pair.refreshToken)}; ${attributes(TOKEN_COOKIE_MAX_AGE_S)}; HttpOnly`,
  ];
}

/** What the session routes need of the lobby: where the platform is and the forwarded headers it adds. */
export interface SessionRouteContext {
  platformUrl: string;
  secure: boolean;
  /** The headers the lobby forwards to the platform (x-brand, X-Forwarded-For, …), already set on req. */
  req: http.IncomingMessage;
}

const json = (res: http.ServerResponse, status: number, body: unknown, cookies: string[] = []) => {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...(cookies.length ? { 'set-cookie': cookies } : {}),
  });
  res.end(JSON.stringify(body));
};


/** A GraphQL error answer in the platform's shape, with a reason the browser switches on. */
const graphqlError = (reason: string, message: string) => ({ errors: [{ message, extensions: { reason } }] });

/**
 * POST /api/session/refresh: the refresh token comes from the HttpOnly cookie (or, once, from the
 * body: tokens an older lobby left in local storage); the answer carries the new access token and
 * sets both cookies.
 */
async function refresh(req: http.IncomingMessage, res: http.ServerResponse, context: SessionRouteContext): Promise<void> {
  const body = await readBody(req, 16_384);
  let fromBody: string | undefined;
  try {
    // The browser sends the RefreshAccessToken document's usual body; its variable is empty unless
    // a token reached page script (an older lobby's storage) and is adopted into the cookie now.
    const parsed: unknown = body ? JSON.parse(body) : {};
    const variables = parsed && typeof parsed === 'object' ? (parsed as { variables?: unknown }).variables : undefined;
    const value = variables && typeof variables === 'object' ? (variables as Record<string, unknown>).refreshToken : undefined;
    fromBody = typeof value === 'string' && value ? value : undefined;
  } catch {
    return json(res, 400, graphqlError('BadRequest', 'The body must be JSON: { "variables": {} } (or { "variables": { "refreshToken": "…" } } to adopt a token)'));
  }
  const refreshToken = readCookie(REFRESH_TOKEN_COOKIE, req.headers.cookie ?? '') ?? fromBody;
  if (!refreshToken) return json(res, 200, graphqlError('InvalidTokenFailure', 'There is no session to refresh: sign in'));
  let answer: Response;
  try {
    answer = await fetch(`${context.platformUrl}/graphql`, {
      method: 'POST',
      headers: platformHeaders(req),
      body: JSON.stringify({ query: REFRESH_MUTATION, variables: { refreshToken } }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return json(res, 502, graphqlError('PlatformUnavailable', 'The platform is unavailable'));
  }
  const text = await answer.text();
  let result: { data?: { refreshAccessToken?: { accessToken: string; refreshToken: string; expiresIn?: number; sessionId?: string } | null }; errors?: unknown[] };
  try {
    result = JSON.parse(text) as typeof result;
  } catch {
    return json(res, 502, graphqlError('PlatformUnavailable', 'The platform gave an answer that is not JSON'));
  }
  const pair = result.data?.refreshAccessToken;
  if (!pair) {
    // A spent or revoked session: the cookies go too, so the next page renders for a visitor.
    const ended = JSON.stringify(result.errors ?? []).includes('InvalidTokenFailure');
    return json(res, answer.status >= 500 ? 502 : 200, { errors: result.errors ?? graphqlError('RefreshFailure', 'The refresh failed').errors }, ended ? sessionCookies(null, context.secure) : []);
  }
  // The refresh token stays in the cookie: the answer's field is empty, as a sign-in's is.
  json(res, 200, { data: { refreshAccessToken: { accessToken: pair.accessToken, refreshToken: '', expiresIn: pair.expiresIn ?? null, sessionId: pair.sessionId ?? null } } }, sessionCookies(pair, context.secure));
}

/**
 * Handles the lobby's session endpoints; returns false for any other path. Only POST: the lobby's
 * cross-site write guard has already refused a request another site sent.
 */
export async function handleSessionRoute(path: string, req: http.IncomingMessage, res: http.ServerResponse, context: SessionRouteContext): Promise<boolean> {
  if (path !== SESSION_REFRESH_PATH && path !== SESSION_LOGOUT_PATH) return false;
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'POST', 'content-type': 'text/plain; charset=utf-8' }).end('Use POST.\n');
    return true;
  }
  if (path === SESSION_LOGOUT_PATH) {
    req.resume();
    // The identity provider's refresh token (idp-refresh-cookie.ts) goes too, for the brand's realm.
    const realm = req.headers['x-brand'];
    const forget = [...sessionCookies(null, context.secure), ...(typeof realm === 'string' ? [idpRefreshCookie(realm, null, context.secure)] : [])];
    res.writeHead(204, { 'cache-control': 'no-store', 'set-cookie': forget }).end();
    return true;
  }
  await refresh(req, res, context);
  return true;
}

/** Whether a proxied GraphQL request asks the lobby to keep its sign-in's refresh token. */
export function wantsSessionCookie(req: http.IncomingMessage): boolean {
  return req.method === 'POST' && req.headers[SESSION_COOKIE_HEADER] === 'cookie';
}

/** Every `{ accessToken, refreshToken }` object in a GraphQL answer's data: the refresh token is taken out. */
function takeRefreshTokens(value: unknown, found: { accessToken: string; refreshToken: string }[]): void {
  if (!value || typeof value !== 'object') return;
  if (Array.isArray(value)) return value.forEach((item) => takeRefreshTokens(item, found));
  const record = value as Record<string, unknown>;
  if (typeof record.refreshToken === 'string' && typeof record.accessToken === 'string' && record.refreshToken) {
    found.push({ accessToken: record.accessToken, refreshToken: record.refreshToken });
    record.refreshToken = '';
  }
  for (const child of Object.values(record)) takeRefreshTokens(child, found);
}

/**
 * Sends a GraphQL request of the lobby's own script to the platform and answers it with every
 * refresh token taken out of the data and the last pair set as the session's cookies.
 */
export async function proxySignIn(req: http.IncomingMessage, res: http.ServerResponse, context: SessionRouteContext, bodyLimit: number): Promise<void> {
  const body = await readBody(req, bodyLimit);
  if (body === null) return json(res, 413, graphqlError('BadRequest', `The request body is larger than ${bodyLimit} bytes: send less`));
  const headers = platformHeaders(req);
  if (typeof req.headers.authorization === 'string') headers.authorization = req.headers.authorization;
  let answer: Response;
  try {
    answer = await fetch(`${context.platformUrl}${req.url ?? '/graphql'}`, { method: 'POST', headers, body, signal: AbortSignal.timeout(30_000) });
  } catch {
    return json(res, 502, graphqlError('PlatformUnavailable', 'The platform is unavailable'));
  }
  const text = await answer.text();
  if (text.length > MAX_ANSWER_BYTES) return json(res, 502, graphqlError('PlatformUnavailable', 'The platform’s answer was too large'));
  let result: { data?: unknown };
  try {
    result = JSON.parse(text) as typeof result;
  } catch {
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain', 'cache-control': 'no-store' }).end(text);
    return;
  }
  const found: { accessToken: string; refreshToken: string }[] = [];
  takeRefreshTokens(result.data, found);
  const pair = found.at(-1);
  json(res, answer.status, result, pair ? sessionCookies(pair, context.secure) : []);
}

/**
 * A page address carrying a token pair (a pay-and-play provider's return): the cookies, and the
 * same address without the tokens. Null when the address carries no pair.
 */
export function adoptTokensFromAddress(url: string, secure: boolean): { location: string; cookies: string[] } | null {
  const query = url.indexOf('?');
  if (query < 0) return null;
  const params = new URLSearchParams(url.slice(query + 1));
  const accessToken = params.get(ACCESS_TOKEN_COOKIE);
  const refreshToken = params.get(REFRESH_TOKEN_COOKIE);
  if (!accessToken && !refreshToken) return null;
  params.delete(ACCESS_TOKEN_COOKIE);
  params.delete(REFRESH_TOKEN_COOKIE);
  const rest = params.toString();
  const location = `${url.slice(0, query)}${rest ? `?${rest}` : ''}`;
  // Half a pair is no session: it is only taken off the address.
  return { location, cookies: accessToken && refreshToken ? sessionCookies({ accessToken, refreshToken }, secure) : [] };
}
