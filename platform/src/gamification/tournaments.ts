/**
 * Tournaments: each brand's tournaments (content/<brand>/tournaments.json) run in windows, fixed or
 * every UTC hour, day or week. A window's row is created with its first score and fixes its prizes
 * then. Real rounds of opted-in players score inside the round's transaction, under a shared lock
 * of the window's row; closing takes that row's exclusive lock, so no round scores into a window
 * after its ranking was taken. Closing records the winners once (the row's status), and each prize
 * is paid once through the ledger (tournament:<id>:<rank>, under the winner row's lock), whichever
 * process or job gets there, however often.
 */
import type { Db, Queryable } from '../db/db.ts';
import type { Ledger, PostResult } from '../ledger/ledger.ts';
import { parseAmount } from '../ledger/money.ts';
import { raffleWindow } from '../jackpot/raffles.ts';
import { initials } from '../jackpot/boards.ts';
import { BASE_CURRENCY, fromBase } from '../jackpot/currencies.ts';
import type { TournamentContent } from './content.ts';

/** The window of a tournament around a moment (a fixed one whatever the moment). */
export function tournamentWindow(tournament: TournamentContent, at: Date): { start: Date; end: Date } {
  const { schedule } = tournament;
  if ('startsAt' in schedule) return { start: new Date(schedule.startsAt), end: new Date(schedule.endsAt) };
  return raffleWindow(schedule.every === 'hour' ? 'hourly' : schedule.every === 'day' ? 'daily' : 'weekly', at);
}

/** A window's id: brand, tournament and start ("aurelia-daily-race-20260105T0000"). */
export function tournamentInstanceId(brand: string, tournamentId: string, start: Date): string {
  const iso = start.toISOString();
  return `${brand}-${tournamentId}-${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}`;
}

/** The prizes of a tournament in base minor units, first place first. */
export function prizesMinor(tournament: TournamentContent): bigint[] {
  return tournament.prizes.map((prize) => parseAmount(prize, BASE_CURRENCY));
}

/** The smallest bet that scores, in base minor units (0 when any bet does). */
export function minBetMinor(tournament: TournamentContent): bigint {
  return /^0+(\.0+)?$/.test(tournament.minBet) ? 0n : parseAmount(tournament.minBet, BASE_CURRENCY);
}

/** A round's score under a tournament: EUR cents wagered, or the win over the bet in hundredths. */
export function roundScore(scoring: TournamentContent['scoring'], round: { baseBetMinor: bigint; betMinor: bigint; winMinor: bigint }): bigint {
  if (scoring === 'wagered') return round.baseBetMinor;
  return round.betMinor > 0n ? (round.winMinor * 100n) / round.betMinor : 0n;
}

/** What scoring a round did: whether it opened the window's row (its close must be scheduled). */
export interface Scored {
  instanceId: string;
  endsAt: Date;
  opened: boolean;
}

/**
 * Scores a round for a player in the window open at `now`, inside tx; null when the window is not
 * running (a fixed one not begun or over) or was closed already.
 */
