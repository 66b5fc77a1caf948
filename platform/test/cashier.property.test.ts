/**
 * Model-based property test of the cashier and the ledger: fast-check generates 2,500 short
 * random sequences (1 to 3 steps, about 5,000 steps in all) of deposits (completed, cancelled or left pending, their notices delivered once,
 * twice or reversed), deposit rollbacks, withdrawals, withdrawal cancels and approvals, replayed
 * notifications, casino bets and wins; a rollback of spent money waits for funds (withdrawals held)
 * and the next money in through a notification settles it. After every step the ledger must balance to zero per
 * currency and the wallet must equal a model kept in plain bigints.
 *
 * To stay quick on two cores the steps call the services in-process (notifications still go through
 * signature verification; cancels go through the provider's HTTP notification) and the sequences
 * share a pool of wallets whose models carry over from one sequence to the next (each wallet lives
 * through some 300 steps of random history). The test counts the outcomes it reached (each deposit
 * kind, refused and accepted rollbacks, withdrawals and bets, cancels, approvals, replays) and fails
 * when any came up fewer than MIN_PER_OUTCOME times: 2,500 sequences reach each of them dozens of
 * times, where 10,000 spent three of the platform suite's ten minutes on the same branches.
 * CASHIER_PROPERTY_RUNS=10000 (or more) runs a longer search.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentStatus, PaymentType } from '../src/cashier/flow.ts';
import type { ProviderNotification } from '../src/cashier/providers.ts';
import { formatMinor } from '../src/ledger/money.ts';
import { createPlayer } from '../src/players/repository.ts';
import { DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const RUNS = Number(process.env.CASHIER_PROPERTY_RUNS ?? 2_500);
const POOL = 16;
/**
 * Every outcome below must come up at least this often, so fewer runs still walk every branch of the
 * cashier and the ledger, and a generator change that starves one fails here instead of quietly
 * testing less. The rarest, a rollback settled by later funds, comes ~45 times in 2,500 sequences
 * (24 in one unlucky CI-like run): 10 leaves room for chance and still catches a starved branch.
 */
const MIN_PER_OUTCOME = Math.min(10, Math.floor(RUNS / 250));

interface ModelPayment {
  id: string;
  type: PaymentType;
  status: PaymentStatus;
  amount: bigint;
}
interface WalletModel {
  playerId: string;
  walletId: string;
  cash: bigint;
  pending: bigint;
  payments: ModelPayment[];
  /** Notifications already delivered, for replays. */
  sent: string[];
  /** Deposits whose rollback found the money spent and waits for funds (the player's withdrawals are held meanwhile). */
  awaiting: Set<string>;
}

type Op =
  | { op: 'deposit'; amount: number; outcome: 'Completed' | 'Cancelled' | 'pending'; delivery: 'once' | 'twice' | 'reversed' }
  | { op: 'rollback'; pick: number }
  | { op: 'withdraw'; amount: number }
  | { op: 'cancel'; pick: number }
  | { op: 'approve'; pick: number }
  | { op: 'replay'; pick: number }
  | { op: 'bet'; amount: number }
  | { op: 'win'; amount: number };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), amount: fc.integer({ min: 2000, max: 20_000 }), outcome: fc.constantFrom('Completed' as const, 'Cancelled' as const, 'pending' as const), delivery: fc.constantFrom('once' as const, 'twice' as const, 'reversed' as const) }),
  fc.record({ op: fc.constant('rollback' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('withdraw' as const), amount: fc.integer({ min: 1000, max: 30_000 }) }),
  fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('approve' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('replay' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('bet' as const), amount: fc.integer({ min: 1, max: 8000 }) }),
  fc.record({ op: fc.constant('win' as const), amount: fc.integer({ min: 1, max: 8000 }) }),
);

