/**
 * The double-entry ledger: the only way money moves. A posting is one transaction of entries that
 * sum to zero, identified by the caller's idempotency key; a wallet's balance and bonus balance are
 * its 'cash' and 'bonus' accounts. Later work (cashier, games, rewards, jackpots) posts through
 * `post` or, inside its own database transaction, `postWithin` followed by `publish`.
 *
 * Idempotency: the same key with the same content returns the first result (balances as they were
 * right after it); the same key with different content fails with IdempotencyConflict. Metadata is
 * not part of the content, so a retry may carry a new timestamp.
 */
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { MoneyType } from '../graphql/generated/resolvers-types.ts';
import type { EventBus } from '../realtime/events.ts';
import { checkWalletCeiling, formatMinor } from './money.ts';

/** What a transaction does; balance updates carry it as transactionKind and map it to the spec's moneyType (MONEY_TYPES). */
export const LEDGER_KINDS = [
  'Deposit',
  'Withdrawal',
  'InitWithdrawal',
  'CancelWithdrawal',
  'DepositRollback',
  'CasinoBet',
  'CasinoWin',
  'SportsBet',
  'SportsWin',
  'BonusCredit',
  'BonusForfeit',
  'BonusConversion',
  'RewardCredit',
  'Adjustment',
  'JackpotContribution',
  'JackpotWin',
  'RaffleWin',
  'MissionReward',
  'TournamentPrize',
] as const;
/** A ledger transaction kind. */
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/**
 * The moneyType each kind is announced with. A casino win is part of the game round the lobby counts
 * as CasinoBet activity (recently played refresh, out-of-funds prompt), so it shares the money type;
 * transactionKind tells the stake from the payout. Sports stakes and payouts are SportsBet, which the
 * lobby leaves out of its casino prompts.
 */
const MONEY_TYPES: Partial<Record<LedgerKind, MoneyType>> = {
  Deposit: 'Deposit',
  Withdrawal: 'Withdrawal',
  InitWithdrawal: 'InitWithdrawal',
  CasinoBet: 'CasinoBet',
  CasinoWin: 'CasinoBet',
  SportsBet: 'SportsBet',
  SportsWin: 'SportsBet',
};

/**
 * The wallet's own accounts ('pending' holds money on its way out: pending withdrawals and deposits
 * being rolled back), or a house account by name (per currency: house:payments, house:bonus, house:games).
 */
export type AccountRef = 'cash' | 'bonus' | 'pending' | `house:${string}`;

/** One leg of a transaction: positive credits the account, negative debits it. */
export interface LedgerEntry {
  account: AccountRef;
  amountMinor: bigint;
}

/** A posting request. */
export interface PostInput {
  idempotencyKey: string;
  walletId: string;
  kind: LedgerKind;
  entries: LedgerEntry[];
  /** Free-form context (provider, order id); stored, not compared. */
  metadata?: Record<string, unknown>;
}

/** The outcome of a posting (identical for a replay, apart from `replayed`). */
export interface PostResult {
  transactionId: string;
  idempotencyKey: string;
  walletId: string;
  playerId: string;
  kind: LedgerKind;
  currency: string;
  /** Cash and bonus balances right after this transaction. */
  cashBalanceMinor: bigint;
  bonusBalanceMinor: bigint;
  /** What this transaction changed on the wallet's cash and bonus accounts. */
  cashDeltaMinor: bigint;
  bonusDeltaMinor: bigint;
  /** What this transaction changed on the wallet's pending account (withdrawals on their way out). */
  pendingDeltaMinor: bigint;
  /** True when the key was already posted and this is the stored result. */
  replayed: boolean;
  /** Percent of the wallet's bonus wagering done after this transaction (rewards); absent without an active bonus, and on replays. */
  wageringProgress?: number | null;
}

/** Reads a wallet's bonus wagering progress inside a posting's transaction (the rewards module's). */
export type WageringProgressSource = (tx: Queryable, walletId: string) => Promise<number | null>;

/** The ledger service. */
export interface Ledger {
  /** Posts in its own database transaction, then publishes the balance update. */
  post(input: PostInput): Promise<PostResult>;
  /** Posts inside the caller's transaction; call publish(result) after it commits. */
  postWithin(tx: Queryable, input: PostInput): Promise<PostResult>;
  /** Sends Wallet.balanceUpdated for a committed posting (not for replays). */
  publish(result: PostResult): void;
  /** The wallet's current cash, bonus and pending balances in minor units. */
  balances(walletId: string, db?: Queryable): Promise<{ cash: bigint; bonus: bigint; pending: bigint; currency: string }>;
}

