/**
 * The cashier: deposits and withdrawals through the sandbox payment providers (Trustly, Zimpler,
 * PIQ). A payment is created by the player's mutation and then moved only by the provider's signed
 * notifications (flow.ts says what each status posts to the ledger). Everything that moves money is
 * idempotent:
 *
 * - the player's mutations take an idempotency key, unique per player: the same key returns the
 *   payment as it is now, the same key for another amount, currency, provider or type is refused;
 * - a notification is applied once per (provider, notificationId), and every ledger posting is keyed
 *   by `payment:<id>:<status>`, so a duplicate, late or reordered notification never moves a cent twice;
 * - a notification is applied in one database transaction, so one interrupted half-way leaves nothing.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Ledger, PostResult } from '../ledger/ledger.ts';
import { MIN_DEPOSIT_MAJOR, checkPaymentAmount, checkWalletCeiling, checkWalletCurrency, formatMinor, majorToMinor, parseAmount } from '../ledger/money.ts';
import { assertMayDeposit, depositRefusal, depositRestriction } from '../players/protection.ts';
import { playerById } from '../players/repository.ts';
import type { PlayerRow } from '../players/repository.ts';
import { WITHDRAWAL_HOLD, isFinal, isPaymentStatus, pathBetween } from './flow.ts';
import type { PaymentStatus, PaymentType } from './flow.ts';

/** The sandboxed payment providers, as stored (the GraphQL enum is upper case). */
export const PAYMENT_PROVIDERS = ['trustly', 'zimpler', 'piq'] as const;
/** A payment provider. */
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** Instant (paid out at once) or Manual (waits for the operator). */
export type WithdrawalType = 'Instant' | 'Manual';
/** How the sandbox provider delivers its notifications (tests and demos use the odd ones). */
export type NotificationDelivery = 'ONCE' | 'TWICE' | 'REVERSED' | 'LATE';

/** The account a provider reports a payment from or to. */
export interface ProviderAccount {
  /** Shown to the player: "Nordea •••• 1234". */
  account: string;
  /** The provider's id of the account, reused by "deposit with last used account". */
  accountId: string;
  /** Bank transfer, card, … (payload attributes.paymentMethod). */
  paymentMethod: string;
}

/** A provider's signed report that a payment reached a status. */
export interface ProviderNotification {
  notificationId: string;
  paymentId: string;
  provider: PaymentProvider;
  status: PaymentStatus;
  amount: string;
  currency: string;
  account: ProviderAccount | null;
  sentAt: string;
}

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
  payload: {
    txName?: string;
    accountId?: string;
    attributes?: { paymentMethod?: string };
    debtor?: { account?: string };
    /** Why the platform refused a deposit the provider had confirmed (it was cancelled and returned). */
    refusal?: { cause: string; until: string | null; message: string };
  } | null;
  created_at: string;
  updated_at: string;
  processed_at: string | null;
}

