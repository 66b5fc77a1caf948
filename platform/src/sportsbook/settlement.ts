/**
 * Settling sports bets: once all of a bet's events have finished (a sweep runs every few seconds),
 * or at once through the sandbox, each selection gets its result; a bet with a lost leg is lost, an
 * all-void bet refunds the stake, otherwise it pays stake × the odds of its winning legs (a void leg
 * counts as 1.00) as one SportsWin transaction keyed by the bet, so it is paid once.
 */
import type { Db } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Ledger, PostResult } from '../ledger/ledger.ts';
import { BET_SQL, SELECTION_SQL, betById } from './bets.ts';
import type { BetRow, SelectionRow, SportsBetView } from './bets.ts';
import { selectionResult } from './events.ts';

/** Settles one bet by its events' results (or a forced outcome) and pays what it won as a SportsWin transaction. */
export async function settleBet(db: Db, ledger: Ledger, betId: string, forced?: 'won' | 'lost' | 'void' | null, nowMs = Date.now()): Promise<SportsBetView> {
    const posted: PostResult[] = [];
    const view = await db.transaction(async (tx) => {
      const { rows } = await tx.query<BetRow>(`${BET_SQL} where id = $1 for update`, [betId]);
      const bet = rows[0];
      if (!bet) throw new PlatformError('NotFound', `No sports bet "${betId}"`);
      if (bet.status !== 'open') return betById(tx, betId);
      const { rows: selections } = await tx.query<SelectionRow>(`${SELECTION_SQL} where bet_id = $1 order by position`, [betId]);
      const results = selections.map((selection) => forced ?? selectionResult(selection.event_id, selection.market_id, selection.outcome_id, nowMs));
      const running = selections.find((_, index) => results[index] === null);
      if (running) {
        throw new PlatformError('BadUserInput', `${running.event_name} has not finished yet: wait for it, or pass outcome WON, LOST or VOID to settle the bet now`);
      }
      const stake = BigInt(bet.stake_minor);
      let status: 'won' | 'lost' | 'void';
      let payout = 0n;
      if (results.includes('lost')) status = 'lost';
      else if (results.every((result) => result === 'void')) {
        status = 'void';
        payout = stake;
      } else {
        status = 'won';
        // A void leg counts as odds 1.00; the others multiply as placed.
        const legs = selections.map((selection, index) => (results[index] === 'void' ? 100n : BigInt(selection.odds_hundredths)));
        payout = (stake * legs.reduce((total, odds) => total * odds, 1n)) / 100n ** BigInt(legs.length);
      }
      await tx.query(`update sports_bets set status = $2, payout_minor = $3, settled_at = now() where id = $1`, [betId, status, payout.toString()]);
      await tx.query(
        `update sports_bet_selections s set result = r.result from (select unnest($2::int[]) as position, unnest($3::text[]) as result) r
          where s.bet_id = $1 and s.position = r.position`,
        [betId, selections.map((selection) => selection.position), results],
      );
      if (payout > 0n) {
        posted.push(
          await ledger.postWithin(tx, {
            idempotencyKey: `sports:bet:${betId}:settle`,
            walletId: bet.wallet_id,
            kind: 'SportsWin',
            entries: [{ account: 'cash', amountMinor: payout }, { account: 'house:sportsbook', amountMinor: -payout }],
            metadata: { betId, status },
          }),
        );
      }
      return betById(tx, betId);
    });
    for (const posting of posted) ledger.publish(posting);
    return view;
}

/** Settles every open bet whose events have all finished; returns how many. */
export async function settleDueBets(db: Db, ledger: Ledger, nowMs = Date.now()): Promise<number> {
    const { rows } = await db.query<{ id: string }>(
      `select b.id from sports_bets b
        where b.status = 'open'
          and not exists (select 1 from sports_bet_selections s where s.bet_id = b.id and s.ends_at > $1::timestamptz)
        order by b.placed_at limit 200`,
      [new Date(nowMs).toISOString()],
    );
    let settled = 0;
    for (const row of rows) {
      await settleBet(db, ledger, row.id, null, nowMs);
      settled++;
    }
    return settled;
}