export async function scoreRound(tx: Queryable, input: { brand: string; tournament: TournamentContent; playerId: string; score: bigint; now: Date }): Promise<Scored | null> {
  const { tournament, now } = input;
  const window = tournamentWindow(tournament, now);
  if (now < window.start || now >= window.end) return null;
  const instanceId = tournamentInstanceId(input.brand, tournament.id, window.start);
  const { rows: opened } = await tx.query(
    `insert into gamification_tournaments (id, brand, tournament_id, scoring, starts_at, ends_at, prizes_minor) values ($1, $2, $3, $4, $5, $6, $7::bigint[])
     on conflict (id) do nothing returning id`,
    [instanceId, input.brand, tournament.id, tournament.scoring, window.start, window.end, prizesMinor(tournament).map(String)],
  );
  // Shared: rounds score side by side; a close (for update) waits for them, and they for it.
  const { rows } = await tx.query<{ status: string; ends_at: Date; scoring: string }>('select status, ends_at, scoring from gamification_tournaments where id = $1 for share', [instanceId]);
  const row = rows[0];
  if (!row || row.status !== 'open' || row.ends_at <= now) return null;
  const better = row.scoring === 'wagered'
    ? 'score = s.score + excluded.score, reached_at = excluded.reached_at'
    : 'score = greatest(s.score, excluded.score), reached_at = case when excluded.score > s.score then excluded.reached_at else s.reached_at end';
  await tx.query(
    `insert into gamification_tournament_scores as s (tournament_id, player_id, score, rounds, reached_at) values ($1, $2, $3, 1, $4)
     on conflict (tournament_id, player_id) do update set rounds = s.rounds + 1, ${better}`,
    [instanceId, input.playerId, input.score.toString(), now],
  );
  return { instanceId, endsAt: row.ends_at, opened: opened.length > 0 };
}

/** Closes a window that has ended, once: records its winners (best score first, earlier on a tie); false when it was not due or is closed already. */
export async function closeTournament(tx: Queryable, instanceId: string, now: Date): Promise<boolean> {
  const { rows } = await tx.query<{ status: string; ends_at: Date; prizes_minor: string[] }>(
    'select status, ends_at, prizes_minor::text[] as prizes_minor from gamification_tournaments where id = $1 for update',
    [instanceId],
  );
  const row = rows[0];
  if (!row || row.status !== 'open' || row.ends_at > now) return false;
  const prizes = row.prizes_minor.map(BigInt);
  const { rows: top } = await tx.query<{ player_id: string; score: string; currency: string }>(
    `select s.player_id, s.score::text, w.currency from gamification_tournament_scores s join wallets w on w.player_id = s.player_id
      where s.tournament_id = $1 and s.score > 0 order by s.score desc, s.reached_at, s.player_id limit $2`,
    [instanceId, prizes.length],
  );
  for (const [index, winner] of top.entries()) {
    const base = prizes[index] as bigint;
    await tx.query(
      `insert into gamification_tournament_winners (tournament_id, rank, player_id, score, base_minor, currency, amount_minor) values ($1, $2, $3, $4, $5, $6, $7)`,
      [instanceId, index + 1, winner.player_id, winner.score, base.toString(), winner.currency, fromBase(base, winner.currency).toString()],
    );
  }
  await tx.query(`update gamification_tournaments set status = 'closed', closed_at = $2 where id = $1`, [instanceId, now]);
  return true;
}

/** A prize once paid. */
export interface PaidTournamentPrize {
  instanceId: string;
  rank: number;
  playerId: string;
  currency: string;
  amountMinor: bigint;
}

/** Pays a closed window's unpaid winners, each in its own transaction under its row's lock; returns what this call paid. */
export async function payTournament(db: Db, ledger: Ledger, instanceId: string): Promise<PaidTournamentPrize[]> {
  const { rows } = await db.query<{ rank: number }>('select rank from gamification_tournament_winners where tournament_id = $1 and paid_at is null order by rank', [instanceId]);
  const paid: PaidTournamentPrize[] = [];
  for (const { rank } of rows) {
    const outcome = await db.transaction(async (tx): Promise<{ posting: PostResult | null; prize: PaidTournamentPrize } | null> => {
      const { rows: locked } = await tx.query<{ player_id: string; currency: string; amount: string; wallet_id: string }>(
        `select r.player_id, r.currency, r.amount_minor::text as amount, w.id as wallet_id
           from gamification_tournament_winners r join wallets w on w.player_id = r.player_id
          where r.tournament_id = $1 and r.rank = $2 and r.paid_at is null for update of r`,
        [instanceId, rank],
      );
      const winner = locked[0];
      if (!winner) return null;
      const amountMinor = BigInt(winner.amount);
      const posting = amountMinor > 0n
        ? await ledger.postWithin(tx, {
          idempotencyKey: `tournament:${instanceId}:${rank}`,
          walletId: winner.wallet_id,
          kind: 'TournamentPrize',
          entries: [{ account: 'cash', amountMinor }, { account: 'house:gamification', amountMinor: -amountMinor }],
          metadata: { tournamentId: instanceId, rank },
        })
        : null;
      await tx.query('update gamification_tournament_winners set paid_at = now() where tournament_id = $1 and rank = $2', [instanceId, rank]);
      return { posting, prize: { instanceId, rank, playerId: winner.player_id, currency: winner.currency, amountMinor } };
    });
    if (!outcome) continue;
    if (outcome.posting) ledger.publish(outcome.posting);
    paid.push(outcome.prize);
  }
  return paid;
}

