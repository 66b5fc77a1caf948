import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { CONNECTION_LOST, createJackpotSocket, reconnectDelayMs, type JackpotSocket, type WebSocketLike } from './jackpot-socket.ts';
import type { JackpotInstance } from './jackpot-rest.ts';
import { INVALID_MESSAGE_TYPE, type JackpotServerMessage, type JackpotUpdate } from './protocol.ts';

/** A jackpot service stand-in on a real port: records connections and requests, answers subscribes with `pots`. */
async function startService() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  const connections: { url: string; at: number; socket: ServerSocket; requests: Record<string, unknown>[] }[] = [];
  let version = 1;
  let mega = '100.00';
  server.on('connection', (socket, req) => {
    const connection = { url: req.url ?? '', at: Date.now(), socket, requests: [] as Record<string, unknown>[] };
    connections.push(connection);
    socket.on('message', (data) => {
      const request = JSON.parse(String(data)) as Record<string, unknown>;
      connection.requests.push(request);
      if (request.type === 'SubscribeRequest') socket.send(JSON.stringify(update()));
    });
  });
  const update = (): JackpotUpdate => ({ type: 'JackpotUpdate', instance_id: 'pot-1', currency: 'EUR', version, timestamp: '2026-01-05T14:00:00Z', pots: [{ id: 'mega', name: 'epic', current_value: mega }] });
  return {
    port: (server.address() as AddressInfo).port,
    connections,
    /** Changes the pot (as a contribution would) without telling anyone. */
    grow(value: string) {
      version += 1;
      mega = value;
    },
    instance: (): JackpotInstance => ({ id: 'pot-1', name: 'Pot', source: 'casino', operator: 'op', version, pots: update().pots }),
    broadcast(message: unknown) {
      for (const connection of connections) if (connection.socket.readyState === NodeWebSocket.OPEN) connection.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    },
    close: () => new Promise<void>((resolve) => {
      for (const client of server.clients) client.terminate();
      server.close(() => resolve());
    }),
  };
}

type Service = Awaited<ReturnType<typeof startService>>;
let service: Service | null = null;
let socket: JackpotSocket | null = null;

afterEach(async () => {
  socket?.close();
  await service?.close();
  service = null;
  socket = null;
});

function open(port: number, overrides: Partial<Parameters<typeof createJackpotSocket>[0]> = {}) {
  const log = { warn: vi.fn(), error: vi.fn() };
  const messages: JackpotServerMessage[] = [];
  socket = createJackpotSocket({
    serviceUrl: `http://127.0.0.1:${port}/jackpot-service`,
    operator: 'op',
    brand: 'aurelia',
    currency: 'EUR',
    instanceIds: ['pot-1'],
    WebSocket: NodeWebSocket as unknown as new (url: string) => WebSocketLike,
    log,
    backoff: { initialMs: 40, maxMs: 200 },
    refreshValues: async () => (service ? [service.instance()] : []),
    ...overrides,
  });
  socket.listen((message) => messages.push(message));
  return { log, messages };
}

const potOf = (messages: JackpotServerMessage[]) => messages.filter((message): message is JackpotUpdate => message.type === 'JackpotUpdate').at(-1)?.pots[0]?.current_value;

