import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPaymentAmount, checkWalletCeiling, maxPaymentMinor, walletCeilingMinor } from '../src/ledger/money.ts';
import { DATABASES, demoPlayerRow, signedInAs, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const DEPOSIT = 'mutation ($input: InitiateDepositInput!) { initiateDeposit(input: $input) { payment { id status } } }';
const WITHDRAW = 'mutation ($input: InitiateWithdrawalInput!) { initiateWithdrawal(input: $input) { payment { id } } }';
const CREDIT = 'mutation ($id: ID!, $a: String!, $c: String!, $k: String!) { sandboxCreditWallet(playerId: $id, amount: $a, currency: $c, idempotencyKey: $k) { balance } }';

describe('money bounds', () => {
  it('caps a single payment and a wallet per currency, naming the limit', () => {
    expect(maxPaymentMinor('EUR')).toBe(5_000_000n);
    expect(maxPaymentMinor('JPY')).toBe(8_000_000n);
    expect(walletCeilingMinor('EUR')).toBe(100_000_000n);
    expect(checkPaymentAmount(5_000_000n, 'EUR')).toBe(5_000_000n);
    expect(() => checkPaymentAmount(5_000_001n, 'EUR')).toThrow('amount 50000.01 EUR is more than the largest single payment of 50000.00 EUR');
    expect(() => checkWalletCeiling(99_999_000n, 1_000n, 'EUR')).not.toThrow();
    expect(() => checkWalletCeiling(99_999_000n, 1_001n, 'EUR')).toThrow('deposit at most 10.00 EUR');
  });
});

describe.each(DATABASES)('money bounds at the platform boundary on $name', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    app = await startPlatform(database, { auth: { enableSandboxAdmin: true }, settleIntervalMs: 0 });
  });
  afterAll(() => app?.close());

  const player = (username: string) => demoPlayerRow(app, username);
  const as = (username: string) => signedInAs(app, username);
  const ledgerIsBalanced = async () =>
    (await app.platform.db.query('select transaction_id from ledger_postings group by transaction_id having sum(amount_minor) <> 0')).rows.length === 0;

  it('refuses a deposit, withdrawal or credit above the largest payment before anything is stored', async () => {
    const headers = await as('verified');
    const payments = async () => (await app.platform.db.query<{ n: number }>('select count(*)::int as n from payments')).rows[0]?.n;
    const before = await payments();
    const deposit = await app.gql(DEPOSIT, { input: { amount: '50000.01', currency: 'EUR', provider: 'TRUSTLY', idempotencyKey: randomUUID() } }, headers);
    expect(deposit.errors?.[0]).toMatchObject({ message: expect.stringMatching(/largest single payment of 50000.00 EUR/), extensions: { reason: 'BadUserInput', maximum: '50000.00' } });
    const withdrawal = await app.gql(WITHDRAW, { input: { amount: '999999999999999', currency: 'EUR', withdrawalType: 'Manual', idempotencyKey: randomUUID() } }, headers);
    expect(withdrawal.errors?.[0]?.extensions.reason).toBe('BadUserInput');
    const credit = await app.gql(CREDIT, { id: (await player('verified')).id, a: '999999999999999', c: 'EUR', k: randomUUID() });
    expect(credit.errors?.[0]?.message).toMatch(/largest single payment/);
    expect(await payments()).toBe(before);
  });

  it('fills a wallet to its ceiling and no further, whichever way the money comes, with the ledger still balanced', async () => {
    const target = await player('wallet-gbp');
    const ceiling = walletCeilingMinor('GBP');
    const credit = (amount: string) => app.gql(CREDIT, { id: target.id, a: amount, c: 'GBP', k: randomUUID() });
    // Largest payments until the next one would not fit.
    for (;;) {
      const { cash, bonus, pending } = await app.platform.services.ledger.balances(target.wallet_id);
      if (cash + bonus + pending + maxPaymentMinor('GBP') > ceiling) break;
      expect((await credit('45000')).errors).toBeUndefined();
    }
    const over = await credit('45000');
    expect(over.errors?.[0]).toMatchObject({ message: expect.stringMatching(/holds at most 900000.00 GBP/), extensions: { reason: 'BalanceCeiling' } });
    const deposit = await app.gql(DEPOSIT, { input: { amount: '45000', currency: 'GBP', provider: 'TRUSTLY', idempotencyKey: randomUUID() } }, await as('wallet-gbp'));
    expect(deposit.errors?.[0]?.extensions.reason).toBe('BalanceCeiling');
    const { cash, bonus, pending } = await app.platform.services.ledger.balances(target.wallet_id);
    expect(cash + bonus + pending <= ceiling).toBe(true);
    expect(await ledgerIsBalanced()).toBe(true);
  });

  it('cancels a confirmed deposit that no longer fits under the ceiling, crediting nothing', async () => {
    const target = await player('wallet-usd');
    const started = await app.gql(DEPOSIT, { input: { amount: '40000', currency: 'USD', provider: 'TRUSTLY', idempotencyKey: randomUUID() } }, await as('wallet-usd'));
    expect(started.errors).toBeUndefined();
    const paymentId = started.data.initiateDeposit.payment.id as string;
    // Meanwhile the wallet fills up to within 40000 USD of its ceiling.
    const { cash, bonus, pending } = await app.platform.services.ledger.balances(target.wallet_id);
    let room = walletCeilingMinor('USD') - cash - bonus - pending;
    while (room >= 4_000_000n) {
      const step = room - 3_999_999n > maxPaymentMinor('USD') ? maxPaymentMinor('USD') : room - 3_999_999n;
      expect((await app.gql(CREDIT, { id: target.id, a: `${step / 100n}.${String(step % 100n).padStart(2, '0')}`, c: 'USD', k: randomUUID() })).errors).toBeUndefined();
      room -= step;
    }
    const before = (await app.platform.services.ledger.balances(target.wallet_id)).cash;
    await app.platform.services.cashier.providerReports(paymentId, 'Completed', { account: app.platform.services.cashier.accountsFor('trustly', target)[0] ?? null });
    const payment = await app.platform.services.cashier.payment(paymentId);
    expect(payment?.status).toBe('Cancelled');
    expect(payment?.payload?.refusal).toMatchObject({ cause: 'BalanceCeiling', message: expect.stringMatching(/holds at most/) });
    expect((await app.platform.services.ledger.balances(target.wallet_id)).cash).toBe(before);
  });
});
