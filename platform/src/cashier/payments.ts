/**
 * The cashier: deposits and withdrawals through the sandbox payment providers (Trustly, Zimpler,
 * PIQ). A payment is created by the player's mutation and then moved only by the provider's signed
 * notifications (notifications.ts; flow.ts says what each status posts to the ledger). Everything
 * that moves money is idempotent:
 *
 * - the player's mutations take an idempotency key, unique per player: the same key returns the
 *   payment as it is now, the same key for another amount, currency, provider or type is refused;
 * - a notification is applied once per (provider, notificationId), and every ledger posting is keyed
 *   by `payment:<id>:<status>`, so a duplicate, late or reordered notification never moves a cent twice;
 * - a notification is applied in one database transaction, so one interrupted half-way leaves nothing.
 *
 * The parts: providers.ts (the providers, their accounts and signatures), payment-store.ts (the
 * payments table), notifications.ts (a notification's effect), sandbox-delivery.ts (the sandbox
 * providers sending them). This module holds the player's three mutations and puts the parts together.
 */
import type { Db, Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Ledger, PostResult } from '../ledger/ledger.ts';
import { MIN_DEPOSIT_MAJOR, checkPaymentAmount, checkWalletCeiling, checkWalletCurrency, formatMinor, majorToMinor, parseAmount } from '../ledger/money.ts';
import { assertMayDeposit } from '../players/protection.ts';
import { assertWithinDepositLimits, lockPlayerForMoney, type Clock } from '../players/limits.ts';
import { playerById } from '../players/repository.ts';
import type { PlayerRow } from '../players/repository.ts';
import { WITHDRAWAL_HOLD } from './flow.ts';
import type { Licence } from '../../../shared/brand-schema.ts';
import { licenceProfile } from '../../../shared/licences.ts';
import type { PaymentStatus, PaymentType } from './flow.ts';
import { applyNotification, notificationFor, type DepositListener } from './notifications.ts';
import type { CashierHooks, NotificationOutcome } from './notifications.ts';
import { checkKey, createOnce, lastAccount, lastCompletedDeposit, paymentById, paymentByKey, paymentHistory, rollbacksAwaitingFunds } from './payment-store.ts';
import type { HistoryFilter, HistoryPage, PaymentRow, WithdrawalType } from './payment-store.ts';
import { createNotificationSigner, isPaymentProvider, PROVIDER_NAMES, sandboxAccounts } from './providers.ts';
import type { NotificationDelivery, PaymentProvider, ProviderAccount } from './providers.ts';
import { createSandboxDelivery } from './sandbox-delivery.ts';

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
  /** The account a withdrawal is paid to (closed loop: the last deposit's). */
  payoutAccount(payment: PaymentRow): Promise<ProviderAccount | null>;
  /** The sandbox accounts a player can pick at a provider. */
  accountsFor(provider: PaymentProvider, player: { id: string; first_name: string | null; last_name: string | null }): ProviderAccount[];
  /** Waits for late deliveries still scheduled (shutdown and tests). */
  drain(): Promise<void>;
  hooks: CashierHooks;
}

/**
 * Refuses a new withdrawal while a reversed deposit waits for funds on the wallet (WithdrawalsBlocked):
 * the cash in it is what the rollback takes next. Called under the wallet's lock, the flag's own lock.
 */
async function assertNoRollbackAwaitingFunds(tx: Queryable, walletId: string): Promise<void> {
  const [waiting] = await rollbacksAwaitingFunds(tx, { walletId });
  if (!waiting) return;
  const amount = BigInt(waiting.amount_minor);
  const { cash } = (await tx.query<{ cash: string }>(`select coalesce((select balance_minor from ledger_accounts where wallet_id = $1 and code = 'cash'), 0)::text as cash`, [walletId])).rows[0] ?? { cash: '0' };
  const missing = amount - BigInt(cash);
  const money = (minor: bigint) => `${formatMinor(minor, waiting.currency)} ${waiting.currency}`;
  throw new PlatformError(
    'WithdrawalsBlocked',
    `Your ${PROVIDER_NAMES[waiting.provider].name} payment provider reversed a deposit of ${money(amount)}, which you had already spent: withdrawals are on hold until your balance covers it${missing > 0n ? ` (${money(missing)} more)` : ''}. Your next deposit settles it; contact support with any questions`,
    { paymentId: waiting.id },
  );
}

/** The smallest deposit a wallet takes: the spec's currency table or the wallet's own minimum, whichever is larger. */
export function minimumDepositMinor(currency: string, walletMinimumMinor: bigint): bigint {
  const table = majorToMinor(MIN_DEPOSIT_MAJOR[currency] ?? 20, currency);
  return table > walletMinimumMinor ? table : walletMinimumMinor;
}

