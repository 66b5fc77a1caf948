import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLegacyConnection, parseLegacyMessage } from './legacy-ws.ts';
import type { RealtimeHooks } from './realtime.ts';
import { reconnectDelayMs } from './realtime.ts';

/** A scripted stand-in for the browser's WebSocket. */
class FakeSocket {
  static OPEN = 1;
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: { type: string; id?: string; payload?: unknown }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly url: string;
  readonly protocol: string;
  constructor(url: string, protocol: string) {
    this.url = url;
    this.protocol = protocol;
    FakeSocket.instances.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: object | string) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  drop(code = 1006, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

function hooks(overrides: Partial<RealtimeHooks> = {}): RealtimeHooks & { ready: boolean[]; destroyed: number; lost: number } {
  const record = { ready: [] as boolean[], destroyed: 0, lost: 0 };
  return Object.assign(record, {
    accessToken: async () => 'token-1',
    onReady: (reconnected: boolean) => record.ready.push(reconnected),
    onLost: () => {
      record.lost += 1;
    },
    onSessionDestroyed: () => {
      record.destroyed += 1;
    },
    onTokenRefused: async () => true,
    ...overrides,
  });
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

async function connected(h: RealtimeHooks) {
  const connection = createLegacyConnection('ws://lobby/graphql', h, FakeSocket as unknown as typeof WebSocket);
  await vi.advanceTimersByTimeAsync(0);
  const socket = FakeSocket.instances.at(-1)!;
  socket.open();
  return { connection, socket };
}

describe('legacy graphql-ws client', () => {
  it('sends connection_init with the token, starts operations on ack and reports ready', async () => {
    const h = hooks();
    const { connection, socket } = await connected(h);
    expect(socket.protocol).toBe('graphql-ws');
    expect(socket.sent[0]).toEqual({ type: 'connection_init', payload: { accessToken: 'token-1' } });
    const next = vi.fn();
    connection.subscribe({ query: 'subscription Wallet { balanceUpdated { balance } }' }, { next, error: vi.fn(), complete: vi.fn() });
    expect(socket.sent.filter((message) => message.type === 'start')).toHaveLength(0);
    socket.receive({ type: 'connection_ack' });
    expect(socket.sent.filter((message) => message.type === 'start')).toHaveLength(1);
    expect(h.ready).toEqual([false]);
    socket.receive({ type: 'data', id: '1', payload: { data: { balanceUpdated: { balance: '1.00' } } } });
    expect(next).toHaveBeenCalledWith({ data: { balanceUpdated: { balance: '1.00' } } });
    connection.dispose();
  });

  it('reconnects with backoff after a drop, restarts every operation on the new ack and says it reconnected', async () => {
    const h = hooks();
    const { connection, socket } = await connected(h);
    connection.subscribe({ query: 'subscription A { a }' }, { next: vi.fn(), error: vi.fn(), complete: vi.fn() });
    connection.subscribe({ query: 'subscription B { b }' }, { next: vi.fn(), error: vi.fn(), complete: vi.fn() });
    socket.receive({ type: 'connection_ack' });
    socket.drop(1001, 'network cut');
    expect(h.lost).toBe(1);
    await vi.advanceTimersByTimeAsync(reconnectDelayMs(0, () => 0.99) + 10);
    const second = FakeSocket.instances.at(-1)!;
    expect(second).not.toBe(socket);
    second.open();
    second.receive({ type: 'connection_ack' });
    expect(second.sent.filter((message) => message.type === 'start').map((message) => message.id)).toEqual(['1', '2']);
    expect(h.ready).toEqual([false, true]);
    connection.dispose();
  });

  it('runs the session-destroyed handler on session_destroyed_error', async () => {
    const h = hooks();
    const { connection, socket } = await connected(h);
    socket.receive({ type: 'connection_ack' });
    socket.receive({ type: 'error', id: '1', payload: [{ message: 'session_destroyed_error' }] });
    expect(h.destroyed).toBe(1);
    connection.dispose();
  });

  it('hands the session-destroyed handler the cause and end the platform sends with it', async () => {
    const ends: unknown[] = [];
    const h = hooks({ onSessionDestroyed: (end) => ends.push(end) });
    const { connection, socket } = await connected(h);
    socket.receive({ type: 'connection_ack' });
    socket.receive({ type: 'connection_error', payload: { message: 'session_destroyed_error', extensions: { reason: 'SessionDestroyed', cause: 'Timeout', until: '2027-05-25T14:00:00.000Z' } } });
    expect(ends).toEqual([{ cause: 'Timeout', until: '2027-05-25T14:00:00.000Z' }]);
    connection.dispose();
  });

  it("closes and reconnects on 'Error resolving subscription context' with a fresh token", async () => {
    let token = 'token-1';
    const h = hooks({ accessToken: async () => token, onTokenRefused: async () => {
      token = 'token-2';
      return true;
    } });
    const { connection, socket } = await connected(h);
    connection.subscribe({ query: 'subscription A { a }' }, { next: vi.fn(), error: vi.fn(), complete: vi.fn() });
    socket.receive({ type: 'connection_ack' });
    socket.receive({ type: 'error', id: '1', payload: [{ message: 'Error resolving subscription context: the token expired' }] });
    await vi.advanceTimersByTimeAsync(0);
    const second = FakeSocket.instances.at(-1)!;
    expect(second).not.toBe(socket);
    second.open();
    expect(second.sent[0]).toEqual({ type: 'connection_init', payload: { accessToken: 'token-2' } });
    connection.dispose();
  });

  it('replaces a socket that stays silent for 30 s', async () => {
    const h = hooks();
    const { connection, socket } = await connected(h);
    socket.receive({ type: 'connection_ack' });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(FakeSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_100 + reconnectDelayMs(0, () => 0.99));
    expect(FakeSocket.instances.length).toBeGreaterThan(1);
    connection.dispose();
  });

  it('keeps a socket that receives ka every 10 s', async () => {
    const h = hooks();
    const { connection, socket } = await connected(h);
    socket.receive({ type: 'connection_ack' });
    for (let index = 0; index < 6; index += 1) {
      await vi.advanceTimersByTimeAsync(10_000);
      socket.receive({ type: 'ka' });
    }
    expect(FakeSocket.instances).toHaveLength(1);
    connection.dispose();
  });
});

describe('parseLegacyMessage', () => {
  it("throws 'Invalid message type!' for an unknown type", () => {
    expect(() => parseLegacyMessage('{"type":"surprise"}')).toThrow('Invalid message type!');
  });
  it('throws for a message that is not JSON', () => {
    expect(() => parseLegacyMessage('not json')).toThrow(/JSON/);
  });
});

describe('reconnect backoff', () => {
  it('starts near 1 s, grows by 1.2, stays within ±50 % and never exceeds 30 s', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(1000);
    expect(reconnectDelayMs(1, () => 0)).toBeCloseTo(1200);
    for (let attempt = 0; attempt < 60; attempt += 1) {
      for (const random of [0.01, 0.15, 0.5, 0.95]) {
        const delay = reconnectDelayMs(attempt, () => random);
        const base = Math.min(1000 * 1.2 ** attempt, Number.POSITIVE_INFINITY);
        expect(delay).toBeLessThanOrEqual(30_000);
        if (base < 20_000) {
          expect(delay).toBeGreaterThanOrEqual(base * 0.5 - 1);
          expect(delay).toBeLessThanOrEqual(base * 1.5 + 1);
        }
      }
    }
    expect(reconnectDelayMs(100, () => 0.5)).toBe(30_000);
  });
});

