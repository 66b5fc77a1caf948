/**
 * The money a round moves. A REAL round posts its stake and its payout as two ledger transactions
 * keyed by the round (`casino:<session>:<round>:bet` and `…:win`), so a retried or replayed round
 * never moves money twice, and each publishes Wallet.balanceUpdated with moneyType CasinoBet once
 * its transaction has committed. A FUN round moves only the virtual balance held in its game session.
 */
import type { Db, Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Ledger, PostResult } from '../ledger/ledger.ts';
import { formatMinor } from '../ledger/money.ts';
import type { SessionRow } from './sessions.ts';
import type { GameMode } from './types.ts';

/** The part of a session a payout needs (a live-table sweep has no full session row). */
export interface PayeeSession {
  id: string;
  mode: GameMode;
  wallet_id: string | null;
  game_id: string;
}

/** A real-money casino stake, as other features see it inside its transaction (the jackpot's contribution, raffle tickets). */
export interface RealStake {
  playerId: string;
  walletId: string;
  brand: string;
  currency: string;
  betMinor: bigint;
  gameId: string;
  gameSessionId: string;
  roundId: string;
  /** The stake's ledger idempotency key: one per round, so a listener keys its own work by it. */
  stakeKey: string;
}

/**
 * Acts on every real stake inside its transaction (after the CasinoBet posting), pushing any posting
 * it makes to `posted`; what it returns runs once the transaction has committed.
 */
export type StakeListener = (tx: Queryable, stake: RealStake, posted: PostResult[]) => Promise<(() => void) | void>;

/**
 * One listener made of several (the jackpot, rewards' wagering and coins, gamification points), called
 * in order inside the stake's transaction; what each returns runs after the commit, in the same order.
 */
export function composeStakeListeners(...listeners: StakeListener[]): StakeListener {
  return async (tx, stake, posted) => {
    const after: (() => void)[] = [];
    for (const listener of listeners) {
      const then = await listener(tx, stake, posted);
      if (then) after.push(then);
    }
    return after.length > 0 ? () => after.forEach((run) => run()) : undefined;
  };
}

/**
 * Free spins (the rewards module's): takes one spin of a grant the player holds for this game at
 * exactly this bet, inside the round's transaction, and answers the grant's id; null when none
 * applies, and the stake is taken from cash as usual.
 */
export type FreeSpinSource = (tx: Queryable, spin: { playerId: string; gameId: string; currency: string; betMinor: bigint }) => Promise<string | null>;

/** A real-money round's payout (a win), as other features see it inside its transaction (tournament multipliers). */
export interface RealPayout {
  walletId: string;
  gameId: string;
  gameSessionId: string;
  roundId: string;
  winMinor: bigint;
}

/** Acts on every real payout inside its transaction, like a StakeListener; what it returns runs after the commit. */
export type PayoutListener = (tx: Queryable, payout: RealPayout, posted: PostResult[]) => Promise<(() => void) | void>;

/** Stakes, payouts and balances of game sessions. */
export interface RoundMoney {
  /** The session's balance: the wallet's cash (REAL) or the virtual balance (FUN). */
  balanceOf(on: Queryable, row: SessionRow): Promise<bigint>;
  /** Takes the stake: a CasinoBet ledger posting (REAL) or the virtual balance (FUN); InsufficientFunds says by how much. */
  takeStake(tx: Queryable, row: SessionRow, roundId: string, betMinor: bigint, posted: PostResult[]): Promise<void>;
  /** Pays a round out: a CasinoWin ledger posting (REAL) or the virtual balance (FUN); nothing for no win. */
  payOut(tx: Queryable, session: PayeeSession, roundId: string, winMinor: bigint, posted: PostResult[]): Promise<void>;
  /** Runs fn in a transaction and publishes its ledger postings once it has committed. */
  committed<T>(fn: (tx: Queryable, posted: PostResult[]) => Promise<T>): Promise<T>;
}