/** Windows that have ended and are not closed yet. */
export async function dueTournaments(q: Queryable, now: Date): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(`select id from gamification_tournaments where status = 'open' and ends_at <= $1 order by ends_at, id limit 100`, [now]);
  return rows.map((row) => row.id);
}

/** Closed windows with prizes not yet paid (a payout a restart cut short). */
export async function unpaidTournaments(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ tournament_id: string }>('select distinct tournament_id from gamification_tournament_winners where paid_at is null limit 100');
  return rows.map((row) => row.tournament_id);
}

/** One line of a leaderboard. */
export interface LeaderboardEntry {
  rank: number;
  playerId: string;
  initials: string;
  score: bigint;
  rounds: number;
  /** The prize this rank wins (base minor units), 0 past the prizes. */
  prizeMinor: bigint;
}

/** A window's standing: its top `size` and, for a player, their own line (null when they have not scored). */
export interface Leaderboard {
  instanceId: string;
  status: 'open' | 'closed';
  startsAt: Date;
  endsAt: Date;
  entries: LeaderboardEntry[];
  player: LeaderboardEntry | null;
}

/** Reads a window's leaderboard; null when the window has no row yet (nobody scored). */
export async function readLeaderboard(q: Queryable, instanceId: string, size: number, playerId: string | null): Promise<Leaderboard | null> {
  const { rows: windows } = await q.query<{ status: 'open' | 'closed'; starts_at: Date; ends_at: Date; prizes_minor: string[] }>(
    'select status, starts_at, ends_at, prizes_minor::text[] as prizes_minor from gamification_tournaments where id = $1',
    [instanceId],
  );
  const window = windows[0];
  if (!window) return null;
  const prizes = window.prizes_minor.map(BigInt);
  const ranked = `select s.player_id, s.score::text, s.rounds, p.first_name, p.last_name,
                         row_number() over (order by s.score desc, s.reached_at, s.player_id)::int as rank
                    from gamification_tournament_scores s join players p on p.id = s.player_id where s.tournament_id = $1`;
  const toEntry = (row: { player_id: string; score: string; rounds: number; first_name: string | null; last_name: string | null; rank: number }): LeaderboardEntry => ({
    rank: row.rank, playerId: row.player_id, initials: initials(row.first_name, row.last_name, row.player_id), score: BigInt(row.score), rounds: row.rounds,
    prizeMinor: BigInt(row.score) > 0n ? (prizes[row.rank - 1] ?? 0n) : 0n,
  });
  type Row = Parameters<typeof toEntry>[0];
  const { rows } = await q.query<Row>(`select * from (${ranked}) ranked order by rank limit $2`, [instanceId, size]);
  const entries = rows.map(toEntry);
  let player = playerId ? (entries.find((entry) => entry.playerId === playerId) ?? null) : null;
  if (playerId && !player) {
    const { rows: own } = await q.query<Row>(`select * from (${ranked}) ranked where player_id = $2`, [instanceId, playerId]);
    player = own[0] ? toEntry(own[0]) : null;
  }
  return { instanceId, status: window.status, startsAt: window.starts_at, endsAt: window.ends_at, entries, player };
}
