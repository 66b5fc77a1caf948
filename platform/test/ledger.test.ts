import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositEntries } from '../src/ledger/ledger.ts';
import { formatMinor, parseAmount } from '../src/ledger/money.ts';
import { findPlayer } from '../src/players/repository.ts';
import { DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

describe('money', () => {
  it('parses decimal strings into exact minor units and back', () => {
    expect(parseAmount('12.5', 'EUR')).toBe(1250n);
    expect(parseAmount('0.01', 'EUR')).toBe(1n);
    expect(parseAmount('1200', 'JPY')).toBe(1200n);
    expect(parseAmount('99999999999.99', 'EUR')).toBe(9999999999999n);
    expect(formatMinor(1250n, 'EUR')).toBe('12.50');
    expect(formatMinor(-305n, 'EUR')).toBe('-3.05');
    expect(formatMinor(1200n, 'JPY')).toBe('1200');
  });

  it('refuses what it would have to round or guess', () => {
    for (const text of ['1.005', '-5', '1e3', '1,000.00', '', 'abc', '0', '0.00']) {
      expect(() => parseAmount(text, 'EUR'), text).toThrow();
    }
    expect(() => parseAmount('10.5', 'JPY')).toThrow(/more than 0 decimals/);
  });
});

describe.each(DATABASES)('ledger on $name', (database) => {
  let app: TestPlatform;
  let walletId: string;
  beforeAll(async () => {
    app = await startPlatform(database, { auth: { enableSandboxAdmin: true } });
    const player = await findPlayer(app.platform.db, 'aurelia', 'newcomer');
    walletId = player?.wallet_id as string;
  });
  afterAll(() => app?.close());

  const ledger = () => app.platform.services.ledger;

  it('keeps every transaction balanced and every cached balance equal to its postings', async () => {
    await ledger().post({ idempotencyKey: 'test:invariants:1', walletId, kind: 'Deposit', entries: depositEntries(5000n) });
    await ledger().post({
      idempotencyKey: 'test:invariants:2',
      walletId,
      kind: 'CasinoBet',
      entries: [{ account: 'cash', amountMinor: -150n }, { account: 'house:games', amountMinor: 150n }],
    });
    const db = app.platform.db;
    const unbalanced = await db.query('select transaction_id from ledger_postings group by transaction_id having sum(amount_minor) <> 0');
    expect(unbalanced.rows).toEqual([]);
    const drift = await db.query(
      `select a.id from ledger_accounts a left join ledger_postings p on p.account_id = a.id
        group by a.id, a.balance_minor having a.balance_minor <> coalesce(sum(p.amount_minor), 0)`,
    );
    expect(drift.rows).toEqual([]);
    const count = await db.query<{ n: number }>('select count(*)::int as n from ledger_transactions');
    expect(count.rows[0]?.n).toBeGreaterThan(50);
    expect(await ledger().balances(walletId)).toMatchObject({ cash: 4850n, bonus: 0n, currency: 'EUR' });
  });

  it('returns the first result for a retry and refuses a reused key with other content', async () => {
    const input = { idempotencyKey: 'test:idem:1', walletId, kind: 'Deposit' as const, entries: depositEntries(1000n) };
    const first = await ledger().post(input);
    await ledger().post({ idempotencyKey: 'test:idem:2', walletId, kind: 'Deposit', entries: depositEntries(700n) });
    const again = await ledger().post({ ...input, entries: [...input.entries].reverse(), metadata: { retry: true } });
    expect(again).toEqual({ ...first, replayed: true });
    await expect(ledger().post({ ...input, entries: depositEntries(1001n) })).rejects.toMatchObject({ reason: 'IdempotencyConflict', message: expect.stringMatching(/test:idem:1.*already used/) });
    await expect(ledger().post({ ...input, kind: 'CasinoWin' })).rejects.toMatchObject({ reason: 'IdempotencyConflict' });
  });

  it('makes one transaction out of concurrent posts with the same key', async () => {
    const input = { idempotencyKey: 'test:concurrent', walletId, kind: 'Deposit' as const, entries: depositEntries(333n) };
    const before = (await ledger().balances(walletId)).cash;
    const results = await Promise.all(Array.from({ length: 6 }, () => ledger().post(input)));
    expect(new Set(results.map((result) => result.transactionId)).size).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    const rows = await app.platform.db.query<{ n: number }>("select count(*)::int as n from ledger_transactions where idempotency_key = 'test:concurrent'");
    expect(rows.rows[0]?.n).toBe(1);
    expect((await ledger().balances(walletId)).cash).toBe(before + 333n);
  });

  it('refuses unbalanced entries, overdrafts and edits', async () => {
    await expect(ledger().post({ idempotencyKey: 'test:bad:1', walletId, kind: 'Deposit', entries: [{ account: 'cash', amountMinor: 100n }, { account: 'house:payments', amountMinor: -99n }] })).rejects.toMatchObject({
      reason: 'BadUserInput',
      message: expect.stringMatching(/sum to 1 minor units instead of 0/),
    });
    const { cash } = await ledger().balances(walletId);
    await expect(
      ledger().post({ idempotencyKey: 'test:bad:2', walletId, kind: 'CasinoBet', entries: [{ account: 'cash', amountMinor: -(cash + 1n) }, { account: 'house:games', amountMinor: cash + 1n }] }),
    ).rejects.toMatchObject({ reason: 'InsufficientFunds' });
    expect((await ledger().balances(walletId)).cash).toBe(cash);
    const exists = await app.platform.db.query("select 1 from ledger_transactions where idempotency_key like 'test:bad:%'");
    expect(exists.rows).toEqual([]);
    // The database enforces double entry and append-only on its own, too.
    await expect(app.platform.db.exec('update ledger_postings set amount_minor = amount_minor + 1')).rejects.toThrow(/append-only/);
    await expect(
      app.platform.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `insert into ledger_transactions (idempotency_key, wallet_id, kind, currency, content_hash, cash_balance_after, bonus_balance_after)
           values ('test:raw', $1, 'Adjustment', 'EUR', 'x', 0, 0) returning id::text`,
          [walletId],
        );
        await tx.query(
          `insert into ledger_postings (transaction_id, account_id, amount_minor)
           select $1, id, 5 from ledger_accounts where wallet_id = $2 and code = 'cash'`,
          [rows[0]?.id, walletId],
        );
      }),
    ).rejects.toThrow(/does not balance/);
  });

  it('credits through sandboxCreditWallet only with the sandbox operator key', async () => {
    const mutation = 'mutation ($k: String!) { sandboxCreditWallet(playerId: "newcomer", amount: "12.50", currency: "EUR", idempotencyKey: $k) { balance replayed currency } }';
    const before = (await ledger().balances(walletId)).cash;
    const credited = await app.gql(mutation, { k: 'test:sandbox:1' });
    expect(credited.data.sandboxCreditWallet).toEqual({ balance: formatMinor(before + 1250n, 'EUR'), replayed: false, currency: 'EUR' });
    expect((await app.gql(mutation, { k: 'test:sandbox:1' })).data.sandboxCreditWallet.replayed).toBe(true);
    const wrongCurrency = await app.gql('mutation { sandboxCreditWallet(playerId: "newcomer", amount: "1", currency: "USD", idempotencyKey: "x") { balance } }');
    expect(wrongCurrency.errors?.[0]?.extensions.reason).toBe('BadUserInput');
    for (const key of ['', 'not-the-operator-key-at-all']) {
      const refused = await app.gql(mutation, { k: 'test:sandbox:2' }, { 'x-sandbox-key': key });
      expect(refused.errors?.[0]?.extensions.reason).toBe('SandboxKeyRequired');
      expect(refused.errors?.[0]?.message).toMatch(/x-sandbox-key/);
    }
    expect((await ledger().balances(walletId)).cash).toBe(before + 1250n);
  });
});
