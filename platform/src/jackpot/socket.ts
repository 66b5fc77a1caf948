/**
 * The jackpot service's WebSocket (spec section 7): `GET /jackpot-service/v1/ws?operator=&brand=&currency=[&token=]`.
 * Visitors get pot updates and wins; player messages need a valid access token of the brand. Every
 * message is one JSON object with a `type` (platform/README.md, "The jackpot service", has each
 * shape). Client → server: SubscribeRequest, PlayerOptInRequest, PlayerRaffleTicketsRequest. Server →
 * client: JackpotUpdate, WinEvent, RaffleWinEvent, PlayerRaffleTicketsListResponse, and Error for a
 * request it refuses (an unknown type: 'Invalid message type!'; not JSON; bad fields).
 *
 * Pot updates and wins reach these sockets from any process through the bus's jackpot topic: one
 * listener per process fans each one out to its own sockets. Updates carry the pots' version, so a
 * socket never goes back to older values when updates from two processes cross.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type WebSocket from 'ws';
import type { AuthService } from '../auth/sessions.ts';
import type { BrandRegistry } from '../brands/brands.ts';
import { clientAddress } from '../geo/country.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { EventBus } from '../realtime/events.ts';
import { addressSlots, closeReason } from '../realtime/socket-hub.ts';
import { BASE_CURRENCY } from './currencies.ts';
import { JACKPOT_SOCKET_PATH, jackpotCurrency, potsJson } from './routes.ts';
import { JACKPOT_TOPIC, enrichedPlayerId, plainPlayerId, type JackpotBroadcast, type JackpotService, type PotValues } from './service.ts';

/** The answer to an unknown message type (spec section 8). */
export const INVALID_MESSAGE_TYPE = 'Invalid message type!';
/** Close code of a socket opened with a bad brand, operator or currency. */
export const BAD_SOCKET_REQUEST = 4400;
/** Close code of a socket whose token is invalid, or whose session ended. */
export const SOCKET_AUTH_FAILED = 4401;
/** Close code past the sockets-per-address cap. */
export const SOCKET_TOO_MANY = 4429;
/** The largest message a client may send. */
export const JACKPOT_MAX_PAYLOAD = 16 * 1024;

/** What the socket server is built from. */
export interface JackpotSocketOptions {
  jackpot: JackpotService;
  brands: BrandRegistry;
  auth: AuthService;
  events: EventBus;
  /** Open sockets from one client address in this process (default 50). */
  socketsPerAddress?: number;
}

/** The jackpot WebSocket server. */
export interface JackpotSockets {
  /** Takes over an upgrade of JACKPOT_SOCKET_PATH; false for other paths. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** How many sockets this process holds. */
  size(): number;
  /** Closes every socket with 1012 (service restart). */
  close(): Promise<void>;
}

interface Client {
  ws: WebSocket;
  brand: string;
  operator: string;
  currency: string;
  token: string | null;
  player: { playerId: string; sid: string; currency: string } | null;
  /** Subscribed instances and the newest pot version sent for each. */
  instances: Map<string, number>;
  alive: boolean;
}

