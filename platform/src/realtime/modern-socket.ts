/**
 * GraphQL over WebSocket in the `graphql-transport-ws` protocol (graphql-ws v6 `useServer`): the
 * access token goes in the ConnectionInit payload; a bad one closes the socket with 4401
 * "AuthenticationFailure: …". A second ConnectionInit closes with 4429 (graphql-ws), so a socket
 * never changes player. Every operation re-checks the token.
 */
import { GraphQLError, validate } from 'graphql';
import type { DocumentNode } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type WebSocket from 'ws';
import { createContext } from '../graphql/context.ts';
import { formatPlatformError, PlatformError } from '../graphql/errors.ts';
import { operationCostRefusal, parseOperation } from '../graphql/limits.ts';
import { closeReason, CONTEXT_ERROR_PREFIX, sessionEndedExtensions, sessionEndedText, tokenFromParams, TOO_MANY_CLOSE_CODE } from './socket-hub.ts';
import type { Connection, SocketHub } from './socket-hub.ts';

/** Creates the graphql-transport-ws server (upgrades are handed to it; it does not listen). */
export function createModernServer(hub: SocketHub): WebSocketServer {
  const { services, schema, rules, limits, connections, brandOf, playerIsFull, tooManySocketsText, tooManyOperationsText } = hub;
  const modern = new WebSocketServer({ noServer: true, maxPayload: limits.maxPayloadBytes });
  const tokens = new WeakMap<WebSocket, string>();
  const modernConnections = new WeakMap<WebSocket, Connection>();
  useServer<Record<string, unknown> | undefined>(
    {
      schema,
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
          const connection = hub.signIn(auth, (_signedIn, ended) => {
            const message = sessionEndedText(ended.reason);
            for (const id of Object.keys(ctx.subscriptions)) {
              socket.send(JSON.stringify({ id, type: 'error', payload: [{ message, extensions: sessionEndedExtensions(ended) }] }));
            }
            socket.close(CloseCode.Unauthorized, message);
          });
          modernConnections.set(socket, connection);
          return { sessionId: auth.sid };
        } catch (error) {
          const reason = error instanceof PlatformError ? error.reason : 'InternalError';
          socket.close(CloseCode.Unauthorized, closeReason(`${reason}: ${(error as Error).message}`));
          return false;
        }
      },
      async onSubscribe(ctx, _id, payload) {
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
        // Parsed here within the limits (graphql-ws's own parse has none: a deeply nested query
        // overflowed the stack), then validated; graphql-ws fills in the context and runs it.
        let document: DocumentNode;
        try {
          document = parseOperation(payload.query);
        } catch (error) {
          return [error as GraphQLError];
        }
        const errors = validate(schema, document, rules);
        if (errors.length > 0) return [...errors];
        const tooCostly = operationCostRefusal(schema, document, payload.variables, payload.operationName);
        if (tooCostly) return [tooCostly];
        return { schema, document, operationName: payload.operationName ?? null, variableValues: payload.variables ?? null };
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
  return modern;
}
