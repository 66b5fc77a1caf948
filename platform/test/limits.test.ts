/**
 * Responsible-gambling limits, enforced by the platform whatever the client: deposit limits refuse a
 * deposit sent straight to GraphQL (and through pay-and-play), a decrease applies at once, an increase
 * waits the licence's cooling-off on a test clock and can be cancelled, isIncreaseDepositLimitBlocked
 * refuses increases, concurrent deposits racing a limit never pass it, the licence decides which
 * limits exist, and a session limit stops launches and stakes once it runs out.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositEntries } from '../src/ledger/ledger.ts';
import { DATABASES, bearer, latestSmsCode, signInBySms, signedInAs, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const DEPOSIT = 'mutation ($input: InitiateDepositInput!) { initiateDeposit(input: $input) { payment { id status } } }';
const SET = 'mutation ($input: LimitInput!) { setLimit(input: $input) { kind period amount minutes used remaining pendingChange { amount minutes removal effectiveAt } } }';
const REMOVE = 'mutation ($input: LimitTarget!) { removeLimit(input: $input) { amount pendingChange { removal effectiveAt } } }';
const CANCEL = 'mutation ($input: LimitTarget!) { cancelPendingLimit(input: $input) { amount pendingChange { amount } } }';
const LIMITS = '{ viewer { limits { kind period amount minutes used remaining pendingChange { amount removal effectiveAt } } limitHistory { kind period action value previousValue effectiveAt } } }';
const LAUNCH = 'mutation ($slug: String!, $origin: String = "http://aurelia.localhost:4321") { launchGame(slug: $slug, mode: REAL, lobbyOrigin: $origin) { url gameSessionId } }';
const PLACE = 'mutation ($selections: [SportsSelectionInput!]!, $stake: String!, $key: String!) { placeSportsBet(selections: $selections, stake: $stake, idempotencyKey: $key) { bet { id } } }';
const LOBBY = 'http://aurelia.localhost:4321/en/';
const HOUR = 3_600_000;

describe.each(DATABASES)('player limits on $name', (database) => {
  let app: TestPlatform;
  // The platform's clock: tests move it past a cooling-off or a session limit.
  let offsetMs = 0;

  beforeAll(async () => {
    app = await startPlatform(database, { clock: () => new Date(Date.now() + offsetMs) });
  });
  afterAll(() => app?.close());

  let phones = 0;
  /** A new SMS player, signed in: aurelia (mga, EUR), mapleridge (crc, CAD) or vantor (est, EUR). */
  const newPlayer = async (brand = 'aurelia') => {
    phones += 1;
    const prefix = { aurelia: '+35840', mapleridge: '+1604', vantor: '+37255' }[brand] ?? '+35840';
    const tokens = await signInBySms(app, `${prefix}${String(Date.now() % 1_000_000).padStart(6, '0')}${phones}`, brand);
    return { headers: { ...bearer(tokens.accessToken), 'x-brand': brand }, sessionId: tokens.sessionId };
  };
  const deposit = (headers: Record<string, string>, amount: string) =>
    app.gql(DEPOSIT, { input: { amount, currency: 'EUR', provider: 'TRUSTLY', idempotencyKey: randomUUID(), returnUrl: LOBBY } }, headers);
  const setLimit = (headers: Record<string, string>, input: Record<string, unknown>) => app.gql(SET, { input }, headers);

  it('refuses a deposit past a daily deposit limit, saying what is left, and stores nothing', async () => {
    const { headers } = await newPlayer();
    const set = await setLimit(headers, { kind: 'Deposit', period: 'Day', amount: '100' });
    expect(set.errors).toBeUndefined();
    expect(set.data.setLimit).toMatchObject({ kind: 'Deposit', period: 'Day', amount: '100.00', used: '0.00', remaining: '100.00', pendingChange: null });

    expect((await deposit(headers, '60')).errors).toBeUndefined();
    const refused = await deposit(headers, '50');
    expect(refused.data?.initiateDeposit ?? null).toBeNull();
    expect(refused.errors?.[0]?.message).toBe('This deposit would pass your daily deposit limit of 100.00 EUR: you can deposit at most 40.00 EUR more for now');
    expect(refused.errors?.[0]?.extensions).toMatchObject({ reason: 'DepositLimitReached', kind: 'Deposit', period: 'Day', limit: '100.00', remaining: '40.00' });
    const { data } = await app.gql(LIMITS, {}, headers);
    expect(data.viewer.limits).toEqual([expect.objectContaining({ kind: 'Deposit', period: 'Day', amount: '100.00', used: '60.00', remaining: '40.00' })]);
    const payments = await app.platform.db.query<{ amount_minor: string }>(
      `select p.amount_minor::text from payments p join sessions s on s.player_id = p.player_id where s.sid = $1 order by p.seq`, [(await newestSid(app, headers))],
    );
    expect(payments.rows.map((row) => row.amount_minor)).toEqual(['6000']);
    expect((await deposit(headers, '40')).errors).toBeUndefined();
    expect((await deposit(headers, '20')).errors?.[0]?.message).toBe(
      'You have reached your daily deposit limit of 100.00 EUR: you can deposit again as earlier deposits leave the last 24 hours',
    );
  });

  it('applies a decrease at once, holds an increase through the cooling-off, and lets it be cancelled', async () => {
    const { headers } = await newPlayer();
    await setLimit(headers, { kind: 'Deposit', period: 'Week', amount: '200' });
    const decreased = await setLimit(headers, { kind: 'Deposit', period: 'Week', amount: '50' });
    expect(decreased.data.setLimit).toMatchObject({ amount: '50.00', pendingChange: null });
    expect((await deposit(headers, '60')).errors?.[0]?.extensions.reason).toBe('DepositLimitReached');

    const before = Date.now();
    const increased = await setLimit(headers, { kind: 'Deposit', period: 'Week', amount: '500' });
    expect(increased.data.setLimit).toMatchObject({ amount: '50.00', pendingChange: { amount: '500.00', removal: false } });
    // mga's cooling-off: 24 hours.
    const effectiveAt = Date.parse(increased.data.setLimit.pendingChange.effectiveAt);
    expect(effectiveAt - before).toBeGreaterThanOrEqual(24 * HOUR - 1000);
    expect(effectiveAt - Date.now()).toBeLessThanOrEqual(24 * HOUR);
    expect((await deposit(headers, '60')).errors?.[0]?.extensions.reason).toBe('DepositLimitReached');

    const cancelled = await app.gql(CANCEL, { input: { kind: 'Deposit', period: 'Week' } }, headers);
    expect(cancelled.data.cancelPendingLimit).toEqual({ amount: '50.00', pendingChange: null });
    await setLimit(headers, { kind: 'Deposit', period: 'Week', amount: '500' });

    offsetMs = 25 * HOUR;
    try {
      const { data } = await app.gql(LIMITS, {}, headers);
      expect(data.viewer.limits).toEqual([expect.objectContaining({ kind: 'Deposit', period: 'Week', amount: '500.00', pendingChange: null })]);
      expect((await deposit(headers, '60')).errors).toBeUndefined();
      expect(data.viewer.limitHistory.map((entry: { action: string; value: string }) => `${entry.action} ${entry.value}`)).toEqual([
        'IncreaseRequested 500.00', 'PendingCancelled 500.00', 'IncreaseRequested 500.00', 'Decreased 50.00', 'Set 200.00',
      ]);
    } finally {
      offsetMs = 0;
    }
  });

  it('holds a removal through the cooling-off too', async () => {
    const { headers } = await newPlayer();
    await setLimit(headers, { kind: 'Deposit', period: 'Month', amount: '30' });
    const removal = await app.gql(REMOVE, { input: { kind: 'Deposit', period: 'Month' } }, headers);
    expect(removal.data.removeLimit).toMatchObject({ amount: '30.00', pendingChange: { removal: true } });
    expect((await deposit(headers, '40')).errors?.[0]?.extensions.reason).toBe('DepositLimitReached');
    offsetMs = 25 * HOUR;
    try {
      expect((await app.gql(LIMITS, {}, headers)).data.viewer.limits).toEqual([]);
      expect((await deposit(headers, '40')).errors).toBeUndefined();
    } finally {
      offsetMs = 0;
    }
  });

  it('refuses raising or removing a deposit limit when isIncreaseDepositLimitBlocked, but takes a decrease', async () => {
    const headers = await signedInAs(app, 'restricted');
    expect((await setLimit(headers, { kind: 'Deposit', period: 'Day', amount: '300' })).errors).toBeUndefined();
    const raised = await setLimit(headers, { kind: 'Deposit', period: 'Day', amount: '400' });
    expect(raised.errors?.[0]?.extensions.reason).toBe('LimitIncreaseBlocked');
    expect(raised.errors?.[0]?.message).toBe('Raising or removing your deposit limit is blocked on your account: contact support');
    expect((await app.gql(REMOVE, { input: { kind: 'Deposit', period: 'Day' } }, headers)).errors?.[0]?.extensions.reason).toBe('LimitIncreaseBlocked');
    expect((await setLimit(headers, { kind: 'Deposit', period: 'Day', amount: '250' })).data.setLimit.amount).toBe('250.00');
  });

  it('offers only what the licence offers', async () => {
    const { headers } = await newPlayer();
    const loss = await setLimit(headers, { kind: 'Loss', period: 'Day', amount: '10' });
    expect(loss.errors?.[0]).toMatchObject({ message: 'A loss limit is not offered under the mga licence', extensions: { reason: 'BadUserInput' } });
    expect((await setLimit(headers, { kind: 'Session', minutes: 45 })).errors?.[0]?.message).toBe('minutes must be one of 30, 60, 120, 240, 480 for a session limit');
    expect((await setLimit(headers, { kind: 'Deposit', period: 'Day', amount: '0' })).errors?.[0]?.message).toBe('amount must be more than zero');

    // mapleridge is crc: daily deposit limits only, no session limits.
    const { headers: crc } = await newPlayer('mapleridge');
    expect((await setLimit(crc, { kind: 'Deposit', period: 'Week', amount: '100' })).errors?.[0]?.message).toBe(
      'period must be one of Day for a deposit limit under the crc licence, not Week',
    );
    expect((await setLimit(crc, { kind: 'Session', minutes: 60 })).errors?.[0]?.message).toBe('Session limits are not offered under the crc licence');
    expect((await setLimit(crc, { kind: 'Deposit', period: 'Day', amount: '100' })).errors).toBeUndefined();
  });

  it('sets the deposit limits an SMS sign-up asked for (mga) on the new account only, and a bad one creates nothing', async () => {
    const VERIFY = 'mutation ($p: String!, $c: String!, $l: [RegistrationDepositLimit!]) { verifySmsLoginCode(phoneNumber: $p, code: $c, depositLimits: $l) { accessToken } }';
    const signUp = async (phone: string, limits: unknown[], brand = 'aurelia') => {
      await app.gql('mutation ($p: String!) { requestSmsLoginCode(phoneNumber: $p) { phoneNumber } }', { p: phone }, { 'x-brand': brand });
      return app.gql(VERIFY, { p: phone, c: await latestSmsCode(app, phone, brand), l: limits }, { 'x-brand': brand });
    };
    const limitsOf = async (token: string) => (await app.gql('{ viewer { limits { period amount } } }', {}, bearer(token))).data.viewer.limits;
    phones += 1;
    const phone = `+35846${String(Date.now() % 1_000_000).padStart(6, '0')}${phones}`;
    // The number step checks the limits before any code is sent, naming the form field.
    const early = await app.gql('mutation ($p: String!, $l: [RegistrationDepositLimit!]) { requestSmsLoginCode(phoneNumber: $p, depositLimits: $l) { phoneNumber } }', { p: phone, l: [{ period: 'Week', amount: '99999999999' }] });
    expect(early.errors?.[0]?.extensions).toMatchObject({ reason: 'BadUserInput', field: 'depositLimitWeek' });
    const refused = await signUp(phone, [{ period: 'Day', amount: '-5' }]);
    expect(refused.errors?.[0]?.extensions.reason).toBe('BadUserInput');
    expect((await app.platform.db.query('select 1 from players where phone_number = $1', [phone])).rows).toEqual([]);
    const created = await signUp(phone, [{ period: 'Day', amount: '30' }, { period: 'Month', amount: '250.50' }]);
    expect(created.errors).toBeUndefined();
    expect(await limitsOf(created.data.verifySmsLoginCode.accessToken)).toEqual([{ period: 'Day', amount: '30.00' }, { period: 'Month', amount: '250.50' }]);
    // A number that already has an account signs in through the sign-up form and keeps its limits as they were.
    const existing = await signUp('+3585550001', [{ period: 'Day', amount: '5' }]);
    expect(existing.errors).toBeUndefined();
    expect(await limitsOf(existing.data.verifySmsLoginCode.accessToken)).toEqual([]);
    // Only where the licence asks: crc takes none on registration.
    phones += 1;
    const crc = await signUp(`+1604${String(Date.now() % 1_000_000).padStart(6, '0')}${phones}`, [{ period: 'Day', amount: '30' }], 'mapleridge');
    expect(crc.errors?.[0]?.message).toBe('Deposit limits are not asked on registration under the crc licence: set them on the limits page');
  });

  it('opens a new SMS account with the marketing choice of its sign-up form (DefaultConsentRegistration), every channel or none', async () => {
    const VERIFY = 'mutation ($p: String!, $c: String!, $m: Boolean) { verifySmsLoginCode(phoneNumber: $p, code: $c, marketing: $m) { accessToken } }';
    const MARKETING = '{ viewer { player { isEmailMarketingAccepted isSmsMarketingAccepted isPhoneMarketingAccepted isWebPushMarketingAccepted } } }';
    const signUp = async (phone: string, marketing?: boolean) => {
      await app.gql('mutation ($p: String!) { requestSmsLoginCode(phoneNumber: $p) { phoneNumber } }', { p: phone });
      const verified = await app.gql(VERIFY, { p: phone, c: await latestSmsCode(app, phone), m: marketing });
      expect(verified.errors).toBeUndefined();
      return Object.values((await app.gql(MARKETING, {}, bearer(verified.data.verifySmsLoginCode.accessToken))).data.viewer.player);
    };
    const fresh = () => `+35846${String(Date.now() % 1_000_000).padStart(6, '0')}${(phones += 1)}`;
    expect(await signUp(fresh(), true)).toEqual([true, true, true, true]);
    expect(await signUp(fresh(), false)).toEqual([false, false, false, false]);
    expect(await signUp(fresh())).toEqual([false, false, false, false]);
  });

  it('never lets concurrent deposits together pass a limit', async () => {
    const { headers } = await newPlayer();
    await setLimit(headers, { kind: 'Deposit', period: 'Day', amount: '100' });
    const replies = await Promise.all(Array.from({ length: 8 }, () => deposit(headers, '30')));
    const accepted = replies.filter((reply) => !reply.errors);
    expect(accepted).toHaveLength(3);
    expect(replies.filter((reply) => reply.errors?.[0]?.extensions.reason === 'DepositLimitReached')).toHaveLength(5);
    const { data } = await app.gql(LIMITS, {}, headers);
    expect(data.viewer.limits[0]).toMatchObject({ used: '90.00', remaining: '10.00' });
  });

  it('refuses a stake past an est loss limit, counting wins back, and sports stakes against the global one', async () => {
    const { headers } = await newPlayer('vantor');
    await app.platform.services.ledger.post({ idempotencyKey: `test-credit-${randomUUID()}`, walletId: await walletOf(app, headers), kind: 'Deposit', entries: depositEntries(10_000n) });
    // est offers no deposit limits.
    expect((await setLimit(headers, { kind: 'Deposit', period: 'Day', amount: '50' })).errors?.[0]?.message).toBe('A deposit limit is not offered under the est licence');
    expect((await setLimit(headers, { kind: 'Loss', period: 'Day', amount: '3' })).errors).toBeUndefined();
    expect((await setLimit(headers, { kind: 'GlobalLoss', period: 'Week', amount: '5' })).errors).toBeUndefined();

    const launched = await app.gql(LAUNCH, { slug: await slotSlug(app), origin: 'http://vantor.localhost:4321' }, headers);
    expect(launched.errors).toBeUndefined();
    const sessionId = launched.data.launchGame.gameSessionId as string;
    // One 1.00 round fits (nothing lost yet); what it used is its stake minus its win, never below zero.
    expect((await playRound(app, sessionId, '1.00')).status).toBe(200);
    const { rows } = await app.platform.db.query<{ win: string }>('select coalesce(sum(win_minor), 0)::text as win from game_rounds where game_session_id = $1', [sessionId]);
    const usedMinor = Math.max(0, 100 - Number(rows[0]?.win));
    const loss = (await app.gql(LIMITS, {}, headers)).data.viewer.limits.find((limit: { kind: string }) => limit.kind === 'Loss');
    expect(loss).toMatchObject({ used: (usedMinor / 100).toFixed(2), remaining: ((300 - usedMinor) / 100).toFixed(2) });

    // A 4.00 stake could take the day's losses past 3.00 whatever the round returned: refused, saying what is left.
    const refused = await playRound(app, sessionId, '4.00');
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatchObject({
      reason: 'LossLimitReached', kind: 'Loss', period: 'Day', limit: '3.00', remaining: ((300 - usedMinor) / 100).toFixed(2),
      message: `This stake could take your losses past your daily loss limit of 3.00 EUR: you can stake at most ${((300 - usedMinor) / 100).toFixed(2)} EUR for now`,
    });

    // Sports stakes count for the weekly global limit of 5.00 (with the casino's losses), not for the casino's own:
    // a 6.00 stake is past it whatever the round returned.
    const [event] = (await app.gql('{ sportsEvents(sport: "football", live: false, first: 1) { id markets { id outcomes { id odds } } } }', {}, headers)).data.sportsEvents;
    const selections = [{ eventId: event.id, marketId: 'winner', outcomeId: 'home', odds: event.markets[0].outcomes[0].odds }];
    const sports = (stake: string) => app.gql(PLACE, { selections, stake, key: `slip-${randomUUID()}` }, headers);
    expect((await sports('2.00')).errors).toBeUndefined();
    // Over the week, casino and sports together: the round's net and the 2.00 stake (a big win can cover it).
    const globalUsedMinor = Math.max(0, 300 - Number(rows[0]?.win));
    const second = await sports('6.00');
    const left = ((500 - globalUsedMinor) / 100).toFixed(2);
    expect(second.errors?.[0]?.extensions).toMatchObject({ reason: 'LossLimitReached', kind: 'GlobalLoss', period: 'Week', limit: '5.00', remaining: left });
    expect(second.errors?.[0]?.message).toBe(`This stake could take your losses past your weekly global loss limit of 5.00 EUR: you can stake at most ${left} EUR for now`);
  });

  it('stops launches and stakes once the session limit has run out, and not before', async () => {
    const { headers } = await newPlayer();
    await app.platform.services.ledger.post({ idempotencyKey: `test-credit-${randomUUID()}`, walletId: await walletOf(app, headers), kind: 'Deposit', entries: depositEntries(5000n) });
    expect((await setLimit(headers, { kind: 'Session', minutes: 30 })).data.setLimit).toMatchObject({ kind: 'Session', period: null, minutes: 30, amount: null });
    const slug = await slotSlug(app);
    const launched = await app.gql(LAUNCH, { slug }, headers);
    expect(launched.errors).toBeUndefined();
    expect((await playRound(app, launched.data.launchGame.gameSessionId, '1.00')).status).toBe(200);

    offsetMs = 31 * 60_000;
    try {
      const refused = await app.gql(LAUNCH, { slug }, headers);
      expect(refused.errors?.[0]?.extensions).toMatchObject({ reason: 'SessionLimitReached', limitMinutes: 30 });
      expect(refused.errors?.[0]?.message).toMatch(/^Your session limit of 30 minutes ran out at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: sign out and take a break before you play again$/);
      const stake = await playRound(app, launched.data.launchGame.gameSessionId, '1.00');
      expect(stake.status).toBeGreaterThanOrEqual(400);
      expect(await stake.text()).toContain('SessionLimitReached');
    } finally {
      offsetMs = 0;
    }
  });
});

