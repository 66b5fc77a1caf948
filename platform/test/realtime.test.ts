import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { DATABASES, signInBySms, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const WALLET = 'subscription Wallet { balanceUpdated { balance bonusBalance currency amount moneyType wageringProgress } }';
const SESSION = 'subscription SessionDestroyed { sessionDestroyed { sessionId cause until } }';

/** A raw socket speaking the legacy graphql-ws protocol, with a message queue to await. */
async function legacyClient(url: string) {
  const socket = new WebSocket(url.replace('http', 'ws') + '/graphql', 'graphql-ws');
  const messages: { type: string; id?: string; payload?: any }[] = [];
  const waiters: (() => void)[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  socket.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)));
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  expect(socket.protocol).toBe('graphql-ws');
  return {
    socket,
    closed,
    send: (message: object) => socket.send(JSON.stringify(message)),
    /** The first not yet taken message matching, waiting up to 5 s. */
    async next(match: (message: { type: string; id?: string; payload?: any }) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = messages.findIndex(match);
        if (index >= 0) return messages.splice(index, 1)[0] as { type: string; id?: string; payload?: any };
        if (Date.now() > deadline) throw new Error(`No matching message; got ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

describe.each(DATABASES)('subscriptions over WebSocket on $name', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    app = await startPlatform(database, { auth: { enableSandboxAdmin: true, smsResendCooldownSeconds: 0, accessTokenTtlSeconds: 60 } });
  });
  afterAll(() => app?.close());

  const credit = (key: string, amount = '5.00', player = 'verified') =>
    app.gql('mutation ($k: String!, $a: String!, $p: ID!) { sandboxCreditWallet(playerId: $p, amount: $a, currency: "EUR", idempotencyKey: $k) { balance } }', { k: key, a: amount, p: player });

  it('streams balance updates and session destruction in graphql-transport-ws', async () => {
    const tokens = await signInBySms(app, '+3585550001');
    const client = createClient({ url: `${app.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { accessToken: tokens.accessToken }, retryAttempts: 0, lazy: false, onNonLazyError: () => {} });
    const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
    const closed = new Promise<{ code: number; reason: string }>((resolve) => client.on('closed', (event) => resolve(event as { code: number; reason: string })));
    await connected;
    const updates = client.iterate<{ balanceUpdated: Record<string, unknown> }>({ query: WALLET });
    const first = updates.next();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await credit('ws:modern:1', '7.25')).errors).toBeUndefined();
    expect((await first).value?.data?.balanceUpdated).toEqual({ balance: '257.25', bonusBalance: '20.00', currency: 'EUR', amount: '7.25', moneyType: 'Deposit', wageringProgress: null });

    const destroyed: unknown[] = [];
    const errors: unknown[] = [];
    client.subscribe({ query: SESSION }, { next: (value) => destroyed.push(value), error: (error) => errors.push(error), complete: () => {} });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const result = await app.gql('mutation ($s: ID!) { sandboxDestroySession(sessionId: $s) { destroyedSessionIds } }', { s: tokens.sessionId });
    expect(result.data.sandboxDestroySession.destroyedSessionIds).toEqual([tokens.sessionId]);
    const event = await closed;
    expect(event).toMatchObject({ code: 4401, reason: 'session_destroyed_error' });
    expect(destroyed).toEqual([{ data: { sessionDestroyed: { sessionId: tokens.sessionId, cause: 'AnotherDevice', until: null } } }]);
    expect(JSON.stringify(errors)).toContain('session_destroyed_error');
    await updates.return?.();
    await client.dispose();
  });

  it('tells the other devices of a player who self-excludes why their session ended, and until when', async () => {
    const here = await signInBySms(app, '+3585550027');
    const elsewhere = await signInBySms(app, '+3585550027');
    const client = await legacyClient(app.url);
    client.send({ type: 'connection_init', payload: { authorization: `Bearer ${elsewhere.accessToken}` } });
    await client.next((message) => message.type === 'connection_ack');
    client.send({ id: '1', type: 'start', payload: { query: 'subscription { sessionDestroyed { sessionId cause until } }' } });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const excluded = await app.gql('mutation { selfExclude(days: 180) { selfExclusionDetails { exclusionEndsAt } } }', {}, { authorization: `Bearer ${here.accessToken}` });
    expect(excluded.errors).toBeUndefined();
    const until = excluded.data.selfExclude.selfExclusionDetails.exclusionEndsAt as string;
    expect((await client.next((message) => message.id === '1' && message.type === 'data')).payload.data.sessionDestroyed).toEqual({ sessionId: elsewhere.sessionId, cause: 'SelfExclusion', until });
    // The socket's own session-ended errors say it too, for a page whose subscription had not started yet.
    expect((await client.next((message) => message.type === 'connection_error')).payload.extensions).toMatchObject({ reason: 'SessionDestroyed', cause: 'SelfExclusion', until });
    expect(await client.closed).toEqual({ code: 4401, reason: 'session_destroyed_error' });
  });

  it('closes graphql-transport-ws connections with a bad token', async () => {
    const client = createClient({ url: `${app.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { accessToken: 'nonsense' }, retryAttempts: 0, lazy: false, onNonLazyError: () => {} });
    const event = await new Promise<{ code: number; reason: string }>((resolve) => client.on('closed', (closed) => resolve(closed as { code: number; reason: string })));
    expect(event.code).toBe(4401);
    expect(event.reason).toMatch(/^AuthenticationFailure/);
    await client.dispose();
  });

  it('speaks the legacy graphql-ws protocol: ack, ka, data, stop, session_destroyed_error', async () => {
    const tokens = await signInBySms(app, '+3585550002');
    const other = await signInBySms(app, '+3585550002');
    const client = await legacyClient(app.url);
    client.send({ type: 'connection_init', payload: { authorization: `Bearer ${tokens.accessToken}` } });
    await client.next((message) => message.type === 'connection_ack');
    await client.next((message) => message.type === 'ka');

    client.send({ id: '1', type: 'start', payload: { query: WALLET, operationName: 'Wallet' } });
    client.send({ id: '2', type: 'start', payload: { query: SESSION } });
    client.send({ id: '3', type: 'start', payload: { query: '{ viewer { player { username } } }' } });
    expect((await client.next((message) => message.id === '3' && message.type === 'data')).payload).toEqual({ data: { viewer: { player: { username: 'newcomer' } } } });
    await client.next((message) => message.id === '3' && message.type === 'complete');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await credit('ws:legacy:1', '3.00', 'newcomer');
    expect((await client.next((message) => message.id === '1' && message.type === 'data')).payload.data.balanceUpdated).toMatchObject({ balance: '3.00', amount: '3.00', moneyType: 'Deposit' });
    client.send({ id: '1', type: 'stop' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await credit('ws:legacy:2', '1.00', 'newcomer');

    // Another session of the same player ends: this socket is told, but stays open.
    await app.gql('mutation ($s: ID!) { sandboxDestroySession(sessionId: $s) { destroyedSessionIds } }', { s: other.sessionId });
    expect((await client.next((message) => message.id === '2' && message.type === 'data')).payload.data.sessionDestroyed.sessionId).toBe(other.sessionId);

    // Its own session ends: session_destroyed_error on the operation and the connection, then close.
    await app.gql('mutation ($s: ID!) { sandboxDestroySession(sessionId: $s) { destroyedSessionIds } }', { s: tokens.sessionId });
    expect((await client.next((message) => message.id === '2' && message.type === 'data')).payload.data.sessionDestroyed.sessionId).toBe(tokens.sessionId);
    expect((await client.next((message) => message.id === '2' && message.type === 'error')).payload[0].message).toBe('session_destroyed_error');
    expect((await client.next((message) => message.type === 'connection_error')).payload.message).toBe('session_destroyed_error');
    expect(await client.closed).toEqual({ code: 4401, reason: 'session_destroyed_error' });
    // The stopped operation got nothing after stop.
    await expect(client.next((message) => message.id === '1', 300)).rejects.toThrow();
  });

  it('refuses legacy connections without a valid token and reports context errors per operation', async () => {
    const bad = await legacyClient(app.url);
    bad.send({ type: 'connection_init', payload: { accessToken: 'expired.or.forged' } });
    expect((await bad.next((message) => message.type === 'connection_error')).payload.extensions.reason).toBe('AuthenticationFailure');
    expect((await bad.closed).code).toBe(4401);

    const tokens = await signInBySms(app, '+3585550003');
    const client = await legacyClient(app.url);
    client.send({ type: 'start', id: 'early', payload: { query: WALLET } });
    expect((await client.next((message) => message.id === 'early')).payload[0].message).toMatch(/connection_init/);
    client.send({ type: 'connection_init', payload: { accessToken: tokens.accessToken } });
    await client.next((message) => message.type === 'connection_ack');
    await app.gql('mutation ($r: String) { logout(refreshToken: $r) { loggedOut } }', { r: tokens.refreshToken });
    const closing = await client.closed;
    expect(closing.code).toBe(4401);

    const again = await legacyClient(app.url);
    const fresh = await signInBySms(app, '+3585550003');
    again.send({ type: 'connection_init', payload: { token: fresh.accessToken } });
    await again.next((message) => message.type === 'connection_ack');
    await app.platform.db.query("update sessions set revoked_at = now(), revoked_reason = 'test' where sid = $1", [fresh.sessionId]);
    again.send({ type: 'start', id: 'late', payload: { query: WALLET } });
    expect((await again.next((message) => message.id === 'late' && message.type === 'error')).payload[0].message).toMatch(/^Error resolving subscription context/);
    again.send({ type: 'nonsense' });
    expect((await again.next((message) => message.type === 'error' && !message.id)).payload[0].message).toMatch(/Unknown message type/);
    again.send({ type: 'connection_terminate' });
    expect((await again.closed).code).toBe(1000);
  });
});