describe.each(DATABASES)('cashier model on $name', (database) => {
  let app: TestPlatform;
  const wallets: WalletModel[] = [];

  beforeAll(async () => {
    app = await startPlatform(database, { auth: { enableSandboxAdmin: true }, settleIntervalMs: 0 });
    await app.platform.db.transaction(async (tx) => {
      for (let index = 0; index < POOL; index += 1) {
        const tag = randomUUID().slice(0, 8);
        const created = await createPlayer(tx, { brand: 'aurelia', username: `model-${tag}`, email: `model-${tag}@aurelia.demo`, countryCode: 'FI', currency: 'EUR' });
        wallets.push({ playerId: created.id, walletId: created.walletId, cash: 0n, pending: 0n, payments: [], sent: [], awaiting: new Set() });
      }
    });
  });
  afterAll(() => app?.close());

  it(`keeps the ledger balanced and every wallet equal to the model over ${RUNS} random sequences`, async () => {
    const { cashier, ledger, db } = app.platform.services;
    let next = 0;
    let steps = 0;

    const notify = async (wallet: WalletModel, payment: ModelPayment, status: PaymentStatus, notificationId = randomUUID()) => {
      const note: ProviderNotification = { notificationId, paymentId: payment.id, provider: 'trustly', status, amount: formatMinor(payment.amount, 'EUR'), currency: 'EUR', account: null, sentAt: new Date().toISOString() };
      const body = JSON.stringify(note);
      const outcome = await cashier.receiveNotification('trustly', body, cashier.sign('trustly', body));
      wallet.sent.push(body);
      return outcome;
    };
    const pick = <T>(list: T[], index: number): T | undefined => (list.length === 0 ? undefined : list[index % list.length]);
    const seen = new Map<string, number>();
    const saw = (outcome: string) => seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
    /** Money that came in through a notification first pays the waiting rollbacks, oldest deposit first, each only whole. */
    const settle = (wallet: WalletModel) => {
      for (const payment of wallet.payments.filter((entry) => wallet.awaiting.has(entry.id))) {
        if (wallet.cash < payment.amount) continue;
        wallet.cash -= payment.amount;
        payment.status = 'RolledBacked';
        wallet.awaiting.delete(payment.id);
        saw('rollback settled by funds');
      }
    };

    async function step(wallet: WalletModel, op: Op): Promise<void> {
      switch (op.op) {
        case 'deposit': {
          const row = await cashier.initiateDeposit(wallet.playerId, { amount: formatMinor(BigInt(op.amount), 'EUR'), currency: 'EUR', provider: 'trustly', idempotencyKey: randomUUID() });
          const payment: ModelPayment = { id: row.id, type: 'Deposit', status: 'Initialized', amount: BigInt(op.amount) };
          wallet.payments.push(payment);
          saw(op.outcome === 'pending' ? 'deposit left pending' : `deposit ${op.outcome} delivered ${op.delivery}`);
          if (op.outcome === 'pending') return;
          const notes: PaymentStatus[] = op.delivery === 'reversed' ? [op.outcome, 'Initialized'] : ['Initialized', op.outcome];
          const ids = notes.map(() => randomUUID());
          for (const [index, status] of notes.entries()) {
            await notify(wallet, payment, status, ids[index]);
            if (op.delivery === 'twice') await notify(wallet, payment, status, ids[index]);
          }
          payment.status = op.outcome;
          if (op.outcome === 'Completed') {
            wallet.cash += payment.amount;
            settle(wallet);
          }
          return;
        }
        case 'rollback': {
          const payment = pick(wallet.payments.filter((entry) => entry.type === 'Deposit' && entry.status === 'Completed'), op.pick);
          if (!payment) return;
          if (wallet.cash < payment.amount) {
            // The player spent the money: the provider's rollback is refused until funds are there (it retries).
            await expect(notify(wallet, payment, 'RolledBacked')).rejects.toMatchObject({ reason: 'InsufficientFunds' });
            wallet.awaiting.add(payment.id);
            saw('rollback refused');
            return;
          }
          await notify(wallet, payment, 'RolledBacked');
          wallet.awaiting.delete(payment.id);
          saw('rollback');
          payment.status = 'RolledBacked';
          wallet.cash -= payment.amount;
          return;
        }
        case 'withdraw': {
          const amount = BigInt(op.amount);
          const input = { amount: formatMinor(amount, 'EUR'), currency: 'EUR', provider: 'trustly' as const, withdrawalType: 'Manual' as const, idempotencyKey: randomUUID() };
          if (wallet.awaiting.size > 0) {
            await expect(cashier.initiateWithdrawal(wallet.playerId, input)).rejects.toMatchObject({ reason: 'WithdrawalsBlocked' });
            saw('withdrawal held for a rollback');
            return;
          }
          if (wallet.cash < amount) {
            await expect(cashier.initiateWithdrawal(wallet.playerId, input)).rejects.toMatchObject({ reason: 'InsufficientFunds' });
            saw('withdrawal refused');
            return;
          }
          const row = await cashier.initiateWithdrawal(wallet.playerId, input);
          saw('withdrawal');
          wallet.payments.push({ id: row.id, type: 'Withdrawal', status: 'Initialized', amount });
          wallet.cash -= amount;
          wallet.pending += amount;
          return;
        }
        case 'cancel':
        case 'approve': {
          const payment = pick(wallet.payments.filter((entry) => entry.type === 'Withdrawal' && entry.status === 'Initialized'), op.pick);
          if (!payment) return;
          saw(op.op === 'cancel' ? 'withdrawal cancelled' : 'withdrawal approved');
          if (op.op === 'cancel') {
            expect((await cashier.cancelWithdrawal(wallet.playerId, payment.id)).status).toBe('Cancelled');
            payment.status = 'Cancelled';
            wallet.cash += payment.amount;
            wallet.pending -= payment.amount;
            settle(wallet);
            return;
          } else {
            await notify(wallet, payment, 'Completed');
            payment.status = 'Completed';
          }
          wallet.pending -= payment.amount;
          return;
        }
        case 'replay': {
          const body = pick(wallet.sent, op.pick);
          if (!body) return;
          expect((await cashier.receiveNotification('trustly', body, cashier.sign('trustly', body))).outcome).toBe('duplicate');
          saw('notification replayed');
          return;
        }
        case 'bet':
        case 'win': {
          const amount = BigInt(op.amount);
          const sign = op.op === 'bet' ? -1n : 1n;
          const input = {
            idempotencyKey: `model:${randomUUID()}`,
            walletId: wallet.walletId,
            kind: op.op === 'bet' ? ('CasinoBet' as const) : ('CasinoWin' as const),
            entries: [{ account: 'cash' as const, amountMinor: sign * amount }, { account: 'house:games' as const, amountMinor: -sign * amount }],
          };
          if (op.op === 'bet' && wallet.cash < amount) {
            await expect(ledger.post(input)).rejects.toMatchObject({ reason: 'InsufficientFunds' });
            saw('bet refused');
            return;
          }
          await ledger.post(input);
          saw(op.op);
          wallet.cash += sign * amount;
        }
      }
    }

    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 3 }), async (ops) => {
        const wallet = wallets[next++ % wallets.length] as WalletModel;
        for (const op of ops) {
          await step(wallet, op);
          steps += 1;
          // One query per step: currencies whose accounts do not sum to zero, and the wallet's accounts.
          const { rows } = await db.query<{ unbalanced: number; cash: string; pending: string }>(
            `select (select count(*)::int from (select 1 from ledger_accounts group by currency having sum(balance_minor) <> 0) u) as unbalanced,
                    coalesce(sum(balance_minor) filter (where code = 'cash'), 0)::text as cash,
                    coalesce(sum(balance_minor) filter (where code = 'pending'), 0)::text as pending
               from ledger_accounts where wallet_id = $1`,
            [wallet.walletId],
          );
          expect(rows[0]?.unbalanced).toBe(0);
          expect({ cash: BigInt(rows[0]?.cash ?? -1), pending: BigInt(rows[0]?.pending ?? -1) }).toEqual({ cash: wallet.cash, pending: wallet.pending });
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    const seconds = (Date.now() - started) / 1000;
    console.log(`[cashier model ${database.name}] ${RUNS} sequences, ${steps} steps in ${seconds.toFixed(1)} s: ${[...seen].map(([outcome, count]) => `${outcome} ${count}`).join(', ')}`);
    expect(steps).toBeGreaterThanOrEqual(RUNS);
    const outcomes = [
      ...['Completed', 'Cancelled'].flatMap((status) => ['once', 'twice', 'reversed'].map((delivery) => `deposit ${status} delivered ${delivery}`)),
      'deposit left pending', 'rollback', 'rollback refused', 'withdrawal', 'withdrawal refused', 'withdrawal cancelled', 'withdrawal approved',
      'notification replayed', 'bet', 'bet refused', 'win', 'withdrawal held for a rollback', 'rollback settled by funds',
    ];
    expect(Object.fromEntries(outcomes.map((outcome) => [outcome, (seen.get(outcome) ?? 0) >= MIN_PER_OUTCOME]))).toEqual(Object.fromEntries(outcomes.map((outcome) => [outcome, true])));
    // The cached balances equal their postings, and every transaction sums to zero.
    const drift = await db.query(`select a.id from ledger_accounts a left join ledger_postings p on p.account_id = a.id group by a.id, a.balance_minor having a.balance_minor <> coalesce(sum(p.amount_minor), 0)`);
    expect(drift.rows).toEqual([]);
    const unbalancedTransactions = await db.query('select transaction_id from ledger_postings group by transaction_id having sum(amount_minor) <> 0');
    expect(unbalancedTransactions.rows).toEqual([]);
  }, 900_000);
});