const WALLET_CODES = new Set(['cash', 'bonus', 'pending']);
const HOUSE_CODE = /^house:[a-z][a-z0-9-]{0,40}$/;

/**
 * Creates the ledger over a database; events receives balance updates. With wageringProgress, every
 * posting reads the wallet's bonus wagering after it, so each balance update carries it.
 */
export function createLedger(db: Db, events: EventBus | null, options: { wageringProgress?: WageringProgressSource } = {}): Ledger {
  const ledger: Ledger = {
    async post(input) {
      const result = await db.transaction((tx) => ledger.postWithin(tx, input));
      ledger.publish(result);
      return result;
    },
    async postWithin(tx, input) {
      const result = await postWithin(tx, input);
      if (!result.replayed && options.wageringProgress) {
        // Set only with an active bonus: a replay (never published) carries none.
        const progress = await options.wageringProgress(tx, result.walletId);
        if (progress !== null) result.wageringProgress = progress;
      }
      return result;
    },
    publish(result) {
      if (result.replayed || !events) return;
      // A completed withdrawal moves pending money, not the balance: its amount is what left pending.
      const change = result.cashDeltaMinor + result.bonusDeltaMinor || result.pendingDeltaMinor;
      events.publish(result.playerId, 'balanceUpdated', {
        balance: formatMinor(result.cashBalanceMinor, result.currency),
        bonusBalance: formatMinor(result.bonusBalanceMinor, result.currency),
        currency: result.currency,
        amount: formatMinor(change < 0n ? -change : change, result.currency),
        moneyType: MONEY_TYPES[result.kind] ?? null,
        transactionKind: result.kind,
        wageringProgress: result.wageringProgress ?? null,
      });
    },
    async balances(walletId, on = db) {
      const { rows } = await on.query<{ code: string; balance: string; currency: string }>(
        `select a.code, a.balance_minor::text as balance, w.currency
           from wallets w left join ledger_accounts a on a.wallet_id = w.id
          where w.id = $1`,
        [walletId],
      );
      if (rows.length === 0) throw new PlatformError('NotFound', `Wallet ${walletId} does not exist`);
      const of = (code: string) => BigInt(rows.find((row) => row.code === code)?.balance ?? '0');
      return { cash: of('cash'), bonus: of('bonus'), pending: of('pending'), currency: rows[0]?.currency ?? '' };
    },
  };
  return ledger;
}

/** Creates a wallet's cash and bonus accounts (idempotent). */
export async function ensureWalletAccounts(tx: Queryable, walletId: string, currency: string): Promise<void> {
  await tx.query(
    `insert into ledger_accounts (wallet_id, code, currency)
     values ($1, 'cash', $2), ($1, 'bonus', $2), ($1, 'pending', $2)
     on conflict do nothing`,
    [walletId, currency],
  );
}

/** The content a key is bound to: wallet, kind and the entries, order-insensitive. */
function contentHash(input: PostInput): string {
  const entries = input.entries.map((entry) => `${entry.account}=${entry.amountMinor}`).sort();
  return createHash('sha256').update(JSON.stringify([input.walletId, input.kind, entries])).digest('hex');
}

