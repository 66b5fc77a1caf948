import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, demoPlayerRow, freshSmsPlayer, signedInAs, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const DEPOSIT = 'mutation ($input: InitiateDepositInput!) { initiateDeposit(input: $input) { redirectUrl payment { id status } } }';
const WITHDRAW = 'mutation ($input: InitiateWithdrawalInput!) { initiateWithdrawal(input: $input) { payment { id status } } }';
const LAUNCH = 'mutation ($slug: String!) { launchGame(slug: $slug, mode: REAL, lobbyOrigin: "http://aurelia.localhost:4321") { url } }';
const LOBBY = 'http://aurelia.localhost:4321/en/';

describe.each(DATABASES)('self-exclusion and timeouts refuse money in, on $name', (database) => {
  let app: TestPlatform;

  beforeAll(async () => {
    app = await startPlatform(database, { auth: { enableSandboxAdmin: true }, settleIntervalMs: 0 });
  });
  afterAll(() => app?.close());

  const player = (username: string) => demoPlayerRow(app, username);
  const as = (username: string) => signedInAs(app, username);
  const cash = async (username: string) => (await app.platform.services.ledger.balances((await player(username)).wallet_id)).cash;
  const paymentCount = async (username: string) =>
    (await app.platform.db.query<{ n: number }>('select count(*)::int as n from payments where player_id = $1', [(await player(username)).id])).rows[0]?.n;
  const deposit = async (username: string, input: Record<string, unknown> = {}) =>
    app.gql(DEPOSIT, { input: { amount: '25', currency: 'EUR', provider: 'TRUSTLY', idempotencyKey: randomUUID(), returnUrl: LOBBY, ...input } }, await as(username));
  const payAndPlay = (fields: Record<string, string>) =>
    fetch(`${app.url}/platform/sandbox/trustly/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ brand: 'aurelia', locale: 'en', returnUrl: `${LOBBY}../en/trustly-login-handler/`, orderId: randomUUID(), ...fields }).toString(),
    });

  it.each([
    ['self-excluded', 'SelfExclusion', /self-excluded until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: deposits are not possible until then/],
    ['timeout', 'Timeout', /timeout until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: deposits are not possible until then/],
  ])('refuses a %s player\'s deposit sent straight to GraphQL, saying why and until when, and stores nothing', async (username, cause, message) => {
    const before = { cash: await cash(username), payments: await paymentCount(username) };
    for (const input of [{}, { useLastUsedAccount: true }]) {
      const reply = await deposit(username, input);
      expect(reply.data?.initiateDeposit ?? null).toBeNull();
      expect(reply.errors?.[0]?.message).toMatch(message);
      expect(reply.errors?.[0]?.extensions).toMatchObject({ reason: 'DepositsBlocked', cause, until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    }
    const { self_exclusion_ends_at: excludedUntil, timeout_ends_at: timeoutUntil } = await player(username);
    const reply = await deposit(username);
    expect(Date.parse(reply.errors?.[0]?.extensions.until as string)).toBe(Date.parse((excludedUntil ?? timeoutUntil) as string));
    expect({ cash: await cash(username), payments: await paymentCount(username) }).toEqual(before);
  });

  it('refuses the first deposit of a pay-and-play sign-in for a self-excluded player, and still signs them in without one', async () => {
    const before = await cash('self-excluded');
    const refused = await payAndPlay({ person: 'aurelia-self-excluded', amount: '25' });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toMatch(/You are self-excluded until \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC, so you cannot deposit until then: leave the amount empty to sign in only\./);
    // The bank page speaks the lobby's language, the refusal included.
    const finnish = await (await payAndPlay({ person: 'aurelia-self-excluded', amount: '25', locale: 'fi' })).text();
    expect(finnish).toMatch(/Olet sulkenut itsesi pelaamisesta \d{1,2}\.\d{1,2}\.\d{4} klo \d{1,2}\.\d{2} UTC asti/);
    expect(await cash('self-excluded')).toBe(before);
    const signedIn = await payAndPlay({ person: 'aurelia-self-excluded' });
    expect(signedIn.status).toBe(303);
    expect(new URL(signedIn.headers.get('location') as string).searchParams.get('accessToken')).toBeTruthy();
  });

  it('cancels a deposit the bank confirms after the player self-excluded, crediting nothing', async () => {
    const started = await deposit('wallet-eur', { amount: '40' });
    expect(started.errors).toBeUndefined();
    const paymentId = started.data.initiateDeposit.payment.id as string;
    const before = await cash('wallet-eur');
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await app.platform.db.query('update players set self_exclusion_ends_at = $2 where id = $1', [(await player('wallet-eur')).id, until]);
    try {
      await app.platform.services.cashier.providerReports(paymentId, 'Completed', { account: app.platform.services.cashier.accountsFor('trustly', await player('wallet-eur'))[0] ?? null });
      const payment = await app.platform.services.cashier.payment(paymentId);
      expect(payment?.status).toBe('Cancelled');
      expect(payment?.payload?.refusal).toMatchObject({ cause: 'SelfExclusion', message: expect.stringMatching(/self-excluded until/) });
      expect(Date.parse(payment?.payload?.refusal?.until as string)).toBe(Date.parse(until));
      expect(await cash('wallet-eur')).toBe(before);
      const ledger = await app.platform.db.query('select 1 from ledger_transactions where idempotency_key like $1', [`payment:${paymentId}:%`]);
      expect(ledger.rows).toHaveLength(0);
    } finally {
      await app.platform.db.query('update players set self_exclusion_ends_at = null where id = $1', [(await player('wallet-eur')).id]);
    }
  });

  it('refuses a real-money game launch with the reason and the end date, and still lets the player withdraw', async () => {
    const { rows } = await app.platform.db.query<{ slug: string }>(
      `select slug from games where 'slots' = any(categories) and restricted_licences = '{}' and restricted_countries = '{}' order by idx limit 1`,
    );
    const launch = await app.gql(LAUNCH, { slug: rows[0]?.slug }, await as('self-excluded'));
    expect(launch.errors?.[0]?.message).toMatch(/self-excluded until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: real-money play is not possible/);
    expect(launch.errors?.[0]?.extensions).toMatchObject({ reason: 'BettingBlocked', cause: 'SelfExclusion', until: expect.any(String) });
    const timeout = await app.gql(LAUNCH, { slug: rows[0]?.slug }, await as('timeout'));
    expect(timeout.errors?.[0]?.extensions).toMatchObject({ reason: 'BettingBlocked', cause: 'Timeout' });

    const withdrawal = await app.gql(WITHDRAW, { input: { amount: '10', currency: 'EUR', withdrawalType: 'Manual', idempotencyKey: randomUUID() } }, await as('self-excluded'));
    expect(withdrawal.errors).toBeUndefined();
    expect(withdrawal.data.initiateWithdrawal.payment.status).toBe('Initialized');
  });

  it('refuses a timeout that would end inside a running self-exclusion, saying until when, and takes one that reaches past it', async () => {
    const TIMEOUT = 'mutation ($hours: Int!) { takeTimeout(hours: $hours) { timeouts { timeoutEndsAt } } }';
    const excluded = await player('self-excluded');
    const refused = await app.gql(TIMEOUT, { hours: 720 }, await as('self-excluded'));
    expect(refused.data?.takeTimeout ?? null).toBeNull();
    expect(refused.errors?.[0]?.message).toMatch(/^You are self-excluded until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: a timeout of 720 hours would end before that, so it adds nothing/);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ reason: 'BadUserInput', cause: 'SelfExclusion' });
    expect(Date.parse(refused.errors?.[0]?.extensions.until as string)).toBe(Date.parse(excluded.self_exclusion_ends_at as string));
    expect((await player('self-excluded')).timeout_ends_at).toBe(excluded.timeout_ends_at);

    // An exclusion ending within the hour: a 24-hour timeout keeps the player away longer, so it is taken.
    const fresh = await freshSmsPlayer(app);
    await app.platform.db.query(`update players set self_exclusion_ends_at = now() + interval '1 hour' where id = $1`, [fresh.id]);
    const taken = await app.gql(TIMEOUT, { hours: 24 }, fresh.headers);
    expect(taken.errors).toBeUndefined();
    expect(Date.parse(taken.data.takeTimeout.timeouts.timeoutEndsAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
  });
});
