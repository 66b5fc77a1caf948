/**
 * The realtime connection behind the lobby's subscriptions (spec sections 4, 7 and 9), in either
 * protocol a brand's platform speaks: `graphql-transport-ws` through the graphql-ws client, or the
 * legacy `graphql-ws` protocol (`legacy-ws.ts`). Both behave the same:
 *
 * - reconnect with backoff from 1 s by factor 1.2 up to 30 s, jitter 0.5;
 * - a connection ack sets ready and restarts the operations; `onReady` tells the runtime, which
 *   refetches the balance after every reconnect so no update is lost;
 * - `session_destroyed_error` runs the session-destroyed handler;
 * - 'Error resolving subscription context' closes and reconnects (with a fresh token);
 * - a refused token at connect (close 4401) is refreshed once, then the connection starts anew;
 * - a silent dead socket is noticed within 30 s (pings or the server's ka) and replaced;
 * - a socket that closes on its own logs 'Unable to establish connection' with its close code
 *   (spec section 8's log-only message) before the reconnect.
 */
import { createClient, type Client } from 'graphql-ws';

import {
  connectionLostLog,
  isContextError,
  isSessionDestroyed,
  sessionEndOf,
  REALTIME_TIMEOUT_MS,
  reconnectDelayMs,
  type RealtimeConnection,
  type RealtimeHooks,
  type RealtimeProtocol,
  type RealtimeRequest,
  type RealtimeResult,
  type RealtimeSink,
} from './realtime-protocol.ts';

export type { RealtimeConnection, RealtimeHooks, RealtimeProtocol } from './realtime-protocol.ts';
export { reconnectDelayMs } from './realtime-protocol.ts';

/** Builds the realtime connection for a brand's protocol (`WebSocketImpl` is for tests). */
export async function createRealtimeConnection(protocol: RealtimeProtocol, url: string, hooks: RealtimeHooks, WebSocketImpl: typeof WebSocket = WebSocket): Promise<RealtimeConnection> {
  if (protocol === 'graphql-ws') {
    const { createLegacyConnection } = await import('./legacy-ws.ts');
    return createLegacyConnection(url, hooks, WebSocketImpl);
  }
  return createTransportWsConnection(url, hooks, WebSocketImpl);
}

interface Registered {
  request: RealtimeRequest;
  sink: RealtimeSink;
  stop: (() => void) | null;
}

/**
 * `graphql-transport-ws` through graphql-ws. The library reconnects ordinary drops itself (with
 * the delays above) and re-subscribes its operations; close 4401 is final for it, so this wrapper
 * refreshes the token and starts a fresh client with every registered operation.
 */
function createTransportWsConnection(url: string, hooks: RealtimeHooks, WebSocketImpl: typeof WebSocket): RealtimeConnection {
  const operations = new Set<Registered>();
  let client: Client | null = null;
  let disposed = false;
  let acks = 0;
  let lastToken: string | null = null;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  let restarting = false;

  const start = (entry: Registered) => {
    if (!client) return;
    entry.stop = client.subscribe(entry.request, {
      next: (result) => {
        const errors = (result as RealtimeResult).errors;
        if (isContextError(errors)) {
          void restart(false);
          return;
        }
        entry.sink.next(result as RealtimeResult);
      },
      error: (error) => {
        if (disposed) return;
        if (isCloseEvent(error) && error.code === 4401) {
          void handleUnauthorized(error.reason);
          return;
        }
        const errors = Array.isArray(error) ? (error as RealtimeResult['errors']) : undefined;
        if (errors?.some((item) => isSessionDestroyed(item.message))) {
          hooks.onSessionDestroyed(sessionEndOf(errors));
          return;
        }
        if (isContextError(errors)) {
          void restart(false);
          return;
        }
        entry.sink.error(error);
      },
      complete: () => undefined,
    });
  };

  const build = () => {
    const built: Client = createClient({
      url,
      webSocketImpl: WebSocketImpl,
      lazy: false,
      retryAttempts: Number.POSITIVE_INFINITY,
      shouldRetry: () => true,
      retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(retries))),
      keepAlive: 10_000,
      connectionParams: async () => {
        lastToken = await hooks.accessToken();
        return lastToken ? { accessToken: lastToken } : {};
      },
      on: {
        connected: () => {
          acks += 1;
          hooks.onReady(acks > 1);
        },
        closed: (event) => {
          clearTimeout(pongTimer);
          if (disposed) return;
          if (isCloseEvent(event) && event.code === 4401) {
            void handleUnauthorized(event.reason);
            return;
          }
          // The client this wrapper replaced or disposed closes too: that close is the wrapper's own.
          if (client === built && isCloseEvent(event)) console.warn(connectionLostLog(event.code, event.reason));
          hooks.onLost();
        },
        // A ping without a pong within 20 s (10 s after the last ping) means a dead socket: terminate
        // it so the client reconnects, well within the 30 s WebSocket timeout.
        ping: (received) => {
          if (received) return;
          clearTimeout(pongTimer);
          pongTimer = setTimeout(() => client?.terminate(), REALTIME_TIMEOUT_MS - 10_000);
        },
        pong: (received) => {
          if (received) clearTimeout(pongTimer);
        },
      },
      onNonLazyError: () => undefined,
    });
    client = built;
    for (const entry of operations) start(entry);
  };

  async function handleUnauthorized(reason: string): Promise<void> {
    if (restarting || disposed) return;
    if (isSessionDestroyed(reason)) {
      hooks.onSessionDestroyed(sessionEndOf());
      return;
    }
    await restart(true);
  }

  async function restart(tokenRefused: boolean): Promise<void> {
    if (restarting || disposed) return;
    restarting = true;
    hooks.onLost();
    const old = client;
    client = null;
    for (const entry of operations) entry.stop?.();
    void old?.dispose();
    try {
      if (tokenRefused && !(await hooks.onTokenRefused(lastToken))) return;
      if (!disposed) build();
    } finally {
      restarting = false;
    }
  }

  build();
  return {
    subscribe(request, sink) {
      const entry: Registered = { request, sink, stop: null };
      operations.add(entry);
      start(entry);
      return () => {
        operations.delete(entry);
        entry.stop?.();
      };
    },
    dispose() {
      disposed = true;
      clearTimeout(pongTimer);
      for (const entry of operations) entry.stop?.();
      operations.clear();
      void client?.dispose();
      client = null;
    },
  };
}

function isCloseEvent(value: unknown): value is { code: number; reason: string } {
  return typeof value === 'object' && value !== null && 'code' in value && 'reason' in value;
}
