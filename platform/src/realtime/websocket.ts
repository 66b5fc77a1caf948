/**
 * GraphQL over WebSocket at /graphql (and /api/graphql), in both protocols the lobby may speak,
 * chosen by the Sec-WebSocket-Protocol header:
 *
 * - `graphql-transport-ws` (graphql-ws v6 `useServer`): the access token goes in the
 *   ConnectionInit payload; a bad one closes the socket with 4401 "AuthenticationFailure: …".
 * - `graphql-ws`, the legacy subscriptions-transport-ws messages (also used when no protocol is
 *   offered): connection_init → connection_ack + ka every 10 s, or connection_error and close 4401;
 *   start/data/error/complete/stop; connection_terminate.
 *
 * The token is read from the connection params as `accessToken`, `token`, `authToken` or
 * `Authorization`/`authorization` ("Bearer …" or bare). Every operation re-checks it, so an
 * expired token gets "Error resolving subscription context: …" (the lobby reconnects with a fresh
 * token). When a session is destroyed (sandboxDestroySession, a second login) its sockets get an
 * `error` for each running operation and then close, both carrying `session_destroyed_error`.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { execute, getOperationAST, GraphQLError, parse, subscribe, validate } from 'graphql';
import type { DocumentNode, ExecutionResult, GraphQLSchema } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type WebSocket from 'ws';
import { createContext } from '../graphql/context.ts';
import type { PlatformServices } from '../graphql/context.ts';
import { formatPlatformError, PlatformError } from '../graphql/errors.ts';
import { operationRules } from '../graphql/limits.ts';
import type { SessionEnded } from './events.ts';

/** The message a destroyed session's sockets receive (spec section 4). */
export const SESSION_DESTROYED_ERROR = 'session_destroyed_error';
/** Prefix of errors that tell the lobby to reconnect with a fresh token (spec section 4). */
export const CONTEXT_ERROR_PREFIX = 'Error resolving subscription context';
/** Legacy keep-alive interval; the lobby calls a socket dead after 30 s of silence. */
const KEEP_ALIVE_MS = 10_000;
/** How long a legacy client may take to send connection_init. */
const INIT_TIMEOUT_MS = 10_000;

/** The WebSocket side of the platform. */
export interface Realtime {
  /** Takes over an HTTP upgrade for a GraphQL path; returns false for other paths. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Closes every socket. */
  close(): Promise<void>;
}