function validate(input: PostInput): void {
  const key = input.idempotencyKey;
  if (typeof key !== 'string' || key.trim() === '' || key.length > 200) {
    throw new PlatformError('BadUserInput', 'idempotencyKey must be a non-empty string of at most 200 characters (one per money movement, reused only for retries)');
  }
  if (!(LEDGER_KINDS as readonly string[]).includes(input.kind)) {
    throw new PlatformError('BadUserInput', `Unknown ledger kind "${input.kind}": use one of ${LEDGER_KINDS.join(', ')}`);
  }
  if (input.entries.length < 2) throw new PlatformError('BadUserInput', 'A ledger transaction needs at least two entries (double entry)');
  let total = 0n;
  const seen = new Set<string>();
  for (const entry of input.entries) {
    if (typeof entry.amountMinor !== 'bigint' || entry.amountMinor === 0n) {
      throw new PlatformError('BadUserInput', `Entry for ${entry.account} must be a non-zero bigint amount in minor units`);
    }
    if (!WALLET_CODES.has(entry.account) && !HOUSE_CODE.test(entry.account)) {
      throw new PlatformError('BadUserInput', `Unknown ledger account "${entry.account}": use cash, bonus, pending or house:<name>`);
    }
    if (seen.has(entry.account)) throw new PlatformError('BadUserInput', `Account ${entry.account} appears twice: merge its entries into one`);
    seen.add(entry.account);
    total += entry.amountMinor;
  }
  if (total !== 0n) throw new PlatformError('BadUserInput', `The entries sum to ${total} minor units instead of 0: every credit needs an equal debit`);
  if (!input.entries.some((entry) => WALLET_CODES.has(entry.account))) {
    throw new PlatformError('BadUserInput', "A wallet transaction must move the wallet's cash, bonus or pending account");
  }
}

interface StoredTransaction {
  id: string;
  wallet_id: string;
  kind: LedgerKind;
  currency: string;
  content_hash: string;
  cash_after: string;
  bonus_after: string;
  cash_delta: string;
  bonus_delta: string;
  pending_delta: string;
}

async function findByKey(tx: Queryable, key: string): Promise<StoredTransaction | undefined> {
  const { rows } = await tx.query<StoredTransaction>(
    `select t.id::text, t.wallet_id, t.kind, t.currency, t.content_hash,
            t.cash_balance_after::text as cash_after, t.bonus_balance_after::text as bonus_after,
            coalesce(sum(p.amount_minor) filter (where a.code = 'cash' and a.wallet_id is not null), 0)::text as cash_delta,
            coalesce(sum(p.amount_minor) filter (where a.code = 'bonus' and a.wallet_id is not null), 0)::text as bonus_delta,
            coalesce(sum(p.amount_minor) filter (where a.code = 'pending' and a.wallet_id is not null), 0)::text as pending_delta
       from ledger_transactions t
       join ledger_postings p on p.transaction_id = t.id
       join ledger_accounts a on a.id = p.account_id
      where t.idempotency_key = $1
      group by t.id`,
    [key],
  );
  return rows[0];
}

function replay(stored: StoredTransaction, input: PostInput, hash: string, playerId: string): PostResult {
  if (stored.content_hash !== hash) {
    throw new PlatformError(
      'IdempotencyConflict',
      `Idempotency key "${input.idempotencyKey}" was already used for a different posting (${stored.kind} on wallet ${stored.wallet_id}): use a new key for a new movement, and the same content when retrying`,
    );
  }
  return {
    transactionId: stored.id,
    idempotencyKey: input.idempotencyKey,
    walletId: stored.wallet_id,
    playerId,
    kind: stored.kind,
    currency: stored.currency,
    cashBalanceMinor: BigInt(stored.cash_after),
    bonusBalanceMinor: BigInt(stored.bonus_after),
    cashDeltaMinor: BigInt(stored.cash_delta),
    bonusDeltaMinor: BigInt(stored.bonus_delta),
    pendingDeltaMinor: BigInt(stored.pending_delta),
    replayed: true,
  };
}

