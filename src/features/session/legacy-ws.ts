/**
 * A client for the legacy `graphql-ws` WebSocket protocol (the subscriptions-transport-ws messages
 * of spec section 7): connection_init with the access token in the connection params,
 * connection_ack, connection_error, ka, start, data, error, complete, stop and
 * connection_terminate. It behaves like the graphql-transport-ws connection (see realtime.ts):
 * backoff reconnects, ack → ready and every operation restarted, session_destroyed_error → the
 * session-destroyed handler, 'Error resolving subscription context' → close and reconnect, and a
 * socket silent for 30 s (the server sends ka every 10 s) is replaced. An unknown message type
 * throws 'Invalid message type!'; a message that is not JSON throws too (spec section 8).
 */
import {
  connectionLostLog,
  isContextError,
  isSessionDestroyed,
  sessionEndOf,
  REALTIME_TIMEOUT_MS,
  reconnectDelayMs,
  type RealtimeConnection,
  type RealtimeHooks,
  type RealtimeRequest,
  type RealtimeResult,
  type RealtimeSink,
} from './realtime-protocol.ts';

/** The legacy protocol's sub-protocol name. */
export const LEGACY_PROTOCOL = 'graphql-ws';

/** A legacy server message. */
export interface LegacyMessage {
  type: 'connection_ack' | 'connection_error' | 'ka' | 'data' | 'error' | 'complete';
  id?: string;
  payload?: unknown;
}

const SERVER_TYPES = new Set(['connection_ack', 'connection_error', 'ka', 'data', 'error', 'complete']);

/** Parses a server message; throws for non-JSON and for unknown types (spec section 8). */
export function parseLegacyMessage(raw: string): LegacyMessage {
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    throw new Error(`Message must be JSON-parseable. Got: ${raw.slice(0, 200)}`);
  }
  const type = (message as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !SERVER_TYPES.has(type)) throw new Error('Invalid message type!');
  return message as LegacyMessage;
}

