/**
 * JSON endpoints outside GraphQL (the game and sportsbook pages' own APIs, /api/feed): responses,
 * errors as `{ error: { reason, message, traceId } }` with a status that matches the reason, small
 * JSON bodies, the same-origin check for the framed pages' POSTs, and the security headers every
 * data answer of the platform gets (secureDataAnswers, applied to all routes in http-routes.ts).
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { newTraceId, PlatformError } from '../graphql/errors.ts';
import type { ErrorReason } from '../graphql/errors.ts';
import { readBodyText } from './body.ts';

const STATUS: Partial<Record<ErrorReason, number>> = {
  BadUserInput: 400,
  InsufficientFunds: 402,
  BettingBlocked: 403,
  DocumentTooLarge: 413,
  UnsupportedFile: 415,
  LossLimitReached: 403,
  SessionLimitReached: 403,
  NotFound: 404,
  IdempotencyConflict: 409,
  ContentConflict: 409,
  GameSessionEnded: 410,
  OddsChanged: 409,
  SandboxDisabled: 403,
  SandboxKeyRequired: 403,
  AuthenticationFailure: 401,
  RateLimited: 429,
  OperatorAuthenticationFailure: 401,
  SecondFactorRequired: 401,
  OperatorRoleRequired: 403,
};
const MAX_JSON_BYTES = 16_384;

/**
 * The security headers of every data answer (JSON, plain text): nothing may sniff it as another
 * type, render it as a document, frame it, or learn from it where the browser came from. Pages set
 * their own (web/html.ts sendHtml; the framed game and sportsbook pages, embedding.ts).
 */
export const DATA_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** JSON of any flavour (application/json, application/graphql-response+json, application/jwk-set+json) and plain text. */
const DATA_TYPE = /^\s*(?:application\/(?:[\w.-]+\+)?json|text\/plain)\s*(?:;|$)/i;

/**
 * Gives every data answer of `res` DATA_SECURITY_HEADERS as its head is written, whichever code
 * writes it (a route of ours, graphql-http, oidc-provider's Koa app, the JSON 404 and 500), so a
 * new route cannot forget them. A header the route set itself wins. Pages, files and redirects are
 * left as they are: the lobby frames the game and sportsbook pages, and a silent sign-in follows
 * the identity provider's redirects inside a frame.
 */
export function secureDataAnswers(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((statusCode: number, ...rest: unknown[]) => {
    const given = rest.find((arg) => typeof arg === 'object' && arg !== null) as OutgoingHttpHeaders | string[] | undefined;
    const header = (name: string): unknown => passedHeader(given, name) ?? res.getHeader(name);
    const redirect = statusCode >= 300 && statusCode < 400;
    if (!redirect && DATA_TYPE.test(String(header('content-type') ?? ''))) {
      for (const [name, value] of Object.entries(DATA_SECURITY_HEADERS)) if (header(name) === undefined) res.setHeader(name, value);
    }
    return writeHead(statusCode, ...rest);
  }) as ServerResponse['writeHead'];
}

/** A header among those handed to writeHead (an object, or a flat list of names and values). */
function passedHeader(headers: OutgoingHttpHeaders | string[] | undefined, name: string): unknown {
  if (!headers) return undefined;
  if (Array.isArray(headers)) {
    for (let index = 0; index + 1 < headers.length; index += 2) if (String(headers[index]).toLowerCase() === name) return headers[index + 1];
    return undefined;
  }
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** Sends JSON with no caching. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(JSON.stringify(body));
}

/** Sends a PlatformError as `{ error: { reason, message, traceId } }`; anything else is logged and hidden. */
export function sendApiError(res: ServerResponse, error: unknown, where: string): void {
  const traceId = newTraceId();
  if (error instanceof PlatformError) {
    sendJson(res, STATUS[error.reason] ?? 400, { error: { ...error.details, reason: error.reason, message: error.message, traceId } });
    return;
  }
  console.error(`[platform] ${where} failed (traceId ${traceId}):`, error);
  sendJson(res, 500, { error: { reason: 'InternalError', message: `Internal error: the platform failed unexpectedly (traceId ${traceId})`, traceId } });
}

/** Reads a small JSON object body; BadUserInput when it is not JSON. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBodyText(req, MAX_JSON_BYTES, () => new PlatformError('BadUserInput', `The request body is larger than ${MAX_JSON_BYTES} bytes`));
  let value: unknown;
  try {
    value = text ? (JSON.parse(text) as unknown) : {};
  } catch {
    value = null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new PlatformError('BadUserInput', 'The request body must be a JSON object');
  return value as Record<string, unknown>;
}

/** Refuses a state-changing request that is not JSON from a page of this same origin. */
export function assertSameOriginJson(req: IncomingMessage): void {
  const type = String(req.headers['content-type'] ?? '');
  if (!/^application\/json\b/i.test(type)) throw new PlatformError('BadUserInput', 'Send the request body as JSON with content-type application/json');
  const origin = req.headers.origin;
  if (origin && origin !== 'null') {
    const forwarded = req.headers['x-forwarded-host'];
    const host = String((Array.isArray(forwarded) ? forwarded[0] : forwarded) ?? req.headers.host ?? '').split(',')[0]?.trim();
    let originHost = '';
    try {
      originHost = new URL(origin).host;
    } catch {
      // An unparsable Origin is treated as foreign.
    }
    if (originHost !== host) throw new PlatformError('BadUserInput', `Requests from ${origin} are not accepted: only the game page itself may play its session`);
  } else if (origin === 'null') {
    throw new PlatformError('BadUserInput', 'Requests from an opaque origin are not accepted: only the game page itself may play its session');
  }
}