/** Creates the cashier over the database and ledger; selfOrigin is where the sandbox providers send notifications. */
export async function createCashier(options: { db: Db; ledger: Ledger; selfOrigin: () => string; lateDeliveryMs?: number; clock?: Clock; licenceOf?: (brand: string) => Licence | null; onDepositCompleted?: DepositListener }): Promise<Cashier> {
  const { db, ledger } = options;
  const clock = options.clock ?? (() => new Date());
  const signer = await createNotificationSigner(db);
  const delivery = createSandboxDelivery({ db, signer, selfOrigin: options.selfOrigin, ...(options.lateDeliveryMs !== undefined ? { lateDeliveryMs: options.lateDeliveryMs } : {}) });
  const hooks: CashierHooks = {};
  // Every completed deposit feeds these inside its transaction (gamification's missions).
  const deps = { ledger, hooks, ...(options.onDepositCompleted ? { onDepositCompleted: options.onDepositCompleted } : {}) };

  const mine = async (playerId: string, paymentId: string): Promise<PaymentRow> => {
    const payment = await paymentById(db, paymentId);
    if (!payment || payment.player_id !== playerId) throw new PlatformError('NotFound', `You have no payment ${paymentId}: use an id from withdrawalHistory or depositHistory`);
    return payment;
  };

  /**
   * The licence's rules for a new withdrawal (shared/licences.ts): KYC Done first where the licence
   * requires it for withdrawals (est, anj), and under closed-loop payments (est) only back to the
   * provider of the last completed deposit. Returns the provider to pay out through.
   */
  const licensedWithdrawalProvider = async (who: PlayerRow, asked: PaymentProvider | null): Promise<PaymentProvider | null> => {
    const licence = options.licenceOf?.(who.brand);
    if (!licence) return asked;
    const rules = licenceProfile(licence);
    if (rules.kycRequiredForWithdrawal && who.kyc_status !== 'Done') {
      throw new PlatformError('KycRequired', 'Verify your identity before you withdraw: upload your documents on the Documents page, and withdraw once verification is Done', { kycStatus: who.kyc_status });
    }
    if (!rules.closedLoopPayments) return asked;
    const last = await lastCompletedDeposit(db, who.id);
    if (!last) throw new PlatformError('ClosedLoop', 'Withdrawals go back to the account you last deposited from, and you have not deposited yet: deposit once first');
    if (asked && asked !== last.provider) {
      throw new PlatformError('ClosedLoop', `Withdrawals go back to the account you last deposited from, through ${PROVIDER_NAMES[last.provider].name}: withdraw through it, not ${PROVIDER_NAMES[asked].name}`, { provider: last.provider.toUpperCase() });
    }
    return last.provider;
  };

  /**
   * Under closed-loop payments (est) a withdrawal is paid only to the account of the last completed
   * deposit through its provider; the sandbox providers' other accounts are refused, and the
   * withdrawal stays pending until the provider pays the right one.
   */
  const closedLoopAccount = async (payment: PaymentRow): Promise<ProviderAccount | null> => {
    if (payment.type !== 'Withdrawal') return null;
    const owner = await playerById(db, payment.player_id);
    const licence = owner ? options.licenceOf?.(owner.brand) : undefined;
    if (!licence || !licenceProfile(licence).closedLoopPayments) return null;
    return lastAccount(db, payment.player_id, payment.provider);
  };
  const assertClosedLoopAccount = async (paymentId: string, account: ProviderAccount): Promise<void> => {
    const payment = await paymentById(db, paymentId);
    const required = payment ? await closedLoopAccount(payment) : null;
    if (required && required.accountId !== account.accountId) {
      throw new PlatformError('ClosedLoop', `This withdrawal can be paid only to ${required.account}, the account of the last deposit, not to ${account.account}`, { account: required.account });
    }
  };
  /** Where a withdrawal is paid: the closed-loop account where the licence binds it, else the last account used with the provider, else the provider's first. */
  const payoutAccount = async (payment: PaymentRow): Promise<ProviderAccount | null> => {
    const owner = await playerById(db, payment.player_id);
    return (await closedLoopAccount(payment)) ?? (await lastAccount(db, payment.player_id, payment.provider)) ?? (owner ? sandboxAccounts(payment.provider, owner)[0] ?? null : null);
  };

  const player = async (playerId: string): Promise<PlayerRow> => {
    const row = await playerById(db, playerId);
    if (!row) throw new PlatformError('AuthenticationFailure', 'The signed-in player no longer exists: sign in again');
    return row;
  };

  const cashier: Cashier = {
    hooks,
    sign: signer.sign,

    async initiateDeposit(playerId, input) {
      const key = checkKey(input.idempotencyKey);
      const who = await player(playerId);
      if (!isPaymentProvider(input.provider)) throw new PlatformError('BadUserInput', `Unknown provider "${input.provider}": use TRUSTLY, ZIMPLER or PIQ`);
      const currency = checkWalletCurrency(String(input.currency ?? ''));
      if (currency !== who.currency) throw new PlatformError('BadUserInput', `Your wallet holds ${who.currency}, not ${currency}: deposit in ${who.currency}`);
      const amountMinor = checkPaymentAmount(parseAmount(String(input.amount ?? ''), currency), currency);
      // A retry of a payment already made must get its reply even if the rules changed since.
      const existing = await paymentByKey(db, playerId, key);
      if (!existing) {
        const { cash, bonus, pending } = await ledger.balances(who.wallet_id);
        checkWalletCeiling(cash + bonus + pending, amountMinor, currency);
        const minimum = minimumDepositMinor(currency, BigInt(who.min_deposit_minor));
        if (amountMinor < minimum) throw new PlatformError('BadUserInput', `The smallest deposit is ${formatMinor(minimum, currency)} ${currency}: enter at least that`, { minimum: formatMinor(minimum, currency) });
      }
      const effects: PostResult[] = [];
      const payment = await db.transaction(async (tx) => {
        // Lock order: the player's row (deposit limits count one deposit at a time), then the wallet,
        // then the payment, then the ledger accounts.
        if (!existing) await lockPlayerForMoney(tx, playerId);
        if (input.useLastUsedAccount) await tx.query('select id from wallets where id = $1 for update', [who.wallet_id]);
        // Self-exclusion, timeouts, blocks and deposit limits refuse a new deposit here, in the
        // transaction that creates it: a pending deposit holds its share of a limit from now on.
        if (!existing) {
          await assertMayDeposit(tx, playerId);
          await assertWithinDepositLimits(tx, playerId, amountMinor, currency, clock());
        }
        const { payment: created, created: isNew } = await createOnce(tx, { playerId, walletId: who.wallet_id, type: 'Deposit', withdrawalType: null, provider: input.provider, amountMinor, currency, key });
        if (!isNew || !input.useLastUsedAccount) return created;
        const account = await lastAccount(tx, playerId, input.provider);
        if (!account) throw new PlatformError('BadUserInput', `You have no completed ${PROVIDER_NAMES[input.provider].name} deposit to repeat: deposit once through the provider's page first (useLastUsedAccount false)`);
        // The provider approves a repeat deposit from a known account at once; its signed notice is applied in the same transaction.
        const note = notificationFor(created, 'Completed', account);
        const body = JSON.stringify(note);
        const applied = await applyNotification(tx, signer.verify(note.provider, body, signer.sign(note.provider, body)), deps);
        effects.push(...applied.posted);
        return (await paymentById(tx, created.id)) as PaymentRow;
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
      const existing = await paymentByKey(db, playerId, key);
      let provider: PaymentProvider | null | undefined = input.provider;
      if (provider && !isPaymentProvider(provider)) throw new PlatformError('BadUserInput', `Unknown provider "${provider}": use TRUSTLY, ZIMPLER or PIQ`);
      if (!existing) provider = await licensedWithdrawalProvider(who, provider ?? null);
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
        if (!existing) await assertNoRollbackAwaitingFunds(tx, who.wallet_id);
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
        await cashier.providerReports(payment.id, 'Completed', { account: await payoutAccount(payment) });
        return (await paymentById(db, payment.id)) as PaymentRow;
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
      if (moved.rows.length === 0) return (await paymentById(db, paymentId)) as PaymentRow;
      await cashier.providerReports(paymentId, 'Cancelled');
      return (await paymentById(db, paymentId)) as PaymentRow;
    },

    async receiveNotification(provider, rawBody, signature) {
      const note = signer.verify(provider, rawBody, signature);
      const { outcome, posted, shortfall } = await db.transaction((tx) => applyNotification(tx, note, deps));
      for (const result of posted) ledger.publish(result);
      // Thrown after the commit, so the operator's flag stays while no money moved (routes.ts answers 409).
      if (shortfall) throw shortfall;
      return outcome;
    },

    async providerReports(paymentId, status, reportOptions) {
      if (status === 'Completed' && reportOptions?.account) await assertClosedLoopAccount(paymentId, reportOptions.account);
      return delivery.report(paymentId, status, reportOptions);
    },
    payoutAccount,
    payment: (id, on) => paymentById(on ?? db, id),
    history: (playerId, type, filter) => paymentHistory(db, playerId, type, filter),
    lastCompletedDeposit: (playerId) => lastCompletedDeposit(db, playerId),
    accountsFor: sandboxAccounts,
    drain: () => delivery.drain(),
  };
  return cashier;
}