/** What applying a notification did. */
export interface NotificationOutcome {
  /** refused: the provider took the money but the player may not deposit now (an exclusion that began mid-payment), so it was cancelled and goes back. */
  outcome: 'applied' | 'stale' | 'duplicate' | 'refused';
  paymentId: string;
  status: PaymentStatus;
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

/** Hooks for tests only: a throw from afterStep interrupts a notification half-way. */
export interface CashierHooks {
  afterStep?: (paymentId: string, reached: PaymentStatus) => void | Promise<void>;
}

/** The cashier service. */
export interface Cashier {
  /** Starts a deposit; with useLastUsedAccount the provider approves it at once from the last account. */
  initiateDeposit(playerId: string, input: { amount: string; currency: string; provider: PaymentProvider; idempotencyKey: string; useLastUsedAccount?: boolean | null }): Promise<PaymentRow>;
  /** Starts a withdrawal: holds the money at once; an Instant one is paid out before this returns. */
  initiateWithdrawal(playerId: string, input: { amount: string; currency: string; provider?: PaymentProvider | null; withdrawalType: WithdrawalType; idempotencyKey: string }): Promise<PaymentRow>;
  /** Asks the provider to cancel a pending withdrawal; the money returns when it confirms. */
  cancelWithdrawal(playerId: string, paymentId: string): Promise<PaymentRow>;
  /** Verifies a notification's signature, applies it in one transaction and publishes the balance updates. */
  receiveNotification(provider: string, rawBody: string, signature: string | undefined): Promise<NotificationOutcome>;
  /** The sandbox provider reports that a payment reached a status: signed notifications over HTTP, delivered as told. */
  providerReports(paymentId: string, status: PaymentStatus, options?: { account?: ProviderAccount | null; delivery?: NotificationDelivery }): Promise<void>;
  /** Signs a notification as the provider would (header value for x-sandbox-signature). */
  sign(provider: PaymentProvider, rawBody: string, at?: Date): string;
  /** A payment by id, or null. */
  payment(id: string, on?: Queryable): Promise<PaymentRow | null>;
  /** The player's deposits or withdrawals, newest first. */
  history(playerId: string, type: PaymentType, filter: HistoryFilter): Promise<HistoryPage>;
  /** The player's last completed deposit, or null. */
  lastCompletedDeposit(playerId: string): Promise<PaymentRow | null>;
  /** The sandbox accounts a player can pick at a provider. */
  accountsFor(provider: PaymentProvider, player: { id: string; first_name: string | null; last_name: string | null }): ProviderAccount[];
  /** Waits for late deliveries still scheduled (shutdown and tests). */
  drain(): Promise<void>;
  hooks: CashierHooks;
}

const PAYMENT_SQL = `
  select id, seq::text, player_id, wallet_id, type, withdrawal_type, provider, status, amount_minor::text, currency,
         idempotency_key, request_hash, payload,
         to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
         to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
         to_char(processed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as processed_at
    from payments`;

/** How old a signed notification may be before it is refused as a replay from elsewhere. */
const SIGNATURE_MAX_AGE_MS = 24 * 3600_000;
const PROVIDER_NAMES: Record<PaymentProvider, { name: string; method: string; banks: string[] }> = {
  trustly: { name: 'Trustly', method: 'BankTransfer', banks: ['Nordea', 'OP', 'Danske Bank'] },
  zimpler: { name: 'Zimpler', method: 'Zimpler', banks: ['Handelsbanken', 'S-Pankki', 'Aktia'] },
  piq: { name: 'PaymentIQ', method: 'CreditCard', banks: ['Visa', 'Mastercard', 'Visa Debit'] },
};

/** Whether a string names a provider. */
export function isPaymentProvider(value: unknown): value is PaymentProvider {
  return typeof value === 'string' && (PAYMENT_PROVIDERS as readonly string[]).includes(value);
}

/** The smallest deposit a wallet takes: the spec's currency table or the wallet's own minimum, whichever is larger. */
export function minimumDepositMinor(currency: string, walletMinimumMinor: bigint): bigint {
  const table = majorToMinor(MIN_DEPOSIT_MAJOR[currency] ?? 20, currency);
  return table > walletMinimumMinor ? table : walletMinimumMinor;
}

function checkKey(key: string): string {
  if (typeof key !== 'string' || key.trim() === '' || key.length > 200) {
    throw new PlatformError('BadUserInput', 'idempotencyKey must be 1 to 200 characters: make one per intended payment and send the same one when retrying');
  }
  return key;
}

function requestHash(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** The request hash a payment is stored with: what its idempotency key was first used for. */
export function paymentRequestHash(row: { type: PaymentType; amountMinor: bigint; currency: string; provider: PaymentProvider; withdrawalType: WithdrawalType | null }): string {
  return requestHash([row.type, row.amountMinor.toString(), row.currency, row.provider, row.withdrawalType]);
}

/** The sandbox accounts a player can pick at a provider: stable per player, named after the player. */
export function sandboxAccounts(provider: PaymentProvider, who: { id: string; first_name: string | null; last_name: string | null }): ProviderAccount[] {
  const digits = createHash('sha256').update(`${provider}:${who.id}`).digest('hex').replace(/[a-f]/g, '').padEnd(12, '7');
  const holder = `${who.first_name ?? ''} ${who.last_name ?? ''}`.trim();
  return PROVIDER_NAMES[provider].banks.map((bank, index) => {
    const last4 = digits.slice(index * 4, index * 4 + 4);
    return { account: `${bank} •••• ${last4}${holder ? ` (${holder})` : ''}`, accountId: `${provider}-${who.id.slice(0, 8)}-${index}`, paymentMethod: PROVIDER_NAMES[provider].method };
  });
}

/** The payload a payment keeps once its provider reported the account (shown in the history, reused for "last used account"). */
export function paymentPayload(provider: PaymentProvider, type: PaymentType, account: ProviderAccount): NonNullable<PaymentRow['payload']> {
  return { txName: `${PROVIDER_NAMES[provider].name} ${type.toLowerCase()}`, accountId: account.accountId, attributes: { paymentMethod: account.paymentMethod }, debtor: { account: account.account } };
}

/** Reads (or creates) the HMAC key a sandbox provider signs notifications with, shared through the database. */
async function providerKeys(db: Db): Promise<Record<PaymentProvider, Buffer>> {
  const keys = {} as Record<PaymentProvider, Buffer>;
  for (const provider of PAYMENT_PROVIDERS) {
    const name = `payments-sandbox-${provider}`;
    await db.query('insert into platform_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [name, JSON.stringify(randomBytes(32).toString('base64url'))]);
    const { rows } = await db.query<{ value: string }>('select value from platform_secrets where name = $1', [name]);
    if (!rows[0]) throw new Error(`The ${provider} sandbox signing key could not be stored`);
    keys[provider] = Buffer.from(rows[0].value, 'base64url');
  }
  return keys;
}

/** Creates the cashier over the database and ledger; selfOrigin is where the sandbox providers send notifications. */
export async function createCashier(options: { db: Db; ledger: Ledger; selfOrigin: () => string; lateDeliveryMs?: number }): Promise<Cashier> {
  const { db, ledger } = options;
  const keys = await providerKeys(db);
  const lateDeliveryMs = options.lateDeliveryMs ?? 3000;
  const scheduled = new Set<Promise<void>>();
  const hooks: CashierHooks = {};

  const paymentById = async (id: string, on: Queryable = db, lock = false): Promise<PaymentRow | null> => {
    const { rows } = await on.query<PaymentRow>(`${PAYMENT_SQL} where id = $1${lock ? ' for update' : ''}`, [id]);
    return rows[0] ?? null;
  };

  const mine = async (playerId: string, paymentId: string): Promise<PaymentRow> => {
    const payment = await paymentById(paymentId);
    if (!payment || payment.player_id !== playerId) throw new PlatformError('NotFound', `You have no payment ${paymentId}: use an id from withdrawalHistory or depositHistory`);
    return payment;
  };

  const player = async (playerId: string): Promise<PlayerRow> => {
    const row = await playerById(db, playerId);
    if (!row) throw new PlatformError('AuthenticationFailure', 'The signed-in player no longer exists: sign in again');
    return row;
  };

  function sign(provider: PaymentProvider, rawBody: string, at = new Date()): string {
    const t = Math.floor(at.getTime() / 1000);
    const mac = createHmac('sha256', keys[provider]).update(`${t}.${rawBody}`).digest('hex');
    return `t=${t},v1=${mac}`;
  }

  function verify(provider: string, rawBody: string, signature: string | undefined): ProviderNotification {
    if (!isPaymentProvider(provider)) throw new PlatformError('NotFound', `Unknown payment provider "${provider}": use trustly, zimpler or piq`);
    const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(signature ?? '');
    if (!match) throw new PlatformError('AuthenticationFailure', 'Missing or malformed x-sandbox-signature: expected "t=<unix seconds>,v1=<hex HMAC-SHA256 of t.body>"');
    const expected = createHmac('sha256', keys[provider]).update(`${match[1]}.${rawBody}`).digest();
    const given = Buffer.from(match[2] as string, 'hex');
    if (!timingSafeEqual(expected, given)) throw new PlatformError('AuthenticationFailure', `The notification's signature does not match ${provider}'s key: it was not sent by the provider or was altered`);
    if (Date.now() - Number(match[1]) * 1000 > SIGNATURE_MAX_AGE_MS) throw new PlatformError('AuthenticationFailure', 'The notification was signed more than 24 hours ago: refusing it as a replay');
    let body: ProviderNotification;
    try {
      body = JSON.parse(rawBody) as ProviderNotification;
    } catch {
      throw new PlatformError('BadRequest', 'The notification body is not JSON');
    }
    if (typeof body?.notificationId !== 'string' || !body.notificationId || typeof body.paymentId !== 'string' || !isPaymentStatus(body.status) || body.provider !== provider) {
      throw new PlatformError('BadRequest', 'The notification needs notificationId, paymentId, provider (matching the URL), status (a payment transaction status), amount and currency');
    }
    return body;
  }

  /** Applies a verified notification inside tx; returns the outcome and the postings to publish after commit. */
  async function applyWithin(tx: Queryable, note: ProviderNotification): Promise<{ outcome: NotificationOutcome; posted: PostResult[] }> {
    const payment = await paymentById(note.paymentId, tx, true);
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
      const refusal = await creditRefusal(tx, payment);
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
  async function creditRefusal(tx: Queryable, payment: PaymentRow): Promise<NonNullable<PaymentRow['payload']>['refusal'] | null> {
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

  function notification(payment: PaymentRow, status: PaymentStatus, account: ProviderAccount | null): ProviderNotification {
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

  async function deliver(note: ProviderNotification): Promise<void> {
    const body = JSON.stringify(note);
    const post = () =>
      fetch(`${options.selfOrigin()}/platform/payments/notifications/${note.provider}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': sign(note.provider, body) },
        body,
      });
    // Like a real provider, retry a delivery the network dropped (a reused keep-alive socket the server
    // had just closed): the notification id makes a retry of one that did land harmless.
    let response: Response | undefined;
    for (let attempt = 1; !response; attempt += 1) {
      try {
        response = await post();
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
    if (!response.ok) throw new Error(`The ${note.provider} sandbox's ${note.status} notification for ${note.paymentId} was refused: ${response.status} ${await response.text()}`);
  }

  /** The last account a player completed a deposit from with a provider. */
  async function lastAccount(on: Queryable, playerId: string, provider: PaymentProvider): Promise<ProviderAccount | null> {
    const { rows } = await on.query<{ payload: PaymentRow['payload'] }>(
      `select payload from payments where player_id = $1 and provider = $2 and type = 'Deposit' and status = 'Completed' and payload is not null order by seq desc limit 1`,
      [playerId, provider],
    );
    const payload = rows[0]?.payload;
    if (!payload?.accountId || !payload.debtor?.account) return null;
    return { accountId: payload.accountId, account: payload.debtor.account, paymentMethod: payload.attributes?.paymentMethod ?? PROVIDER_NAMES[provider].method };
  }

  /** Inserts the payment once per (player, key), or returns the existing one after checking it is the same request. */
  async function createOnce(
    tx: Queryable,
    row: { playerId: string; walletId: string; type: PaymentType; withdrawalType: WithdrawalType | null; provider: PaymentProvider; amountMinor: bigint; currency: string; key: string },
  ): Promise<{ payment: PaymentRow; created: boolean }> {
    const hash = paymentRequestHash(row);
    const inserted = await tx.query<{ id: string }>(
      `insert into payments (id, player_id, wallet_id, type, withdrawal_type, provider, status, amount_minor, currency, idempotency_key, request_hash)
       values ($1, $2, $3, $4, $5, $6, 'Initialized', $7, $8, $9, $10)
       on conflict (player_id, idempotency_key) do nothing returning id`,
      [randomUUID(), row.playerId, row.walletId, row.type, row.withdrawalType, row.provider, row.amountMinor.toString(), row.currency, row.key, hash],
    );
    const { rows } = await tx.query<PaymentRow>(`${PAYMENT_SQL} where player_id = $1 and idempotency_key = $2`, [row.playerId, row.key]);
    const payment = rows[0];
    if (!payment) throw new Error(`Payment with key ${row.key} vanished`);
    if (payment.request_hash !== hash) {
      throw new PlatformError(
        'IdempotencyConflict',
        `idempotencyKey "${row.key}" was already used for a ${payment.type.toLowerCase()} of ${formatMinor(BigInt(payment.amount_minor), payment.currency)} ${payment.currency} with ${payment.provider}: use a new key for a new payment, and the same amount, currency and provider when retrying`,
      );
    }
    return { payment, created: inserted.rows.length > 0 };
  }

  const cashier: Cashier = {
    hooks,
    sign,

    async initiateDeposit(playerId, input) {
      const key = checkKey(input.idempotencyKey);
      const who = await player(playerId);
      if (!isPaymentProvider(input.provider)) throw new PlatformError('BadUserInput', `Unknown provider "${input.provider}": use TRUSTLY, ZIMPLER or PIQ`);
      const currency = checkWalletCurrency(String(input.currency ?? ''));
      if (currency !== who.currency) throw new PlatformError('BadUserInput', `Your wallet holds ${who.currency}, not ${currency}: deposit in ${who.currency}`);
      const amountMinor = checkPaymentAmount(parseAmount(String(input.amount ?? ''), currency), currency);
      // A retry of a payment already made must get its reply even if the rules changed since.
      const existing = (await db.query<PaymentRow>(`${PAYMENT_SQL} where player_id = $1 and idempotency_key = $2`, [playerId, key])).rows[0];
      if (!existing) {
        const { cash, bonus, pending } = await ledger.balances(who.wallet_id);
        checkWalletCeiling(cash + bonus + pending, amountMinor, currency);
        const minimum = minimumDepositMinor(currency, BigInt(who.min_deposit_minor));
        if (amountMinor < minimum) throw new PlatformError('BadUserInput', `The smallest deposit is ${formatMinor(minimum, currency)} ${currency}: enter at least that`, { minimum: formatMinor(minimum, currency) });
      }
      const effects: PostResult[] = [];
      const payment = await db.transaction(async (tx) => {
        // Wallet row first, as for withdrawals (lock order: wallet, then payment, then ledger accounts).
        if (input.useLastUsedAccount) await tx.query('select id from wallets where id = $1 for update', [who.wallet_id]);
        // Self-exclusion, timeouts and blocks refuse a new deposit here, in the transaction that creates it.
        if (!existing) await assertMayDeposit(tx, playerId);
        const { payment: created, created: isNew } = await createOnce(tx, { playerId, walletId: who.wallet_id, type: 'Deposit', withdrawalType: null, provider: input.provider, amountMinor, currency, key });
        if (!isNew || !input.useLastUsedAccount) return created;
        const account = await lastAccount(tx, playerId, input.provider);
        if (!account) throw new PlatformError('BadUserInput', `You have no completed ${PROVIDER_NAMES[input.provider].name} deposit to repeat: deposit once through the provider's page first (useLastUsedAccount false)`);
        // The provider approves a repeat deposit from a known account at once; its signed notice is applied in the same transaction.
        const note = notification(created, 'Completed', account);
        const body = JSON.stringify(note);
        const applied = await applyWithin(tx, verify(note.provider, body, sign(note.provider, body)));
        effects.push(...applied.posted);
        return (await paymentById(created.id, tx)) as PaymentRow;
      });
      for (const result of effects) ledger.publish(result);
      return payment;
    },

    async initiateWithdrawal(playerId, input) {
      const key = checkKey(input.idempotencyKey);
      const who = await player(playerId);
      if (input.withdrawalType !== 'Instant' && input.withdrawalType !== 'Manual') throw new PlatformError('BadUserInput', 'withdrawalType must be Instant or Manual');
      const currency = checkWalletCurrency(String(input.currency ?? ''));
      if (currency !== who.currency) throw new PlatformError('BadUserInput', `Your wallet holds ${who.currency}, not ${currency}: withdraw in ${who.currency}`);
      const amountMinor = checkPaymentAmount(parseAmount(String(input.amount ?? ''), currency), currency);
      const existing = (await db.query<PaymentRow>(`${PAYMENT_SQL} where player_id = $1 and idempotency_key = $2`, [playerId, key])).rows[0];
      let provider: PaymentProvider | null | undefined = input.provider;
      if (provider && !isPaymentProvider(provider)) throw new PlatformError('BadUserInput', `Unknown provider "${provider}": use TRUSTLY, ZIMPLER or PIQ`);
      provider ??= existing?.provider ?? (await cashier.lastCompletedDeposit(playerId))?.provider ?? 'trustly';
      if (!existing) {
        if (who.account_status !== 'Open' || who.withdrawals_blocked) {
          throw new PlatformError('WithdrawalsBlocked', who.withdrawals_blocked ? 'Withdrawals are blocked on your account: contact support to lift the block' : `Your account is ${who.account_status.toLowerCase()}: withdrawals are not possible`);
        }
        const instantBlocked = who.instant_banking_block_active_from !== null && Date.parse(who.instant_banking_block_active_from) <= Date.now();
        if (input.withdrawalType === 'Instant' && instantBlocked) {
          throw new PlatformError('InstantBankingBlocked', 'Instant banking is blocked on your account: choose a Manual withdrawal instead');
        }
        const minimum = BigInt(who.min_withdrawal_minor);
        if (amountMinor < minimum) throw new PlatformError('BadUserInput', `The smallest withdrawal is ${formatMinor(minimum, currency)} ${currency}: enter at least that`, { minimum: formatMinor(minimum, currency) });
      }
      const effects: PostResult[] = [];
      const { payment, created } = await db.transaction(async (tx) => {
        // The wallet row first: inserting the payment takes a key-share lock on it, and taking that
        // before the ledger's row lock would let two racing withdrawals deadlock on PostgreSQL.
        await tx.query('select id from wallets where id = $1 for update', [who.wallet_id]);
        const once = await createOnce(tx, { playerId, walletId: who.wallet_id, type: 'Withdrawal', withdrawalType: input.withdrawalType, provider: provider as PaymentProvider, amountMinor, currency, key });
        if (once.created) {
          // Holding the money at once is what stops two withdrawals from spending one balance (the wallet row lock orders them).
          effects.push(
            await ledger.postWithin(tx, {
              idempotencyKey: `payment:${once.payment.id}:Initialized`,
              walletId: who.wallet_id,
              kind: WITHDRAWAL_HOLD.kind,
              entries: WITHDRAWAL_HOLD.entries(amountMinor),
              metadata: { paymentId: once.payment.id, provider, status: 'Initialized' },
            }),
          );
        }
        return once;
      });
      for (const result of effects) ledger.publish(result);
      if (created && input.withdrawalType === 'Instant') {
        const account = (await lastAccount(db, playerId, payment.provider)) ?? cashier.accountsFor(payment.provider, who)[0] ?? null;
        await cashier.providerReports(payment.id, 'Completed', { account });
        return (await paymentById(payment.id)) as PaymentRow;
      }
      return payment;
    },

    async cancelWithdrawal(playerId, paymentId) {
      const who = await player(playerId);
      const payment = await mine(playerId, paymentId);
      if (payment.type !== 'Withdrawal') throw new PlatformError('PaymentNotCancellable', `Payment ${paymentId} is a deposit: only pending withdrawals can be cancelled`);
      if (payment.status === 'CancelInitialized' || payment.status === 'Cancelled') return payment;
      if (payment.status !== 'Initialized') throw new PlatformError('PaymentNotCancellable', `Withdrawal ${paymentId} is already ${payment.status}: it can no longer be cancelled`);
      if (who.is_cancel_withdrawal_blocked) throw new PlatformError('CancelWithdrawalBlocked', 'Cancelling withdrawals is blocked on your account: contact support');
      const moved = await db.query<{ id: string }>(`update payments set status = 'CancelInitialized', updated_at = now() where id = $1 and status = 'Initialized' returning id`, [paymentId]);
      if (moved.rows.length === 0) return (await paymentById(paymentId)) as PaymentRow;
      await cashier.providerReports(paymentId, 'Cancelled');
      return (await paymentById(paymentId)) as PaymentRow;
    },

    async receiveNotification(provider, rawBody, signature) {
      const note = verify(provider, rawBody, signature);
      const { outcome, posted } = await db.transaction((tx) => applyWithin(tx, note));
      for (const result of posted) ledger.publish(result);
      return outcome;
    },

    async providerReports(paymentId, status, reportOptions = {}) {
      const payment = await paymentById(paymentId);
      if (!payment) throw new PlatformError('NotFound', `No payment ${paymentId}`);
      const steps = pathBetween(payment.type, payment.status, status);
      if (!steps) throw new PlatformError('BadUserInput', `A ${payment.type.toLowerCase()} cannot go from ${payment.status} to ${status}`);
      // What a real provider sends: its echo of where the payment stands, then each status it passes.
      const notes = [payment.status, ...steps.map((step) => step.to)].map((reached) => notification(payment, reached, reached === status ? (reportOptions.account ?? null) : null));
      const delivery = reportOptions.delivery ?? 'ONCE';
      const ordered = delivery === 'REVERSED' ? [...notes].reverse() : delivery === 'TWICE' ? notes.flatMap((note) => [note, note]) : notes;
      const send = async () => {
        for (const note of ordered) await deliver(note);
      };
      if (delivery !== 'LATE') return send();
      const later = new Promise<void>((resolve) => setTimeout(resolve, lateDeliveryMs))
        .then(send)
        .catch((error: unknown) => console.error('[platform] late payment notification failed:', error))
        .finally(() => scheduled.delete(later));
      scheduled.add(later);
    },

    payment: (id, on) => paymentById(id, on),

    async history(playerId, type, filter) {
      const first = filter.first ?? 20;
      if (!Number.isInteger(first) || first < 1 || first > 100) throw new PlatformError('BadUserInput', `first must be between 1 and 100, not ${first}`);
      const where = ['player_id = $1', 'type = $2'];
      const params: unknown[] = [playerId, type];
      if (filter.statuses && filter.statuses.length > 0) {
        params.push(filter.statuses);
        where.push(`status = any($${params.length}::text[])`);
      }
      const bound = (value: string, name: string, endOfDay: boolean): string => {
        const bareDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
        const at = Date.parse(bareDate ? `${value}T00:00:00Z` : value);
        if (Number.isNaN(at)) throw new PlatformError('BadUserInput', `${name} "${value}" is not a date: use YYYY-MM-DD or an ISO 8601 timestamp`);
        return new Date(bareDate && endOfDay ? at + 24 * 3600_000 : at).toISOString();
      };
      if (filter.from) {
        params.push(bound(filter.from, 'from', false));
        where.push(`created_at >= $${params.length}::timestamptz`);
      }
      if (filter.to) {
        const bareDate = /^\d{4}-\d{2}-\d{2}$/.test(filter.to);
        params.push(bound(filter.to, 'to', true));
        where.push(`created_at ${bareDate ? '<' : '<='} $${params.length}::timestamptz`);
      }
      const total = await db.query<{ n: number }>(`select count(*)::int as n from payments where ${where.join(' and ')}`, params);
      if (filter.after) {
        const decoded = /^p:(\d{1,18})$/.exec(Buffer.from(filter.after, 'base64url').toString('utf8'));
        if (!decoded) throw new PlatformError('BadUserInput', `after "${filter.after}" is not a cursor from this history: pass pageInfo.endCursor`);
        params.push(decoded[1]);
        where.push(`seq < $${params.length}::bigint`);
      }
      params.push(first + 1);
      // payments.seq, not the selected seq::text: as text, seq 10 would sort before seq 9.
      const { rows } = await db.query<PaymentRow>(`${PAYMENT_SQL} where ${where.join(' and ')} order by payments.seq desc limit $${params.length}`, params);
      return { rows: rows.slice(0, first), hasNextPage: rows.length > first, totalCount: total.rows[0]?.n ?? 0 };
    },

    async lastCompletedDeposit(playerId) {
      const { rows } = await db.query<PaymentRow>(`${PAYMENT_SQL} where player_id = $1 and type = 'Deposit' and status = 'Completed' order by payments.seq desc limit 1`, [playerId]);
      return rows[0] ?? null;
    },

    accountsFor: sandboxAccounts,

    async drain() {
      while (scheduled.size > 0) await Promise.all([...scheduled]);
    },
  };
  return cashier;
}

/** The cursor of a history row. */
export function historyCursor(row: PaymentRow): string {
  return Buffer.from(`p:${row.seq}`, 'utf8').toString('base64url');
}
