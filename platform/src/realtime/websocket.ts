/**
 * GraphQL over WebSocket at /graphql (and /api/graphql), in both protocols the lobby may speak,
 * chosen by the Sec-WebSocket-Protocol header:
 *
 * - `graphql-transport-ws` (graphql-ws v6 `useServer`): the access token goes in the
 *   ConnectionInit payload; a bad one closes the socket with 4401 "AuthenticationFailure: …". A
 *   second ConnectionInit closes with 4429 (graphql-ws), so a socket never changes player.
 * - `graphql-ws`, the legacy subscriptions-transport-ws messages (also used when no protocol is
 *   offered): connection_init → connection_ack + ka every 10 s, or connection_error and close 4401;
 *   start/data/error/complete/stop; connection_terminate. As in the reference server, a `start`
 *   sent after connection_init but before the ack waits for the ack and then runs (the stock
 *   client sends both at once). A later connection_init re-authenticates: another player's token
 *   completes every running operation of the old player first.
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
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { execute, getOperationAST, GraphQLError, parse, subscribe, validate } from 'graphql';
import type { DocumentNode, ExecutionResult, GraphQLSchema } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type WebSocket from 'ws';
import { clientAddress } from '../geo/country.ts';
import { createContext } from '../graphql/context.ts';
import type { PlatformServices } from '../graphql/context.ts';
import { formatPlatformError, PlatformError } from '../graphql/errors.ts';
import { operationRules } from '../graphql/limits.ts';
import type { SessionEnded } from './events.ts';

/** The message a destroyed session's sockets receive (spec section 4). */
export const SESSION_DESTROYED_ERROR = 'session_destroyed_error';
/** Prefix of errors that tell the lobby to reconnect with a fresh token (spec section 4). */
export const CONTEXT_ERROR_PREFIX = 'Error resolving subscription context';
/**
 * The close code of a socket past one of the SocketLimits. Neither protocol defines one for "too
 * many": 4429 is graphql-ws's "too many" code (TooManyInitialisationRequests, HTTP 429's number),
 * and its client treats it as final instead of reconnecting at once; the reason names the limit.
 */
export const TOO_MANY_CLOSE_CODE = 4429;
/** Legacy keep-alive interval; the lobby calls a socket dead after 30 s of silence. */
const KEEP_ALIVE_MS = 10_000;
/** How long a legacy client may take to send connection_init. */
const INIT_TIMEOUT_MS = 10_000;

/** What one client may hold open. */
export interface SocketLimits {
  /** Largest frame a client may send, in bytes; a bigger one closes the socket with 1009. */
  maxPayloadBytes: number;
  /** Operations (subscriptions, and queries in flight) running or queued on one socket. */
  subscriptionsPerSocket: number;
  /** Signed-in sockets of one player, over every session and brand. */
  socketsPerPlayer: number;
  /** Open sockets from one client address (clientAddress: X-Forwarded-For or the peer). */
  socketsPerAddress: number;
}

/** The limits when the platform is given none: far above what the lobby uses (5 subscriptions, 1 socket per tab). */
export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  maxPayloadBytes: 64 * 1024,
  subscriptionsPerSocket: 50,
  socketsPerPlayer: 10,
  socketsPerAddress: 50,
};

/** The WebSocket side of the platform. */
export interface Realtime {
  /** Takes over an HTTP upgrade for a GraphQL path; returns false for other paths. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Closes every socket. */
  close(): Promise<void>;
}

/** A signed-in socket. */
interface Connection {
  sid: string;
  playerId: string;
  /** Aborted the moment the socket stops speaking for this player: its event streams take nothing more. */
  gate: AbortController;
  /** Sends the session-ended errors and closes. */
  endSession(reason: string): void;
}

