/**
 * Applying a provider's notification: the one place a payment's status moves and money with it.
 * A notification is applied once per (provider, notificationId) inside the caller's transaction;
 * the payment walks the shortest path to the reported status (flow.ts) and every step's posting is
 * keyed `payment:<id>:<status>`, so a duplicate, late or reordered notification never moves a cent
 * twice. Money in is checked here too, under the payment's lock: a deposit confirmed for a player who
 * may no longer deposit (an exclusion that began meanwhile, a wallet at its ceiling) is cancelled
 * and credits nothing, and the provider returns the money.
 *
 * A rollback of a deposit whose money the player has already spent never takes the wallet below zero:
 * nothing moves, the payment stays Completed and is flagged for the operator (payload.rollbackShortfall),
 * the provider is answered InsufficientFunds (409, so it retries), and the player's withdrawals are held.
 * The rollback completes whole when a retry finds the cash, or at once when the player's next deposit
 * (or a returned withdrawal) brings it in.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Ledger, PostResult } from '../ledger/ledger.ts';
import { checkWalletCeiling, formatMinor } from '../ledger/money.ts';
import { depositRefusal, depositRestriction } from '../players/protection.ts';
import { isFinal, pathBetween } from './flow.ts';
import type { PaymentStatus } from './flow.ts';
import { paymentById, rollbacksAwaitingFunds } from './payment-store.ts';
import type { PaymentRow } from './payment-store.ts';
import { paymentPayload } from './providers.ts';
import type { PaymentPayload, ProviderAccount, ProviderNotification, RollbackShortfall } from './providers.ts';

/** What applying a notification did. */
export interface NotificationOutcome {
  /**
   * refused: the provider took the money but the player may not deposit now (an exclusion that began mid-payment), so it was cancelled and goes back.
   * awaitingFunds: a rollback the wallet cannot pay yet; the provider is answered InsufficientFunds (409), never this as a 200.
   */
  outcome: 'applied' | 'stale' | 'duplicate' | 'refused' | 'awaitingFunds';
  paymentId: string;
  status: PaymentStatus;
}

/** Hooks for tests only: a throw from afterStep interrupts a notification half-way. */
export interface CashierHooks {
  afterStep?: (paymentId: string, reached: PaymentStatus) => void | Promise<void>;
}

/** A deposit that has just completed (money in), as other features see it inside its transaction (missions). */
export interface CompletedDeposit {
  paymentId: string;
  playerId: string;
  walletId: string;
  currency: string;
  amountMinor: bigint;
}

/** Acts on a completed deposit inside its transaction, pushing any posting it makes to `posted` (published after the commit). */
export type DepositListener = (tx: Queryable, deposit: CompletedDeposit, posted: PostResult[]) => Promise<void>;

/** What applying a notification needs besides the transaction. */
export interface NotificationDeps {
  ledger: Ledger;
  hooks: CashierHooks;
  onDepositCompleted?: DepositListener;
}

/** The notification a provider sends when a payment reaches a status. */
export function notificationFor(payment: PaymentRow, status: PaymentStatus, account: ProviderAccount | null): ProviderNotification {
  return {
    notificationId: randomUUID(),
    paymentId: payment.id,
    provider: payment.provider,
    status,
    amount: formatMinor(BigInt(payment.amount_minor), payment.currency),
    currency: payment.currency,
    account,
    sentAt: new Date().toISOString(),
  };
}

/**
 * Applies a verified notification inside tx; returns the outcome and the postings to publish after
 * commit. A rollback the wallet cannot pay yet moves nothing and returns `shortfall`, the error to
 * answer once tx has committed the operator's flag (the notification is not recorded, so the
 * provider's retry of it is applied, not taken for a duplicate).
 */