async function postWithin(tx: Queryable, input: PostInput): Promise<PostResult> {
  validate(input);
  const hash = contentHash(input);
  // The wallet row lock serialises postings per wallet (and so concurrent retries of one key).
  const wallet = (
    await tx.query<{ currency: string; player_id: string }>('select currency, player_id from wallets where id = $1 for update', [input.walletId])
  ).rows[0];
  if (!wallet) throw new PlatformError('NotFound', `Wallet ${input.walletId} does not exist`);
  const earlier = await findByKey(tx, input.idempotencyKey);
  if (earlier) return replay(earlier, input, hash, wallet.player_id);

  await ensureWalletAccounts(tx, input.walletId, wallet.currency);
  const houseCodes = input.entries.map((entry) => entry.account).filter((code) => code.startsWith('house:'));
  if (houseCodes.length > 0) {
    await tx.query(
      `insert into ledger_accounts (code, currency) select unnest($1::text[]), $2 on conflict do nothing`,
      [houseCodes, wallet.currency],
    );
  }
  const { rows: accounts } = await tx.query<{ id: string; code: string; wallet_id: string | null; balance: string }>(
    `select id::text, code, wallet_id, balance_minor::text as balance from ledger_accounts
      where (wallet_id = $1 and code in ('cash', 'bonus', 'pending')) or (wallet_id is null and currency = $2 and code = any($3::text[]))
      order by id
      for update`,
    [input.walletId, wallet.currency, houseCodes],
  );
  const byCode = new Map(accounts.map((account) => [account.code, account]));
  const delta = (code: string) => input.entries.find((entry) => entry.account === code)?.amountMinor ?? 0n;
  const cashAfter = BigInt(byCode.get('cash')?.balance ?? '0') + delta('cash');
  const bonusAfter = BigInt(byCode.get('bonus')?.balance ?? '0') + delta('bonus');
  const pendingAfter = BigInt(byCode.get('pending')?.balance ?? '0') + delta('pending');
  // Money in never lifts a wallet past its ceiling (and so never near bigint's range), whatever route it took.
  if (input.kind === 'Deposit') {
    const held = ['cash', 'bonus', 'pending'].reduce((sum, code) => sum + BigInt(byCode.get(code)?.balance ?? '0'), 0n);
    checkWalletCeiling(held, delta('cash') + delta('bonus'), wallet.currency);
  }
  if (cashAfter < 0n || bonusAfter < 0n || pendingAfter < 0n) {
    const which = cashAfter < 0n ? 'cash' : bonusAfter < 0n ? 'bonus' : 'pending';
    const balance = BigInt(byCode.get(which)?.balance ?? '0');
    throw new PlatformError(
      'InsufficientFunds',
      `Wallet ${input.walletId} has ${formatMinor(balance, wallet.currency)} ${wallet.currency} ${which}, less than the ${formatMinor(-delta(which), wallet.currency)} this ${input.kind} takes`,
    );
  }

  const inserted = await tx.query<{ id: string }>(
    `insert into ledger_transactions (idempotency_key, wallet_id, kind, currency, content_hash, cash_balance_after, bonus_balance_after, metadata)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (idempotency_key) do nothing
     returning id::text`,
    [input.idempotencyKey, input.walletId, input.kind, wallet.currency, hash, cashAfter.toString(), bonusAfter.toString(), JSON.stringify(input.metadata ?? {})],
  );
  const transactionId = inserted.rows[0]?.id;
  if (!transactionId) {
    // Another wallet's transaction took the key between our check and insert (it has committed).
    const other = await findByKey(tx, input.idempotencyKey);
    if (!other) throw new Error(`Idempotency key ${input.idempotencyKey} vanished during posting`);
    return replay(other, input, hash, wallet.player_id);
  }
  const ordered = input.entries
    .map((entry) => ({ id: byCode.get(entry.account)?.id, amount: entry.amountMinor.toString() }))
    .sort((a, b) => Number(a.id) - Number(b.id));
  if (ordered.some((entry) => !entry.id)) throw new Error('A ledger account was not created');
  await tx.query(
    `insert into ledger_postings (transaction_id, account_id, amount_minor)
     select $1, unnest($2::bigint[]), unnest($3::bigint[])`,
    [transactionId, ordered.map((entry) => entry.id), ordered.map((entry) => entry.amount)],
  );
  await tx.query(
    `update ledger_accounts a set balance_minor = a.balance_minor + d.amount
       from (select unnest($1::bigint[]) as id, unnest($2::bigint[]) as amount) d
      where a.id = d.id`,
    [ordered.map((entry) => entry.id), ordered.map((entry) => entry.amount)],
  );
  return {
    transactionId,
    idempotencyKey: input.idempotencyKey,
    walletId: input.walletId,
    playerId: wallet.player_id,
    kind: input.kind,
    currency: wallet.currency,
    cashBalanceMinor: cashAfter,
    bonusBalanceMinor: bonusAfter,
    cashDeltaMinor: delta('cash'),
    bonusDeltaMinor: delta('bonus'),
    pendingDeltaMinor: delta('pending'),
    replayed: false,
  };
}

/** A deposit's entries: the payment provider's house account pays the wallet's cash. */
export function depositEntries(amountMinor: bigint): LedgerEntry[] {
  return [
    { account: 'cash', amountMinor },
    { account: 'house:payments', amountMinor: -amountMinor },
  ];
}