describe('reconnectDelayMs', () => {
  it('starts at 2 s and doubles up to 60 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map((attempt) => reconnectDelayMs(attempt))).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });
});

describe('the jackpot socket against a real WebSocket server', () => {
  it('opens with operator, brand and currency (no token for a visitor) and subscribes', async () => {
    service = await startService();
    const { messages } = open(service.port);
    await vi.waitFor(() => expect(potOf(messages)).toBe('100.00'));
    const url = new URL(service.connections[0]!.url, 'http://x');
    expect(url.pathname).toBe('/jackpot-service/v1/ws');
    expect(Object.fromEntries(url.searchParams)).toEqual({ operator: 'op', brand: 'aurelia', currency: 'EUR' });
    expect(service.connections[0]!.requests[0]).toEqual({ type: 'SubscribeRequest', instance_ids: ['pot-1'] });
  });

  it("connects with the player's token once a token source is set, and sends player requests", async () => {
    service = await startService();
    const { messages } = open(service.port);
    await vi.waitFor(() => expect(potOf(messages)).toBe('100.00'));
    socket!.setAccessToken(async () => 'token-1');
    socket!.send({ type: 'PlayerOptInRequest', instance_id: 'pot-1', player_id: 'p:EUR:aurelia', brand_id: 'op:aurelia', opt_in: true, contribution_value: 0.2 });
    await vi.waitFor(() => expect(service!.connections[1]?.requests.map((request) => request.type)).toEqual(['SubscribeRequest', 'PlayerOptInRequest']));
    expect(new URL(service.connections[1]!.url, 'http://x').searchParams.get('token')).toBe('token-1');
  });

  it('refuses an unknown message type and a non-JSON message, logging them, and keeps delivering', async () => {
    service = await startService();
    const { log, messages } = open(service.port);
    await vi.waitFor(() => expect(messages).toHaveLength(1));
    service.broadcast({ type: 'Bogus', value: 1 });
    service.broadcast('not json');
    service.broadcast({ type: 'WinEvent', instance_id: 'pot-1', win_id: 'w1' });
    await vi.waitFor(() => expect(messages.map((message) => message.type)).toEqual(['JackpotUpdate', 'WinEvent']));
    expect(log.error).toHaveBeenCalledWith('[jackpot]', INVALID_MESSAGE_TYPE);
    expect(log.error).toHaveBeenCalledTimes(2);
  });

  it('drops an update older than the newest it has (two processes crossing)', async () => {
    service = await startService();
    const { messages } = open(service.port);
    await vi.waitFor(() => expect(messages).toHaveLength(1));
    const at = (version: number, value: string) => ({ type: 'JackpotUpdate', instance_id: 'pot-1', currency: 'EUR', version, timestamp: 't', pots: [{ id: 'mega', name: 'epic', current_value: value }] });
    service.broadcast(at(5, '150.00'));
    service.broadcast(at(3, '120.00'));
    service.broadcast(at(6, '160.00'));
    await vi.waitFor(() => expect(potOf(messages)).toBe('160.00'));
    expect(messages.map((message) => (message as JackpotUpdate).version)).toEqual([1, 5, 6]);
    expect(socket!.latest('pot-1')?.version).toBe(6);
  });

  it('logs the close, reconnects with doubling delays, and comes back with the values that changed meanwhile', async () => {
    service = await startService();
    const { log, messages } = open(service.port, { backoff: { initialMs: 100, maxMs: 400 } });
    await vi.waitFor(() => expect(potOf(messages)).toBe('100.00'));
    const port = service.port;
    await service.close();
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalledWith(`[jackpot] ${CONNECTION_LOST}`, expect.any(Number), expect.any(String)));
    // Down for a while: the attempts are refused at 100, 200, 400, 400 ms…
    const refusedAt: number[] = [];
    log.warn.mockImplementation(() => refusedAt.push(Date.now()));
    await vi.waitFor(() => expect(refusedAt.length).toBeGreaterThanOrEqual(4), { timeout: 5_000 });
    const gaps = refusedAt.slice(1).map((at, index) => at - refusedAt[index]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(180);
    expect(gaps[1]).toBeGreaterThanOrEqual(360);
    expect(gaps[2]).toBeGreaterThanOrEqual(360);
    expect(gaps[2]).toBeLessThan(800);
    // Back, with a pot that grew while the socket was down: REST gives it, and the subscription resumes.
    const restarted = new WebSocketServer({ port, host: '127.0.0.1' });
    await once(restarted, 'listening');
    const requests: unknown[] = [];
    restarted.on('connection', (ws) => ws.on('message', (data) => requests.push(JSON.parse(String(data)))));
    const fresh: JackpotInstance = { id: 'pot-1', name: 'Pot', source: 'casino', operator: 'op', version: 9, pots: [{ id: 'mega', name: 'epic', current_value: '180.00' }] };
    service = { ...service, close: () => new Promise<void>((resolve) => {
      for (const client of restarted.clients) client.terminate();
      restarted.close(() => resolve());
    }), instance: () => fresh };
    await vi.waitFor(() => expect(potOf(messages)).toBe('180.00'), { timeout: 5_000 });
    await vi.waitFor(() => expect(requests).toEqual([{ type: 'SubscribeRequest', instance_ids: ['pot-1'] }]));
  });

  it('resets the backoff once the service answers again', async () => {
    service = await startService();
    const { messages } = open(service.port, { backoff: { initialMs: 50, maxMs: 10_000 } });
    await vi.waitFor(() => expect(potOf(messages)).toBe('100.00'));
    for (let cut = 0; cut < 4; cut += 1) {
      const before = service.connections.length;
      service.connections.at(-1)!.socket.terminate();
      const cutAt = Date.now();
      await vi.waitFor(() => expect(service!.connections.length).toBe(before + 1), { timeout: 2_000 });
      // Each cut after a good answer waits the first delay again, not 100, 200, 400 ms…
      expect(service.connections.at(-1)!.at - cutAt).toBeLessThan(45 + 200);
      await vi.waitFor(() => expect(service!.connections.at(-1)!.requests).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});
