import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeConnection, type RealtimeHooks, type RealtimeProtocol } from './realtime.ts';

/** A browser WebSocket stand-in that both protocols' clients accept (graphql-ws checks the statics). */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static instances: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: { type: string }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly protocol: string;
  constructor(_url: string, protocol: string) {
    this.protocol = protocol;
    FakeSocket.instances.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as { type: string });
  }
  /** A close the client asked for: the browser reports it like any other close. */
  close(code = 1000, reason = '') {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.drop(code, reason);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code: number, reason: string) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code, reason });
  }
}

function hooks(): RealtimeHooks & { lost: number } {
  const record = { lost: 0 };
  return Object.assign(record, {
    accessToken: async () => 'token-1',
    onReady: () => undefined,
    onLost: () => {
      record.lost += 1;
    },
    onSessionDestroyed: () => undefined,
    onTokenRefused: async () => true,
  });
}

/** A connection in `protocol` whose socket has been acknowledged. */
async function acknowledged(protocol: RealtimeProtocol, h: RealtimeHooks) {
  const connection = await createRealtimeConnection(protocol, 'ws://lobby/graphql', h, FakeSocket as unknown as typeof WebSocket);
  await vi.advanceTimersByTimeAsync(0);
  const socket = FakeSocket.instances.at(-1)!;
  socket.open();
  await vi.advanceTimersByTimeAsync(0);
  expect(socket.sent[0]?.type).toBe('connection_init');
  socket.receive({ type: 'connection_ack' });
  await vi.advanceTimersByTimeAsync(0);
  return { connection, socket };
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  FakeSocket.instances = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
  vi.useRealTimers();
});

describe.each<RealtimeProtocol>(['graphql-transport-ws', 'graphql-ws'])('the %s connection (spec section 8, logging only)', (protocol) => {
  it("logs 'Unable to establish connection' with the close code when the socket drops, then reconnects", async () => {
    const h = hooks();
    const { connection, socket } = await acknowledged(protocol, h);
    socket.drop(1006, '');
    expect(warn).toHaveBeenCalledWith('[realtime] Unable to establish connection (close 1006)');
    expect(h.lost).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(FakeSocket.instances.length).toBe(2);
    FakeSocket.instances[1]!.drop(1012, 'Service Restart');
    expect(warn).toHaveBeenLastCalledWith('[realtime] Unable to establish connection (close 1012: Service Restart)');
    connection.dispose();
  });

  it('stays quiet when the lobby closes the socket itself', async () => {
    const { connection } = await acknowledged(protocol, hooks());
    connection.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe.each<[RealtimeProtocol, string, string]>([
  ['graphql-transport-ws', 'subscribe', 'next'],
  ['graphql-ws', 'start', 'data'],
])('the %s connection replacing its socket', (protocol, startType, resultType) => {
  it('does not log the close it makes itself for a stale subscription context', async () => {
    const { connection, socket } = await acknowledged(protocol, hooks());
    const sink = { next: vi.fn(), error: vi.fn(), complete: vi.fn() };
    connection.subscribe({ query: 'subscription { balanceUpdated { balance } }' }, sink);
    await vi.advanceTimersByTimeAsync(0);
    const started = socket.sent.find((message) => message.type === startType) as { id: string } | undefined;
    expect(started).toBeDefined();
    socket.receive({ type: resultType, id: started!.id, payload: { errors: [{ message: 'Error resolving subscription context: stale token' }] } });
    await vi.advanceTimersByTimeAsync(2000);
    expect(socket.readyState).toBe(FakeSocket.CLOSED);
    expect(FakeSocket.instances.length).toBe(2);
    expect(warn).not.toHaveBeenCalled();
    connection.dispose();
  });
});
