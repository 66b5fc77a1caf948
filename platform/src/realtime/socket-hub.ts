/**
 * What both WebSocket protocols share: the limits, the signed-in sockets (so a player's cap counts
 * every socket, and an ended session finds its sockets), how a socket's brand and token are read,
 * and the texts and close codes a client is told.
 */
import type { IncomingMessage } from 'node:http';
import { GraphQLError } from 'graphql';
import type { GraphQLSchema, ValidationRule } from 'graphql';
import type { PlatformServices } from '../graphql/context.ts';
import { formatPlatformError } from '../graphql/errors.ts';
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

/** A signed-in socket. */
export interface Connection {
  sid: string;
  playerId: string;
  /** Aborted the moment the socket stops speaking for this player: its event streams take nothing more. */
  gate: AbortController;
  /** Sends the session-ended errors (with the cause of a destroyed session) and closes. */
  endSession(ended: SessionEnded): void;
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

/** A thrown error as a GraphQL error payload. */
export function errorPayload(error: unknown): object {
  const graphQLError = error instanceof GraphQLError ? error : new GraphQLError((error as Error).message, { originalError: error as Error });
  return formatPlatformError(graphQLError).toJSON();
}

/** Open sockets per client address, for a cap on each: a socket holds its slot until it closes. */
export function addressSlots(cap: number): { take(address: string, socket: { on(event: 'close', listener: () => void): unknown }): boolean } {
  const open = new Map<string, number>();
  return {
    take(address, socket) {
      const count = open.get(address) ?? 0;
      if (count >= cap) return false;
      open.set(address, count + 1);
      socket.on('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
      return true;
    },
  };
}

/** A close reason fits in 123 bytes. */
export function closeReason(text: string): string {
  return Buffer.byteLength(text) <= 123 ? text : `${Buffer.from(text).subarray(0, 120).toString()}…`;
}

/** The extensions of a session-ended error: the session, and why a destroyed one ended (SessionDestroyed's cause and until). */
export function sessionEndedExtensions(ended: SessionEnded): Record<string, unknown> {
  return { reason: 'SessionDestroyed', sessionId: ended.sessionId, ...(ended.cause ? { cause: ended.cause, until: ended.until ?? null } : {}) };
}

/** The text a session's sockets get when it ends. */
export function sessionEndedText(reason: string): string {
  return reason === 'destroyed' ? SESSION_DESTROYED_ERROR : `session_ended: ${reason}`;
}

/** The shared state and rules both protocol servers work with. */
export interface SocketHub {
  services: PlatformServices;
  schema: GraphQLSchema;
  /** Validation rules of every operation (the query limits; introspection only in sandbox mode). */
  rules: ValidationRule[];
  limits: SocketLimits;
  /** Every signed-in socket of this process. */
  connections: Set<Connection>;
  /** The brand a socket's upgrade request names (x-brand), when it is a known one. */
  brandOf(req: IncomingMessage): string | null;
  /** Counts a socket as signed in; endSession sends its protocol's session-ended errors and closes it. */
  signIn(auth: { sid: string; playerId: string }, endSession: (connection: Connection, ended: SessionEnded) => void): Connection;
  /** Whether one more signed-in socket for the player would pass the cap (not counting `except`, a socket re-initialising). */
  playerIsFull(playerId: string, except: Connection | null): boolean;
  tooManySocketsText: string;
  tooManyOperationsText: string;
}

/** Creates the hub over the platform's services, the schema and the limits. */
export function createSocketHub(services: PlatformServices, schema: GraphQLSchema, limits: SocketLimits): SocketHub {
  const connections = new Set<Connection>();
  return {
    services,
    schema,
    rules: operationRules({ allowIntrospection: services.authSettings.enableSandboxAdmin }),
    limits,
    connections,
    brandOf(req) {
      const value = req.headers['x-brand'];
      const id = (Array.isArray(value) ? value[0] : value)?.trim();
      return id && services.brands.has(id) ? id : null;
    },
    signIn(auth, endSession) {
      const connection: Connection = {
        sid: auth.sid,
        playerId: auth.playerId,
        gate: new AbortController(),
        endSession: (ended) => endSession(connection, ended),
      };
      connections.add(connection);
      return connection;
    },
    playerIsFull(playerId, except) {
      let count = 0;
      for (const connection of connections) if (connection.playerId === playerId && connection !== except) count += 1;
      return count >= limits.socketsPerPlayer;
    },
    tooManySocketsText: `Too many sockets for this player: at most ${limits.socketsPerPlayer}; close another tab or device`,
    tooManyOperationsText: `Too many subscriptions on this socket: at most ${limits.subscriptionsPerSocket}; stop some first`,
  };
}
