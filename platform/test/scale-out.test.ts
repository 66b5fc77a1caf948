/**
 * Scale-out (issue 19): live events through LISTEN/NOTIFY, rate limits in PostgreSQL and jobs that
 * run once, first in one platform on each database (PGlite and, with DATABASE_URL, PostgreSQL: the
 * same code path), then, on PostgreSQL, across two platforms on one database (two pools, two LISTEN
 * connections, two socket servers) and across two real platform processes (main.ts spawned twice).
 */
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { EventBus } from '../src/realtime/events.ts';
import { eventChannel, NOTIFY_MAX_BYTES } from '../src/realtime/events.ts';
import { DEFAULT_RATE_RULES, type RateRule, type RateRuleName } from '../src/security/rate-limit.ts';
import { DATABASES, freshSmsPlayer, scratchSchema, spawnPlatform, startPlatform, startPlatformBeside, TEST_SANDBOX_KEY } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';
import { dropNow } from '../src/jackpot/pots.ts';
import { jackpotPlayer, jackpotSocket, playRounds } from './jackpot-support.ts';

const WALLET = 'subscription { balanceUpdated { amount } }';

/** A graphql-transport-ws socket signed in with a token and subscribed to one subscription, handing each event's data to onData. */
async function subscribedSocket(url: string, accessToken: string, query: string, onData: (data: Record<string, unknown>) => void) {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const acked = new Promise<void>((resolve, reject) => {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; payload?: { data?: Record<string, unknown> } };
      if (message.type === 'connection_ack') resolve();
      if (message.type === 'next' && message.payload?.data) onData(message.payload.data);
    });
    socket.on('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'connection_init', payload: { accessToken } }));
  await acked;
  socket.send(JSON.stringify({ id: 'only', type: 'subscribe', payload: { query } }));
  return { socket, closed };
}

