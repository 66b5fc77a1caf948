/**
 * The payments table: reading payments (one, by key, a player's history, the last completed
 * deposit) and creating one exactly once per idempotency key. No rules about money live here; the
 * cashier and the notifications decide, this module stores and finds.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { formatMinor } from '../ledger/money.ts';
import type { PaymentStatus, PaymentType } from './flow.ts';
import { accountOfPayload } from './providers.ts';
import type { PaymentPayload, PaymentProvider, ProviderAccount } from './providers.ts';

/** Instant (paid out at once) or Manual (waits for the operator). */
export type WithdrawalType = 'Instant' | 'Manual';

/** A payments row as the resolvers use it (money as text, times as ISO text). */
export interface PaymentRow {
  id: string;
  seq: string;
  player_id: string;
  wallet_id: string;
  type: PaymentType;
  withdrawal_type: WithdrawalType | null;
  provider: PaymentProvider;
  status: PaymentStatus;
  amount_minor: string;
  currency: string;
  idempotency_key: string;
  request_hash: string;
  payload: PaymentPayload | null;
  created_at: string;
  updated_at: string;
  processed_at: string | null;
}

/** Filters of the history queries. */
export interface HistoryFilter {
  statuses?: PaymentStatus[] | null;
  /** ISO date or timestamp, inclusive. */
  from?: string | null;
  /** ISO date or timestamp; a bare date includes that whole day. */
  to?: string | null;
  first?: number | null;
  after?: string | null;
}

/** A page of history, newest first. */
export interface HistoryPage {
  rows: PaymentRow[];
  hasNextPage: boolean;
  totalCount: number;
}

/** What a new payment is: who, which wallet, what kind, how much, with whom, under which key. */
export interface NewPayment {
  playerId: string;
  walletId: string;
  type: PaymentType;
  withdrawalType: WithdrawalType | null;
  provider: PaymentProvider;
  amountMinor: bigint;
  currency: string;
  key: string;
}

const PAYMENT_SQL = `
  select id, seq::text, player_id, wallet_id, type, withdrawal_type, provider, status, amount_minor::text, currency,
         idempotency_key, request_hash, payload,
         to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
         to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
         to_char(processed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as processed_at
    from payments`;

/** Checks an idempotency key's shape, with the error the player's client needs to mend it. */
export function checkKey(key: string): string {
  if (typeof key !== 'string' || key.trim() === '' || key.length > 200) {
    throw new PlatformError('BadUserInput', 'idempotencyKey must be 1 to 200 characters: make one per intended payment and send the same one when retrying');
  }
  return key;
}

/** The request hash a payment is stored with: what its idempotency key was first used for. */
export function paymentRequestHash(row: { type: PaymentType; amountMinor: bigint; currency: string; provider: PaymentProvider; withdrawalType: WithdrawalType | null }): string {
  return createHash('sha256').update(JSON.stringify([row.type, row.amountMinor.toString(), row.currency, row.provider, row.withdrawalType])).digest('hex');
}

/** A payment by id (locked for update when asked), or null. */
export async function paymentById(on: Queryable, id: string, lock = false): Promise<PaymentRow | null> {
  const { rows } = await on.query<PaymentRow>(`${PAYMENT_SQL} where id = $1${lock ? ' for update' : ''}`, [id]);
  return rows[0] ?? null;
}

/** The payment a player made under an idempotency key, or null. */
export async function paymentByKey(on: Queryable, playerId: string, key: string): Promise<PaymentRow | null> {
  const { rows } = await on.query<PaymentRow>(`${PAYMENT_SQL} where player_id = $1 and idempotency_key = $2`, [playerId, key]);
  return rows[0] ?? null;
}

/** Inserts the payment once per (player, key), or returns the existing one after checking it is the same request. */
export async function createOnce(tx: Queryable, row: NewPayment): Promise<{ payment: PaymentRow; created: boolean }> {
  const hash = paymentRequestHash(row);
  const inserted = await tx.query<{ id: string }>(
    `insert into payments (id, player_id, wallet_id, type, withdrawal_type, provider, status, amount_minor, currency, idempotency_key, request_hash)
     values ($1, $2, $3, $4, $5, $6, 'Initialized', $7, $8, $9, $10)
     on conflict (player_id, idempotency_key) do nothing returning id`,
    [randomUUID(), row.playerId, row.walletId, row.type, row.withdrawalType, row.provider, row.amountMinor.toString(), row.currency, row.key, hash],
  );
  const payment = await paymentByKey(tx, row.playerId, row.key);
  if (!payment) throw new Error(`Payment with key ${row.key} vanished`);
  if (payment.request_hash !== hash) {
    throw new PlatformError(
      'IdempotencyConflict',
      `idempotencyKey "${row.key}" was already used for a ${payment.type.toLowerCase()} of ${formatMinor(BigInt(payment.amount_minor), payment.currency)} ${payment.currency} with ${payment.provider}: use a new key for a new payment, and the same amount, currency and provider when retrying`,
    );
  }
  return { payment, created: inserted.rows.length > 0 };
}