/** Creates the server and subscribes this process to the jackpot topic. */
export function createJackpotSockets(options: JackpotSocketOptions): JackpotSockets {
  const { jackpot, brands, auth, events } = options;
  const cap = options.socketsPerAddress ?? 50;
  const server = new WebSocketServer({ noServer: true, maxPayload: JACKPOT_MAX_PAYLOAD });
  const clients = new Set<Client>();
  const addresses = addressSlots(cap);

  const send = (client: Client, message: object) => {
    if (client.ws.readyState === client.ws.OPEN) client.ws.send(JSON.stringify(message));
  };
  const fail = (client: Client, requestType: string | null, reason: string, message: string) => send(client, { type: 'Error', request_type: requestType, reason, message });

  function update(client: Client, values: PotValues, extra: object = {}) {
    client.instances.set(values.instanceId, Math.max(client.instances.get(values.instanceId) ?? 0, values.version));
    send(client, { type: 'JackpotUpdate', instance_id: values.instanceId, currency: client.currency, version: values.version, pots: potsJson(values, client.currency), timestamp: new Date().toISOString(), ...extra });
  }

  const stopTopic = events.onBroadcast(JACKPOT_TOPIC, (payload) => {
    const message = payload as JackpotBroadcast;
    if (message.kind === 'pots') {
      const values: PotValues = { instanceId: message.instanceId, version: message.version, pots: Object.fromEntries(Object.entries(message.pots).map(([id, value]) => [id, BigInt(value)])) as PotValues['pots'] };
      // One text per currency, however many sockets share it.
      const texts = new Map<string, string>();
      for (const client of clients) {
        const seen = client.instances.get(message.instanceId);
        if (seen === undefined || seen >= message.version) continue;
        client.instances.set(message.instanceId, message.version);
        let text = texts.get(client.currency);
        if (!text) {
          text = JSON.stringify({ type: 'JackpotUpdate', instance_id: message.instanceId, currency: client.currency, version: message.version, pots: potsJson(values, client.currency), timestamp: message.at });
          texts.set(client.currency, text);
        }
        if (client.ws.readyState === client.ws.OPEN) client.ws.send(text);
      }
    } else if (message.kind === 'win') {
      const text = JSON.stringify(message.event);
      for (const client of clients) if (client.instances.has(message.instanceId) && client.ws.readyState === client.ws.OPEN) client.ws.send(text);
    } else if (message.kind === 'raffle-win') {
      for (const client of clients) {
        if (client.player?.playerId === message.playerId) send(client, { ...message.event, player_id: enrichedPlayerId(message.playerId, client.player.currency, client.brand) });
      }
    }
  });
  const stopSessions = events.onSessionEnded((ended) => {
    for (const client of clients) if (client.player?.sid === ended.sessionId) client.ws.close(SOCKET_AUTH_FAILED, closeReason(`session_ended: ${ended.reason}`));
  });
  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      client.ws.ping();
    }
  }, 30_000);
  heartbeat.unref();

  /** The player behind a player message: the token must still be valid, and player_id (plain or enriched) theirs. */
  async function playerFor(client: Client, requestType: string, playerId: unknown): Promise<string | null> {
    if (!client.token || !client.player) {
      fail(client, requestType, 'AuthenticationFailure', `${requestType} needs a signed-in player: open the socket with token=<access token>`);
      return null;
    }
    try {
      await auth.authenticate(client.token, client.brand);
    } catch (error) {
      fail(client, requestType, 'AuthenticationFailure', `${(error as Error).message}: reconnect with a fresh token`);
      return null;
    }
    if (playerId !== undefined && (typeof playerId !== 'string' || plainPlayerId(playerId) !== client.player.playerId)) {
      fail(client, requestType, 'BadUserInput', `player_id must be the signed-in player's (${enrichedPlayerId(client.player.playerId, client.player.currency, client.brand)})`);
      return null;
    }
    return client.player.playerId;
  }

  async function onMessage(client: Client, text: string): Promise<void> {
    let message: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      message = parsed as Record<string, unknown>;
    } catch {
      fail(client, null, 'BadRequest', 'Messages must be JSON objects with a "type", such as {"type":"SubscribeRequest","instance_ids":["northstar-jackpot"]}');
      return;
    }
    const type = typeof message.type === 'string' ? message.type : null;
    try {
      if (type === 'SubscribeRequest') {
        const ids = message.instance_ids;
        if (!Array.isArray(ids) || ids.length === 0 || ids.length > 10 || !ids.every((id) => typeof id === 'string')) {
          fail(client, type, 'BadUserInput', 'instance_ids must be a list of 1 to 10 instance ids, such as ["northstar-jackpot"]');
          return;
        }
        const found = await jackpot.instanceFor(client.brand, null);
        for (const id of ids as string[]) {
          if (found?.instance.id !== id) {
            fail(client, type, 'BadUserInput', `No jackpot "${id}" on brand ${client.brand}${found ? `: its jackpot is "${found.instance.id}"` : ': its jackpot is disabled'}`);
            continue;
          }
          const values = await jackpot.pots(id);
          const player = client.player ? { player: await jackpot.optInStatus(id, client.player.playerId, found.settings) } : {};
          update(client, values, player);
        }
        return;
      }
      if (type === 'PlayerOptInRequest') {
        const playerId = await playerFor(client, type, message.player_id);
        if (!playerId) return;
        if (message.brand_id !== undefined && message.brand_id !== `${client.operator}:${client.brand}`) {
          fail(client, type, 'BadUserInput', `brand_id must be "${client.operator}:${client.brand}" (operator:brand)`);
          return;
        }
        if (typeof message.opt_in !== 'boolean') {
          fail(client, type, 'BadUserInput', 'opt_in must be true or false');
          return;
        }
        if (message.contribution_value !== undefined && message.contribution_value !== null && typeof message.contribution_value !== 'number') {
          fail(client, type, 'BadUserInput', 'contribution_value must be a number in EUR, one of the settings\' contributionOptions');
          return;
        }
        const country = typeof message.player_country === 'string' && /^[A-Z]{2}$/.test(message.player_country) ? message.player_country : null;
        const status = await jackpot.optIn({
          instanceId: String(message.instance_id ?? ''), playerId, brand: client.brand, playerCountry: country,
          optIn: message.opt_in, contributionValue: (message.contribution_value as number | null | undefined) ?? null,
        });
        update(client, await jackpot.pots(String(message.instance_id)), { player: status });
        return;
      }
      if (type === 'PlayerRaffleTicketsRequest') {
        const playerId = await playerFor(client, type, message.player_id);
        if (!playerId) return;
        const raffles = await jackpot.raffles(client.brand, null);
        const wanted = Array.isArray(message.instance_ids) ? new Set(message.instance_ids.filter((id): id is string => typeof id === 'string')) : null;
        const ids = wanted ? [...wanted] : raffles.map((raffle) => raffle.id);
        const tickets = await jackpot.tickets(playerId, ids);
        send(client, {
          type: 'PlayerRaffleTicketsListResponse',
          player_id: enrichedPlayerId(playerId, client.player?.currency ?? BASE_CURRENCY, client.brand),
          tickets: ids.map((id) => ({ instance_id: id, ticket_count: Number(tickets.get(id) ?? 0n) })),
        });
        return;
      }
      fail(client, type, 'InvalidMessageType', INVALID_MESSAGE_TYPE);
    } catch (error) {
      if (error instanceof PlatformError) fail(client, type, error.reason, error.message);
      else {
        console.error(`[platform] jackpot socket ${type} failed:`, error);
        fail(client, type, 'InternalError', 'The jackpot service failed unexpectedly; try again');
      }
    }
  }

  async function open(ws: WebSocket, req: IncomingMessage): Promise<void> {
    const params = new URL(req.url ?? '/', 'http://platform').searchParams;
    const address = clientAddress(req) ?? 'unknown';
    ws.on('error', () => undefined);
    if (!addresses.take(address, ws)) {
      ws.close(SOCKET_TOO_MANY, `Too many sockets from this address: at most ${cap}`);
      return;
    }
    // Messages that arrive while the token is checked wait their turn.
    const early: string[] = [];
    let ready: Client | null = null;
    let chain = Promise.resolve();
    ws.on('message', (data, isBinary) => {
      const text = isBinary ? '\u0000' : data.toString();
      if (!ready) early.push(text);
      else chain = chain.then(() => onMessage(ready as Client, text));
    });
    const brand = brands.get(params.get('brand') ?? '');
    if (!brand) {
      ws.close(BAD_SOCKET_REQUEST, closeReason(`Unknown brand "${params.get('brand') ?? ''}": open ${JACKPOT_SOCKET_PATH}?operator=&brand=&currency=`));
      return;
    }
    const operator = params.get('operator') ?? brand.operator;
    if (operator !== brand.operator) {
      ws.close(BAD_SOCKET_REQUEST, closeReason(`Operator "${operator}" does not run brand ${brand.id}: use "${brand.operator}"`));
      return;
    }
    let currency: string;
    try {
      currency = jackpotCurrency(params.get('currency'), brand.currency);
    } catch (error) {
      ws.close(BAD_SOCKET_REQUEST, closeReason((error as Error).message));
      return;
    }
    const token = params.get('token')?.trim() || null;
    let player: Client['player'] = null;
    if (token) {
      try {
        const who = await auth.authenticate(token, brand.id);
        player = { playerId: who.playerId, sid: who.sid, currency: (await jackpot.walletCurrency(who.playerId)) ?? brand.currency };
      } catch (error) {
        ws.close(SOCKET_AUTH_FAILED, closeReason(`AuthenticationFailure: ${(error as Error).message}`));
        return;
      }
    }
    const client: Client = { ws, brand: brand.id, operator, currency, token, player, instances: new Map(), alive: true };
    clients.add(client);
    ws.on('pong', () => (client.alive = true));
    ws.on('close', () => clients.delete(client));
    ready = client;
    for (const text of early.splice(0)) chain = chain.then(() => onMessage(client, text));
  }

  return {
    handleUpgrade(req, socket, head) {
      const path = (req.url ?? '/').split('?')[0];
      if (path !== JACKPOT_SOCKET_PATH) return false;
      server.handleUpgrade(req, socket, head, (ws) => void open(ws, req).catch((error: unknown) => {
        console.error('[platform] jackpot socket failed to open:', error);
        ws.close(1011, 'Internal error');
      }));
      return true;
    },
    size: () => clients.size,
    async close() {
      stopTopic();
      stopSessions();
      clearInterval(heartbeat);
      const closed = [...server.clients].map((ws) => new Promise<void>((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close(1012, 'Service restart: reconnect');
      }));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(closed), new Promise((resolve) => (timer = setTimeout(resolve, 1000)))]);
      clearTimeout(timer);
      for (const ws of server.clients) ws.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