/** Reads the bearer token from connection params in any of the usual spellings. */
export function tokenFromParams(params: unknown): string | null {
  if (!params || typeof params !== 'object') return null;
  const record = params as Record<string, unknown>;
  const headers = (record.headers && typeof record.headers === 'object' ? record.headers : {}) as Record<string, unknown>;
  for (const value of [record.accessToken, record.token, record.authToken, record.Authorization, record.authorization, headers.Authorization, headers.authorization]) {
    if (typeof value === 'string' && value.trim()) return value.trim().replace(/^Bearer\s+/i, '');
  }
  return null;
}

function errorPayload(error: unknown): object {
  const graphQLError = error instanceof GraphQLError ? error : new GraphQLError((error as Error).message, { originalError: error as Error });
  return formatPlatformError(graphQLError).toJSON();
}

/** A close reason fits in 123 bytes. */
function closeReason(text: string): string {
  return Buffer.byteLength(text) <= 123 ? text : `${Buffer.from(text).subarray(0, 120).toString()}…`;
}

/** The text a session's sockets get when it ends. */
function sessionEndedText(reason: string): string {
  return reason === 'destroyed' ? SESSION_DESTROYED_ERROR : `session_ended: ${reason}`;
}

/** Creates both WebSocket servers over the schema and wires session destruction. */
export function createRealtime(services: PlatformServices, schema: GraphQLSchema, limitOverrides: Partial<SocketLimits> = {}): Realtime {
  const rules = operationRules({ allowIntrospection: services.authSettings.enableSandboxAdmin });
  const limits: SocketLimits = { ...DEFAULT_SOCKET_LIMITS, ...limitOverrides };
  const connections = new Set<Connection>();
  const sockets = new Set<WebSocket>();
  // Counters of this process's sockets. One process serves every socket today; issue 19 moves shared
  // counters to PostgreSQL, and these go with them when the platform runs as several processes.
  const socketsByAddress = new Map<string, number>();

  const brandOf = (req: IncomingMessage): string | null => {
    const value = req.headers['x-brand'];
    const id = (Array.isArray(value) ? value[0] : value)?.trim();
    return id && services.brands.has(id) ? id : null;
  };

  /** Whether one more signed-in socket for the player would pass the cap (not counting `except`, a socket re-initialising). */
  const playerIsFull = (playerId: string, except: Connection | null): boolean => {
    let count = 0;
    for (const connection of connections) if (connection.playerId === playerId && connection !== except) count += 1;
    return count >= limits.socketsPerPlayer;
  };
  const tooManySocketsText = `Too many sockets for this player: at most ${limits.socketsPerPlayer}; close another tab or device`;
  const tooManyOperationsText = `Too many subscriptions on this socket: at most ${limits.subscriptionsPerSocket}; stop some first`;

  const unsubscribe = services.events.onSessionEnded((event: SessionEnded) => {
    for (const connection of connections) {
      if (connection.sid !== event.sessionId) continue;
      // At once: events published from now on never reach this socket.
      connection.gate.abort();
      // The errors and the close a tick later, so a SessionDestroyed event published just before still goes out.
      setTimeout(() => connection.endSession(event.reason), 25);
    }
  });

  // graphql-transport-ws, through graphql-ws.
  const modern = new WebSocketServer({ noServer: true, maxPayload: limits.maxPayloadBytes });
  const tokens = new WeakMap<WebSocket, string>();
  const modernConnections = new WeakMap<WebSocket, Connection>();
  useServer<Record<string, unknown> | undefined>(
    {
      schema,
      validate: (s, document) => validate(s, document, rules),
      async onConnect(ctx) {
        const socket = ctx.extra.socket;
        const token = tokenFromParams(ctx.connectionParams);
        try {
          const auth = await services.auth.authenticate(token, brandOf(ctx.extra.request));
          if (playerIsFull(auth.playerId, null)) {
            socket.close(TOO_MANY_CLOSE_CODE, closeReason(tooManySocketsText));
            return false;
          }
          tokens.set(socket, token as string);
          const connection: Connection = {
            sid: auth.sid,
            playerId: auth.playerId,
            gate: new AbortController(),
            endSession(reason) {
              const message = sessionEndedText(reason);
              for (const id of Object.keys(ctx.subscriptions)) {
                socket.send(JSON.stringify({ id, type: 'error', payload: [{ message, extensions: { reason: 'SessionDestroyed', sessionId: auth.sid } }] }));
              }
              socket.close(CloseCode.Unauthorized, message);
            },
          };
          connections.add(connection);
          modernConnections.set(socket, connection);
          return { sessionId: auth.sid };
        } catch (error) {
          const reason = error instanceof PlatformError ? error.reason : 'InternalError';
          socket.close(CloseCode.Unauthorized, closeReason(`${reason}: ${(error as Error).message}`));
          return false;
        }
      },
      async onSubscribe(ctx) {
        // graphql-ws has already registered this id, so the count includes it.
        if (Object.keys(ctx.subscriptions).length > limits.subscriptionsPerSocket) {
          ctx.extra.socket.close(TOO_MANY_CLOSE_CODE, closeReason(tooManyOperationsText));
          return [new GraphQLError(tooManyOperationsText, { extensions: { reason: 'TooManySubscriptions' } })];
        }
        try {
          await services.auth.authenticate(tokens.get(ctx.extra.socket) ?? null, brandOf(ctx.extra.request));
        } catch (error) {
          return [new GraphQLError(`${CONTEXT_ERROR_PREFIX}: ${(error as Error).message}`, { extensions: { reason: (error as PlatformError).reason ?? 'AuthenticationFailure' } })];
        }
        return undefined;
      },
      context: (ctx) =>
        createContext(services, ctx.extra.request, { bearer: tokens.get(ctx.extra.socket) ?? null, streamGate: modernConnections.get(ctx.extra.socket)?.gate.signal ?? null }),
      onClose(ctx) {
        const connection = modernConnections.get(ctx.extra.socket);
        if (connection) connections.delete(connection);
      },
      onError(_ctx, _id, _payload, errors) {
        return errors.map((error) => formatPlatformError(error));
      },
      onNext(_ctx, _id, _payload, _args, result) {
        if (!result.errors) return result;
        return { ...result, errors: result.errors.map((error) => formatPlatformError(error)) };
      },
    },
    modern,
  );

  // The legacy graphql-ws protocol (subscriptions-transport-ws messages).
  const legacy = new WebSocketServer({ noServer: true, maxPayload: limits.maxPayloadBytes, handleProtocols: (protocols) => (protocols.has('graphql-ws') ? 'graphql-ws' : false) });
  legacy.on('connection', (socket: WebSocket, req: IncomingMessage) => serveLegacy(socket, req));

  /** A legacy operation: queued until its connection_init is accepted, then running. */
  interface Operation {
    started: boolean;
    iterator: AsyncIterator<unknown> | null;
  }
  type StartPayload = { query?: string; variables?: Record<string, unknown> | null; operationName?: string | null };

  function serveLegacy(socket: WebSocket, req: IncomingMessage): void {
    const operations = new Map<string, Operation>();
    let token: string | null = null;
    let connection: Connection | null = null;
    /** The outcome of the latest connection_init (true: acknowledged); null before the first. */
    let ready: Promise<boolean> | null = null;
    let keepAlive: NodeJS.Timeout | null = null;
    const send = (message: object) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    /** A connection_error naming what went wrong, then the close. */
    const refuse = (code: number, message: string, reason: string) => {
      send({ type: 'connection_error', payload: { message, extensions: { reason } } });
      socket.close(code, closeReason(code === TOO_MANY_CLOSE_CODE ? message : `${reason}: ${message}`));
    };
    const initTimer = setTimeout(() => {
      if (!connection) socket.close(4408, 'connection_init was not sent within 10 s');
    }, INIT_TIMEOUT_MS);

    const stop = (id: string) => {
      const operation = operations.get(id);
      operations.delete(id);
      void operation?.iterator?.return?.();
    };

    const signIn = (auth: { sid: string; playerId: string }): Connection => {
      const created: Connection = {
        sid: auth.sid,
        playerId: auth.playerId,
        gate: new AbortController(),
        endSession(reason) {
          const text = sessionEndedText(reason);
          const extensions = { reason: 'SessionDestroyed', sessionId: created.sid };
          for (const id of operations.keys()) send({ id, type: 'error', payload: [{ message: text, extensions }] });
          send({ type: 'connection_error', payload: { message: text, extensions } });
          socket.close(4401, text);
        },
      };
      connections.add(created);
      return created;
    };

    /** The old player's streams end at once, and its operations complete: the socket speaks for someone else now. */
    const signOut = (old: Connection) => {
      old.gate.abort();
      connections.delete(old);
      for (const [id, operation] of [...operations]) {
        if (!operation.started) continue;
        stop(id);
        send({ id, type: 'complete' });
      }
    };

    async function initialise(payload: unknown, previous: Promise<boolean> | null): Promise<boolean> {
      // Inits are handled in the order they came, like the starts queued behind them.
      if (previous && !(await previous)) return false;
      try {
        const candidate = tokenFromParams(payload);
        const auth = await services.auth.authenticate(candidate, brandOf(req));
        if (socket.readyState !== socket.OPEN) return false;
        if (connection && connection.playerId !== auth.playerId) {
          signOut(connection);
          connection = null;
        }
        if (playerIsFull(auth.playerId, connection)) {
          for (const id of operations.keys()) send({ id, type: 'error', payload: [{ message: tooManySocketsText, extensions: { reason: 'TooManySockets' } }] });
          refuse(TOO_MANY_CLOSE_CODE, tooManySocketsText, 'TooManySockets');
          return false;
        }
        if (connection) connection.sid = auth.sid;
        else connection = signIn(auth);
        token = candidate;
        clearTimeout(initTimer);
        send({ type: 'connection_ack' });
        send({ type: 'ka' });
        keepAlive ??= setInterval(() => send({ type: 'ka' }), KEEP_ALIVE_MS);
        return true;
      } catch (error) {
        const reason = error instanceof PlatformError ? error.reason : 'InternalError';
        const message = (error as Error).message;
        // As the reference server does, the operations waiting for this init fail with its error.
        for (const [id, operation] of [...operations]) {
          if (operation.started) continue;
          operations.delete(id);
          send({ id, type: 'error', payload: [{ message, extensions: { reason } }] });
        }
        refuse(4401, message, reason);
        return false;
      }
    }

    async function run(id: string, operation: Operation, payload: StartPayload) {
      operation.started = true;
      const current = () => operations.get(id) === operation;
      const context = createContext(services, req, { bearer: token, streamGate: connection?.gate.signal ?? null });
      try {
        await context.auth();
      } catch (error) {
        if (!current()) return;
        operations.delete(id);
        send({ id, type: 'error', payload: [{ message: `${CONTEXT_ERROR_PREFIX}: ${(error as Error).message}`, extensions: { reason: (error as PlatformError).reason ?? 'AuthenticationFailure' } }] });
        return;
      }
      if (!current()) return;
      let document: DocumentNode;
      try {
        document = parse(String(payload?.query ?? ''));
      } catch (error) {
        operations.delete(id);
        send({ id, type: 'error', payload: [{ ...errorPayload(error), extensions: { reason: 'GraphQLParseFailed' } }] });
        return;
      }
      const errors = validate(schema, document, rules);
      if (errors.length > 0) {
        operations.delete(id);
        send({ id, type: 'error', payload: errors.map((error) => ({ message: error.message, extensions: { reason: 'GraphQLValidationFailed' } })) });
        return;
      }
      const args = { schema, document, contextValue: context, variableValues: payload.variables ?? {}, operationName: payload.operationName ?? null };
      const ast = getOperationAST(document, args.operationName);
      const result = ast?.operation === 'subscription' ? await subscribe(args) : await execute(args);
      const format = (value: ExecutionResult) => (value.errors ? { ...value, errors: value.errors.map((error) => formatPlatformError(error).toJSON()) } : value);
      if (!(Symbol.asyncIterator in Object(result))) {
        if (current()) {
          send({ id, type: 'data', payload: format(result as ExecutionResult) });
          send({ id, type: 'complete' });
          operations.delete(id);
        }
        return;
      }
      const iterator = (result as AsyncIterable<ExecutionResult>)[Symbol.asyncIterator]();
      if (!current()) {
        void iterator.return?.();
        return;
      }
      operation.iterator = iterator;
      try {
        for (;;) {
          const next = await iterator.next();
          if (next.done || !current()) break;
          send({ id, type: 'data', payload: format(next.value) });
        }
        if (current()) send({ id, type: 'complete' });
      } catch (error) {
        if (current()) send({ id, type: 'error', payload: [errorPayload(error)] });
      } finally {
        if (current()) operations.delete(id);
      }
    }

    socket.on('message', (raw) => {
      let message: { type?: string; id?: string; payload?: unknown };
      try {
        message = JSON.parse(String(raw));
      } catch {
        send({ type: 'connection_error', payload: { message: 'Messages must be JSON' } });
        return;
      }
      switch (message.type) {
        case 'connection_init':
          ready = initialise(message.payload, ready);
          return;
        case 'start': {
          if (!ready || !message.id) {
            send({ id: message.id, type: 'error', payload: [{ message: ready ? 'start needs an id' : 'Send connection_init before start' }] });
            return;
          }
          // A start for an id already running replaces it, as in the reference server.
          if (operations.has(message.id)) stop(message.id);
          if (operations.size >= limits.subscriptionsPerSocket) {
            refuse(TOO_MANY_CLOSE_CODE, tooManyOperationsText, 'TooManySubscriptions');
            return;
          }
          const id = message.id;
          const operation: Operation = { started: false, iterator: null };
          operations.set(id, operation);
          const payload = (message.payload ?? {}) as StartPayload;
          // Queued behind the latest connection_init: it runs once that is acknowledged.
          void ready.then((accepted) => {
            if (accepted && operations.get(id) === operation) void run(id, operation, payload);
          });
          return;
        }
        case 'stop':
          if (message.id) stop(message.id);
          return;
        case 'connection_terminate':
          socket.close(1000, 'connection_terminate');
          return;
        default:
          send({ id: message.id, type: 'error', payload: [{ message: `Unknown message type "${String(message.type)}": use connection_init, start, stop or connection_terminate` }] });
      }
    });

    socket.on('close', () => {
      clearTimeout(initTimer);
      if (keepAlive) clearInterval(keepAlive);
      if (connection) {
        connection.gate.abort();
        connections.delete(connection);
      }
      for (const id of [...operations.keys()]) stop(id);
    });
  }

  /** Counts the socket against its address and hands it to its protocol, or closes it past the address cap. */
  function admit(server: WebSocketServer, socket: WebSocket, req: IncomingMessage): void {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const address = clientAddress(req) ?? 'unknown';
    const open = socketsByAddress.get(address) ?? 0;
    if (open >= limits.socketsPerAddress) {
      // Refused after the handshake rather than before, so the client can read why in the close.
      socket.on('error', () => undefined);
      const text = `Too many sockets from this address: at most ${limits.socketsPerAddress}`;
      if (server === legacy) socket.send(JSON.stringify({ type: 'connection_error', payload: { message: text, extensions: { reason: 'TooManySockets' } } }));
      socket.close(TOO_MANY_CLOSE_CODE, text);
      return;
    }
    socketsByAddress.set(address, open + 1);
    socket.on('close', () => {
      const left = (socketsByAddress.get(address) ?? 1) - 1;
      if (left > 0) socketsByAddress.set(address, left);
      else socketsByAddress.delete(address);
    });
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
      for (const socket of sockets) socket.terminate();
      await Promise.all([modern, legacy].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
