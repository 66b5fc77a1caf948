/**
 * The licence's withdrawal rules (shared/licences.ts): under est a withdrawal waits for KYC Done and
 * goes only back through the provider of the last completed deposit (closed loop); under mga neither
 * applies. Under cos a new wallet is in USD.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWalletCurrency } from '../src/brands/brands.ts';
import { depositEntries } from '../src/ledger/ledger.ts';
import { DATABASES, bearer, signInBySms, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const DEPOSIT = 'mutation ($input: InitiateDepositInput!) { initiateDeposit(input: $input) { payment { id } } }';
const WITHDRAW = 'mutation ($input: InitiateWithdrawalInput!) { initiateWithdrawal(input: $input) { payment { id status provider } } }';

describe.each(DATABASES)('withdrawal rules by licence, on $name', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    app = await startPlatform(database);
  });
  afterAll(() => app?.close());

  let phones = 0;
  const player = async (brand: string, prefix: string) => {
    phones += 1;
    const tokens = await signInBySms(app, `${prefix}${String(Date.now() % 1_000_000).padStart(6, '0')}${phones}`, brand);
    const headers = { ...bearer(tokens.accessToken), 'x-brand': brand };
    const { data } = await app.gql('{ viewer { player { id } wallet { id } } }', {}, headers);
    await app.platform.services.ledger.post({ idempotencyKey: `test-credit-${randomUUID()}`, walletId: data.viewer.wallet.id, kind: 'Deposit', entries: depositEntries(20_000n) });
    return { headers, id: data.viewer.player.id as string };
  };
  const withdraw = (headers: Record<string, string>, provider?: string) =>
    app.gql(WITHDRAW, { input: { amount: '20', currency: 'EUR', withdrawalType: 'Manual', idempotencyKey: randomUUID(), ...(provider ? { provider } : {}) } }, headers);

  it('est: KYC Done first, then only back through the last deposit\'s provider, to its account', async () => {
    const { headers, id } = await player('vantor', '+37256');
    const unverified = await withdraw(headers);
    expect(unverified.errors?.[0]).toMatchObject({
      message: 'Verify your identity before you withdraw: upload your documents on the Documents page, and withdraw once verification is Done',
      extensions: { reason: 'KycRequired', kycStatus: 'NotRequired' },
    });
    await app.platform.db.query(`update players set kyc_status = 'Done' where id = $1`, [id]);
    expect((await withdraw(headers)).errors?.[0]).toMatchObject({
      message: 'Withdrawals go back to the account you last deposited from, and you have not deposited yet: deposit once first',
      extensions: { reason: 'ClosedLoop' },
    });

    const started = await app.gql(DEPOSIT, { input: { amount: '25', currency: 'EUR', provider: 'ZIMPLER', idempotencyKey: randomUUID(), returnUrl: 'http://vantor.localhost:4321/et_EE/' } }, headers);
    expect(started.errors).toBeUndefined();
    const row = await app.platform.services.cashier.payment(started.data.initiateDeposit.payment.id);
    await app.platform.services.cashier.providerReports(row!.id, 'Completed', { account: app.platform.services.cashier.accountsFor('zimpler', { id, first_name: 'Mari', last_name: 'Tamm' })[0] ?? null });

    const elsewhere = await withdraw(headers, 'TRUSTLY');
    expect(elsewhere.errors?.[0]).toMatchObject({
      message: 'Withdrawals go back to the account you last deposited from, through Zimpler: withdraw through it, not Trustly',
      extensions: { reason: 'ClosedLoop', provider: 'ZIMPLER' },
    });
    const back = await withdraw(headers);
    expect(back.errors).toBeUndefined();
    expect(back.data.initiateWithdrawal.payment).toMatchObject({ status: 'Initialized', provider: 'ZIMPLER' });

    // The provider may pay the manual withdrawal only to the account the deposit came from.
    const cashier = app.platform.services.cashier;
    const [depositAccount, otherAccount] = cashier.accountsFor('zimpler', { id, first_name: 'Mari', last_name: 'Tamm' });
    const withdrawalId = back.data.initiateWithdrawal.payment.id as string;
    await expect(cashier.providerReports(withdrawalId, 'Completed', { account: otherAccount ?? null })).rejects.toMatchObject({
      reason: 'ClosedLoop',
      message: `This withdrawal can be paid only to ${depositAccount?.account}, the account of the last deposit, not to ${otherAccount?.account}`,
    });
    expect((await cashier.payment(withdrawalId))?.status).toBe('Initialized');
    const paid = await app.gql('mutation($p: ID!) { sandboxSendPaymentNotification(paymentId: $p, status: Completed, delivery: ONCE) { status account } }', { p: withdrawalId }, { 'x-brand': 'vantor' });
    expect(paid.errors).toBeUndefined();
    expect(paid.data.sandboxSendPaymentNotification).toEqual({ status: 'Completed', account: depositAccount?.account });
  });

  it('mga: neither rule applies', async () => {
    const { headers } = await player('aurelia', '+35842');
    const reply = await withdraw(headers, 'TRUSTLY');
    expect(reply.errors).toBeUndefined();
    expect(reply.data.initiateWithdrawal.payment.provider).toBe('TRUSTLY');
  });
});

describe('wallet currency by licence', () => {
  it('a new wallet under cos is in USD whatever the brand names; other licences keep the brand currency', () => {
    expect(newWalletCurrency({ license: 'cos', currency: 'NZD' })).toBe('USD');
    expect(newWalletCurrency({ license: 'mga', currency: 'NOK' })).toBe('NOK');
    expect(newWalletCurrency({ license: 'est', currency: 'EUR' })).toBe('EUR');
  });
});
