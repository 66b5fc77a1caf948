/**
 * Game rounds as stored (game_rounds) and as the page sees them. An unfinished blackjack hand keeps
 * the dealer's hole card (and the rest of the shoe) on the server: the view shows only what the
 * player may see and which moves are left.
 */
import type { Queryable } from '../db/db.ts';
import { formatMinor } from '../ledger/money.ts';
import type { BlackjackHand, Engine } from './engines.ts';
import { visibleBlackjack } from './engines.ts';
import type { GameMode, RoundView } from './types.ts';

/** A game_rounds row with its amounts as text. */
export interface RoundRow {
  id: string;
  round_id: string;
  engine: Engine;
  currency: string;
  bet_minor: string;
  win_minor: string | null;
  choice: Record<string, unknown> | null;
  outcome: Record<string, unknown> | null;
  table_round: string | null;
  status: 'open' | 'settled';
  created_at: string;
}

/** The columns of a RoundRow, for selects and `returning`. */
const ROUND_COLUMNS = `id::text, round_id, engine, currency, bet_minor::text, win_minor::text, choice, outcome, table_round::text, status,
         to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

const ROUND_SQL = `select ${ROUND_COLUMNS} from game_rounds`;

/** A round as the page sees it. */
export function roundView(round: RoundRow): RoundView {
  const hand = round.engine === 'blackjack' && round.outcome ? (round.outcome as unknown as BlackjackHand) : null;
  return {
    roundId: round.round_id,
    status: round.status,
    bet: formatMinor(BigInt(round.bet_minor), round.currency),
    win: round.win_minor === null ? null : formatMinor(BigInt(round.win_minor), round.currency),
    currency: round.currency,
    choice: round.choice,
    // An unfinished hand keeps the dealer's hole card (and the rest of the shoe) on the server.
    outcome: hand ? visibleBlackjack(hand) : round.outcome,
    tableRound: round.table_round === null ? null : Number(round.table_round),
    actions: hand && !hand.finished ? ['hit', 'stand'] : [],
    createdAt: round.created_at,
  };
}

/** One round of a session by the page's round id (locked for update when asked). */
export async function roundOf(on: Queryable, sessionId: string, roundId: string, lock = false): Promise<RoundRow | undefined> {
  return (await on.query<RoundRow>(`${ROUND_SQL} where game_session_id = $1 and round_id = $2${lock ? ' for update' : ''}`, [sessionId, roundId])).rows[0];
}

/** A session's open rounds, oldest first, and its last ten settled ones, newest first. */
export async function sessionRounds(on: Queryable, sessionId: string): Promise<{ open: RoundRow[]; recent: RoundRow[] }> {
  const { rows: open } = await on.query<RoundRow>(`${ROUND_SQL} where game_session_id = $1 and status = 'open' order by id`, [sessionId]);
  const { rows: recent } = await on.query<RoundRow>(`${ROUND_SQL} where game_session_id = $1 and status = 'settled' order by settled_at desc, id desc limit 10`, [sessionId]);
  return { open, recent };
}

/** What a new round row holds besides its session's own columns. */
export interface NewRound {
  gameSessionId: string;
  roundId: string;
  gameId: string;
  playerId: string | null;
  mode: GameMode;
  engine: Engine;
  currency: string;
  betMinor: bigint;
  choice: Record<string, unknown> | null;
  status: 'open' | 'settled';
  winMinor: bigint | null;
  outcome: Record<string, unknown> | null;
  tableRound: number | null;
}

/** Inserts a round (settled now when its status says so). */
export async function insertRound(tx: Queryable, round: NewRound): Promise<RoundRow> {
  const { rows } = await tx.query<RoundRow>(
    `insert into game_rounds (game_session_id, round_id, game_id, player_id, mode, engine, currency, bet_minor, win_minor, choice, outcome, table_round, status, settled_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, case when $13 = 'settled' then now() end)
     returning ${ROUND_COLUMNS}`,
    [
      round.gameSessionId, round.roundId, round.gameId, round.playerId, round.mode, round.engine, round.currency, round.betMinor.toString(),
      round.winMinor?.toString() ?? null, round.choice === null ? null : JSON.stringify(round.choice),
      round.outcome === null ? null : JSON.stringify(round.outcome), round.tableRound, round.status,
    ],
  );
  return rows[0] as RoundRow;
}

/** Stores a blackjack hand after a move (settled now when it is finished). */
export async function updateHand(tx: Queryable, id: string, hand: BlackjackHand, winMinor: bigint | null): Promise<RoundRow> {
  const { rows } = await tx.query<RoundRow>(
    `update game_rounds set outcome = $2, win_minor = $3, status = $4, settled_at = case when $4 = 'settled' then now() end
      where id = $1
     returning ${ROUND_COLUMNS}`,
    [id, JSON.stringify(hand), winMinor?.toString() ?? null, hand.finished ? 'settled' : 'open'],
  );
  return rows[0] as RoundRow;
}
