/**
 * JSON endpoints outside GraphQL (the game and sportsbook pages' own APIs, /api/feed): responses,
 * errors as `{ error: { reason, message, traceId } }` with a status that matches the reason, small
 * JSON bodies, and the same-origin check for the framed pages' POSTs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
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
  GameSessionEnded: 410,
  OddsChanged: 409,
  SandboxDisabled: 403,
  SandboxKeyRequired: 403,
  AuthenticationFailure: 401,
};
const MAX_JSON_BYTES = 16_384;

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
