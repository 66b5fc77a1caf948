/**
 * Weekly cashback (issue 29): a brand's percentage (content.ts) of a player's net casino losses of an
 * ISO week, Monday 00:00 to Monday 00:00 **UTC** (one week for every brand and player, whatever their
 * zone, so a payout never depends on where the operator sits), computed from the ledger: the cash
 * the wallet's CasinoBet transactions took minus what its CasinoWin transactions paid. Bonus money is
 * never staked (games take cash), so bonus play is out by construction; free-spin winnings are wins;
 * sports, deposits and rewards are not casino play. A week that ended with a net win gives nothing.
 *
 * The payout is given through the reward engine's `assign` with the computed amount (key
 * `cashback:<week start>:<player>`, so once per player and week). `cashback-weekly` runs hourly on
 * one process at a time and pays the week just ended for every wallet that played in it; each run is
 * idempotent, so the hours after Monday 00:00 only repeat what is done.
 */
import type { ContentStore } from '../content/store.ts';
import type { Db, Queryable } from '../db/db.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { formatMinor } from '../ledger/money.ts';
import type { Assignation, RewardsService } from '../rewards/service.ts';
import type { CashbackContent } from './content.ts';

/** The periodic job that pays the week just ended. */
export const CASHBACK_JOB = 'cashback-weekly';

/** The Monday 00:00 UTC that starts the ISO week of an instant. */
export function weekStart(instant: Date): Date {
  const day = new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 86_400_000);
}

/** The cashback of a loss at a percentage, rounded down to the minor unit (never more than promised). */
export function cashbackOf(lossMinor: bigint, percent: string): bigint {
  if (lossMinor <= 0n) return 0n;
  const [whole = '0', fraction = ''] = percent.split('.');
  const hundredths = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return (lossMinor * hundredths) / 10_000n;
}

/** The net casino loss of a wallet between two instants (negative: a net win), in minor units. */
export async function netCasinoLoss(on: Queryable, walletId: string, from: Date, to: Date): Promise<bigint> {
  const { rows } = await on.query<{ loss: string | null }>(
    `select (-sum(p.amount_minor))::text as loss
       from ledger_transactions t join ledger_postings p on p.transaction_id = t.id join ledger_accounts a on a.id = p.account_id
      where t.wallet_id = $1 and t.kind in ('CasinoBet', 'CasinoWin') and t.created_at >= $2 and t.created_at < $3
        and a.wallet_id = $1 and a.code = 'cash'`,
    [walletId, from, to],
  );
  return BigInt(rows[0]?.loss ?? '0');
}

/** A player's cashback as the page shows it. */
export interface CashbackView {
  percent: string;
  currency: string;
  weekStart: Date;
  /** This week's net losses so far, and the cashback they make (both 0 after a net win). */
  lossMinor: bigint;
  runningMinor: bigint;
  payouts: Assignation[];
}

/** The service. */
export interface CashbackService {
  /** The player's running figure and past payouts; null when the brand has no cashback. */
  view(playerId: string): Promise<CashbackView | null>;
  /** Pays the ISO week starting at `start` (default: the week before now) for every wallet that played; answers how many were paid. */
  payWeek(start?: Date): Promise<number>;
  /** Registers the hourly job (intervalMs; 0: none). */
  start(intervalMs: number): void;
}

/** Creates the service. */
export function createCashbackService(options: { db: Db; jobs: Jobs; content: ContentStore; rewards: RewardsService; clock: () => Date }): CashbackService {
  const { db, jobs, content, rewards, clock } = options;
  const WEEK = 7 * 86_400_000;

  async function payWeek(start?: Date): Promise<number> {
    const from = weekStart(start ?? new Date(clock().getTime() - WEEK));
    const to = new Date(from.getTime() + WEEK);
    const { rows } = await db.query<{ player_id: string; wallet_id: string; brand: string; currency: string }>(
      `select distinct w.player_id, w.id as wallet_id, p.brand, w.currency from ledger_transactions t join wallets w on w.id = t.wallet_id join players p on p.id = w.player_id
        where t.kind = 'CasinoBet' and t.created_at >= $1 and t.created_at < $2`,
      [from, to],
    );
    let paid = 0;
    const byBrand = new Map<string, CashbackContent | null>();
    for (const row of rows) {
      if (!byBrand.has(row.brand)) byBrand.set(row.brand, await content.cashback(row.brand));
      const settings = byBrand.get(row.brand);
      if (!settings) continue;
      const amount = cashbackOf(await netCasinoLoss(db, row.wallet_id, from, to), settings.percent);
      if (amount <= 0n) continue;
      try {
        await rewards.assign({
          playerId: row.player_id, rewardId: settings.rewardId, idempotencyKey: `cashback:${from.toISOString().slice(0, 10)}:${row.player_id}`,
          reason: 'Weekly cashback', amount: formatMinor(amount, row.currency),
        });
        paid += 1;
      } catch (error) {
        // One player's reward the content cannot give (another currency) must not stop the others'.
        console.error(`[platform] cashback for player ${row.player_id}, week of ${from.toISOString().slice(0, 10)}: ${(error as Error).message}`);
      }
    }
    return paid;
  }

  return {
    async view(playerId) {
      const { rows } = await db.query<{ wallet_id: string; brand: string; currency: string }>(
        'select w.id as wallet_id, p.brand, w.currency from players p join wallets w on w.player_id = p.id where p.id = $1',
        [playerId],
      );
      const row = rows[0];
      if (!row) return null;
      const settings = await content.cashback(row.brand);
      if (!settings) return null;
      const from = weekStart(clock());
      const loss = await netCasinoLoss(db, row.wallet_id, from, new Date(from.getTime() + WEEK));
      const all = await rewards.list(playerId, { statuses: null, last: 500, ascending: false });
      return {
        percent: settings.percent, currency: row.currency, weekStart: from,
        lossMinor: loss > 0n ? loss : 0n, runningMinor: cashbackOf(loss, settings.percent),
        payouts: all.filter((assignation) => assignation.reason === 'Weekly cashback'),
      };
    },
    payWeek,
    start(intervalMs) {
      if (intervalMs > 0) jobs.every(CASHBACK_JOB, intervalMs, async () => void (await payWeek()));
    },
  };
}