/** The session id of a bearer header's token, read back from the platform. */
async function newestSid(app: TestPlatform, headers: Record<string, string>): Promise<string> {
  const { data } = await app.gql('{ viewer { sessionId } }', {}, headers);
  return data.viewer.sessionId as string;
}

/** The wallet of the player a bearer header signs in. */
async function walletOf(app: TestPlatform, headers: Record<string, string>): Promise<string> {
  const { data } = await app.gql('{ viewer { wallet { id } } }', {}, headers);
  return data.viewer.wallet.id as string;
}

/** A slot every fixture brand and country may play. */
async function slotSlug(app: TestPlatform): Promise<string> {
  const { rows } = await app.platform.db.query<{ slug: string }>(
    `select slug from games where 'slots' = any(categories) and not is_live_casino and restricted_licences = '{}' and restricted_countries = '{}' order by idx limit 1`,
  );
  return rows[0]?.slug as string;
}

/** Plays one real round of a launched game through the game server's API. */
function playRound(app: TestPlatform, gameSessionId: string, bet: string): Promise<Response> {
  return fetch(`${app.url}/games/api/${gameSessionId}/rounds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ roundId: `round-${randomUUID()}`, bet }),
  });
}

describe.each(DATABASES)('self-exclusion and timeouts a player takes, on $name', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    app = await startPlatform(database);
  });
  afterAll(() => app?.close());

  const EXCLUDE = 'mutation ($days: Int!) { selfExclude(days: $days) { selfExclusionDetails { exclusionEndsAt } } }';
  const TIMEOUT = 'mutation ($hours: Int!) { takeTimeout(hours: $hours) { timeouts { timeoutEndsAt } } }';
  const WITHDRAW = 'mutation ($input: InitiateWithdrawalInput!) { initiateWithdrawal(input: $input) { payment { status } } }';
  let phones = 0;
  const phone = (prefix: string) => `${prefix}${String(Date.now() % 1_000_000).padStart(6, '0')}${(phones += 1)}`;

  it('takes effect at once: deposits, launches and stakes refused, the other device signed out, withdrawals still possible', async () => {
    const here = await signInBySms(app, phone('+35841'));
    const headers = bearer(here.accessToken);
    // The same player signed in on another device.
    const { data: me } = await app.gql('{ viewer { player { id } } }', {}, headers);
    const there = await app.platform.services.auth.startSession({ playerId: me.viewer.player.id, brand: 'aurelia', flow: 'sms', passwordless: true });
    await app.platform.services.ledger.post({ idempotencyKey: `test-credit-${randomUUID()}`, walletId: await walletOf(app, headers), kind: 'Deposit', entries: depositEntries(10_000n) });
    const launched = await app.gql(LAUNCH, { slug: await slotSlug(app) }, headers);
    expect(launched.errors).toBeUndefined();

    expect((await app.gql(EXCLUDE, { days: 30 }, headers)).errors?.[0]?.message).toBe('days must be one of 180, 365, 1825 under the mga licence, not 30');
    const before = Date.now();
    const excluded = await app.gql(EXCLUDE, { days: 365 }, headers);
    expect(excluded.errors).toBeUndefined();
    const endsAt = Date.parse(excluded.data.selfExclude.selfExclusionDetails.exclusionEndsAt);
    expect(endsAt - before).toBeGreaterThanOrEqual(365 * 86_400_000 - 1000);
    expect(endsAt - Date.now()).toBeLessThanOrEqual(365 * 86_400_000);

    const deposit = await app.gql(DEPOSIT, { input: { amount: '25', currency: 'EUR', provider: 'TRUSTLY', idempotencyKey: randomUUID(), returnUrl: LOBBY } }, headers);
    expect(deposit.errors?.[0]?.extensions).toMatchObject({ reason: 'DepositsBlocked', cause: 'SelfExclusion' });
    expect((await app.gql(LAUNCH, { slug: await slotSlug(app) }, headers)).errors?.[0]?.extensions).toMatchObject({ reason: 'BettingBlocked', cause: 'SelfExclusion' });
    const stake = await playRound(app, launched.data.launchGame.gameSessionId, '1.00');
    expect(stake.status).toBeGreaterThanOrEqual(400);
    expect(await stake.text()).toContain('self-excluded');
    // The other device's session has ended; this one stays, so the player can take their money out.
    expect((await app.gql('{ viewer { sessionId } }', {}, bearer(there.accessToken))).errors?.[0]?.extensions.reason).toBe('AuthenticationFailure');
    const withdrawal = await app.gql(WITHDRAW, { input: { amount: '10', currency: 'EUR', withdrawalType: 'Manual', idempotencyKey: randomUUID() } }, headers);
    expect(withdrawal.errors).toBeUndefined();
    expect(withdrawal.data.initiateWithdrawal.payment.status).toBe('Initialized');

    // Asking for a shorter term keeps the running one: nothing shortens an exclusion.
    expect((await app.gql(EXCLUDE, { days: 180 }, headers)).data.selfExclude.selfExclusionDetails.exclusionEndsAt).toBe(excluded.data.selfExclude.selfExclusionDetails.exclusionEndsAt);
  });

  it('keeps the reality check interval within the licence, and sums this session for it', async () => {
    const tokens = await signInBySms(app, phone('+35843'));
    const headers = bearer(tokens.accessToken);
    const REALITY = 'mutation ($minutes: Int!) { setRealityCheckPeriod(minutes: $minutes) { realityCheckPeriod } }';
    const SESSION = '{ viewer { session { startedAt staked won net currency } player { realityCheckPeriod } } }';
    // mga's default, then one of its intervals.
    expect((await app.gql(SESSION, {}, headers)).data.viewer.player.realityCheckPeriod).toBe(60);
    expect((await app.gql(REALITY, { minutes: 45 }, headers)).errors?.[0]?.message).toBe('minutes must be one of 15, 30, 60, 120, not 45');
    expect((await app.gql(REALITY, { minutes: 30 }, headers)).data.setRealityCheckPeriod.realityCheckPeriod).toBe(30);

    const before = await app.gql(SESSION, {}, headers);
    expect(before.data.viewer.session).toMatchObject({ staked: '0.00', won: '0.00', net: '0.00', currency: 'EUR' });
    expect(Math.abs(Date.parse(before.data.viewer.session.startedAt) - Date.now())).toBeLessThan(60_000);
    await app.platform.services.ledger.post({ idempotencyKey: `test-credit-${randomUUID()}`, walletId: await walletOf(app, headers), kind: 'Deposit', entries: depositEntries(5000n) });
    const launched = await app.gql(LAUNCH, { slug: await slotSlug(app) }, headers);
    for (let round = 0; round < 3; round += 1) expect((await playRound(app, launched.data.launchGame.gameSessionId, '1.00')).status).toBe(200);
    const after = (await app.gql(SESSION, {}, headers)).data.viewer.session;
    expect(after.staked).toBe('3.00');
    const { rows } = await app.platform.db.query<{ won: string }>('select coalesce(sum(win_minor), 0)::text as won from game_rounds where game_session_id = $1', [launched.data.launchGame.gameSessionId]);
    expect(after.won).toBe((Number(rows[0]?.won) / 100).toFixed(2));
    expect(after.net).toBe(((Number(rows[0]?.won) - 300) / 100).toFixed(2));

    const est = { ...bearer((await signInBySms(app, phone('+37257'), 'vantor')).accessToken), 'x-brand': 'vantor' };
    expect((await app.gql(REALITY, { minutes: 30 }, est)).errors?.[0]?.message).toBe('The reality check is not offered under the est licence');
  });

  it('offers self-exclusion only where the licence does, and a timeout everywhere', async () => {
    const crc = bearer((await signInBySms(app, phone('+1604'), 'mapleridge')).accessToken);
    expect((await app.gql(EXCLUDE, { days: 180 }, { ...crc, 'x-brand': 'mapleridge' })).errors?.[0]?.message).toBe('days must be one of 365 under the crc licence, not 180');
    expect((await app.gql(EXCLUDE, { days: 365 }, { ...crc, 'x-brand': 'mapleridge' })).errors).toBeUndefined();

    const est = { ...bearer((await signInBySms(app, phone('+37255'), 'vantor')).accessToken), 'x-brand': 'vantor' };
    expect((await app.gql(EXCLUDE, { days: 365 }, est)).errors?.[0]?.message).toBe('Self-exclusion is not offered under the est licence: take a timeout, or contact support');
    expect((await app.gql(TIMEOUT, { hours: 1 }, est)).errors?.[0]?.message).toBe('hours must be one of 24, 168, 720 under the est licence, not 1');
    const timeout = await app.gql(TIMEOUT, { hours: 24 }, est);
    expect(timeout.errors).toBeUndefined();
    expect(Date.parse(timeout.data.takeTimeout.timeouts.timeoutEndsAt) - Date.now()).toBeGreaterThan(23 * HOUR);
    const deposit = await app.gql(DEPOSIT, { input: { amount: '25', currency: 'EUR', provider: 'TRUSTLY', idempotencyKey: randomUUID(), returnUrl: LOBBY } }, est);
    expect(deposit.errors?.[0]?.extensions).toMatchObject({ reason: 'DepositsBlocked', cause: 'Timeout' });
  });
});
