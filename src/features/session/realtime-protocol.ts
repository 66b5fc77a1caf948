/**
 * What both realtime protocols share (spec sections 7 and 9): the timeout and backoff constants,
 * the operation and result shapes, the session's hooks, and how a destroyed session or a stale
 * subscription context shows in an error. `realtime.ts` and `legacy-ws.ts` both build on it.
 */
/** WebSocket timeout (spec section 9): the longest silence before a socket counts as dead. */
export const REALTIME_TIMEOUT_MS = 30_000;
/** First reconnect delay. */
export const BACKOFF_MIN_MS = 1000;
/** Reconnect delays grow by this factor. */
export const BACKOFF_FACTOR = 1.2;
/** Randomisation of each delay, as a share of it. */
export const BACKOFF_JITTER = 0.5;
/** The error text the platform sends to a destroyed session's operations. */
export const SESSION_DESTROYED_ERROR = 'session_destroyed_error';
/** The error prefix that means "reconnect with a fresh token". */
export const CONTEXT_ERROR_PREFIX = 'Error resolving subscription context';

/**
 * What the console says when the socket closes and a reconnect follows (spec section 8, logging only).
 * Both protocols log it, so an operator reading a player's console sees the same line whichever
 * protocol the brand's platform speaks.
 */
export const CONNECTION_LOST_LOG = 'Unable to establish connection';

/** The console line for a socket that closed with `code` and `reason`. */
export function connectionLostLog(code: number, reason: string): string {
  return `[realtime] ${CONNECTION_LOST_LOG} (close ${code}${reason ? `: ${reason}` : ''})`;
}

/** The two wire protocols. */
export type RealtimeProtocol = 'graphql-transport-ws' | 'graphql-ws';

/**
 * The delay before reconnect attempt `attempt` (0-based): 1 s × 1.2^attempt, moved up or down by
 * up to half of itself at random, never above 30 s (the exponential backoff with jitter of spec 9).
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = BACKOFF_MIN_MS * BACKOFF_FACTOR ** attempt;
  const rand = random();
  const deviation = Math.floor(rand * BACKOFF_JITTER * base);
  const jittered = (Math.floor(rand * 10) & 1) === 0 ? base - deviation : base + deviation;
  return Math.min(Math.max(jittered, 0), REALTIME_TIMEOUT_MS);
}

/** One GraphQL operation sent over the socket. */
export interface RealtimeRequest {
  query: string;
  operationName?: string;
  variables?: Record<string, unknown>;
}

/** A GraphQL result or error list as the socket delivers it. */
export interface RealtimeResult {
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
}

/** Where a subscription's events go. */
export interface RealtimeSink {
  next(result: RealtimeResult): void;
  error(error: unknown): void;
  complete(): void;
}

/** What the connection asks of the session. */
export interface RealtimeHooks {
  /** The access token for connection_init; null means there is no session any more. */
  accessToken(): Promise<string | null>;
  /** The connection is acknowledged; `reconnected` is false only for the first ack. */
  onReady(reconnected: boolean): void;
  /** The connection dropped and is being re-established. */
  onLost(): void;
  /** The platform destroyed this socket's session: a login elsewhere, or a break taken on another device (`end`). */
  onSessionDestroyed(end: SessionEnd): void;
  /** The platform refused the token; refresh it. Resolves true to reconnect, false to stop. */
  onTokenRefused(refusedToken: string | null): Promise<boolean>;
}

/** A realtime connection: subscribe operations; `dispose` ends everything. */
export interface RealtimeConnection {
  subscribe(request: RealtimeRequest, sink: RealtimeSink): () => void;
  dispose(): void;
}

/** Why the platform destroyed a session, as its errors carry it (SessionDestroyed's cause and until); null cause: a sign-in elsewhere. */
export interface SessionEnd {
  cause: string | null;
  until: string | null;
}

/** The cause of a destroyed session from its errors' extensions; a close reason alone carries none. */
export function sessionEndOf(errors?: readonly ({ extensions?: Record<string, unknown> } | undefined)[]): SessionEnd {
  for (const error of errors ?? []) {
    const cause = error?.extensions?.cause;
    if (typeof cause === 'string') return { cause, until: typeof error?.extensions?.until === 'string' ? error.extensions.until : null };
  }
  return { cause: null, until: null };
}

/** Whether a message or reason carries session_destroyed_error. */
export function isSessionDestroyed(text: string | undefined): boolean {
  return Boolean(text?.includes(SESSION_DESTROYED_ERROR));
}

/** Whether an error list asks for a reconnect ('Error resolving subscription context'). */
export function isContextError(errors: RealtimeResult['errors']): boolean {
  return Boolean(errors?.some((error) => error.message.startsWith(CONTEXT_ERROR_PREFIX)));
}
