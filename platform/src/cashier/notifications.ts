/**
 * Applying a provider's notification: the one place a payment's status moves and money with it.
 * A notification is applied once per (provider, notificationId) inside the caller's transaction;
 * the payment walks the shortest path to the reported status (flow.ts) and every step's posting is
 * keyed `payment:<id>:<status>`, so a duplicate, late or reordered notification never moves a cent
 * twice. Money in is checked here too, under the payment's lock: a deposit confirmed for a player who
 * may no longer deposit (an exclusion that began meanwhile, a wallet at its ceiling) is cancelled
 * and credits nothing, and the provider returns the money.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Ledger, PostResult } from '../ledger/ledger.ts';
import { checkWalletCeiling, formatMinor } from '../ledger/money.ts';
import { depositRefusal, depositRestriction } from '../players/protection.ts';
import { isFinal, pathBetween } from './flow.ts';
import type { PaymentStatus } from './flow.ts';
import { paymentById } from './payment-store.ts';
import type { PaymentRow } from './payment-store.ts';
import { paymentPayload } from './providers.ts';
import type { PaymentPayload, ProviderAccount, ProviderNotification } from './providers.ts';

/** What applying a notification did. */
export interface NotificationOutcome {
  /** refused: the provider took the money but the player may not deposit now (an exclusion that began mid-payment), so it was cancelled and goes back. */
  outcome: 'applied' | 'stale' | 'duplicate' | 'refused';
  paymentId: string;
  status: PaymentStatus;
}

/** Hooks for tests only: a throw from afterStep interrupts a notification half-way. */
export interface CashierHooks {
  afterStep?: (paymentId: string, reached: PaymentStatus) => void | Promise<void>;
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

/** Applies a verified notification inside tx; returns the outcome and the postings to publish after commit. */
export async function applyNotification(tx: Queryable, note: ProviderNotification, deps: { ledger: Ledger; hooks: CashierHooks }): Promise<{ outcome: NotificationOutcome; posted: PostResult[] }> {
  const { ledger, hooks } = deps;
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
  const amount = BigInt(payment.amount_minor);
  for (const step of steps) {
    if (step.posting) {
      posted.push(
        await ledger.postWithin(tx, {
          idempotencyKey: `payment:${payment.id}:${step.to}`,
          walletId: payment.wallet_id,
          kind: step.posting.kind,
          entries: step.posting.entries(amount),
          metadata: { paymentId: payment.id, provider: payment.provider, status: step.to, notificationId: note.notificationId },
        }),
      );
    }
    await hooks.afterStep?.(payment.id, step.to);
  }
  const payload = note.account ? paymentPayload(payment.provider, payment.type, note.account) : null;
  await tx.query(
    `update payments set status = $2, updated_at = now(), payload = coalesce(payload, $3::jsonb),
            processed_at = case when $4 then coalesce(processed_at, now()) else processed_at end
      where id = $1`,
    [payment.id, note.status, payload ? JSON.stringify(payload) : null, isFinal(payment.type, note.status) || note.status === 'Completed'],
  );
  await tx.query(`insert into payment_notifications (provider, notification_id, payment_id, status, outcome) values ($1, $2, $3, $4, 'applied')`, [note.provider, note.notificationId, payment.id, note.status]);
  return { outcome: { outcome: 'applied', paymentId: payment.id, status: note.status }, posted };
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
