import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathBetween } from '../src/cashier/flow.ts';
import { rollbacksAwaitingFunds } from '../src/cashier/payment-store.ts';
import { findPlayer } from '../src/players/repository.ts';
import { DATABASES, SANDBOX_KEY, bearer, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const PAYMENT = 'id type status provider withdrawalType amount currency account paymentMethod cancellable processedAt';
const DEPOSIT = `mutation ($input: InitiateDepositInput!) { initiateDeposit(input: $input) { redirectUrl payment { ${PAYMENT} } } }`;
const WITHDRAW = `mutation ($input: InitiateWithdrawalInput!) { initiateWithdrawal(input: $input) { payment { ${PAYMENT} } } }`;
const CANCEL = `mutation ($id: ID!) { cancelWithdrawal(paymentId: $id) { payment { ${PAYMENT} } } }`;
const NOTIFY = `mutation ($id: ID!, $status: PaymentTransactionStatus!, $delivery: NotificationDelivery) { sandboxSendPaymentNotification(paymentId: $id, status: $status, delivery: $delivery) { ${PAYMENT} } }`;
const WALLET = '{ viewer { wallet { balance currency minDepositAmount effectiveMinDepositAmount } } }';

describe('payment state machine', () => {
  it('walks the shortest path and refuses to leave a final status', () => {
    expect(pathBetween('Deposit', 'Initialized', 'RolledBacked')?.map((step) => step.to)).toEqual(['Completed', 'RollbackInitialized', 'RolledBacked']);
    expect(pathBetween('Withdrawal', 'Initialized', 'Cancelled')?.map((step) => step.posting?.kind)).toEqual(['CancelWithdrawal']);
    expect(pathBetween('Withdrawal', 'CancelInitialized', 'Completed')?.map((step) => step.posting?.kind)).toEqual(['Withdrawal']);
    expect(pathBetween('Deposit', 'Completed', 'Initialized')).toBeNull();
    expect(pathBetween('Deposit', 'Cancelled', 'Completed')).toBeNull();
    expect(pathBetween('Withdrawal', 'Completed', 'Cancelled')).toBeNull();
    expect(pathBetween('Deposit', 'Completed', 'Completed')).toEqual([]);
  });
});

describe.each(DATABASES)('cashier on $name', (database) => {
  let app: TestPlatform;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    app = await startPlatform(database, { auth: { enableSandboxAdmin: true }, lateDeliveryMs: 200, settleIntervalMs: 0 });
  });
  afterAll(() => app?.close());

  /** A bearer header for a demo player of aurelia (a session minted directly, like a sign-in would). */
  async function as(username: string): Promise<Record<string, string>> {
    if (!tokens.has(username)) {
      const row = await findPlayer(app.platform.db, 'aurelia', username);
      if (!row) throw new Error(`no demo player ${username}`);
      const issued = await app.platform.services.auth.startSession({ playerId: row.id, brand: 'aurelia', flow: 'sms', passwordless: true });
      tokens.set(username, issued.accessToken);
    }
    return bearer(tokens.get(username) as string);
  }
  const balance = async (username: string) => (await app.gql(WALLET, {}, await as(username))).data.viewer.wallet.balance as string;
  const walletOf = async (username: string) => (await findPlayer(app.platform.db, 'aurelia', username))?.wallet_id as string;
  const ledgerRows = async (paymentId: string) =>
    (await app.platform.db.query<{ kind: string }>(`select kind from ledger_transactions where idempotency_key like $1 order by id`, [`payment:${paymentId}:%`])).rows.map((row) => row.kind);
  const deposit = async (username: string, input: Record<string, unknown>) =>
    app.gql(DEPOSIT, { input: { currency: 'EUR', provider: 'TRUSTLY', idempotencyKey: randomUUID(), ...input } }, await as(username));

  /** Confirms a deposit at the hosted provider page, as a tester's browser (holding the sandbox key) would. */
  async function confirmAtProvider(redirectUrl: string, action: 'confirm' | 'cancel', delivery = 'ONCE') {
    const pageUrl = new URL(redirectUrl, app.url);
    const html = await (await fetch(pageUrl, { headers: SANDBOX_KEY })).text();
    const account = /name="account" value="([^"]+)" checked/.exec(html)?.[1] ?? '';
    const form = new URLSearchParams({ action, account, delivery, returnUrl: pageUrl.searchParams.get('returnUrl') ?? '' });
    return fetch(pageUrl.origin + pageUrl.pathname, { method: 'POST', body: form, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', ...SANDBOX_KEY } });
  }

  it('refuses bad amounts and currencies with an error naming the problem', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ amount: '0' }, /more than zero/],
      [{ amount: '-5' }, /not a decimal amount/],
      [{ amount: 'ten' }, /not a decimal amount/],
      [{ amount: '25.001' }, /more than 2 decimals/],
      [{ amount: '25', currency: 'XYZ' }, /Unsupported currency "XYZ"/],
      [{ amount: '25', currency: 'USD' }, /holds EUR, not USD/],
      [{ amount: '19.99' }, /smallest deposit is 20.00 EUR/],
      [{ amount: '25', idempotencyKey: '' }, /idempotencyKey must be 1 to 200 characters/],
    ];
    for (const [input, message] of cases) {
      const reply = await deposit('newcomer', input);
      expect(reply.errors?.[0]?.message, JSON.stringify(input)).toMatch(message);
      expect(reply.errors?.[0]?.extensions.reason).toBe('BadUserInput');
    }
    const wrongProvider = await deposit('newcomer', { amount: '25', provider: 'PAYPAL' });
    expect(wrongProvider.errors?.[0]?.message).toMatch(/PAYPAL/);
    const count = await app.platform.db.query<{ n: number }>(`select count(*)::int as n from payments p join players pl on pl.id = p.player_id where pl.username = 'newcomer'`);
    expect(count.rows[0]?.n).toBe(0);
    expect((await app.gql(WALLET, {}, await as('wallet-jpy'))).data.viewer.wallet.effectiveMinDepositAmount).toBe('1200');
  });

  it.each(['TRUSTLY', 'ZIMPLER', 'PIQ'])('deposits through %s: the provider page, a signed notification, one ledger posting and a live balance update', async (provider) => {
    const walletId = await walletOf('verified');
    const before = (await app.platform.services.ledger.balances(walletId)).cash;
    const row = await findPlayer(app.platform.db, 'aurelia', 'verified');
    const updates = app.platform.services.events.subscribe(row?.id as string, 'balanceUpdated');
    const started = await deposit('verified', { amount: '25.50', provider, returnUrl: 'http://aurelia.localhost:4321/en/?x=1' });
    const { payment, redirectUrl } = started.data.initiateDeposit;
    expect(payment).toMatchObject({ type: 'Deposit', status: 'Initialized', provider, amount: '25.50', currency: 'EUR', account: null });
    expect(redirectUrl).toBe(`/platform/sandbox/${provider.toLowerCase()}/pay/${payment.id}/?returnUrl=${encodeURIComponent('http://aurelia.localhost:4321/en/?x=1')}`);
    const back = await confirmAtProvider(redirectUrl, 'confirm');
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get('location') as string);
    expect(location.origin + location.pathname).toBe('http://aurelia.localhost:4321/en/');
    expect(Object.fromEntries(location.searchParams)).toEqual({ x: '1', paymentId: payment.id, paymentStatus: 'Completed' });
    const event = await updates.next();
    await updates.return?.();
    expect(event.value).toMatchObject({ moneyType: 'Deposit', amount: '25.50', currency: 'EUR' });
    expect((await app.platform.services.ledger.balances(walletId)).cash).toBe(before + 2550n);
    expect(await ledgerRows(payment.id)).toEqual(['Deposit']);
    const last = await app.gql('{ viewer { lastCompletedDeposit { provider payload amount } } }', {}, await as('verified'));
    const { provider: lastProvider, payload } = last.data.viewer.lastCompletedDeposit;
    expect(lastProvider).toBe(provider);
    expect(JSON.parse(payload)).toMatchObject({ attributes: { paymentMethod: expect.any(String) }, debtor: { account: expect.stringMatching(/•••• \d{4}/) }, accountId: expect.any(String), txName: expect.any(String) });
    // The page of a finished payment only links back; posting to it again moves nothing.
    expect(await (await fetch(new URL(redirectUrl, app.url))).text()).toMatch(/already completed/);
    await confirmAtProvider(redirectUrl, 'confirm');
    expect(await ledgerRows(payment.id)).toEqual(['Deposit']);
  });

  it('cancels at the provider without moving money', async () => {
    const before = await balance('verified');
    const started = await deposit('verified', { amount: '30', provider: 'ZIMPLER', returnUrl: 'http://aurelia.localhost:4321/en/' });
    const back = await confirmAtProvider(started.data.initiateDeposit.redirectUrl, 'cancel');
    expect(new URL(back.headers.get('location') as string).searchParams.get('paymentStatus')).toBe('Cancelled');
    const payment = await app.gql(`query ($id: ID!) { viewer { payment(id: $id) { status processedAt } } }`, { id: started.data.initiateDeposit.payment.id }, await as('verified'));
    expect(payment.data.viewer.payment).toMatchObject({ status: 'Cancelled', processedAt: expect.any(String) });
    expect(await balance('verified')).toBe(before);
    expect(await ledgerRows(started.data.initiateDeposit.payment.id)).toEqual([]);
  });

  it('makes one ledger transaction and 100 identical replies from one key sent 100 times at once', async () => {
    const headers = await as('wallet-eur');
    const walletId = await walletOf('wallet-eur');
    // First a deposit through the page, so the provider knows an account to repeat.
    const first = await deposit('wallet-eur', { amount: '20', provider: 'PIQ' });
    await confirmAtProvider(first.data.initiateDeposit.redirectUrl, 'confirm');
    const before = (await app.platform.services.ledger.balances(walletId)).cash;
    const input = { amount: '40.00', currency: 'EUR', provider: 'PIQ', idempotencyKey: randomUUID(), useLastUsedAccount: true };
    const replies = await Promise.all(Array.from({ length: 100 }, () => app.gql(DEPOSIT, { input }, headers)));
    expect(replies.filter((reply) => reply.errors)).toEqual([]);
    expect(new Set(replies.map((reply) => JSON.stringify(reply.data))).size).toBe(1);
    const { payment, redirectUrl } = replies[0]?.data.initiateDeposit;
    expect(payment).toMatchObject({ status: 'Completed', amount: '40.00', account: expect.stringMatching(/••••/) });
    expect(redirectUrl).toBeNull();
    expect(await ledgerRows(payment.id)).toEqual(['Deposit']);
    expect((await app.platform.services.ledger.balances(walletId)).cash).toBe(before + 4000n);
    // The same key for another amount is refused, and says why.
    const conflict = await app.gql(DEPOSIT, { input: { ...input, amount: '41.00' } }, headers);
    expect(conflict.errors?.[0]?.extensions.reason).toBe('IdempotencyConflict');
    expect(conflict.errors?.[0]?.message).toMatch(/already used for a deposit of 40.00 EUR/);
    expect((await app.gql(DEPOSIT, { input: { ...input, currency: 'USD' } }, headers)).errors?.[0]?.message).toMatch(/holds EUR/);
    // Without useLastUsedAccount, 100 identical starts are one pending payment and no ledger posting.
    const pendingInput = { ...input, idempotencyKey: randomUUID(), useLastUsedAccount: false };
    const pending = await Promise.all(Array.from({ length: 100 }, () => app.gql(DEPOSIT, { input: pendingInput }, headers)));
    expect(new Set(pending.map((reply) => JSON.stringify(reply.data))).size).toBe(1);
    expect(await ledgerRows(pending[0]?.data.initiateDeposit.payment.id)).toEqual([]);
  });

  it('applies duplicated, reordered and late notifications exactly once', async () => {
    const walletId = await walletOf('verified');
    const cash = async () => (await app.platform.services.ledger.balances(walletId)).cash;
    // Twice: every notification is delivered two times.
    const twice = await deposit('verified', { amount: '21' });
    const start = await cash();
    await confirmAtProvider(twice.data.initiateDeposit.redirectUrl, 'confirm', 'TWICE');
    expect(await cash()).toBe(start + 2100n);
    expect(await ledgerRows(twice.data.initiateDeposit.payment.id)).toEqual(['Deposit']);
    const outcomes = await app.platform.db.query<{ outcome: string; n: number }>(
      `select outcome, count(*)::int as n from payment_notifications where payment_id = $1 group by outcome order by outcome`,
      [twice.data.initiateDeposit.payment.id],
    );
    expect(outcomes.rows).toEqual([{ outcome: 'applied', n: 1 }, { outcome: 'stale', n: 1 }]);

    // Reversed: RolledBacked overtakes RollbackInitialized; the stale one after it moves nothing.
    const rolled = await app.gql(NOTIFY, { id: twice.data.initiateDeposit.payment.id, status: 'RolledBacked', delivery: 'REVERSED' });
    expect(rolled.data.sandboxSendPaymentNotification.status).toBe('RolledBacked');
    expect(await cash()).toBe(start);
    expect(await ledgerRows(twice.data.initiateDeposit.payment.id)).toEqual(['Deposit', 'DepositRollback', 'DepositRollback']);

    // Late: the page returns before the provider reports; the money arrives once the notice does.
    const late = await deposit('verified', { amount: '22', returnUrl: 'http://aurelia.localhost/en/' });
    const back = await confirmAtProvider(late.data.initiateDeposit.redirectUrl, 'confirm', 'LATE');
    expect(new URL(back.headers.get('location') as string).searchParams.get('paymentStatus')).toBe('Initialized');
    expect(await cash()).toBe(start);
    await app.platform.services.cashier.drain();
    expect(await cash()).toBe(start + 2200n);

    // The same signed notification posted 20 times at once is applied once.
    const again = await deposit('verified', { amount: '23' });
    const id = again.data.initiateDeposit.payment.id;
    const body = JSON.stringify({ notificationId: randomUUID(), paymentId: id, provider: 'trustly', status: 'Completed', amount: '23.00', currency: 'EUR', account: null, sentAt: new Date().toISOString() });
    const signature = app.platform.services.cashier.sign('trustly', body);
    const post = (text: string, sig: string) => fetch(`${app.url}/platform/payments/notifications/trustly`, { method: 'POST', body: text, headers: { 'content-type': 'application/json', 'x-sandbox-signature': sig } });
    const results = await Promise.all(Array.from({ length: 20 }, async () => (await (await post(body, signature)).json()).outcome));
    expect(results.filter((outcome) => outcome === 'applied')).toHaveLength(1);
    expect(results.filter((outcome) => outcome === 'duplicate')).toHaveLength(19);
    expect(await cash()).toBe(start + 4500n);

    // Unsigned, altered or foreign-signed notices are refused.
    expect((await post(body, 't=1,v1=' + '0'.repeat(64))).status).toBe(401);
    expect((await post(body.replace('23.00', '99.00'), signature)).status).toBe(401);
    expect((await post(body, app.platform.services.cashier.sign('zimpler', body))).status).toBe(401);
    const noSignature = await post(body, '');
    expect(noSignature.status).toBe(401);
    expect((await noSignature.json()).error).toMatch(/x-sandbox-signature/);
  });

  it('leaves nothing behind when a notification is interrupted half-way, and applies the redelivery once', async () => {
    const walletId = await walletOf('verified');
    const started = await deposit('verified', { amount: '24' });
    const id = started.data.initiateDeposit.payment.id;
    const before = (await app.platform.services.ledger.balances(walletId)).cash;
    const cashier = app.platform.services.cashier;
    let interrupted = 0;
    cashier.hooks.afterStep = (paymentId, reached) => {
      if (paymentId === id && reached === 'RollbackInitialized' && interrupted === 0) {
        interrupted += 1;
        throw new Error('power cut after the second step');
      }
    };
    try {
      const body = JSON.stringify({ notificationId: 'n-interrupted', paymentId: id, provider: 'trustly', status: 'RolledBacked', amount: '24.00', currency: 'EUR', account: null, sentAt: new Date().toISOString() });
      const send = () => cashier.receiveNotification('trustly', body, cashier.sign('trustly', body));
      await expect(send()).rejects.toThrow(/power cut/);
      expect(interrupted).toBe(1);
      expect(await ledgerRows(id)).toEqual([]);
      expect((await cashier.payment(id))?.status).toBe('Initialized');
      expect(await send()).toEqual({ outcome: 'applied', paymentId: id, status: 'RolledBacked' });
      expect(await send()).toEqual({ outcome: 'duplicate', paymentId: id, status: 'RolledBacked' });
    } finally {
      delete cashier.hooks.afterStep;
    }
    expect(await ledgerRows(id)).toEqual(['Deposit', 'DepositRollback', 'DepositRollback']);
    expect((await app.platform.services.ledger.balances(walletId)).cash).toBe(before);
  });

  it('pays Instant withdrawals out at once, holds Manual ones, and cancels a pending one', async () => {
    const headers = await as('wallet-eur');
    const walletId = await walletOf('wallet-eur');
    const before = await app.platform.services.ledger.balances(walletId);
    const updates = app.platform.services.events.subscribe((await findPlayer(app.platform.db, 'aurelia', 'wallet-eur'))?.id as string, 'balanceUpdated');
    const instant = await app.gql(WITHDRAW, { input: { amount: '10.00', currency: 'EUR', withdrawalType: 'Instant', idempotencyKey: randomUUID() } }, headers);
    expect(instant.data.initiateWithdrawal.payment).toMatchObject({ status: 'Completed', withdrawalType: 'Instant', provider: 'PIQ', cancellable: false });
    // The Wallet subscription announces the hold and the payout, each with the amount moved.
    const held = (await updates.next()).value;
    const paid = (await updates.next()).value;
    await updates.return?.();
    expect([held, paid].map((event) => [event.moneyType, event.amount])).toEqual([['InitWithdrawal', '10.00'], ['Withdrawal', '10.00']]);
    expect(paid.balance).toBe(held.balance);
    expect(await ledgerRows(instant.data.initiateWithdrawal.payment.id)).toEqual(['InitWithdrawal', 'Withdrawal']);

    const manual = await app.gql(WITHDRAW, { input: { amount: '15.00', currency: 'EUR', provider: 'TRUSTLY', withdrawalType: 'Manual', idempotencyKey: randomUUID() } }, headers);
    const pending = manual.data.initiateWithdrawal.payment;
    expect(pending).toMatchObject({ status: 'Initialized', cancellable: true });
    expect(await app.platform.services.ledger.balances(walletId)).toMatchObject({ cash: before.cash - 2500n, pending: before.pending + 1500n });
    const cancelled = await app.gql(CANCEL, { id: pending.id }, headers);
    expect(cancelled.data.cancelWithdrawal.payment).toMatchObject({ status: 'Cancelled', cancellable: false });
    expect((await app.gql(CANCEL, { id: pending.id }, headers)).data.cancelWithdrawal.payment.status).toBe('Cancelled');
    expect(await ledgerRows(pending.id)).toEqual(['InitWithdrawal', 'CancelWithdrawal']);
    expect(await app.platform.services.ledger.balances(walletId)).toMatchObject({ cash: before.cash - 1000n, pending: before.pending });

    // The operator approves a manual one; then it can no longer be cancelled.
    const approved = await app.gql(WITHDRAW, { input: { amount: '12.00', currency: 'EUR', withdrawalType: 'Manual', idempotencyKey: randomUUID() } }, headers);
    await app.gql(NOTIFY, { id: approved.data.initiateWithdrawal.payment.id, status: 'Completed' });
    const late = await app.gql(CANCEL, { id: approved.data.initiateWithdrawal.payment.id }, headers);
    expect(late.errors?.[0]?.extensions.reason).toBe('PaymentNotCancellable');
    expect(await app.platform.services.ledger.balances(walletId)).toMatchObject({ cash: before.cash - 2200n, pending: before.pending });
    expect((await app.gql(CANCEL, { id: randomUUID() }, headers)).errors?.[0]?.extensions.reason).toBe('NotFound');
    // Below the minimum and more than the balance are refused before anything is held.
    expect((await app.gql(WITHDRAW, { input: { amount: '9.99', currency: 'EUR', withdrawalType: 'Manual', idempotencyKey: randomUUID() } }, headers)).errors?.[0]?.message).toMatch(/smallest withdrawal is 10.00 EUR/);
    const tooMuch = await app.gql(WITHDRAW, { input: { amount: '40000', currency: 'EUR', withdrawalType: 'Manual', idempotencyKey: randomUUID() } }, headers);
    expect(tooMuch.errors?.[0]?.extensions.reason).toBe('InsufficientFunds');
  });

  it('enforces the blocking flags on the platform', async () => {
    const key = () => randomUUID();
    const blockedDeposit = await deposit('deposits-blocked', { amount: '25' });
    expect(blockedDeposit.errors?.[0]).toMatchObject({ message: expect.stringMatching(/Deposits are blocked/), extensions: { reason: 'DepositsBlocked' } });
    const blockedWithdrawal = await app.gql(WITHDRAW, { input: { amount: '20', currency: 'EUR', withdrawalType: 'Manual', idempotencyKey: key() } }, await as('withdrawals-blocked'));
    expect(blockedWithdrawal.errors?.[0]?.extensions.reason).toBe('WithdrawalsBlocked');
    const instant = await app.gql(WITHDRAW, { input: { amount: '20', currency: 'EUR', withdrawalType: 'Instant', idempotencyKey: key() } }, await as('instant-banking-blocked'));
    expect(instant.errors?.[0]).toMatchObject({ message: expect.stringMatching(/Manual withdrawal instead/), extensions: { reason: 'InstantBankingBlocked' } });
    const manual = await app.gql(WITHDRAW, { input: { amount: '20', currency: 'EUR', withdrawalType: 'Manual', idempotencyKey: key() } }, await as('instant-banking-blocked'));
    expect(manual.data.initiateWithdrawal.payment.status).toBe('Initialized');
    const restricted = await as('restricted');
    const held = await app.gql(WITHDRAW, { input: { amount: '20', currency: 'EUR', withdrawalType: 'Manual', idempotencyKey: key() } }, restricted);
    expect(held.data.initiateWithdrawal.payment.cancellable).toBe(false);
    const refused = await app.gql(CANCEL, { id: held.data.initiateWithdrawal.payment.id }, restricted);
    expect(refused.errors?.[0]?.extensions.reason).toBe('CancelWithdrawalBlocked');
    expect(await ledgerRows(held.data.initiateWithdrawal.payment.id)).toEqual(['InitWithdrawal']);
  });

  it('never lets two withdrawals racing for one balance overdraw it', async () => {
    const headers = await as('wallet-gbp');
    const walletId = await walletOf('wallet-gbp');
    const { cash } = await app.platform.services.ledger.balances(walletId);
    const amount = cash / 3n + 1n; // two fit, the third does not
    const amountText = `${amount / 100n}.${String(amount % 100n).padStart(2, '0')}`;
    const replies = await Promise.all(Array.from({ length: 8 }, () => app.gql(WITHDRAW, { input: { amount: amountText, currency: 'GBP', withdrawalType: 'Manual', idempotencyKey: randomUUID() } }, headers)));
    const ok = replies.filter((reply) => !reply.errors);
    expect(ok).toHaveLength(2);
    expect(replies.filter((reply) => reply.errors?.[0]?.extensions.reason === 'InsufficientFunds')).toHaveLength(6);
    const after = await app.platform.services.ledger.balances(walletId);
    expect(after.cash).toBe(cash - 2n * amount);
    expect(after.cash >= 0n).toBe(true);
  });

  it('lists deposit and withdrawal history newest first, filtered by status and date, in pages', async () => {
    const headers = await as('wallet-chf');
    const ids: string[] = [];
    for (const amount of ['10', '11', '12', '13', '14']) {
      const reply = await app.gql(DEPOSIT, { input: { amount, currency: 'CHF', provider: 'ZIMPLER', idempotencyKey: randomUUID() } }, headers);
      ids.push(reply.data.initiateDeposit.payment.id);
    }
    await app.gql(NOTIFY, { id: ids[1], status: 'Completed' });
    await app.gql(NOTIFY, { id: ids[3], status: 'Cancelled' });
    const HISTORY = `query ($filter: PaymentHistoryFilter, $first: Int, $after: String) { viewer { depositHistory(filter: $filter, first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id status amount } } } } }`;
    const page1 = (await app.gql(HISTORY, { first: 2 }, headers)).data.viewer.depositHistory;
    // The five new deposits and the one the demo player was seeded with (platform/DEMO-PLAYERS.md).
    expect(page1.totalCount).toBe(6);
    expect(page1.edges.map((edge: any) => edge.node.id)).toEqual([ids[4], ids[3]]);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = (await app.gql(HISTORY, { first: 2, after: page1.pageInfo.endCursor }, headers)).data.viewer.depositHistory;
    expect(page2.edges.map((edge: any) => edge.node.id)).toEqual([ids[2], ids[1]]);
    const page3 = (await app.gql(HISTORY, { first: 2, after: page2.pageInfo.endCursor }, headers)).data.viewer.depositHistory;
    expect(page3.edges.map((edge: any) => edge.node.id)).toEqual([ids[0], expect.not.stringMatching(new RegExp(ids.join('|')))]);
    expect(page3.pageInfo.hasNextPage).toBe(false);
    const completed = (await app.gql(HISTORY, { filter: { statuses: ['Completed', 'Cancelled'] } }, headers)).data.viewer.depositHistory;
    expect(completed.edges.map((edge: any) => [edge.node.id, edge.node.status])).toEqual([[ids[3], 'Cancelled'], [ids[1], 'Completed'], [page3.edges[1].node.id, 'Completed']]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await app.gql(HISTORY, { filter: { from: today, to: today } }, headers)).data.viewer.depositHistory.totalCount).toBe(5);
    expect((await app.gql(HISTORY, { filter: { to: '2020-01-01' } }, headers)).data.viewer.depositHistory.totalCount).toBe(0);
    expect((await app.gql(HISTORY, { filter: { from: 'yesterday' } }, headers)).errors?.[0]?.message).toMatch(/"yesterday" is not a date/);
    expect((await app.gql(HISTORY, { after: 'bogus' }, headers)).errors?.[0]?.message).toMatch(/not a cursor/);
    const withdrawals = await app.gql('{ viewer { withdrawalHistory { totalCount } } }', {}, headers);
    expect(withdrawals.data.viewer.withdrawalHistory.totalCount).toBe(0);
    // Another player never sees these.
    const others = (await app.gql(HISTORY, {}, await as('wallet-usd'))).data.viewer.depositHistory;
    expect(others.totalCount).toBe(1);
    expect(others.edges.filter((edge: any) => ids.includes(edge.node.id))).toEqual([]);
    expect((await app.gql(`query ($id: ID!) { viewer { payment(id: $id) { id } } }`, { id: ids[0] }, await as('wallet-usd'))).data.viewer.payment).toBeNull();
  });

  /** Every ledger transaction sums to zero, every currency's accounts sum to zero, and each cached balance is its postings' sum. */
  async function expectLedgerBalanced() {
    const db = app.platform.db;
    expect((await db.query('select transaction_id from ledger_postings group by transaction_id having sum(amount_minor) <> 0')).rows).toEqual([]);
    expect((await db.query('select currency from ledger_accounts group by currency having sum(balance_minor) <> 0')).rows).toEqual([]);
    expect((await db.query('select a.id from ledger_accounts a left join ledger_postings p on p.account_id = a.id group by a.id, a.balance_minor having a.balance_minor <> coalesce(sum(p.amount_minor), 0)')).rows).toEqual([]);
    expect((await db.query("select id from ledger_accounts where wallet_id is not null and balance_minor < 0")).rows).toEqual([]);
  }
  /** A provider's signed notification for a deposit, posted to the platform's endpoint as the provider would. */
  const providerNotice = (provider: string, paymentId: string, status: string, amount: string, currency: string) => {
    const body = JSON.stringify({ notificationId: randomUUID(), paymentId, provider, status, amount, currency, account: null, sentAt: new Date().toISOString() });
    return () => fetch(`${app.url}/platform/payments/notifications/${provider}`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-sandbox-signature': app.platform.services.cashier.sign(provider as 'zimpler', body) } });
  };
  /** Withdraws all of a player's cash at once (an Instant withdrawal), so a deposit's money is spent. */
  async function spendAll(username: string, currency: string) {
    const cash = (await app.platform.services.ledger.balances(await walletOf(username))).cash;
    const amount = currency === 'JPY' ? `${cash}` : `${cash / 100n}.${String(cash % 100n).padStart(2, '0')}`;
    const spent = await app.gql(WITHDRAW, { input: { amount, currency, withdrawalType: 'Instant', idempotencyKey: randomUUID() } }, await as(username));
    expect(spent.data?.initiateWithdrawal.payment.status, JSON.stringify(spent.errors)).toBe('Completed');
    expect((await app.platform.services.ledger.balances(await walletOf(username))).cash).toBe(0n);
  }

  it('answers InsufficientFunds to a rollback of a spent deposit, moves nothing, holds withdrawals, and completes a retry once the money is back', async () => {
    const headers = await as('wallet-nzd');
    const walletId = await walletOf('wallet-nzd');
    const cashier = app.platform.services.cashier;
    const started = await app.gql(DEPOSIT, { input: { amount: '40', currency: 'NZD', provider: 'ZIMPLER', idempotencyKey: randomUUID() } }, headers);
    const id = started.data.initiateDeposit.payment.id;
    await app.gql(NOTIFY, { id, status: 'Completed' });
    await spendAll('wallet-nzd', 'NZD');

    // The provider reverses the deposit: refused with 409 and the reason, so it retries; nothing is posted.
    const rollback = providerNotice('zimpler', id, 'RolledBacked', '40.00', 'NZD');
    const refused = await rollback();
    expect(refused.status).toBe(409);
    const answer = await refused.json();
    expect(answer.reason).toBe('InsufficientFunds');
    expect(answer.error).toMatch(/rollback of deposit \S+ \(40\.00 NZD\).*0\.00 NZD.*40\.00 NZD short/);
    // The operator's sandbox sends it through the sandbox provider: the same reason, not an internal error.
    const viaSandbox = await app.gql(NOTIFY, { id, status: 'RollbackInitialized' });
    expect(viaSandbox.errors?.[0]?.extensions.reason).toBe('InsufficientFunds');
    expect(viaSandbox.errors?.[0]?.message).toMatch(/40\.00 NZD short/);
    expect(await ledgerRows(id)).toEqual(['Deposit']);
    expect((await cashier.payment(id))?.status).toBe('Completed');
    await expectLedgerBalanced();

    // Flagged for the operator, with the shortfall; until it is settled the player cannot withdraw.
    const flagged = await rollbacksAwaitingFunds(app.platform.db);
    expect(flagged.filter((row) => row.id === id)).toEqual([expect.objectContaining({ id, wallet_id: walletId })]);
    expect(flagged.find((row) => row.id === id)?.payload?.rollbackShortfall).toMatchObject({ status: 'RolledBacked', amountMinor: '4000', availableMinor: '0', shortfallMinor: '4000', refusals: 2, settledAt: null });
    const credit = (amount: string) => app.gql('mutation ($p: ID!, $a: String!, $k: String!) { sandboxCreditWallet(playerId: $p, amount: $a, currency: "NZD", idempotencyKey: $k) { balance } }', { p: 'wallet-nzd', a: amount, k: randomUUID() });
    await credit('15');
    const held = await app.gql(WITHDRAW, { input: { amount: '10', currency: 'NZD', withdrawalType: 'Manual', idempotencyKey: randomUUID() } }, headers);
    expect(held.errors?.[0]?.extensions.reason).toBe('WithdrawalsBlocked');
    expect(held.errors?.[0]?.message).toMatch(/reversed a deposit of 40\.00 NZD.*25\.00 NZD more/);

    // Some money back is not enough: the retry is refused again, still whole.
    expect((await rollback()).status).toBe(409);
    expect(await ledgerRows(id)).toEqual(['Deposit']);
    expect((await app.platform.services.ledger.balances(walletId)).cash).toBe(1500n);

    // Enough money back: the provider's retry completes the rollback, once.
    await credit('30');
    const retried = await rollback();
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ outcome: 'applied', paymentId: id, status: 'RolledBacked' });
    expect(await rollback().then((response) => response.json())).toEqual({ outcome: 'duplicate', paymentId: id, status: 'RolledBacked' });
    expect(await ledgerRows(id)).toEqual(['Deposit', 'DepositRollback', 'DepositRollback']);
    expect(await app.platform.services.ledger.balances(walletId)).toMatchObject({ cash: 500n, pending: 0n });
    expect((await cashier.payment(id))?.payload?.rollbackShortfall).toMatchObject({ refusals: 3, settledAt: expect.any(String) });
    expect((await rollbacksAwaitingFunds(app.platform.db)).filter((row) => row.id === id)).toEqual([]);
    await expectLedgerBalanced();
    await credit('10');
    const free = await app.gql(WITHDRAW, { input: { amount: '10', currency: 'NZD', withdrawalType: 'Manual', idempotencyKey: randomUUID() } }, headers);
    expect(free.errors).toBeUndefined();
  });

  it('settles a rollback waiting for funds from the next deposit, before the provider retries', async () => {
    const headers = await as('wallet-zar');
    const walletId = await walletOf('wallet-zar');
    const cashier = app.platform.services.cashier;
    const first = await app.gql(DEPOSIT, { input: { amount: '200', currency: 'ZAR', provider: 'TRUSTLY', idempotencyKey: randomUUID() } }, headers);
    const id = first.data.initiateDeposit.payment.id;
    await app.gql(NOTIFY, { id, status: 'Completed' });
    await spendAll('wallet-zar', 'ZAR');
    const rollback = providerNotice('trustly', id, 'RollbackInitialized', '200.00', 'ZAR');
    expect((await rollback()).status).toBe(409);
    // The player deposits again: the money arrives, and the waiting rollback takes it in the same transaction.
    const next = await app.gql(DEPOSIT, { input: { amount: '250', currency: 'ZAR', provider: 'TRUSTLY', idempotencyKey: randomUUID() } }, headers);
    await app.gql(NOTIFY, { id: next.data.initiateDeposit.payment.id, status: 'Completed' });
    expect((await cashier.payment(id))?.status).toBe('RollbackInitialized');
    expect(await app.platform.services.ledger.balances(walletId)).toMatchObject({ cash: 5000n, pending: 20000n });
    expect((await cashier.payment(id))?.payload?.rollbackShortfall).toMatchObject({ settledAt: expect.any(String) });
    // The provider's retry is now stale, and its RolledBacked completes it as usual.
    expect(await rollback().then((response) => response.json())).toEqual({ outcome: 'stale', paymentId: id, status: 'RollbackInitialized' });
    expect((await providerNotice('trustly', id, 'RolledBacked', '200.00', 'ZAR')()).status).toBe(200);
    expect(await ledgerRows(id)).toEqual(['Deposit', 'DepositRollback', 'DepositRollback']);
    expect(await app.platform.services.ledger.balances(walletId)).toMatchObject({ cash: 5000n, pending: 0n });
    await expectLedgerBalanced();
  });
});