export async function applyNotification(tx: Queryable, note: ProviderNotification, deps: NotificationDeps): Promise<{ outcome: NotificationOutcome; posted: PostResult[]; shortfall?: PlatformError }> {
  const { ledger } = deps;
  const payment = await paymentById(tx, note.paymentId, true);
  if (!payment) throw new PlatformError('NotFound', `No payment ${note.paymentId}`);
  if (payment.provider !== note.provider) throw new PlatformError('BadRequest', `Payment ${payment.id} is with ${payment.provider}, not ${note.provider}`);
  if (note.currency !== payment.currency || note.amount !== formatMinor(BigInt(payment.amount_minor), payment.currency)) {
    throw new PlatformError('BadRequest', `The notification says ${note.amount} ${note.currency}, but payment ${payment.id} is for ${formatMinor(BigInt(payment.amount_minor), payment.currency)} ${payment.currency}`);
  }
  const seen = await tx.query('select 1 from payment_notifications where provider = $1 and notification_id = $2', [note.provider, note.notificationId]);
  if (seen.rows.length > 0) return { outcome: { outcome: 'duplicate', paymentId: payment.id, status: payment.status }, posted: [] };
  const posted: PostResult[] = [];
  // Money in is checked against the player's protection in this transaction, under the player row's
  // lock: an exclusion that began after the deposit started still stops the credit. The provider is
  // told the deposit is cancelled, so the money goes back to the account it came from.
  if (payment.type === 'Deposit' && payment.status === 'Initialized' && note.status === 'Completed') {
    const refusal = await creditRefusal(tx, payment, ledger);
    if (refusal) {
      await tx.query(
        `update payments set status = 'Cancelled', updated_at = now(), processed_at = coalesce(processed_at, now()),
                payload = coalesce(payload, '{}'::jsonb) || jsonb_build_object('refusal', $2::jsonb)
          where id = $1`,
        [payment.id, JSON.stringify(refusal)],
      );
      await tx.query(`insert into payment_notifications (provider, notification_id, payment_id, status, outcome) values ($1, $2, $3, $4, 'refused')`, [note.provider, note.notificationId, payment.id, note.status]);
      return { outcome: { outcome: 'refused', paymentId: payment.id, status: 'Cancelled' }, posted };
    }
  }
  const steps = pathBetween(payment.type, payment.status, note.status);
  if (!steps || steps.length === 0) {
    await tx.query(`insert into payment_notifications (provider, notification_id, payment_id, status, outcome) values ($1, $2, $3, $4, 'stale')`, [note.provider, note.notificationId, payment.id, note.status]);
    return { outcome: { outcome: 'stale', paymentId: payment.id, status: payment.status }, posted };
  }
  if (steps.some((step) => step.to === 'RollbackInitialized')) {
    const shortfall = await rollbackShortfall(tx, payment, note.status as RollbackShortfall['status'], ledger);
    if (shortfall) return { outcome: { outcome: 'awaitingFunds', paymentId: payment.id, status: payment.status }, posted, shortfall };
  }
  const payload = note.account ? paymentPayload(payment.provider, payment.type, note.account) : null;
  posted.push(...(await walk(tx, payment, note.status, payload, { notificationId: note.notificationId }, deps)));
  await tx.query(`insert into payment_notifications (provider, notification_id, payment_id, status, outcome) values ($1, $2, $3, $4, 'applied')`, [note.provider, note.notificationId, payment.id, note.status]);
  // Money that came in (a deposit, a cancelled withdrawal) first pays a rollback that was waiting for it.
  if (posted.some((result) => result.cashDeltaMinor > 0n)) posted.push(...(await settleAwaitingRollbacks(tx, payment.wallet_id, deps)));
  return { outcome: { outcome: 'applied', paymentId: payment.id, status: note.status }, posted };
}

/**
 * Walks a locked payment to a status, posting every step (keys `payment:<id>:<status>`, so a step
 * posted before is a replay), and stores the status; a rollback's operator flag is marked settled.
 */
async function walk(tx: Queryable, payment: PaymentRow, target: PaymentStatus, payload: PaymentPayload | null, metadata: Record<string, unknown>, deps: NotificationDeps): Promise<PostResult[]> {
  const posted: PostResult[] = [];
  const amount = BigInt(payment.amount_minor);
  for (const step of pathBetween(payment.type, payment.status, target) ?? []) {
    if (step.posting) {
      const result = await deps.ledger.postWithin(tx, {
        idempotencyKey: `payment:${payment.id}:${step.to}`,
        walletId: payment.wallet_id,
        kind: step.posting.kind,
        entries: step.posting.entries(amount),
        metadata: { paymentId: payment.id, provider: payment.provider, status: step.to, ...metadata },
      });
      posted.push(result);
      if (payment.type === 'Deposit' && step.to === 'Completed' && !result.replayed && deps.onDepositCompleted) {
        await deps.onDepositCompleted(tx, { paymentId: payment.id, playerId: payment.player_id, walletId: payment.wallet_id, currency: payment.currency, amountMinor: amount }, posted);
      }
    }
    await deps.hooks.afterStep?.(payment.id, step.to);
  }
  await tx.query(
    `update payments set status = $2, updated_at = now(), payload = coalesce(payload, $3::jsonb),
            processed_at = case when $4 then coalesce(processed_at, now()) else processed_at end
      where id = $1`,
    [payment.id, target, payload ? JSON.stringify(payload) : null, isFinal(payment.type, target) || target === 'Completed'],
  );
  if (payment.payload?.rollbackShortfall && !payment.payload.rollbackShortfall.settledAt && (target === 'RollbackInitialized' || target === 'RolledBacked')) {
    await tx.query(
      `update payments set payload = jsonb_set(payload, '{rollbackShortfall,settledAt}', to_jsonb($2::text)) where id = $1`,
      [payment.id, new Date().toISOString()],
    );
  }
  return posted;
}