interface Connection {
  sid: string;
  playerId: string;
  /** Sends the session-destroyed errors and closes. */
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

/** Creates both WebSocket servers over the schema and wires session destruction. */
export function createRealtime(services: PlatformServices, schema: GraphQLSchema): Realtime {
  const rules = operationRules({ allowIntrospection: services.authSettings.enableSandboxAdmin });
  const connections = new Set<Connection>();
  const sockets = new Set<WebSocket>();

  const brandOf = (req: IncomingMessage): string | null => {
    const value = req.headers['x-brand'];
    const id = (Array.isArray(value) ? value[0] : value)?.trim();
    return id && services.brands.has(id) ? id : null;
  };

  const unsubscribe = services.events.onSessionEnded((event: SessionEnded) => {
    // A tick later, so a SessionDestroyed event published just before still reaches this socket.
    setTimeout(() => {
      for (const connection of connections) if (connection.sid === event.sessionId) connection.endSession(event.reason);
    }, 25);
  });

  // graphql-transport-ws, through graphql-ws.
  const modern = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => (protocols.has('graphql-transport-ws') ? 'graphql-transport-ws' : false) });
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
          tokens.set(socket, token as string);
          const connection: Connection = {
            sid: auth.sid,
            playerId: auth.playerId,
            endSession(reason) {
              const message = reason === 'destroyed' ? SESSION_DESTROYED_ERROR : `session_ended: ${reason}`;
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
        try {
          await services.auth.authenticate(tokens.get(ctx.extra.socket) ?? null, brandOf(ctx.extra.request));
        } catch (error) {
          return [new GraphQLError(`${CONTEXT_ERROR_PREFIX}: ${(error as Error).message}`, { extensions: { reason: (error as PlatformError).reason ?? 'AuthenticationFailure' } })];
        }
        return undefined;
      },
      context: (ctx) => createContext(services, ctx.extra.request, { bearer: tokens.get(ctx.extra.socket) ?? null }),
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
  const legacy = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => (protocols.has('graphql-ws') ? 'graphql-ws' : false) });
  legacy.on('connection', (socket: WebSocket, req: IncomingMessage) => serveLegacy(socket, req));

  function serveLegacy(socket: WebSocket, req: IncomingMessage): void {
    const operations = new Map<string, AsyncIterator<unknown> | null>();
    let token: string | null = null;
    let connection: Connection | null = null;
    let keepAlive: NodeJS.Timeout | null = null;
    const send = (message: object) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const initTimer = setTimeout(() => {
      if (!connection) socket.close(4408, 'connection_init was not sent within 10 s');
    }, INIT_TIMEOUT_MS);

    const stop = (id: string) => {
      const iterator = operations.get(id);
      operations.delete(id);
      void iterator?.return?.();
    };

    async function start(id: string, payload: { query?: string; variables?: Record<string, unknown> | null; operationName?: string | null }) {
      if (operations.has(id)) stop(id);
      operations.set(id, null);
      const context = createContext(services, req, { bearer: token });
      try {
        await context.auth();
      } catch (error) {
        operations.delete(id);
        send({ id, type: 'error', payload: [{ message: `${CONTEXT_ERROR_PREFIX}: ${(error as Error).message}`, extensions: { reason: (error as PlatformError).reason ?? 'AuthenticationFailure' } }] });
        return;
      }
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
      const operation = getOperationAST(document, args.operationName);
      const result = operation?.operation === 'subscription' ? await subscribe(args) : await execute(args);
      const format = (value: ExecutionResult) => (value.errors ? { ...value, errors: value.errors.map((error) => formatPlatformError(error).toJSON()) } : value);
      if (!(Symbol.asyncIterator in Object(result))) {
        if (operations.has(id)) {
          send({ id, type: 'data', payload: format(result as ExecutionResult) });
          send({ id, type: 'complete' });
        }
        operations.delete(id);
        return;
      }
      const iterator = (result as AsyncIterable<ExecutionResult>)[Symbol.asyncIterator]();
      if (!operations.has(id)) {
        void iterator.return?.();
        return;
      }
      operations.set(id, iterator);
      try {
        for (;;) {
          const next = await iterator.next();
          if (next.done || !operations.has(id)) break;
          send({ id, type: 'data', payload: format(next.value) });
        }
        if (operations.has(id)) send({ id, type: 'complete' });
      } catch (error) {
        if (operations.has(id)) send({ id, type: 'error', payload: [errorPayload(error)] });
      } finally {
        operations.delete(id);
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
          void (async () => {
            try {
              const candidate = tokenFromParams(message.payload);
              const auth = await services.auth.authenticate(candidate, brandOf(req));
              token = candidate;
              clearTimeout(initTimer);
              if (!connection) {
                connection = {
                  sid: auth.sid,
                  playerId: auth.playerId,
                  endSession(reason) {
                    const text = reason === 'destroyed' ? SESSION_DESTROYED_ERROR : `session_ended: ${reason}`;
                    const extensions = { reason: 'SessionDestroyed', sessionId: auth.sid };
                    for (const id of operations.keys()) send({ id, type: 'error', payload: [{ message: text, extensions }] });
                    send({ type: 'connection_error', payload: { message: text, extensions } });
                    socket.close(4401, text);
                  },
                };
                connections.add(connection);
              }
              send({ type: 'connection_ack' });
              send({ type: 'ka' });
              keepAlive ??= setInterval(() => send({ type: 'ka' }), KEEP_ALIVE_MS);
            } catch (error) {
              const reason = error instanceof PlatformError ? error.reason : 'InternalError';
              send({ type: 'connection_error', payload: { message: (error as Error).message, extensions: { reason } } });
              socket.close(4401, closeReason(`${reason}: ${(error as Error).message}`));
            }
          })();
          return;
        case 'start':
          if (!connection || !message.id) {
            send({ id: message.id, type: 'error', payload: [{ message: connection ? 'start needs an id' : 'Send connection_init and wait for connection_ack before start' }] });
            return;
          }
          void start(message.id, (message.payload ?? {}) as never);
          return;
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
      if (connection) connections.delete(connection);
      for (const id of [...operations.keys()]) stop(id);
    });
  }

  for (const server of [modern, legacy]) {
    server.on('connection', (socket: WebSocket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
  }

  return {
    handleUpgrade(req, socket, head) {
      const path = (req.url ?? '/').split('?')[0];
      if (path !== '/graphql' && path !== '/api/graphql' && path !== '/graphql/' && path !== '/api/graphql/') return false;
      const offered = String(req.headers['sec-websocket-protocol'] ?? '')
        .split(',')
        .map((value) => value.trim());
      const server = offered.includes('graphql-transport-ws') ? modern : legacy;
      server.handleUpgrade(req, socket, head, (ws) => server.emit('connection', ws, req));
      return true;
    },
    async close() {
      unsubscribe();
      for (const socket of sockets) socket.terminate();
      await Promise.all([modern, legacy].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
