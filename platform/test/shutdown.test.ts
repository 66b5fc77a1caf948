/**
 * Health, readiness and graceful shutdown: what a load balancer and an orchestrator see of one
 * platform process while it runs and while it drains after a SIGTERM (platform.shutdown).
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

/**
 * A request the server has begun reading but not finished: a complete GET /livez and, in the same
 * write, the first line and headers of `path` without the blank line that ends them. Once /livez is
 * answered the server has read both, so its connection counts as busy (not idle) from then on.
 */
function openRequest(url: string, path: string): Promise<{ finish(): Promise<{ status: number; body: string }> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`GET /livez HTTP/1.1\r\nhost: ${hostname}\r\n\r\nGET ${path} HTTP/1.1\r\nhost: ${hostname}\r\n`);
    });
    let received = '';
    const ended = new Promise<void>((done) => socket.on('close', () => done()));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      if (received.includes('{"ok":true}')) resolve({ finish });
    });
    socket.on('error', reject);
    async function finish() {
      socket.write('\r\n');
      await ended;
      // The second answer on the connection is the one asked for; its body is one JSON object.
      const second = received.slice(received.indexOf('HTTP/1.1', received.indexOf('{"ok":true}')));
      const at = second.indexOf('\r\n\r\n');
      return { status: Number(second.slice(0, at).split(' ')[1]), body: /\{.*\}/s.exec(second.slice(at + 4))?.[0] ?? '' };
    }
  });
}

describe.each(DATABASES)('health and graceful shutdown on $name', (database) => {
  let app: TestPlatform | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers liveness and readiness with small uncached JSON, before any brand routing', async () => {
    app = await startPlatform(database);
    const live = await fetch(`${app.url}/livez`);
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect(await live.json()).toEqual({ ok: true });
    // No x-brand header and no known host: health paths never need one.
    const ready = await fetch(`${app.url}/readyz`, { headers: { host: 'unknown.example' } });
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ ready: true, draining: false, database: 'ok', brands: 3 });
  });

  it('turns unready once the database stops answering', async () => {
    app = await startPlatform(database);
    const { platform } = app;
    // The database going away under a running process (a server restart, a lost connection).
    const query = platform.db.query.bind(platform.db);
    platform.db.query = (() => Promise.reject(new Error('connection terminated'))) as typeof platform.db.query;
    try {
      const ready = await fetch(`${app.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ready: false, draining: false, database: 'unavailable: connection terminated' });
      expect((await fetch(`${app.url}/livez`)).status).toBe(200);
    } finally {
      platform.db.query = query;
    }
  });

  it('with a drain period, keeps serving (sockets open, new connections taken) while readiness says 503, then stops', async () => {
    app = await startPlatform(database);
    const { platform, url } = app;
    const socket = new WebSocket(`${url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    let socketClosedAt = 0;
    socket.once('close', () => (socketClosedAt = Date.now()));
    const begun = Date.now();
    const stopped = platform.shutdown({ graceMs: 5000, drainMs: 1500 });
    // A load balancer's health check sees the 503 on a new connection, and a query is still answered.
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ready: false, draining: true });
    expect((await app.gql('{ ping }')).data).toEqual({ ping: true });
    expect(socket.readyState).toBe(WebSocket.OPEN);
    await stopped;
    expect(socketClosedAt - begun).toBeGreaterThanOrEqual(1500);
    await expect(fetch(`${url}/livez`)).rejects.toThrow();
  });

  it('drains on shutdown: readiness 503, sockets closed with 1012, a money mutation in flight completes and is recorded', async () => {
    app = await startPlatform(database);
    const { platform, url } = app;
    // Shutdown closes the database it opened; keep it open a little longer to read what was recorded.
    const closeDatabase = platform.db.close.bind(platform.db);
    let databaseClosed = false;
    platform.db.close = async () => {
      databaseClosed = true;
    };

    const socket = new WebSocket(`${url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const socketClosed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));

    // Hold the ledger so the credit below is still running when shutdown begins.
    let release!: () => void;
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holding = platform.db.transaction(async (tx) => {
      await tx.query('lock table ledger_transactions in exclusive mode');
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await lockTaken;
    const arrived = new Promise((resolve) => platform.server.once('request', resolve));
    const credit = app.gql(
      'mutation ($k: String!) { sandboxCreditWallet(playerId: "newcomer", amount: "7.25", currency: "EUR", idempotencyKey: $k) { balance replayed } }',
      { k: 'test:shutdown:in-flight' },
    );
    await arrived;
    // A request already on its way (headers half sent) is served even though new connections are not taken.
    const readyDuringDrain = await openRequest(url, '/readyz');

    const stopped = platform.shutdown({ graceMs: 15_000 });
    expect(platform.isDraining()).toBe(true);
    expect(await socketClosed).toEqual({ code: 1012, reason: 'Service restart: reconnect' });
    const ready = await readyDuringDrain.finish();
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ ready: false, draining: true });
    // New connections are refused: a load balancer sends them to another process.
    await expect(fetch(`${url}/livez`)).rejects.toThrow();

    release();
    await holding;
    const answered = await credit;
    expect(answered.status).toBe(200);
    expect(answered.errors).toBeUndefined();
    expect(answered.data.sandboxCreditWallet.replayed).toBe(false);
    await stopped;
    expect(databaseClosed).toBe(true);

    // Recorded once, with its postings.
    const recorded = await platform.db.query<{ postings: string }>(
      "select (select count(*) from ledger_postings p where p.transaction_id = t.id) as postings from ledger_transactions t where t.idempotency_key like '%test:shutdown:in-flight'",
    );
    expect(recorded.rows).toHaveLength(1);
    expect(Number(recorded.rows[0]!.postings)).toBeGreaterThanOrEqual(2);
    platform.db.close = closeDatabase;
    await app.close();
    app = undefined;
    await closeDatabase();
  }, 40_000);
});
