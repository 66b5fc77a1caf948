/**
 * Live tables: one shared round every LIVE_CYCLE_MS per game, its outcome drawn from a secret every
 * platform on the database shares. Bets wait open until their table round has drawn; the sweep (and
 * the page's own state call) settles them. The page never learns a draw before its result time.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db.ts';
import type { Engine } from './engines.ts';
import { settleShared } from './engines.ts';
import { LIVE_CYCLE_MS, liveOutcome, liveRoundAt, liveRoundTimes } from './live.ts';
import type { RoundMoney } from './round-money.ts';
import type { GameMode, GameState } from './types.ts';

/** Reads (or creates) the secret behind every live table's outcomes, shared by all platforms on the database. */
export async function liveSecret(db: Db): Promise<string> {
  const name = 'games-live-tables';
  await db.query('insert into platform_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [name, JSON.stringify(randomBytes(32).toString('base64url'))]);
  const { rows } = await db.query<{ value: string }>('select value from platform_secrets where name = $1', [name]);
  if (!rows[0]) throw new Error('The live-table secret could not be stored');
  return rows[0].value;
}

/** A live table's current round and its last eight outcomes as the page draws them. */
export function liveTableState(secret: string, gameId: string, engine: Exclude<Engine, 'slot' | 'blackjack'>, now: number): NonNullable<GameState['live']> {
  const current = liveRoundAt(gameId, now);
  const history = [];
  for (let back = 1; back <= 8; back++) {
    history.push({ round: current.round - back, outcome: liveOutcome(secret, gameId, current.round - back, engine) });
  }
  return {
    round: current.round,
    phase: current.phase,
    startsAt: current.startsAt,
    bettingClosesAt: current.bettingClosesAt,
    resultAt: current.resultAt,
    endsAt: current.endsAt,
    // Never before resultAt: knowing the draw while bets are open would be the whole game.
    result: current.phase === 'result' ? liveOutcome(secret, gameId, current.round, engine) : null,
    history,
  };
}

/** Settles live bets whose table round has been drawn (of one session, or all); returns how many it settled. */
export type SettleDue = (nowMs?: number, sessionId?: string) => Promise<number>;

/** Creates the live-bet settlement over the database and the round money. */
export function createLiveSettlement(options: { db: Db; secret: string; money: RoundMoney }): SettleDue {
  const { db, secret, money } = options;
  return async (nowMs = Date.now(), sessionId) => {
    // Only rounds whose table may have drawn: their table round started a full result delay ago.
    const { rows } = await db.query<{ id: string; round_id: string; game_id: string; engine: Engine; table_round: string; session_id: string; mode: GameMode; wallet_id: string | null; bet_minor: string; choice: Record<string, unknown> }>(
      `select r.id::text, r.round_id, r.game_id, r.engine, r.table_round::text, r.game_session_id as session_id, r.mode,
              w.id as wallet_id, r.bet_minor::text, r.choice
         from game_rounds r left join wallets w on w.player_id = r.player_id
        where r.status = 'open' and r.table_round is not null and r.table_round <= $1 ${sessionId ? 'and r.game_session_id = $2' : ''}
        order by r.id limit 500`,
      sessionId ? [Math.floor(nowMs / LIVE_CYCLE_MS), sessionId] : [Math.floor(nowMs / LIVE_CYCLE_MS)],
    );
    let settled = 0;
    for (const due of rows) {
      const tableRound = Number(due.table_round);
      if (liveRoundTimes(due.game_id, tableRound).resultAt > nowMs) continue;
      const engine = due.engine as Exclude<Engine, 'slot' | 'blackjack'>;
      const drawn = settleShared(engine, due.choice, liveOutcome(secret, due.game_id, tableRound, engine), BigInt(due.bet_minor));
      const done = await money.committed(async (tx, posted) => {
        const { rows: updated } = await tx.query(
          `update game_rounds set status = 'settled', win_minor = $2, outcome = $3, settled_at = now() where id = $1 and status = 'open' returning id`,
          [due.id, drawn.winMinor.toString(), JSON.stringify(drawn.outcome)],
        );
        // Another sweep (or the page's own state call) settled it first.
        if (updated.length === 0) return false;
        await money.payOut(tx, { id: due.session_id, mode: due.mode, wallet_id: due.wallet_id, game_id: due.game_id }, due.round_id, drawn.winMinor, posted);
        return true;
      });
      if (done) settled++;
    }
    return settled;
  };
}
