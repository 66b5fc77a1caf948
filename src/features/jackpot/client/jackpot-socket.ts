/**
 * The page's one jackpot-service WebSocket (spec sections 7-9): `<service>/v1/ws?operator=&brand=&currency=[&token=]`.
 *
 * Data: the newest JackpotUpdate per instance (the highest version wins: updates from two platform
 * processes can cross) and every WinEvent, RaffleWinEvent, PlayerRaffleTicketsListResponse and
 * service Error, delivered to listeners. Visitors connect without a token and get pot updates and
 * wins; a signed-in player's islands hand it a token source (`setAccessToken`) and it reconnects
 * with the token, so player messages (opt-in, raffle tickets) work.
 *
 * Lifecycle: opened by the first island that needs it (`sharedJackpotSocket`), never on a page
 * without one. When it closes it logs 'Unable to establish connection' and reconnects 2 s later,
 * doubling to 60 s (reset once the service answers); after a reconnect it reads the pots again over
 * REST and subscribes again, so a page whose socket was cut comes back with the right values. A
 * message of an unknown type ('Invalid message type!') or not JSON is logged and dropped.
 */
import { fetchJackpotInstances, jackpotServiceUrl, type JackpotInstance } from './jackpot-rest.ts';
import { parseServerMessage, type JackpotClientRequest, type JackpotServerMessage, type JackpotUpdate } from './protocol.ts';

/** Reconnect backoff (spec section 9): 2 s, doubling, at most 60 s. */
export const JACKPOT_RECONNECT = { initialMs: 2_000, maxMs: 60_000 } as const;
/** Logged whenever the socket closes (spec section 8). */
export const CONNECTION_LOST = 'Unable to establish connection';

/** The delay before reconnect attempt `attempt` (0-based): initial × 2^attempt, capped. */
export function reconnectDelayMs(attempt: number, backoff: { initialMs: number; maxMs: number } = JACKPOT_RECONNECT): number {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));
}

/** The part of the browser's WebSocket the client uses (Node's global and `ws` have it too). */
export interface WebSocketLike {
  readonly readyState: number;
  send(text: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** How the socket is opened. */
export interface JackpotSocketOptions {
  /** The service's base URL: `/jackpot-service` (through the lobby) or an operator's own service. */
  serviceUrl: string;
  /** Resolves a relative serviceUrl (default the page's origin). */
  origin?: string;
  operator: string;
  brand: string;
  /** The currency JackpotUpdate values are in: the page's, or the signed-in player's wallet's. */
  currency: string;
  /** Instances to subscribe to from the start (islands add theirs with `watch`). */
  instanceIds?: string[];
  /** A current access token for a signed-in player; absent or null: a visitor's socket. */
  accessToken?: (() => Promise<string | null>) | null;
  /** Fresh instance values after a reconnect (default: the REST instances call, with the jackpot retries). */
  refreshValues?: (token: string | null) => Promise<JackpotInstance[]>;
  WebSocket?: new (url: string) => WebSocketLike;
  log?: Pick<Console, 'warn' | 'error'>;
  backoff?: { initialMs: number; maxMs: number };
}

/** The socket's connection state, for a live/reconnecting indicator. */
export type JackpotSocketState = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** The page's jackpot socket. */
export interface JackpotSocket {
  /** Every message the service sends (after version filtering); returns the unsubscribe. */
  listen(listener: (message: JackpotServerMessage) => void): () => void;
  /** The connection state now and on every change; returns the unsubscribe. */
  onState(listener: (state: JackpotSocketState) => void): () => void;
  /** Subscribes to an instance too (sent now when open, and after every reconnect). */
  watch(instanceId: string): void;
  /** Sends a request now, or once the socket is open. */
  send(request: JackpotClientRequest): void;
  /** The newest values of an instance seen so far. */
  latest(instanceId: string): JackpotUpdate | undefined;
  /** Values the page already knows (server render, REST): kept if newer than what the socket has. */
  seed(update: JackpotUpdate): void;
  /** A signed-in player's token source (reconnects with it), or null to go back to a visitor's socket. */
  setAccessToken(source: (() => Promise<string | null>) | null): void;
  /** Whether the socket carries a player's token. */
  readonly signedIn: boolean;
  close(): void;
}

const OPEN = 1;

/** Opens a jackpot socket (most code wants `sharedJackpotSocket`). */
export function createJackpotSocket(options: JackpotSocketOptions): JackpotSocket {
  const log = options.log ?? console;
  const Socket = options.WebSocket ?? (globalThis.WebSocket as unknown as new (url: string) => WebSocketLike);
  const listeners = new Set<(message: JackpotServerMessage) => void>();
  const stateListeners = new Set<(state: JackpotSocketState) => void>();
  const instances = new Set(options.instanceIds ?? []);
  const values = new Map<string, JackpotUpdate>();
  const queue: JackpotClientRequest[] = [];
  let tokenSource = options.accessToken ?? null;
  let socket: WebSocketLike | null = null;
  let state: JackpotSocketState = 'connecting';
  let attempt = 0;
  let opened = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;

  const setState = (next: JackpotSocketState) => {
    if (state === next) return;
    state = next;
    for (const listener of stateListeners) listener(state);
  };
  const deliver = (message: JackpotServerMessage) => {
    for (const listener of [...listeners]) {
      try {
        listener(message);
      } catch (error) {
        log.error('[jackpot] A listener failed:', error);
      }
    }
  };
  /** Keeps an update only if it is not older than the newest known; true when kept. */
  const accept = (update: JackpotUpdate): boolean => {
    const known = values.get(update.instance_id);
    if (known && (known.version > update.version || (known.version === update.version && !update.player))) return false;
    if (known && known.currency !== update.currency) return false;
    values.set(update.instance_id, update);
    return true;
  };
  const refresh = options.refreshValues ?? ((token: string | null) => fetchJackpotInstances({ serviceUrl: options.serviceUrl, origin: options.origin }, { brand: options.brand, currency: options.currency, token }));

  async function connect(): Promise<void> {
    const mine = ++generation;
    let token: string | null = null;
    try {
      token = tokenSource ? await tokenSource() : null;
    } catch (error) {
      log.warn('[jackpot] No access token for the jackpot socket; connecting as a visitor:', error);
    }
    if (closed || mine !== generation) return;
    const url = jackpotServiceUrl(options, '/v1/ws');
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('operator', options.operator);
    url.searchParams.set('brand', options.brand);
    url.searchParams.set('currency', options.currency);
    if (token) url.searchParams.set('token', token);
    const ws = new Socket(url.href);
    socket = ws;
    const reconnected = opened;
    ws.onopen = () => {
      if (socket !== ws) return;
      opened = true;
      setState('open');
      if (reconnected) {
        // What changed while the socket was down: the pots over REST, then the subscription again.
        refresh(token)
          .then((fresh) => {
            for (const instance of fresh) {
              if (!instances.has(instance.id)) continue;
              const update: JackpotUpdate = { type: 'JackpotUpdate', instance_id: instance.id, currency: options.currency, version: instance.version, timestamp: new Date().toISOString(), pots: instance.pots };
              if (accept(update)) deliver(update);
            }
          })
          .catch((error: unknown) => log.warn('[jackpot] Could not read the pots again after reconnecting:', error));
      }
      if (instances.size > 0) ws.send(JSON.stringify({ type: 'SubscribeRequest', instance_ids: [...instances] }));
      for (const request of queue.splice(0)) ws.send(JSON.stringify(request));
    };
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      let message: JackpotServerMessage;
      try {
        message = parseServerMessage(typeof event.data === 'string' ? event.data : String(event.data));
      } catch (error) {
        log.error('[jackpot]', (error as Error).message);
        return;
      }
      attempt = 0;
      if (message.type === 'JackpotUpdate' && !accept(message)) return;
      if (message.type === 'Error') log.warn(`[jackpot] ${message.request_type ?? 'A message'} was refused: ${message.reason}: ${message.message}`);
      deliver(message);
    };
    ws.onerror = () => undefined;
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      log.warn(`[jackpot] ${CONNECTION_LOST}`, event.code, event.reason);
      if (closed) return;
      setState('reconnecting');
      const delay = reconnectDelayMs(attempt, options.backoff);
      attempt += 1;
      timer = setTimeout(() => void connect(), delay);
    };
  }

