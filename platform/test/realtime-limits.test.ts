/**
 * The WebSocket hardening of issue 15, in both protocols: the frame-size cap (1009), the caps on
 * operations per socket, sockets per player and sockets per client address (4429 with a reason),
 * the legacy protocol's start-before-ack queue (proved with the stock subscriptions-transport-ws
 * client), and a socket that stops speaking for a player (logout, re-initialisation) taking none of
 * that player's events from that moment on.
 *
 * Each test connects from its own X-Forwarded-For address, so the per-address counts of one test
 * never reach another.
 */
import { SubscriptionClient } from 'subscriptions-transport-ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import WebSocket from 'ws';
import { findPlayer } from '../src/players/repository.ts';
import type { EventBus } from '../src/realtime/events.ts';
import { DEFAULT_SOCKET_LIMITS, TOO_MANY_CLOSE_CODE } from '../src/realtime/websocket.ts';
import { DATABASES, signInBySms, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const WALLET = 'subscription Wallet { balanceUpdated { balance amount } }';
const LEGACY = 'graphql-ws';
const MODERN = 'graphql-transport-ws';
type Protocol = typeof LEGACY | typeof MODERN;

interface Message {
  type: string;
  id?: string;
  payload?: any;
}

/** A raw socket in either protocol from a given client address, with its messages to await. */
async function rawClient(baseUrl: string, protocol: Protocol, address: string) {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/graphql`, protocol, { headers: { 'x-forwarded-for': address } });
  const messages: Message[] = [];
  const seen: Message[] = [];
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const resolve of waiters.splice(0)) resolve();
  };
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => {
      resolve({ code, reason: String(reason) });
      wake();
    }),
  );
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as Message;
    messages.push(message);
    seen.push(message);
    wake();
  });
  socket.on('error', () => undefined);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  expect(socket.protocol).toBe(protocol);
  return {
    socket,
    closed,
    /** Every message this socket received, taken or not. */
    seen,
    send: (message: object) => socket.send(JSON.stringify(message)),
    /** The first not yet taken message matching, waiting up to 5 s. */
    async next(match: (message: Message) => boolean, timeoutMs = 5000): Promise<Message> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = messages.findIndex(match);
        if (index >= 0) return messages.splice(index, 1)[0] as Message;
        if (Date.now() > deadline) throw new Error(`No matching message; got ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

type RawClient = Awaited<ReturnType<typeof rawClient>>;

/** Opens a socket, signs it in and waits for the ack. */
async function signedIn(baseUrl: string, protocol: Protocol, address: string, accessToken: string): Promise<RawClient> {
  const client = await rawClient(baseUrl, protocol, address);
  client.send({ type: 'connection_init', payload: { accessToken } });
  await client.next((message) => message.type === 'connection_ack');
  return client;
}

/** The message that starts an operation in the protocol. */
const startMessage = (protocol: Protocol, id: string, query = WALLET) => ({ id, type: protocol === LEGACY ? 'start' : 'subscribe', payload: { query } });
/** The type of a result message in the protocol. */
const dataType = (protocol: Protocol) => (protocol === LEGACY ? 'data' : 'next');

describe.each(DATABASES)('WebSocket limits and identity on $name', (database) => {
  let app: TestPlatform;
  let streams: MockInstance<EventBus['subscribe']>;
  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    app = await startPlatform(database, { auth: { enableSandboxAdmin: true, smsResendCooldownSeconds: 0 } });
    // Every event stream a subscription opens goes through the bus: tests wait for them instead of sleeping.
    streams = vi.spyOn(app.platform.services.events, 'subscribe');
  });
  afterAll(() => app?.close());

  let keys = 0;
  const credit = async (player: string, amount: string) => {
    const result = await app.gql('mutation ($k: String!, $a: String!, $p: ID!) { sandboxCreditWallet(playerId: $p, amount: $a, currency: "EUR", idempotencyKey: $k) { balance } }', {
      k: `ws-limits:${database.name}:${(keys += 1)}`,
      a: amount,
      p: player,
    });
    expect(result.errors).toBeUndefined();
  };
  const playerId = async (username: string) => (await findPlayer(app.platform.db, 'aurelia', username))?.id as string;
  /** How many balance streams were opened for the player so far. */
  const opened = (id: string) => streams.mock.calls.filter((call) => call[0] === id && call[1] === 'balanceUpdated').length;
  const waitForStreams = (id: string, count: number) => vi.waitFor(() => expect(opened(id)).toBeGreaterThanOrEqual(count), { timeout: 5000, interval: 20 });

  it.each([LEGACY, MODERN] as const)('closes a %s socket that sends a frame over 64 KiB with 1009, and takes one just under', async (protocol) => {
    const tokens = await signInBySms(app, '+3585550011');
    // connection_init padded to just under the cap is a normal message.
    const client = await rawClient(app.url, protocol, '203.0.113.1');
    const init = JSON.stringify({ type: 'connection_init', payload: { accessToken: tokens.accessToken, padding: '' } });
    const padding = 'x'.repeat(DEFAULT_SOCKET_LIMITS.maxPayloadBytes - Buffer.byteLength(init));
    client.send({ type: 'connection_init', payload: { accessToken: tokens.accessToken, padding } });
    await client.next((message) => message.type === 'connection_ack');
    client.socket.send('x'.repeat(DEFAULT_SOCKET_LIMITS.maxPayloadBytes + 1));
    expect((await client.closed).code).toBe(1009);
  });

  it.each([LEGACY, MODERN] as const)('refuses an operation over the cost limit on a %s socket before it runs, as over HTTP', async (protocol) => {
    const tokens = await signInBySms(app, '+3585550019');
    const client = await signedIn(app.url, protocol, '203.0.113.9', tokens.accessToken);
    const tile = 'slug name imageUrl lookupId idx hasBonus isLiveCasino studio { slug name }';
    // Six lists of 100 games through a variable: the cost reads it.
    const heavy = `query ($n: Int!) { ${Array.from({ length: 6 }, (_, index) => `a${index}: listOfGames(listOfGamesSlug: "slots", first: $n) { games { edges { node { ${tile} } } } }`).join(' ')} }`;
    client.send({ id: 'heavy', type: protocol === LEGACY ? 'start' : 'subscribe', payload: { query: heavy, variables: { n: 100 } } });
    const refused = await client.next((message) => message.id === 'heavy');
    expect(refused.type).toBe('error');
    const [error] = refused.payload as { message: string; extensions: { limit?: string } }[];
    expect(error?.extensions.limit).toBe('QueryTooCostly');
    expect(error?.message).toMatch(/would cost \d+; the limit is 10000/);
    // A light one on the same socket still answers.
    client.send({ id: 'light', type: protocol === LEGACY ? 'start' : 'subscribe', payload: { query: 'query ($n: Int!) { listOfGames(listOfGamesSlug: "slots", first: $n) { name } }', variables: { n: 10 } } });
    expect((await client.next((message) => message.id === 'light')).type).toBe(dataType(protocol));
    client.socket.close();
  });

  it.each([LEGACY, MODERN] as const)('runs 50 subscriptions on one %s socket and closes it with 4429 at the 51st', async (protocol) => {
    const tokens = await signInBySms(app, '+3585550012');
    const id = await playerId('instant-banking-grace');
    const client = await signedIn(app.url, protocol, '203.0.113.2', tokens.accessToken);
    const before = opened(id);
    for (let n = 1; n <= DEFAULT_SOCKET_LIMITS.subscriptionsPerSocket; n += 1) client.send(startMessage(protocol, String(n)));
    await waitForStreams(id, before + DEFAULT_SOCKET_LIMITS.subscriptionsPerSocket);
    await credit('instant-banking-grace', '1.00');
    for (let n = 1; n <= DEFAULT_SOCKET_LIMITS.subscriptionsPerSocket; n += 1) {
      expect((await client.next((message) => message.id === String(n) && message.type === dataType(protocol))).payload.data.balanceUpdated.amount).toBe('1.00');
    }
    client.send(startMessage(protocol, 'one-too-many'));
    const closing = await client.closed;
    expect(closing).toEqual({ code: TOO_MANY_CLOSE_CODE, reason: 'Too many subscriptions on this socket: at most 50; stop some first' });
    if (protocol === LEGACY) {
      expect((await client.next((message) => message.type === 'connection_error')).payload.extensions.reason).toBe('TooManySubscriptions');
    }
  });

  it('refuses the 11th socket of one player, over both protocols, with 4429 until one closes', async () => {
    const tokens = await signInBySms(app, '+3585550014');
    const address = '203.0.113.3';
    const open: RawClient[] = [];
    for (let n = 0; n < DEFAULT_SOCKET_LIMITS.socketsPerPlayer; n += 1) open.push(await signedIn(app.url, n % 2 ? LEGACY : MODERN, address, tokens.accessToken));
    // A second sign-in of the same player counts too: the cap is per player, not per session.
    const other = await signInBySms(app, '+3585550014');

    const modern = await rawClient(app.url, MODERN, address);
    modern.send({ type: 'connection_init', payload: { accessToken: other.accessToken } });
    expect(await modern.closed).toEqual({ code: TOO_MANY_CLOSE_CODE, reason: 'Too many sockets for this player: at most 10; close another tab or device' });

    const legacy = await rawClient(app.url, LEGACY, address);
    legacy.send({ type: 'connection_init', payload: { accessToken: tokens.accessToken } });
    legacy.send(startMessage(LEGACY, 'queued'));
    expect((await legacy.next((message) => message.type === 'connection_error')).payload).toEqual({
      message: 'Too many sockets for this player: at most 10; close another tab or device',
      extensions: { reason: 'TooManySockets' },
    });
    expect((await legacy.next((message) => message.id === 'queued')).type).toBe('error');
    expect((await legacy.closed).code).toBe(TOO_MANY_CLOSE_CODE);

    // Another player from the same address is not affected, and a closed socket frees its place.
    (await signedIn(app.url, MODERN, address, (await signInBySms(app, '+3585550004')).accessToken)).socket.close();
    const first = open.shift() as RawClient;
    first.socket.close();
    await first.closed;
    open.push(await signedIn(app.url, LEGACY, address, tokens.accessToken));
    for (const client of open) client.socket.close();
  });

  it('refuses the 51st socket from one client address with 4429 until one closes', async () => {
    const address = '198.51.100.7';
    const open: RawClient[] = [];
    for (let n = 0; n < DEFAULT_SOCKET_LIMITS.socketsPerAddress; n += 1) open.push(await rawClient(app.url, LEGACY, address));

    const modern = await rawClient(app.url, MODERN, address);
    expect(await modern.closed).toEqual({ code: TOO_MANY_CLOSE_CODE, reason: 'Too many sockets from this address: at most 50' });
    const legacy = await rawClient(app.url, LEGACY, address);
    expect((await legacy.next((message) => message.type === 'connection_error')).payload.extensions.reason).toBe('TooManySockets');
    expect((await legacy.closed).code).toBe(TOO_MANY_CLOSE_CODE);

    // Another address is served; so is this one once a socket closes.
    const elsewhere = await rawClient(app.url, LEGACY, '198.51.100.8');
    elsewhere.send({ type: 'hello' });
    expect((await elsewhere.next((message) => message.type === 'error')).payload[0].message).toMatch(/Unknown message type "hello"/);
    const first = open.shift() as RawClient;
    first.socket.close();
    await first.closed;
    const again = await rawClient(app.url, MODERN, address);
    again.send({ type: 'ping' });
    expect((await again.next((message) => message.type === 'pong')).type).toBe('pong');
    for (const client of [...open, elsewhere, again]) client.socket.close();
  });

  it('queues a legacy start sent right behind connection_init and runs it after the ack', async () => {
    const tokens = await signInBySms(app, '+3585550005');
    const id = await playerId('sow-upload-required');
    const client = await rawClient(app.url, LEGACY, '203.0.113.5');
    const before = opened(id);
    client.send({ type: 'connection_init', payload: { accessToken: tokens.accessToken } });
    client.send(startMessage(LEGACY, 'eager'));
    client.send({ id: 'query', type: 'start', payload: { query: '{ viewer { player { username } } }' } });
    await client.next((message) => message.type === 'connection_ack');
    expect((await client.next((message) => message.id === 'query' && message.type === 'data')).payload).toEqual({ data: { viewer: { player: { username: 'sow-upload-required' } } } });
    await waitForStreams(id, before + 1);
    await credit('sow-upload-required', '2.50');
    expect((await client.next((message) => message.id === 'eager')).payload.data.balanceUpdated.amount).toBe('2.50');
    // The ack came before anything the queued operations sent.
    expect(client.seen.findIndex((message) => message.type === 'connection_ack')).toBeLessThan(client.seen.findIndex((message) => message.id === 'query'));
    client.socket.close();
  });

  it('serves the stock subscriptions-transport-ws client, which starts before the ack', async () => {
    const tokens = await signInBySms(app, '+3585550016');
    const id = await playerId('restricted');
    const before = opened(id);
    const client = new SubscriptionClient(
      `${app.url.replace('http', 'ws')}/graphql`,
      { connectionParams: { accessToken: tokens.accessToken }, reconnect: false, wsOptionArguments: [{ headers: { 'x-forwarded-for': '203.0.113.6' } }] },
      WebSocket,
    );
    const received: unknown[] = [];
    const failures: unknown[] = [];
    const first = new Promise<void>((resolve) => {
      client.request({ query: WALLET, operationName: 'Wallet' }).subscribe({
        next: (value) => {
          received.push(value);
          resolve();
        },
        error: (error) => failures.push(error),
      });
    });
    await waitForStreams(id, before + 1);
    await credit('restricted', '4.20');
    await first;
    expect(failures).toEqual([]);
    expect(received).toEqual([{ data: { balanceUpdated: { balance: expect.any(String), amount: '4.20' } } }]);
    client.close();
  });

  it.each([LEGACY, MODERN] as const)('stops a %s socket streaming the moment its player logs out', async (protocol) => {
    const tokens = await signInBySms(app, '+3585550017');
    const id = await playerId('popups');
    const client = await signedIn(app.url, protocol, '203.0.113.7', tokens.accessToken);
    const before = opened(id);
    client.send(startMessage(protocol, 'wallet'));
    await waitForStreams(id, before + 1);
    await credit('popups', '1.10');
    expect((await client.next((message) => message.id === 'wallet' && message.type === dataType(protocol))).payload.data.balanceUpdated.amount).toBe('1.10');

    // An event published in the very instant the session ends must not reach the socket.
    const stop = app.platform.services.events.onSessionEnded((event) => {
      if (event.sessionId === tokens.sessionId) {
        app.platform.services.events.publish(id, 'balanceUpdated', { balance: '0.00', bonusBalance: '0.00', currency: 'EUR', amount: '9.99', moneyType: 'Deposit', transactionKind: 'Deposit', wageringProgress: null });
      }
    });
    try {
      const logout = await app.gql('mutation ($r: String) { logout(refreshToken: $r) { loggedOut } }', { r: tokens.refreshToken });
      expect(logout.data.logout.loggedOut).toBe(true);
      expect(await client.closed).toEqual({ code: 4401, reason: 'session_ended: logout' });
    } finally {
      stop();
    }
    expect(client.seen.filter((message) => message.type === dataType(protocol)).map((message) => message.payload.data.balanceUpdated.amount)).toEqual(['1.10']);
    expect(client.seen.find((message) => message.id === 'wallet' && message.type === 'error')?.payload[0].message).toBe('session_ended: logout');
  });

  it('completes the old player’s operations when a legacy socket re-initialises with another player’s token; graphql-transport-ws refuses a second init', async () => {
    const first = await signInBySms(app, '+3585550018');
    const second = await signInBySms(app, '+3585550019');
    const [firstId, secondId] = [await playerId('wallet-eur'), await playerId('wallet-cad')];
    const client = await signedIn(app.url, LEGACY, '203.0.113.8', first.accessToken);
    client.send(startMessage(LEGACY, 'old'));
    await waitForStreams(firstId, opened(firstId) + 1);
    await credit('wallet-eur', '1.00');
    expect((await client.next((message) => message.id === 'old' && message.type === 'data')).payload.data.balanceUpdated.amount).toBe('1.00');

    const before = opened(secondId);
    client.send({ type: 'connection_init', payload: { accessToken: second.accessToken } });
    client.send(startMessage(LEGACY, 'new'));
    expect((await client.next((message) => message.id === 'old')).type).toBe('complete');
    await client.next((message) => message.type === 'connection_ack');
    await waitForStreams(secondId, before + 1);
    await credit('wallet-eur', '2.00');
    const result = await app.gql('mutation ($k: String!, $p: ID!) { sandboxCreditWallet(playerId: $p, amount: "3.00", currency: "CAD", idempotencyKey: $k) { balance } }', { k: `ws-limits:${database.name}:cad`, p: 'wallet-cad' });
    expect(result.errors).toBeUndefined();
    expect((await client.next((message) => message.id === 'new' && message.type === 'data')).payload.data.balanceUpdated.amount).toBe('3.00');
    // The first player's credit, made before the second's, never reached the socket.
    expect(client.seen.filter((message) => message.type === 'data').map((message) => [message.id, message.payload.data.balanceUpdated.amount])).toEqual([
      ['old', '1.00'],
      ['new', '3.00'],
    ]);
    client.socket.close();

    const modern = await signedIn(app.url, MODERN, '203.0.113.8', first.accessToken);
    modern.send({ type: 'connection_init', payload: { accessToken: second.accessToken } });
    expect(await modern.closed).toEqual({ code: 4429, reason: 'Too many initialisation requests' });
  });
});