/** A socket subscribed to the wallet, recording the amounts it gets. */
async function walletSocket(url: string, accessToken: string) {
  const amounts: string[] = [];
  const waiters: (() => void)[] = [];
  const { socket, closed } = await subscribedSocket(url, accessToken, WALLET, (data) => {
    const amount = (data as { balanceUpdated?: { amount: string } }).balanceUpdated?.amount;
    if (!amount) return;
    amounts.push(amount);
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    amounts,
    closed,
    /** Resolves once `amount` has arrived (rejecting after `ms`). */
    async received(amount: string, ms = 5000): Promise<void> {
      const deadline = Date.now() + ms;
      while (!amounts.includes(amount)) {
        if (Date.now() > deadline) throw new Error(`${amount} did not arrive in ${ms} ms (got ${amounts.join(', ') || 'nothing'})`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    close: () => socket.close(),
  };
}

/** Resolves once `events.subscribe` has been called for the player's wallet `count` times (the subscription is live). */
async function subscribed(events: EventBus, spy: { mock: { calls: unknown[][] } }, playerId: string, count = 1): Promise<void> {
  const deadline = Date.now() + 5000;
  while (spy.mock.calls.filter((call) => call[0] === playerId && call[1] === 'balanceUpdated').length < count) {
    if (Date.now() > deadline) throw new Error(`the wallet subscription of ${playerId} never started`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  // Delivery goes through the database: a NOTIFY sent now is delivered after this subscription.
  await events.flush();
}

/**
 * A graphql-transport-ws socket signed in with a token and subscribed to one subscription, recording
 * every event's data (for the events other than the wallet: pop-ups, rewards, player updates).
 */
async function eventSocket(url: string, accessToken: string, query: string) {
  const events: Record<string, unknown>[] = [];
  const { socket } = await subscribedSocket(url, accessToken, query, (data) => events.push(data));
  return { events, close: () => socket.close() };
}

/** Resolves once `events.subscribe` has been called for the player's `type` (the subscription is live), then flushes. */
async function subscribedTo(events: EventBus, spy: { mock: { calls: unknown[][] } }, playerId: string, type: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!spy.mock.calls.some((call) => call[0] === playerId && call[1] === type)) {
    if (Date.now() > deadline) throw new Error(`the ${type} subscription of ${playerId} never started`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await events.flush();
}

/** Waits until check() holds, polling every 20 ms, for at most `ms`. */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sign-in code requests limited to `perSubject` per number; nothing else limited (fresh players sign up freely). */
function tinyRules(perSubject: number): Record<RateRuleName, RateRule> {
  const rules = Object.fromEntries(
    Object.keys(DEFAULT_RATE_RULES).map((name) => [name, { perSubject: { limit: 1_000_000, windowSeconds: 60 }, perAddress: { limit: 1_000_000, windowSeconds: 60 } }]),
  ) as Record<RateRuleName, RateRule>;
  return { ...rules, login: { perSubject: { limit: perSubject, windowSeconds: 60 }, perAddress: { limit: 1_000_000, windowSeconds: 60 } } };
}

const creditMutation = 'mutation ($k: String!, $a: String!, $p: ID!) { sandboxCreditWallet(playerId: $p, amount: $a, currency: "EUR", idempotencyKey: $k) { balance } }';
let credits = 0;
/** Credits a player through a platform (a new idempotency key each time). */
async function credit(app: TestPlatform, playerId: string, amount: string): Promise<void> {
  credits += 1;
  const result = await app.gql(creditMutation, { k: `scale-out:${Date.now()}:${credits}`, a: amount, p: playerId });
  expect(result.errors).toBeUndefined();
}

describe.each(DATABASES)('one platform on $name: the same code paths', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    app = await startPlatform(database, { rateRules: tinyRules(2), auth: { smsResendCooldownSeconds: 0 } });
  });
  afterAll(() => app?.close());
  // The sandbox's SMS lines stay out of the output.
  beforeEach(() => void vi.spyOn(console, 'log').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('delivers a published event once to each socket, through its own LISTEN', async () => {
    const player = await freshSmsPlayer(app);
    const spy = vi.spyOn(app.platform.services.events, 'subscribe');
    const token = player.headers.authorization!.replace('Bearer ', '');
    const [one, two] = [await walletSocket(app.url, token), await walletSocket(app.url, token)];
    await subscribed(app.platform.services.events, spy, player.id, 2);
    await credit(app, player.id, '1.11');
    await credit(app, player.id, '2.22');
    await Promise.all([one.received('2.22'), two.received('2.22')]);
    expect(one.amounts).toEqual(['1.11', '2.22']);
    expect(two.amounts).toEqual(['1.11', '2.22']);
    one.close();
    two.close();
  });

  it('delivers two equal events published together as two, in order with the rest (NOTIFYs batched in one statement)', async () => {
    const player = await freshSmsPlayer(app);
    const spy = vi.spyOn(app.platform.services.events, 'subscribe');
    const socket = await walletSocket(app.url, player.headers.authorization!.replace('Bearer ', ''));
    await subscribed(app.platform.services.events, spy, player.id);
    const update = (amount: string) => ({ balance: '0', bonusBalance: '0', currency: 'EUR', amount, moneyType: null, transactionKind: 'Deposit', wageringProgress: null });
    for (const amount of ['1.00', '2.00', '2.00', '3.00', '4.00']) app.platform.services.events.publish(player.id, 'balanceUpdated', update(amount));
    await socket.received('4.00');
    expect(socket.amounts).toEqual(['1.00', '2.00', '2.00', '3.00', '4.00']);
    socket.close();
  });

  it("refuses an event over NOTIFY's 8000-byte limit with a log line naming it, and sends the next", async () => {
    const player = await freshSmsPlayer(app);
    const spy = vi.spyOn(app.platform.services.events, 'subscribe');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const socket = await walletSocket(app.url, player.headers.authorization!.replace('Bearer ', ''));
    await subscribed(app.platform.services.events, spy, player.id);
    const huge = { balance: '0', bonusBalance: '0', currency: 'EUR', amount: '9'.repeat(NOTIFY_MAX_BYTES), moneyType: null, transactionKind: 'Deposit', wageringProgress: null };
    app.platform.services.events.publish(player.id, 'balanceUpdated', huge);
    expect(errors.mock.calls.map((call) => String(call[0])).join('\n')).toMatch(new RegExp(`event balanceUpdated for player ${player.id} not sent: its payload is \\d+ bytes, over NOTIFY's limit`));
    await credit(app, player.id, '3.33');
    await socket.received('3.33');
    expect(socket.amounts).toEqual(['3.33']);
    socket.close();
  });

  it('runs a periodic job once per interval, and not again before it is due', async () => {
    let runs = 0;
    app.platform.services.jobs.every('test-once-per-interval', 60_000, async () => {
      runs += 1;
    });
    // Registered and due at once; the tick runs it, a second tick finds it not yet due.
    await until(() => app.platform.services.jobs.runDue('test-once-per-interval'), 'the first run');
    expect(await app.platform.services.jobs.runDue('test-once-per-interval')).toBe(false);
    expect(runs).toBe(1);
    const { rows } = await app.platform.db.query<{ runs: number; lease_until: string | null }>("select runs::int, lease_until from job_schedules where name = 'test-once-per-interval'");
    expect(rows[0]).toEqual({ runs: 1, lease_until: null });
  });

  it('runs a one-off job once at its time (pg-boss), and the same key scheduled again is one job', async () => {
    const ran: { payload: unknown; at: number }[] = [];
    await app.platform.services.jobs.handle('test-draw', async (payload) => {
      ran.push({ payload, at: Date.now() });
    });
    const when = new Date(Date.now() + 1500);
    const id = await app.platform.services.jobs.at('test-draw', 'raffle-1', when, { raffleId: 'raffle-1' });
    expect(id).toEqual(expect.any(String));
    expect(await app.platform.services.jobs.at('test-draw', 'raffle-1', when, { raffleId: 'raffle-1' })).toBeNull();
    await until(() => ran.length > 0, 'the draw', 20_000);
    expect(ran[0]!.at).toBeGreaterThanOrEqual(when.getTime() - 50);
    expect(ran.map((run) => run.payload)).toEqual([{ raffleId: 'raffle-1' }]);
  });

  it('counts rate-limited attempts in the database', async () => {
    const request = () => app.gql('mutation { requestSmsLoginCode(phoneNumber: "+3585550190") { phoneNumber } }');
    expect((await request()).status).toBe(200);
    expect((await request()).status).toBe(200);
    expect((await request()).status).toBe(429);
    const { rows } = await app.platform.db.query<{ count: number }>("select count from rate_limit_windows where key like 'login|s|%+3585550190'");
    expect(rows).toEqual([{ count: 3 }]);
  });
});

const POSTGRES = DATABASES.find((database) => database.url);

describe.skipIf(!POSTGRES)('two platforms on one PostgreSQL database', () => {
  let a: TestPlatform;
  let b: TestPlatform;
  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const options = { rateRules: tinyRules(3), auth: { smsResendCooldownSeconds: 0 } };
    a = await startPlatform(POSTGRES!, options);
    b = await startPlatformBeside(a, options);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  // The sandbox's SMS lines stay out of the output.
  beforeEach(() => void vi.spyOn(console, 'log').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('delivers a balance credited through A to a socket held by B within a second, exactly once, and to A’s socket too', async () => {
    const player = await freshSmsPlayer(a);
    const token = player.headers.authorization!.replace('Bearer ', '');
    const onA = vi.spyOn(a.platform.services.events, 'subscribe');
    const onB = vi.spyOn(b.platform.services.events, 'subscribe');
    const [socketA, socketB] = [await walletSocket(a.url, token), await walletSocket(b.url, token)];
    await subscribed(a.platform.services.events, onA, player.id);
    await subscribed(b.platform.services.events, onB, player.id);
    const started = Date.now();
    await credit(a, player.id, '4.44');
    await socketB.received('4.44', 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    await socketA.received('4.44');
    // The other way round, and nothing twice.
    await credit(b, player.id, '5.55');
    await Promise.all([socketA.received('5.55'), socketB.received('5.55')]);
    await a.platform.services.events.flush();
    await b.platform.services.events.flush();
    expect(socketB.amounts).toEqual(['4.44', '5.55']);
    expect(socketA.amounts).toEqual(['4.44', '5.55']);
    socketA.close();
    socketB.close();
  });

  it('closes B’s sockets of a session ended through A (sessionEnded crosses processes)', async () => {
    const player = await freshSmsPlayer(a);
    const onB = vi.spyOn(b.platform.services.events, 'subscribe');
    const socket = await walletSocket(b.url, player.headers.authorization!.replace('Bearer ', ''));
    await subscribed(b.platform.services.events, onB, player.id);
    const result = await a.gql('mutation ($s: ID!) { sandboxDestroySession(sessionId: $s) { destroyedSessionIds } }', { s: player.sessionId });
    expect(result.data.sandboxDestroySession.destroyedSessionIds).toEqual([player.sessionId]);
    expect(await socket.closed).toEqual({ code: 4401, reason: 'session_destroyed_error' });
  });

  it('delivers pop-ups, rewards and player updates raised through A to a socket held by B, once each', async () => {
    const player = await freshSmsPlayer(a);
    const token = player.headers.authorization!.replace('Bearer ', '');
    const onB = vi.spyOn(b.platform.services.events, 'subscribe');
    const popUps = await eventSocket(b.url, token, 'subscription { customerPopUpAdded { popUpIdsAdded } }');
    const rewards = await eventSocket(b.url, token, 'subscription { rewardUpdated { status assignationId reward { name } } }');
    const updates = await eventSocket(b.url, token, 'subscription { playerUpdated { isAccountClosed } }');
    await subscribedTo(b.platform.services.events, onB, player.id, 'customerPopUpAdded');
    await subscribedTo(b.platform.services.events, onB, player.id, 'rewardUpdated');
    await subscribedTo(b.platform.services.events, onB, player.id, 'playerUpdated');

    const added = await a.gql('mutation ($p: ID!) { sandboxAddCustomerPopUp(playerId: $p, popUpId: "welcome-offer") { popUpsNeeded } }', { p: player.id });
    expect(added.errors).toBeUndefined();
    const reward = await a.gql('mutation ($p: ID!) { sandboxAssignReward(playerId: $p, rewardId: "welcome-spins") { assignationId } }', { p: player.id });
    expect(reward.errors).toBeUndefined();
    const assignationId = reward.data.sandboxAssignReward.assignationId as string;
    await until(() => popUps.events.length > 0 && rewards.events.length > 0, 'the pop-up and the reward on B', 1000);
    const closed = await a.gql('mutation ($p: ID!) { sandboxCloseAccount(playerId: $p) { id } }', { p: player.id });
    expect(closed.errors).toBeUndefined();
    await until(() => updates.events.length > 0, 'the player update on B', 1000);

    await a.platform.services.events.flush();
    await b.platform.services.events.flush();
    expect(popUps.events).toEqual([{ customerPopUpAdded: { popUpIdsAdded: ['welcome-offer'] } }]);
    expect(rewards.events).toEqual([{ rewardUpdated: { status: 'Unclaimed', assignationId, reward: { name: '10 free spins on Ancient Comet Deluxe' } } }]);
    expect(updates.events).toEqual([{ playerUpdated: { isAccountClosed: true } }]);
    for (const socket of [popUps, rewards, updates]) socket.close();
  });

  it('holds a rate limit across both platforms', async () => {
    const request = (app: TestPlatform) => app.gql('mutation { requestSmsLoginCode(phoneNumber: "+3585550191") { phoneNumber } }');
    const statuses = [(await request(a)).status, (await request(b)).status, (await request(a)).status, (await request(b)).status];
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('runs a one-off job scheduled while both run once, in one of them, even when both schedule it', async () => {
    const runs: string[] = [];
    await a.platform.services.jobs.handle('test-payout', async () => void runs.push('a'));
    await b.platform.services.jobs.handle('test-payout', async () => void runs.push('b'));
    const when = new Date(Date.now() + 500);
    const ids = await Promise.all([a.platform.services.jobs.at('test-payout', 'payout-7', when, { payoutId: 'payout-7' }), b.platform.services.jobs.at('test-payout', 'payout-7', when, { payoutId: 'payout-7' })]);
    expect(ids.filter(Boolean)).toHaveLength(1);
    const id = ids.find(Boolean)!;
    await until(async () => {
      const { rows } = await a.platform.db.executeSql(`select state from ${a.database.databaseSchema ? `${a.database.databaseSchema}_jobs` : 'atrium_jobs'}.job where id = $1`, [id]);
      return rows[0]?.state === 'completed';
    }, 'the payout to complete', 20_000);
    expect(runs).toHaveLength(1);
  });

  it('runs a periodic job in one platform at a time, once per interval', async () => {
    let running = 0;
    let most = 0;
    const runs: string[] = [];
    const handler = (who: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      runs.push(who);
      // Longer than the interval: a second process taking the job meanwhile would overlap.
      await new Promise((resolve) => setTimeout(resolve, 300));
      running -= 1;
    };
    a.platform.services.jobs.every('test-shared-tick', 200, handler('a'));
    b.platform.services.jobs.every('test-shared-tick', 200, handler('b'));
    const started = Date.now();
    await until(() => runs.length >= 4, 'four runs', 20_000);
    const elapsed = Date.now() - started;
    expect(most).toBe(1);
    // Each run takes 300 ms, longer than the interval: the next follows it, never overlapping it.
    expect(runs.length).toBeLessThanOrEqual(Math.floor(elapsed / 300) + 2);
  });

  it('starts each run of a periodic job within its interval plus a second of the last, with two platforms ticking', async () => {
    const starts: number[] = [];
    const handler = async () => {
      starts.push(Date.now());
      await new Promise((resolve) => setTimeout(resolve, 50));
    };
    a.platform.services.jobs.every('test-on-time', 1500, handler);
    b.platform.services.jobs.every('test-on-time', 1500, handler);
    await until(() => starts.length >= 5, 'five runs', 30_000);
    const gaps = starts.slice(1).map((at, index) => at - starts[index]!);
    // Never early (the database's clock and this one agree to a few ms), never an interval late.
    for (const gap of gaps) expect(gap, JSON.stringify(gaps)).toBeGreaterThanOrEqual(1400);
    for (const gap of gaps) expect(gap, JSON.stringify(gaps)).toBeLessThanOrEqual(2500);
  });

  it('closes a platform’s sockets with 1012 when its LISTEN connection comes back, and delivers again afterwards', async () => {
    const player = await freshSmsPlayer(a);
    const token = player.headers.authorization!.replace('Bearer ', '');
    const onB = vi.spyOn(b.platform.services.events, 'subscribe');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const socket = await walletSocket(b.url, token);
    await subscribed(b.platform.services.events, onB, player.id);
    // Both platforms LISTEN on the channel; end both connections, as a failover of the server would.
    const channel = eventChannel(a.database.databaseSchema);
    const admin = new pg.Client({ connectionString: a.database.databaseUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ended: boolean }>(
        "select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = 'atrium_listen' and datname = current_database() and query like $1",
        [`%"${channel}"%`],
      );
      expect(rows.length).toBeGreaterThanOrEqual(2);
    } finally {
      await admin.end();
    }
    expect(await socket.closed).toEqual({ code: 1012, reason: 'events may have been missed: reconnect' });
    // The client reconnects (as the lobby does), and events flow again.
    const again = await walletSocket(b.url, token);
    await subscribed(b.platform.services.events, onB, player.id, 2);
    await credit(a, player.id, '6.66');
    await again.received('6.66');
    again.close();
  });
});

describe.skipIf(!POSTGRES)('two platform processes (main.ts twice) on one PostgreSQL database', () => {
  const schema = scratchSchema();
  const children: ChildProcess[] = [];
  let urls: string[] = [];
  beforeAll(async () => {
    // One after the other: the first migrates and seeds the schema.
    for (let i = 0; i < 2; i++) {
      const started = await spawnPlatform(POSTGRES!.url!, schema);
      children.push(started.child);
      urls.push(started.url);
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(children.map((child) => new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    })));
    const admin = new pg.Client({ connectionString: POSTGRES!.url });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade; drop schema if exists ${schema}_jobs cascade`).finally(() => admin.end());
    urls = [];
  });

  it('delivers a credit made through process A to a socket on process B within a second, once', async () => {
    const [urlA, urlB] = urls as [string, string];
    const gql = async (url: string, query: string, variables: Record<string, unknown>) => {
      const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-brand': 'aurelia', 'x-sandbox-key': TEST_SANDBOX_KEY }, body: JSON.stringify({ query, variables }) });
      return (await response.json()) as { data?: any; errors?: unknown };
    };
    const phone = `+35840${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    await gql(urlA, 'mutation ($p: String!) { requestSmsLoginCode(phoneNumber: $p) { phoneNumber } }', { p: phone });
    const outbox = (await (await fetch(`${urlA}/platform/sms-outbox.json?brand=aurelia&phone=${encodeURIComponent(phone)}`, { headers: { 'x-sandbox-key': TEST_SANDBOX_KEY } })).json()) as { messages: { code: string }[] };
    // Signed in through B: the code sent by A is in the shared database.
    const verified = await gql(urlB, 'mutation ($p: String!, $c: String!) { verifySmsLoginCode(phoneNumber: $p, code: $c) { accessToken } }', { p: phone, c: outbox.messages[0]!.code });
    const token = verified.data.verifySmsLoginCode.accessToken as string;
    const viewer = await fetch(`${urlA}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-brand': 'aurelia', authorization: `Bearer ${token}` }, body: JSON.stringify({ query: '{ viewer { player { id } } }' }) });
    const playerId = ((await viewer.json()) as { data: { viewer: { player: { id: string } } } }).data.viewer.player.id;

    const socket = await walletSocket(urlB, token);
    // No spy reaches another process: a first credit, retried until B's subscription is live, marks it.
    await until(async () => {
      await gql(urlA, creditMutation, { k: `processes:probe:${Date.now()}`, a: '0.01', p: playerId });
      await new Promise((resolve) => setTimeout(resolve, 100));
      return socket.amounts.length > 0;
    }, 'the subscription on B');
    const before = socket.amounts.length;
    const started = Date.now();
    expect((await gql(urlA, creditMutation, { k: `processes:${Date.now()}`, a: '7.77', p: playerId })).errors).toBeUndefined();
    await socket.received('7.77', 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    // A later credit arrives after it, and 7.77 came once.
    expect((await gql(urlB, creditMutation, { k: `processes:after:${Date.now()}`, a: '8.88', p: playerId })).errors).toBeUndefined();
    await socket.received('8.88');
    expect(socket.amounts.slice(before).filter((amount) => amount !== '0.01')).toEqual(['7.77', '8.88']);
    socket.close();
  });
});

describe.skipIf(!POSTGRES)('the jackpot across two platforms on one PostgreSQL database', () => {
  let a: TestPlatform;
  let b: TestPlatform;
  let offsetMs = 0;
  // One clock for both, as one wall clock: moving it ends raffle windows for both at once.
  const clock = () => new Date(Date.now() + offsetMs);
  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const options = { auth: { enableSandboxAdmin: true }, settleIntervalMs: 0, jackpotIntervalMs: 200, clock };
    a = await startPlatform(POSTGRES!, options);
    b = await startPlatformBeside(a, options);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('sends a pot update from a bet through A, and a win paid by both at once, to sockets on both, once', async () => {
    const player = await jackpotPlayer(a, 'wallet-eur');
    await a.platform.services.jackpot.optIn({ instanceId: 'northstar-jackpot', playerId: player.id, brand: 'aurelia', playerCountry: 'FI', optIn: true, contributionValue: 0.5 });
    const [onA, onB] = [await jackpotSocket(a.url, { brand: 'aurelia', currency: 'EUR' }), await jackpotSocket(b.url, { brand: 'aurelia', currency: 'EUR' })];
    for (const socket of [onA, onB]) socket.send({ type: 'SubscribeRequest', instance_ids: ['northstar-jackpot'] });
    const first = await onB.next((message) => message.type === 'JackpotUpdate');
    const started = Date.now();
    await playRounds(a, player, '1.00');
    const update = await onB.next((message) => message.type === 'JackpotUpdate' && message.version > first.version, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(Number(update.pots.at(-1).current_value) - Number(first.pots.at(-1).current_value)).toBeCloseTo(0.5, 2);
    await onA.next((message) => message.type === 'JackpotUpdate' && message.version >= update.version);

    // A drop recorded once, paid by both processes at the same moment: one payout, one WinEvent on each socket.
    const instance = a.platform.services.jackpot.config.instances.get('northstar-jackpot')!;
    const winId = await a.platform.db.transaction((tx) => dropNow(tx, instance, 'major', player.id));
    await Promise.all([a.platform.services.jackpot.payWin(winId), b.platform.services.jackpot.payWin(winId)]);
    await Promise.all([onA.next((message) => message.win_id === winId), onB.next((message) => message.win_id === winId)]);
    await a.platform.services.events.flush();
    await b.platform.services.events.flush();
    const { rows } = await a.platform.db.query<{ n: number }>(`select count(*)::int as n from ledger_transactions where kind = 'JackpotWin' and idempotency_key like $1`, [`jackpot-win:${winId}:%`]);
    expect(rows[0]?.n).toBe(1);
    // A later pot update on both sockets proves nothing more is queued for them.
    await playRounds(b, player, '1.00');
    const later = await onA.next((message) => message.type === 'JackpotUpdate' && message.version > update.version + 1);
    await onB.next((message) => message.type === 'JackpotUpdate' && message.version >= later.version);
    for (const socket of [onA, onB]) expect(socket.messages.filter((message) => message.win_id === winId)).toHaveLength(1);
    onA.close();
    onB.close();
  });

  it('draws a raffle window once at its end with both platforms running the scheduled job', async () => {
    const player = await jackpotPlayer(b, 'wallet-nok');
    const socket = await jackpotSocket(a.url, { brand: 'aurelia', currency: 'NOK', token: player.token });
    // A window of this player's alone: the earlier test's windows end and are drawn first.
    offsetMs += 3_600_000;
    await until(async () => (await a.platform.db.query(`select 1 from raffle_instances where status = 'open' and ends_at <= $1`, [clock()])).rows.length === 0, 'the earlier windows drawn', 20_000);
    await playRounds(b, player, '25.00');
    const { rows: open } = await a.platform.db.query<{ id: string }>(
      `select i.id from raffle_instances i join raffle_tickets t on t.raffle_id = i.id where i.brand = 'aurelia' and i.type = 'hourly' and i.status = 'open' and t.player_id = $1`, [player.id]);
    const raffleId = open[0]!.id;
    offsetMs += 3_600_000;
    await until(async () => (await a.platform.db.query(`select 1 from raffle_instances where id = $1 and status = 'drawn'`, [raffleId])).rows.length > 0
      && (await a.platform.db.query('select 1 from raffle_winners where raffle_id = $1 and paid_at is null', [raffleId])).rows.length === 0, 'the draw and its payouts', 20_000);
    const { rows: winners } = await a.platform.db.query<{ player_id: string }>('select player_id from raffle_winners where raffle_id = $1', [raffleId]);
    expect(winners).toEqual([{ player_id: player.id }]);
    const { rows: paid } = await a.platform.db.query<{ n: number }>(`select count(*)::int as n from ledger_transactions where kind = 'RaffleWin' and idempotency_key like $1`, [`raffle:${raffleId}:%`]);
    expect(paid[0]?.n).toBe(1);
    // Both processes kept ticking: the window is still drawn once, and the winner told once.
    const runs = async () => (await a.platform.db.query<{ runs: string }>(`select runs::text from job_schedules where name = 'jackpot-settle'`)).rows[0]?.runs ?? '0';
    const before = Number(await runs());
    await until(async () => Number(await runs()) >= before + 3, 'three more runs of the job');
    expect((await a.platform.db.query('select 1 from raffle_winners where raffle_id = $1', [raffleId])).rows).toHaveLength(1);
    await socket.next((message) => message.type === 'RaffleWinEvent' && message.instance_id === raffleId);
    expect(socket.messages.filter((message) => message.type === 'RaffleWinEvent' && message.instance_id === raffleId)).toHaveLength(1);
    socket.close();
  });
});
