/**
 * The payment state machine (spec section 3's payment transaction statuses) and what each step
 * posts to the ledger. Pure: no database, so the model-based tests and the service share it.
 *
 * Deposit:    Initialized → Completed (money in) → RollbackInitialized (held) → RolledBacked (returned to the provider)
 *             Initialized → Cancelled (nothing moved)
 * Withdrawal: Initialized (money held in 'pending') → Completed (paid out)
 *             Initialized → CancelInitialized (player asked) → Cancelled (money back to cash)
 *             Initialized → Cancelled (the provider refused); CancelInitialized → Completed (paid before the cancel landed)
 *
 * A notification names the status the provider reached; the platform walks the shortest path there
 * and posts every step on the way, so a Completed that overtook its pending notice, or a RolledBacked
 * that overtook its RollbackInitialized, still moves the money exactly once. A status the payment has
 * already passed (or cannot reach) is stale and moves nothing.
 */
import type { LedgerEntry, LedgerKind } from '../ledger/ledger.ts';

/** The payment transaction statuses (spec section 3). */
export const PAYMENT_STATUSES = ['Initialized', 'Completed', 'Cancelled', 'CancelInitialized', 'RollbackInitialized', 'RolledBacked'] as const;
/** A payment transaction status. */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Deposit or Withdrawal (spec transaction types). */
export type PaymentType = 'Deposit' | 'Withdrawal';

/** One step between two statuses and the ledger posting it makes (none when no money moves). */
export interface Step {
  from: PaymentStatus;
  to: PaymentStatus;
  posting: { kind: LedgerKind; entries: (amountMinor: bigint) => LedgerEntry[] } | null;
}

const moneyIn = { kind: 'Deposit' as const, entries: (x: bigint): LedgerEntry[] => [{ account: 'cash', amountMinor: x }, { account: 'house:payments', amountMinor: -x }] };
const holdRollback = { kind: 'DepositRollback' as const, entries: (x: bigint): LedgerEntry[] => [{ account: 'cash', amountMinor: -x }, { account: 'pending', amountMinor: x }] };
const returnRollback = { kind: 'DepositRollback' as const, entries: (x: bigint): LedgerEntry[] => [{ account: 'pending', amountMinor: -x }, { account: 'house:payments', amountMinor: x }] };
const payOut = { kind: 'Withdrawal' as const, entries: (x: bigint): LedgerEntry[] => [{ account: 'pending', amountMinor: -x }, { account: 'house:payments', amountMinor: x }] };
const release = { kind: 'CancelWithdrawal' as const, entries: (x: bigint): LedgerEntry[] => [{ account: 'pending', amountMinor: -x }, { account: 'cash', amountMinor: x }] };

/** What creating a withdrawal posts: the amount leaves cash for the pending account (InitWithdrawal). */
export const WITHDRAWAL_HOLD = { kind: 'InitWithdrawal' as const, entries: (x: bigint): LedgerEntry[] => [{ account: 'cash', amountMinor: -x }, { account: 'pending', amountMinor: x }] };

const STEPS: Record<PaymentType, Step[]> = {
  Deposit: [
    { from: 'Initialized', to: 'Completed', posting: moneyIn },
    { from: 'Initialized', to: 'Cancelled', posting: null },
    { from: 'Completed', to: 'RollbackInitialized', posting: holdRollback },
    { from: 'RollbackInitialized', to: 'RolledBacked', posting: returnRollback },
  ],
  Withdrawal: [
    { from: 'Initialized', to: 'Completed', posting: payOut },
    { from: 'Initialized', to: 'CancelInitialized', posting: null },
    { from: 'Initialized', to: 'Cancelled', posting: release },
    { from: 'CancelInitialized', to: 'Cancelled', posting: release },
    { from: 'CancelInitialized', to: 'Completed', posting: payOut },
  ],
};

/** Statuses after which nothing changes any more. */
export const FINAL_STATUSES: ReadonlySet<PaymentStatus> = new Set(['Cancelled', 'RolledBacked']);

/** Whether a payment of this type has reached a status it will not leave (Completed deposits can still roll back). */
export function isFinal(type: PaymentType, status: PaymentStatus): boolean {
  return FINAL_STATUSES.has(status) || (type === 'Withdrawal' && status === 'Completed');
}

/** The steps from one status to another (shortest path), [] when equal, or null when it cannot be reached. */
export function pathBetween(type: PaymentType, from: PaymentStatus, to: PaymentStatus): Step[] | null {
  if (from === to) return [];
  const queue: { at: PaymentStatus; steps: Step[] }[] = [{ at: from, steps: [] }];
  const seen = new Set<PaymentStatus>([from]);
  while (queue.length > 0) {
    const { at, steps } = queue.shift() as { at: PaymentStatus; steps: Step[] };
    for (const step of STEPS[type].filter((candidate) => candidate.from === at)) {
      if (seen.has(step.to)) continue;
      const next = [...steps, step];
      if (step.to === to) return next;
      seen.add(step.to);
      queue.push({ at: step.to, steps: next });
    }
  }
  return null;
}

/** Whether a status is one of the spec's. */
export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);
}