/**
 * Checks, under the wallet's lock, that the cash can pay a rollback's hold. When it cannot, records
 * (or updates) the operator's flag on the payment and returns the error to answer; else null.
 */
async function rollbackShortfall(tx: Queryable, payment: PaymentRow, reported: RollbackShortfall['status'], ledger: Ledger): Promise<PlatformError | null> {
  await tx.query('select id from wallets where id = $1 for update', [payment.wallet_id]);
  const { cash } = await ledger.balances(payment.wallet_id, tx);
  const amount = BigInt(payment.amount_minor);
  if (cash >= amount) return null;
  const now = new Date().toISOString();
  const earlier = payment.payload?.rollbackShortfall;
  const flag: RollbackShortfall = {
    // RolledBacked is further on: once a provider has said it, a later RollbackInitialized does not undo it.
    status: earlier?.status === 'RolledBacked' ? 'RolledBacked' : reported,
    amountMinor: amount.toString(),
    availableMinor: cash.toString(),
    shortfallMinor: (amount - cash).toString(),
    firstRefusedAt: earlier?.firstRefusedAt ?? now,
    lastRefusedAt: now,
    refusals: (earlier?.refusals ?? 0) + 1,
    settledAt: null,
  };
  await tx.query(`update payments set updated_at = now(), payload = coalesce(payload, '{}'::jsonb) || jsonb_build_object('rollbackShortfall', $2::jsonb) where id = $1`, [payment.id, JSON.stringify(flag)]);
  const money = (minor: bigint) => `${formatMinor(minor, payment.currency)} ${payment.currency}`;
  const message = `The ${reported} rollback of deposit ${payment.id} (${money(amount)}) cannot be taken yet: the wallet has ${money(cash)} cash, ${money(amount - cash)} short (the deposit was spent). Nothing moved; the payment stays Completed and is flagged for the operator. Retry later: it completes once the cash is there`;
  if (!earlier) console.warn(`[platform] deposit rollback awaits funds: ${message}`);
  return new PlatformError('InsufficientFunds', message, { paymentId: payment.id, amount: formatMinor(amount, payment.currency), available: formatMinor(cash, payment.currency), shortfall: formatMinor(amount - cash, payment.currency), currency: payment.currency });
}

/**
 * Completes, oldest first, the rollbacks on a wallet that were waiting for funds and that its cash
 * now covers whole. A payment another transaction holds (its own retry) is skipped: that one settles it.
 */
async function settleAwaitingRollbacks(tx: Queryable, walletId: string, deps: NotificationDeps): Promise<PostResult[]> {
  const posted: PostResult[] = [];
  for (const waiting of await rollbacksAwaitingFunds(tx, { walletId, lock: true })) {
    const flag = waiting.payload?.rollbackShortfall;
    if (!flag) continue;
    const { cash } = await deps.ledger.balances(walletId, tx);
    if (cash < BigInt(waiting.amount_minor)) continue;
    posted.push(...(await walk(tx, waiting, flag.status, null, { settledFromFunds: true }, deps)));
    console.warn(`[platform] deposit rollback ${waiting.id} (${formatMinor(BigInt(waiting.amount_minor), waiting.currency)} ${waiting.currency}) settled from funds that arrived; it is now ${flag.status}`);
  }
  return posted;
}

/** Why a confirmed deposit may not be credited now (the player's protection, the wallet's ceiling), or null. */
async function creditRefusal(tx: Queryable, payment: PaymentRow, ledger: Ledger): Promise<PaymentPayload['refusal'] | null> {
  const restriction = await depositRestriction(tx, payment.player_id);
  if (restriction) return { ...restriction, message: depositRefusal(restriction).message };
  const { cash, bonus, pending } = await ledger.balances(payment.wallet_id, tx);
  try {
    checkWalletCeiling(cash + bonus + pending, BigInt(payment.amount_minor), payment.currency);
  } catch (error) {
    if (error instanceof PlatformError) return { cause: error.reason, until: null, message: error.message };
    throw error;
  }
  return null;
}