  void connect();

  return {
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onState(listener) {
      stateListeners.add(listener);
      listener(state);
      return () => stateListeners.delete(listener);
    },
    watch(instanceId) {
      if (instances.has(instanceId)) return;
      instances.add(instanceId);
      if (socket?.readyState === OPEN) socket.send(JSON.stringify({ type: 'SubscribeRequest', instance_ids: [instanceId] }));
    },
    send(request) {
      if (socket?.readyState === OPEN) socket.send(JSON.stringify(request));
      else queue.push(request);
    },
    latest: (instanceId) => values.get(instanceId),
    seed(update) {
      if (accept(update)) deliver(update);
    },
    setAccessToken(source) {
      if (source === tokenSource) return;
      tokenSource = source;
      if (closed) return;
      // Reconnect now with (or without) the token: player messages need it from the socket's start.
      clearTimeout(timer);
      const old = socket;
      socket = null;
      old?.close(1000, 'Reconnecting with the player token');
      setState('connecting');
      void connect();
    },
    get signedIn() {
      return tokenSource !== null;
    },
    close() {
      closed = true;
      clearTimeout(timer);
      setState('closed');
      socket?.close(1000, 'Page closed the jackpot socket');
      socket = null;
    },
  };
}

let shared: { key: string; socket: JackpotSocket } | null = null;

/**
 * The page's one socket: created by the first caller, shared by the rest (their instances are
 * added). A caller asking for another service, brand or currency replaces it (a player's wallet
 * currency arriving after a visitor's first render).
 */
export function sharedJackpotSocket(options: JackpotSocketOptions): JackpotSocket {
  const key = `${options.serviceUrl} ${options.operator} ${options.brand} ${options.currency}`;
  if (shared?.key === key) {
    for (const id of options.instanceIds ?? []) shared.socket.watch(id);
    if (options.accessToken !== undefined && options.accessToken !== null) shared.socket.setAccessToken(options.accessToken);
    return shared.socket;
  }
  shared?.socket.close();
  shared = { key, socket: createJackpotSocket(options) };
  return shared.socket;
}

/** The page's socket, if an island opened one. */
export function currentJackpotSocket(): JackpotSocket | null {
  return shared?.socket ?? null;
}
