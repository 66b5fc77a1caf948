/**
 * The payment totals behind EnableFinancialHistory (viewer.financialSummary): completed deposits and
 * withdrawals in the window, exact, with the net; cancelled or pending payments and payments older
 * than the window do not count, and another player's never do.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, freshSmsPlayer, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const SUMMARY = 'query($d: Int) { viewer { financialSummary(days: $d) { days deposited withdrawn net currency deposits withdrawals } } }';

describe.each(DATABASES)('financial summary on $name', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    app = await startPlatform(database);
  });
  afterAll(() => app?.close());

  const newPlayer = () => freshSmsPlayer(app);
  const deposit = async (headers: Record<string, string>, amount: string, status: 'Completed' | 'Cancelled' = 'Completed') => {
    const started = await app.gql('mutation ($input: InitiateDepositInput!) { initiateDeposit(input: $input) { payment { id } } }', {
      input: { amount, currency: 'EUR', provider: 'TRUSTLY', idempotencyKey: randomUUID(), returnUrl: 'http://aurelia.localhost:4321/en/' },
    }, headers);
    const id = started.data.initiateDeposit.payment.id as string;
    const reported = await app.gql('mutation($p: ID!, $s: PaymentTransactionStatus!) { sandboxSendPaymentNotification(paymentId: $p, status: $s, delivery: ONCE) { status } }', { p: id, s: status });
    expect(reported.errors).toBeUndefined();
    return id;
  };

  it('sums completed payments in the window, exactly, with the net', async () => {
    const { headers } = await newPlayer();
    await deposit(headers, '25.10');
    await deposit(headers, '30.20');
    await deposit(headers, '99', 'Cancelled');
    const old = await deposit(headers, '40');
    await app.platform.db.query(`update payments set processed_at = now() - interval '40 days', created_at = now() - interval '40 days' where id = $1`, [old]);
    const withdrawn = await app.gql('mutation ($input: InitiateWithdrawalInput!) { initiateWithdrawal(input: $input) { payment { status } } }', {
      input: { amount: '15.05', currency: 'EUR', withdrawalType: 'Instant', idempotencyKey: randomUUID() },
    }, headers);
    expect(withdrawn.errors).toBeUndefined();
    expect(withdrawn.data.initiateWithdrawal.payment.status).toBe('Completed');
    // A pending manual withdrawal is not money out yet.
    await app.gql('mutation ($input: InitiateWithdrawalInput!) { initiateWithdrawal(input: $input) { payment { status } } }', {
      input: { amount: '10', currency: 'EUR', withdrawalType: 'Manual', idempotencyKey: randomUUID() },
    }, headers);

    const month = (await app.gql(SUMMARY, { d: 30 }, headers)).data.viewer.financialSummary;
    expect(month).toEqual({ days: 30, deposited: '55.30', withdrawn: '15.05', net: '40.25', currency: 'EUR', deposits: 2, withdrawals: 1 });
    const year = (await app.gql(SUMMARY, { d: 365 }, headers)).data.viewer.financialSummary;
    expect(year).toMatchObject({ deposited: '95.30', net: '80.25', deposits: 3 });

    // Another player's payments never count.
    const other = await newPlayer();
    expect((await app.gql(SUMMARY, {}, other.headers)).data.viewer.financialSummary).toMatchObject({ days: 30, deposited: '0.00', withdrawn: '0.00', net: '0.00' });
  });

  it('refuses a window out of range and a visitor', async () => {
    const { headers } = await newPlayer();
    expect((await app.gql(SUMMARY, { d: 0 }, headers)).errors?.[0]).toMatchObject({ message: 'days must be between 1 and 3660, not 0', extensions: { reason: 'BadUserInput' } });
    expect((await app.gql(SUMMARY, { d: 30 })).errors?.[0]?.extensions.reason).toBe('AuthenticationFailure');
  });
});