/** The last account a player completed a deposit from with a provider, or null. */
export async function lastAccount(on: Queryable, playerId: string, provider: PaymentProvider): Promise<ProviderAccount | null> {
  const { rows } = await on.query<{ payload: PaymentRow['payload'] }>(
    `select payload from payments where player_id = $1 and provider = $2 and type = 'Deposit' and status = 'Completed' and payload is not null order by seq desc limit 1`,
    [playerId, provider],
  );
  return accountOfPayload(provider, rows[0]?.payload);
}

/**
 * Deposits whose rollback is waiting for funds (payload.rollbackShortfall not yet settled), oldest
 * first: the operator's list, or one wallet's. With lock, rows another transaction holds are skipped.
 */
export async function rollbacksAwaitingFunds(on: Queryable, options: { walletId?: string; lock?: boolean } = {}): Promise<PaymentRow[]> {
  const params: unknown[] = [];
  let where = `type = 'Deposit' and status = 'Completed' and payload ? 'rollbackShortfall' and payload->'rollbackShortfall'->>'settledAt' is null`;
  if (options.walletId) {
    params.push(options.walletId);
    where += ` and wallet_id = $1`;
  }
  const { rows } = await on.query<PaymentRow>(`${PAYMENT_SQL} where ${where} order by payments.seq${options.lock ? ' for update skip locked' : ''}`, params);
  return rows;
}

/** The player's last completed deposit, or null. */
export async function lastCompletedDeposit(on: Queryable, playerId: string): Promise<PaymentRow | null> {
  const { rows } = await on.query<PaymentRow>(`${PAYMENT_SQL} where player_id = $1 and type = 'Deposit' and status = 'Completed' order by payments.seq desc limit 1`, [playerId]);
  return rows[0] ?? null;
}

/** One date bound of a history filter as a timestamp: a bare date's end bound includes that whole day. */
function bound(value: string, name: string, endOfDay: boolean): string {
  const bareDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const at = Date.parse(bareDate ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(at)) throw new PlatformError('BadUserInput', `${name} "${value}" is not a date: use YYYY-MM-DD or an ISO 8601 timestamp`);
  return new Date(bareDate && endOfDay ? at + 24 * 3600_000 : at).toISOString();
}

/** The player's deposits or withdrawals, newest first, filtered and paged. */
export async function paymentHistory(on: Queryable, playerId: string, type: PaymentType, filter: HistoryFilter): Promise<HistoryPage> {
  const first = filter.first ?? 20;
  if (!Number.isInteger(first) || first < 1 || first > 100) throw new PlatformError('BadUserInput', `first must be between 1 and 100, not ${first}`);
  const where = ['player_id = $1', 'type = $2'];
  const params: unknown[] = [playerId, type];
  if (filter.statuses && filter.statuses.length > 0) {
    params.push(filter.statuses);
    where.push(`status = any($${params.length}::text[])`);
  }
  if (filter.from) {
    params.push(bound(filter.from, 'from', false));
    where.push(`created_at >= $${params.length}::timestamptz`);
  }
  if (filter.to) {
    const bareDate = /^\d{4}-\d{2}-\d{2}$/.test(filter.to);
    params.push(bound(filter.to, 'to', true));
    where.push(`created_at ${bareDate ? '<' : '<='} $${params.length}::timestamptz`);
  }
  const total = await on.query<{ n: number }>(`select count(*)::int as n from payments where ${where.join(' and ')}`, params);
  if (filter.after) {
    const decoded = /^p:(\d{1,18})$/.exec(Buffer.from(filter.after, 'base64url').toString('utf8'));
    if (!decoded) throw new PlatformError('BadUserInput', `after "${filter.after}" is not a cursor from this history: pass pageInfo.endCursor`);
    params.push(decoded[1]);
    where.push(`seq < $${params.length}::bigint`);
  }
  params.push(first + 1);
  // payments.seq, not the selected seq::text: as text, seq 10 would sort before seq 9.
  const { rows } = await on.query<PaymentRow>(`${PAYMENT_SQL} where ${where.join(' and ')} order by payments.seq desc limit $${params.length}`, params);
  return { rows: rows.slice(0, first), hasNextPage: rows.length > first, totalCount: total.rows[0]?.n ?? 0 };
}

/** The cursor of a history row. */
export function historyCursor(row: PaymentRow): string {
  return Buffer.from(`p:${row.seq}`, 'utf8').toString('base64url');
}