/** Opens the legacy connection; it reconnects until disposed. */
export function createLegacyConnection(url: string, hooks: RealtimeHooks, WebSocketImpl: typeof WebSocket = WebSocket): RealtimeConnection {
  const operations = new Map<string, { request: RealtimeRequest; sink: RealtimeSink }>();
  let socket: WebSocket | null = null;
  let acknowledged = false;
  let acks = 0;
  let attempt = 0;
  let nextId = 1;
  let disposed = false;
  let token: string | null = null;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let tokenRefusedPending = false;

  const send = (message: object) => {
    if (socket?.readyState === WebSocketImpl.OPEN) socket.send(JSON.stringify(message));
  };
  const sendStart = (id: string, request: RealtimeRequest) => send({ id, type: 'start', payload: request });

  // Any message is a sign of life; silence for the WebSocket timeout means the socket is dead.
  const feedWatchdog = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      console.warn('[realtime] no message for 30 s: reconnecting');
      drop();
    }, REALTIME_TIMEOUT_MS);
  };

  /** Detaches and closes the current socket (if any), so none of its late events reach us. */
  function closeSocket(code: number, reason: string): void {
    const current = socket;
    socket = null;
    acknowledged = false;
    clearTimeout(watchdog);
    if (current) {
      current.onopen = current.onmessage = current.onclose = current.onerror = null;
      try {
        current.close(code, reason);
      } catch {
        // Already closing.
      }
    }
  }

  /** Closes the current socket (if any) and schedules the next attempt. */
  function drop(code = 4000, reason = 'reconnect'): void {
    closeSocket(code, reason);
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (disposed) return;
    hooks.onLost();
    clearTimeout(reconnectTimer);
    const delay = reconnectDelayMs(attempt);
    attempt += 1;
    reconnectTimer = setTimeout(() => void connect(), delay);
  }

  async function refreshThenReconnect(): Promise<void> {
    if (tokenRefusedPending) return;
    tokenRefusedPending = true;
    closeSocket(1000, 'token refused');
    hooks.onLost();
    try {
      if (await hooks.onTokenRefused(token)) {
        attempt = 0;
        void connect();
      }
    } finally {
      tokenRefusedPending = false;
    }
  }

  function handle(message: LegacyMessage): void {
    switch (message.type) {
      case 'connection_ack':
        acknowledged = true;
        attempt = 0;
        acks += 1;
        // Ack: ready, and every operation starts (again) on this connection.
        for (const [id, entry] of operations) sendStart(id, entry.request);
        hooks.onReady(acks > 1);
        return;
      case 'ka':
        return;
      case 'connection_error': {
        const payload = (message.payload ?? {}) as { message?: string; extensions?: Record<string, unknown> };
        if (isSessionDestroyed(payload.message)) {
          hooks.onSessionDestroyed(sessionEndOf([payload]));
          return;
        }
        if (!acknowledged || payload.extensions?.reason === 'AuthenticationFailure') void refreshThenReconnect();
        return;
      }
      case 'data': {
        const entry = message.id ? operations.get(message.id) : undefined;
        const result = (message.payload ?? {}) as RealtimeResult;
        if (isContextError(result.errors)) {
          drop();
          return;
        }
        entry?.sink.next(result);
        return;
      }
      case 'error': {
        const errors = (Array.isArray(message.payload) ? message.payload : [message.payload]) as RealtimeResult['errors'];
        if (errors?.some((error) => isSessionDestroyed(error?.message))) {
          hooks.onSessionDestroyed(sessionEndOf(errors));
          return;
        }
        if (isContextError(errors)) {
          // The token behind the connection is no longer good: close, and reconnect with a fresh one.
          void refreshThenReconnect();
          return;
        }
        const entry = message.id ? operations.get(message.id) : undefined;
        if (message.id) operations.delete(message.id);
        entry?.sink.error(errors);
        return;
      }
      case 'complete': {
        const entry = message.id ? operations.get(message.id) : undefined;
        if (message.id) operations.delete(message.id);
        entry?.sink.complete();
        return;
      }
    }
  }

  async function connect(): Promise<void> {
    if (disposed) return;
    token = await hooks.accessToken();
    if (disposed) return;
    if (!token) return;
    const ws = new WebSocketImpl(url, LEGACY_PROTOCOL);
    socket = ws;
    ws.onopen = () => {
      feedWatchdog();
      send({ type: 'connection_init', payload: { accessToken: token } });
    };
    ws.onmessage = (event) => {
      feedWatchdog();
      let message: LegacyMessage;
      try {
        message = parseLegacyMessage(String(event.data));
      } catch (error) {
        console.error(`[realtime] ${(error as Error).message}`);
        return;
      }
      handle(message);
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      acknowledged = false;
      clearTimeout(watchdog);
      if (disposed) return;
      if (isSessionDestroyed(event.reason)) {
        hooks.onSessionDestroyed(sessionEndOf());
        return;
      }
      if (event.code === 4401) {
        void refreshThenReconnectAfterClose();
        return;
      }
      console.warn(connectionLostLog(event.code, event.reason));
      scheduleReconnect();
    };
    ws.onerror = () => undefined;
  }

  async function refreshThenReconnectAfterClose(): Promise<void> {
    hooks.onLost();
    if (await hooks.onTokenRefused(token)) {
      attempt = 0;
      void connect();
    }
  }

  void connect();

  return {
    subscribe(request, sink) {
      const id = String(nextId++);
      operations.set(id, { request, sink });
      if (acknowledged) sendStart(id, request);
      return () => {
        if (operations.delete(id)) send({ id, type: 'stop' });
      };
    },
    dispose() {
      disposed = true;
      clearTimeout(watchdog);
      clearTimeout(reconnectTimer);
      send({ type: 'connection_terminate' });
      socket?.close(1000, 'dispose');
      socket = null;
      operations.clear();
    },
  };
}
