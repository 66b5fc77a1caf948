/**
 * GraphQL over WebSocket in the legacy `graphql-ws` protocol, the subscriptions-transport-ws
 * messages (also used when no protocol is offered): connection_init → connection_ack + ka every
 * 10 s, or connection_error and close 4401; start/data/error/complete/stop; connection_terminate.
 * As in the reference server, a `start` sent after connection_init but before the ack waits for the
 * ack and then runs (the stock client sends both at once). A later connection_init re-authenticates:
 * another player's token completes every running operation of the old player first.
 */
import type { IncomingMessage } from 'node:http';
import { execute, getOperationAST, subscribe, validate } from 'graphql';
import type { DocumentNode, ExecutionResult } from 'graphql';
import { WebSocketServer } from 'ws';
import type WebSocket from 'ws';
import { createContext } from '../graphql/context.ts';
import { formatPlatformError, PlatformError, withExtensions } from '../graphql/errors.ts';
import { operationCostRefusal, parseOperation } from '../graphql/limits.ts';
import { closeReason, CONTEXT_ERROR_PREFIX, errorPayload, sessionEndedExtensions, sessionEndedText, tokenFromParams, TOO_MANY_CLOSE_CODE } from './socket-hub.ts';
import type { Connection, SocketHub } from './socket-hub.ts';

/** Legacy keep-alive interval; the lobby calls a socket dead after 30 s of silence. */
const KEEP_ALIVE_MS = 10_000;
/** How long a legacy client may take to send connection_init. */
const INIT_TIMEOUT_MS = 10_000;

/** Creates the legacy protocol's server (upgrades are handed to it; it does not listen). */
export function createLegacyServer(hub: SocketHub): WebSocketServer {
  const { services, schema, rules, limits, connections, brandOf, playerIsFull, tooManySocketsText, tooManyOperationsText } = hub;
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

    const signIn = (auth: { sid: string; playerId: string }): Connection =>
      hub.signIn(auth, (_signedIn, ended) => {
        const text = sessionEndedText(ended.reason);
        const extensions = sessionEndedExtensions(ended);
        for (const id of operations.keys()) send({ id, type: 'error', payload: [{ message: text, extensions }] });
        send({ type: 'connection_error', payload: { message: text, extensions } });
        socket.close(4401, text);
      });

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
        document = parseOperation(String(payload?.query ?? ''));
      } catch (error) {
        // Tagged GraphQLParseFailed, with the limit a refusal names and a trace id, as over HTTP.
        operations.delete(id);
        send({ id, type: 'error', payload: [errorPayload(error)] });
        return;
      }
      const errors = validate(schema, document, rules);
      if (errors.length > 0) {
        operations.delete(id);
        send({ id, type: 'error', payload: errors.map((error) => errorPayload(withExtensions(error, { reason: 'GraphQLValidationFailed' }))) });
        return;
      }
      const tooCostly = operationCostRefusal(schema, document, payload.variables, payload.operationName);
      if (tooCostly) {
        operations.delete(id);
        send({ id, type: 'error', payload: [errorPayload(tooCostly)] });
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

  return legacy;
}