/** Creates the round money over the database and the ledger. */
export function createRoundMoney(options: { db: Db; ledger: Ledger; onRealStake?: StakeListener; onRealPayout?: PayoutListener; freeSpins?: FreeSpinSource }): RoundMoney {
  const { db, ledger } = options;
  // What listeners asked to run after their stake's transaction commits, by transaction.
  const afterCommit = new WeakMap<PostResult[], (() => void)[]>();

  const balanceOf = async (on: Queryable, row: SessionRow): Promise<bigint> => {
    if (row.mode === 'FUN') {
      const { rows } = await on.query<{ balance: string }>('select fun_balance_minor::text as balance from game_sessions where id = $1', [row.id]);
      return BigInt(rows[0]?.balance ?? '0');
    }
    return (await ledger.balances(row.wallet_id as string, on)).cash;
  };

  const insufficient = (row: SessionRow, balance: bigint, betMinor: bigint, what: string, remedy: string): PlatformError =>
    new PlatformError(
      'InsufficientFunds',
      `${what} is ${formatMinor(balance, row.currency)} ${row.currency}, less than the ${formatMinor(betMinor, row.currency)} ${row.currency} bet: lower the bet or ${remedy}`,
      { balance: formatMinor(balance, row.currency), bet: formatMinor(betMinor, row.currency) },
    );

  return {
    balanceOf,

    async takeStake(tx, row, roundId, betMinor, posted) {
      if (row.mode === 'FUN') {
        const { rows } = await tx.query(
          'update game_sessions set fun_balance_minor = fun_balance_minor - $2 where id = $1 and fun_balance_minor >= $2 returning id',
          [row.id, betMinor.toString()],
        );
        if (rows.length === 0) throw insufficient(row, await balanceOf(tx, row), betMinor, 'Your play-for-fun balance', 'refill the demo balance');
        return;
      }
      const walletId = row.wallet_id as string;
      // A free spin stakes nothing: no cash moves and it is no real stake (no wagering, jackpot or
      // raffle); its win is paid as any round's, in cash.
      if (options.freeSpins && (await options.freeSpins(tx, { playerId: row.player_id as string, gameId: row.game_id, currency: row.currency, betMinor }))) return;
      const balance = (await ledger.balances(walletId, tx)).cash;
      // Checked here for a message a player understands; the ledger refuses an overdraft on its own too.
      if (balance < betMinor) throw insufficient(row, balance, betMinor, 'Your balance', 'make a deposit');
      const stakeKey = `casino:${row.id}:${roundId}:bet`;
      const stake = await ledger.postWithin(tx, {
          idempotencyKey: stakeKey,
          walletId,
          kind: 'CasinoBet',
          entries: [{ account: 'cash', amountMinor: -betMinor }, { account: 'house:games', amountMinor: betMinor }],
          metadata: { gameId: row.game_id, gameSessionId: row.id, roundId },
        });
      posted.push(stake);
      if (options.onRealStake && !stake.replayed) {
        const then = await options.onRealStake(tx, {
          playerId: row.player_id as string, walletId, brand: row.brand, currency: row.currency, betMinor, gameId: row.game_id,
          gameSessionId: row.id, roundId, stakeKey,
        }, posted);
        if (then) afterCommit.set(posted, [...(afterCommit.get(posted) ?? []), then]);
      }
      // Recently played follows real rounds only: a demo spin is not a game the player "plays".
      await tx.query(
        `insert into recently_played_games (player_id, game_id, played_at) values ($1, $2, clock_timestamp())
         on conflict (player_id, game_id) do update set played_at = excluded.played_at`,
        [row.player_id, row.game_id],
      );
    },

    async payOut(tx, session, roundId, winMinor, posted) {
      if (winMinor <= 0n) return;
      if (session.mode === 'FUN') {
        await tx.query('update game_sessions set fun_balance_minor = fun_balance_minor + $2 where id = $1', [session.id, winMinor.toString()]);
        return;
      }
      const payout = await ledger.postWithin(tx, {
        idempotencyKey: `casino:${session.id}:${roundId}:win`,
        walletId: session.wallet_id as string,
        kind: 'CasinoWin',
        entries: [{ account: 'cash', amountMinor: winMinor }, { account: 'house:games', amountMinor: -winMinor }],
        metadata: { gameId: session.game_id, gameSessionId: session.id, roundId },
      });
      posted.push(payout);
      if (options.onRealPayout && !payout.replayed) {
        const then = await options.onRealPayout(tx, { walletId: session.wallet_id as string, gameId: session.game_id, gameSessionId: session.id, roundId, winMinor }, posted);
        if (then) afterCommit.set(posted, [...(afterCommit.get(posted) ?? []), then]);
      }
    },

    async committed(fn) {
      const posted: PostResult[] = [];
      const value = await db.transaction((tx) => fn(tx, posted));
      for (const posting of posted) ledger.publish(posting);
      for (const run of afterCommit.get(posted) ?? []) run();
      return value;
    },
  };
}
