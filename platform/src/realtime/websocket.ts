/**
 * GraphQL over WebSocket at /graphql (and /api/graphql), in both protocols the lobby may speak,
 * chosen by the Sec-WebSocket-Protocol header:
 *
 * - `graphql-transport-ws` (graphql-ws v6 `useServer`): modern-socket.ts;
 * - `graphql-ws`, the legacy subscriptions-transport-ws messages (also used when no protocol is
 *   offered): legacy-socket.ts.
 *
 * What both share (limits, signed-in sockets, token and brand reading) is in socket-hub.ts; this
 * module routes upgrades, caps sockets per client address and ends an ended session's sockets.
 *
 * The token is read from the connection params as `accessToken`, `token`, `authToken` or
 * `Authorization`/`authorization` ("Bearer …" or bare). Every operation re-checks it, so an
 * expired token gets "Error resolving subscription context: …" (the lobby reconnects with a fresh
 * token). When a session ends (logout, sandboxDestroySession, a second login) its sockets take no
 * more of the player's events at once, then get an `error` for each running operation and close,
 * both carrying `session_destroyed_error` (or `session_ended: <reason>`).
 *
 * Limits (SocketLimits): frames over 64 KiB close with 1009; past 50 operations on one socket,
 * 10 sockets of one player or 50 sockets from one client address the socket closes with 4429
 * and a reason naming the limit (legacy sockets get a connection_error first).
 *
 * Events reach these sockets from any platform process through the event bus (events.ts). When the
 * bus's LISTEN connection was lost and is back, every socket closes with 1012 so its client
 * reconnects and re-reads what it may have missed.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { GraphQLSchema } from 'graphql';
import type { WebSocketServer } from 'ws';
import type WebSocket from 'ws';
import { clientAddress } from '../geo/country.ts';
import type { PlatformServices } from '../graphql/context.ts';
import type { SessionEnded } from './events.ts';
import { createLegacyServer } from './legacy-socket.ts';
import { createModernServer } from './modern-socket.ts';
import { addressSlots, createSocketHub, DEFAULT_SOCKET_LIMITS, TOO_MANY_CLOSE_CODE } from './socket-hub.ts';
import type { SocketLimits } from './socket-hub.ts';

export { CONTEXT_ERROR_PREFIX, DEFAULT_SOCKET_LIMITS, SESSION_DESTROYED_ERROR, tokenFromParams, TOO_MANY_CLOSE_CODE } from './socket-hub.ts';
export type { SocketLimits } from './socket-hub.ts';

/** The close code of every socket when the event bus lost its LISTEN connection and got it back (1012: service restart; clients reconnect). */
export const RESYNC_CLOSE_CODE = 1012;
/** Its reason. */
export const RESYNC_CLOSE_REASON = 'events may have been missed: reconnect';
/** The close code every socket gets when the platform shuts down (RFC 6455: service restart). */
export const SERVICE_RESTART_CLOSE_CODE = 1012;

/** The WebSocket side of the platform. */
export interface Realtime {
  /** Takes over an HTTP upgrade for a GraphQL path; returns false for other paths. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Closes every socket with 1012 (service restart), cutting off after a second those that do not answer. */
  close(): Promise<void>;
}

/** Creates both WebSocket servers over the schema and wires session destruction. */
export function createRealtime(services: PlatformServices, schema: GraphQLSchema, limitOverrides: Partial<SocketLimits> = {}): Realtime {
  const limits: SocketLimits = { ...DEFAULT_SOCKET_LIMITS, ...limitOverrides };
  const hub = createSocketHub(services, schema, limits);
  const sockets = new Set<WebSocket>();
  // Sockets per client address, in this process. The caps on sockets (per address here, per player in
  // the hub) bound what one client can hold open on one process: with N platform processes behind a
  // load balancer a client can hold at most N times as many. That keeps them what they are for (a
  // bound on abuse) without a database write per socket; platform/README.md says so.
  const addresses = addressSlots(limits.socketsPerAddress);

  const unsubscribe = services.events.onSessionEnded((event: SessionEnded) => {
    for (const connection of hub.connections) {
      if (connection.sid !== event.sessionId) continue;
      // At once: events published from now on never reach this socket.
      connection.gate.abort();
      // The errors and the close a tick later, so a SessionDestroyed event published just before still goes out.
      setTimeout(() => connection.endSession(event), 25);
    }
  });

  // The bus's LISTEN came back after a loss: events for these sockets may have been missed. Each
  // socket closes with 1012 (service restart); the lobby reconnects and re-reads the wallet and the
  // player after every reconnect, which is the resync.
  const stopResync = services.events.onResync(() => {
    for (const socket of sockets) socket.close(RESYNC_CLOSE_CODE, RESYNC_CLOSE_REASON);
  });

  const modern = createModernServer(hub);
  const legacy = createLegacyServer(hub);

  /** Counts the socket against its address and hands it to its protocol, or closes it past the address cap. */
  function admit(server: WebSocketServer, socket: WebSocket, req: IncomingMessage): void {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const address = clientAddress(req) ?? 'unknown';
    if (!addresses.take(address, socket)) {
      // Refused after the handshake rather than before, so the client can read why in the close.
      socket.on('error', () => undefined);
      const text = `Too many sockets from this address: at most ${limits.socketsPerAddress}`;
      if (server === legacy) socket.send(JSON.stringify({ type: 'connection_error', payload: { message: text, extensions: { reason: 'TooManySockets' } } }));
      socket.close(TOO_MANY_CLOSE_CODE, text);
      return;
    }
    server.emit('connection', socket, req);
    // ws reports a client's protocol fault (a frame over maxPayload, bad UTF-8…) as an 'error' after it
    // has already begun closing with the fitting code (1009, 1007…). graphql-ws would log each one as an
    // internal error and try a 4500 close; for a client's fault the close is all there is to do.
    socket.removeAllListeners('error');
    socket.on('error', () => undefined);
  }

  return {
    handleUpgrade(req, socket, head) {
      const path = (req.url ?? '/').split('?')[0];
      if (path !== '/graphql' && path !== '/api/graphql' && path !== '/graphql/' && path !== '/api/graphql/') return false;
      const offered = String(req.headers['sec-websocket-protocol'] ?? '')
        .split(',')
        .map((value) => value.trim());
      const server = offered.includes('graphql-transport-ws') ? modern : legacy;
      server.handleUpgrade(req, socket, head, (ws) => admit(server, ws, req));
      return true;
    },
    async close() {
      unsubscribe();
      stopResync();
      // 1012 (service restart): the lobby's clients reconnect, through a load balancer to another
      // process. A client that does not answer the close handshake within a second is cut off.
      const closed = [...sockets].map((socket) => new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close(SERVICE_RESTART_CLOSE_CODE, 'Service restart: reconnect');
      }));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(closed), new Promise((resolve) => (timer = setTimeout(resolve, 1000)))]);
      clearTimeout(timer);
      for (const socket of sockets) socket.terminate();
      await Promise.all([modern, legacy].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
