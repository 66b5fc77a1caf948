/**
 * Raffles: hourly, daily and weekly windows per brand (UTC; weeks from Monday 00:00). A real-money
 * casino bet earns a ticket per 1.00 EUR wagered in the window (converted to the wallet's currency;
 * the weekly drop counts only the provider of the week's games). At the window's end one draw,
 * weighted by tickets, picks one winner per prize; it is recorded once (the instance's status), and
 * each winner is paid once through the ledger (raffle:<id>:<rank>, house:raffles), so a draw that is
 * processed twice, or a payout resumed after a restart, pays every prize once.
 *
 * A window's instance row is created with its first ticket and fixes its prizes then. The sandbox
 * can draw a window early: its instance ends at that moment and the next bet opens a new one that
 * runs to the window's natural end.
 */
import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { weekOf } from '../games/provider-of-the-week.ts';
import type { RaffleType } from './config.ts';
import { fromBase } from './currencies.ts';

/** A raffle instance row. */
export interface RaffleRow {
  id: string;
  brand: string;
  type: RaffleType;
  starts_at: Date;
  ends_at: Date;
  prizes_minor: string[];
  studio_slug: string | null;
  status: 'open' | 'drawn';
}

/** One ticket per this many base minor units wagered (1.00 EUR). */
export const TICKET_BASE_MINOR = 100n;

/** The natural window of a drop type around a moment. */
export function raffleWindow(type: RaffleType, at: Date): { start: Date; end: Date } {
  if (type === 'weekly') {
    const week = weekOf(at);
    return { start: week.weekStart, end: week.weekEnd };
  }
  const span = type === 'hourly' ? 3_600_000 : 86_400_000;
  const start = Math.floor(at.getTime() / span) * span;
  return { start: new Date(start), end: new Date(start + span) };
}

/** A raffle instance's id: brand, type and start ("aurelia-hourly-20260105T1400"). */
export function raffleId(brand: string, type: RaffleType, start: Date): string {
  const iso = start.toISOString();
  // Seconds and milliseconds only for a window the sandbox's early draw began mid-minute.
  const fine = iso.slice(17, 19) === '00' && iso.slice(20, 23) === '000' ? '' : `${iso.slice(17, 19)}${iso.slice(20, 23)}`;
  return `${brand}-${type}-${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${fine}`;
}

const RAFFLE_COLUMNS = 'id, brand, type, starts_at, ends_at, prizes_minor::text[] as prizes_minor, studio_slug, status';

/** The window a moment falls in for a brand and type: an open instance, else where a new one would start. */
export async function currentWindow(q: Queryable, brand: string, type: RaffleType, now: Date): Promise<{ id: string; start: Date; end: Date; row: RaffleRow | null }> {
  const natural = raffleWindow(type, now);
  const { rows } = await q.query<RaffleRow>(
    `select ${RAFFLE_COLUMNS} from raffle_instances where brand = $1 and type = $2 and starts_at <= $3 and ends_at > $3 and status = 'open' order by starts_at desc limit 1`,
    [brand, type, now],
  );
  if (rows[0]) return { id: rows[0].id, start: rows[0].starts_at, end: rows[0].ends_at, row: rows[0] };
  // A window the sandbox drew early goes on from that moment.
  const { rows: early } = await q.query<{ ended: Date | null }>(
    'select max(ends_at) as ended from raffle_instances where brand = $1 and type = $2 and ends_at > $3 and ends_at <= $4',
    [brand, type, natural.start, now],
  );
  const start = early[0]?.ended ? new Date(early[0].ended) : natural.start;
  return { id: raffleId(brand, type, start), start, end: natural.end, row: null };
}

/** A bet's tickets for one drop. */
export interface TicketInput {
  brand: string;
  type: RaffleType;
  playerId: string;
  currency: string;
  betMinor: bigint;
  now: Date;
  prizesMinor: readonly bigint[];
  studioSlug: string | null;
}

/** Adds a bet to the player's tickets in the drop's current window (creating the window's instance). */
export async function addTickets(tx: Queryable, input: TicketInput): Promise<{ raffleId: string; tickets: bigint } | null> {
  const window = await currentWindow(tx, input.brand, input.type, input.now);
  if (!window.row) {
    await tx.query(
      `insert into raffle_instances (id, brand, type, starts_at, ends_at, prizes_minor, studio_slug) values ($1, $2, $3, $4, $5, $6::bigint[], $7)
       on conflict (id) do nothing`,
      [window.id, input.brand, input.type, window.start, window.end, input.prizesMinor.map(String), input.studioSlug],
    );
  }
  const price = fromBase(TICKET_BASE_MINOR, input.currency, 'up');
  const { rows } = await tx.query<{ tickets: string }>(
    `insert into raffle_tickets (raffle_id, player_id, currency, wagered_minor, tickets)
     select $1, $2, $3, $4::bigint, $4::bigint / $5::bigint from raffle_instances where id = $1 and status = 'open'
     on conflict (raffle_id, player_id) do update
       set wagered_minor = raffle_tickets.wagered_minor + excluded.wagered_minor,
           tickets = (raffle_tickets.wagered_minor + excluded.wagered_minor) / $5::bigint
     returning tickets::text`,
    [window.id, input.playerId, input.currency, input.betMinor.toString(), price.toString()],
  );
  return rows[0] ? { raffleId: window.id, tickets: BigInt(rows[0].tickets) } : null;
}

/** Picks up to `count` distinct players, each with chance proportional to their tickets among those left. */
export function weightedDraw<T extends { tickets: bigint }>(entries: readonly T[], count: number, random: (below: bigint) => bigint = cryptoBelow): T[] {
  const left = entries.filter((entry) => entry.tickets > 0n);
  const picked: T[] = [];
  while (picked.length < count && left.length > 0) {
    const total = left.reduce((sum, entry) => sum + entry.tickets, 0n);
    let roll = random(total);
    const index = left.findIndex((entry) => {
      if (roll < entry.tickets) return true;
      roll -= entry.tickets;
      return false;
    });
    picked.push(...left.splice(index, 1));
  }
  return picked;
}

function cryptoBelow(limit: bigint): bigint {
  // randomInt takes up to 2^48; ticket totals stay far below that.
  return BigInt(randomInt(Number(limit)));
}

/** Draws an instance once: records its winners and marks it drawn; false when it was drawn already (or does not exist). */
export async function recordDraw(tx: Queryable, raffleId: string, now: Date): Promise<boolean> {
  const { rows } = await tx.query<RaffleRow>(`select ${RAFFLE_COLUMNS} from raffle_instances where id = $1 for update`, [raffleId]);
  const raffle = rows[0];
  if (!raffle || raffle.status !== 'open') return false;
  const { rows: tickets } = await tx.query<{ player_id: string; currency: string; tickets: string }>(
    'select player_id, currency, tickets::text from raffle_tickets where raffle_id = $1 and tickets > 0 order by player_id',
    [raffleId],
  );
  const prizes = raffle.prizes_minor.map(BigInt);
  const winners = weightedDraw(tickets.map((row) => ({ ...row, tickets: BigInt(row.tickets) })), prizes.length);
  for (const [index, winner] of winners.entries()) {
    const base = prizes[index] as bigint;
    await tx.query(
      `insert into raffle_winners (raffle_id, rank, player_id, tickets, base_minor, currency, amount_minor) values ($1, $2, $3, $4, $5, $6, $7)`,
      [raffleId, index + 1, winner.player_id, winner.tickets.toString(), base.toString(), winner.currency, fromBase(base, winner.currency).toString()],
    );
  }
  // A window drawn before its end (the sandbox) ends now, so the next bet opens the next instance.
  await tx.query(`update raffle_instances set status = 'drawn', drawn_at = $2, ends_at = least(ends_at, $2) where id = $1`, [raffleId, now]);
  return true;
}

/** A raffle prize once paid (what RaffleWinEvent announces). */
export interface PaidRafflePrize {
  raffleId: string;
  brand: string;
  type: RaffleType;
  rank: number;
  playerId: string;
  tickets: bigint;
  currency: string;
  amountMinor: bigint;
}

/** Pays an instance's unpaid winners, each in its own transaction; returns the prizes this call paid. */
export async function payRaffle(db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> } & Queryable, ledger: Ledger, raffleId: string): Promise<PaidRafflePrize[]> {
  const { rows } = await db.query<{ rank: number; player_id: string; tickets: string; currency: string; amount: string; wallet_id: string; brand: string; type: RaffleType }>(
    `select r.rank, r.player_id, r.tickets::text, r.currency, r.amount_minor::text as amount, w.id as wallet_id, i.brand, i.type
       from raffle_winners r join wallets w on w.player_id = r.player_id join raffle_instances i on i.id = r.raffle_id
      where r.raffle_id = $1 and r.paid_at is null order by r.rank`,
    [raffleId],
  );
  const paid: PaidRafflePrize[] = [];
  for (const winner of rows) {
    const amountMinor = BigInt(winner.amount);
    const outcome = await db.transaction(async (tx) => {
      const posting = amountMinor > 0n
        ? await ledger.postWithin(tx, {
          idempotencyKey: `raffle:${raffleId}:${winner.rank}`,
          walletId: winner.wallet_id,
          kind: 'RaffleWin',
          entries: [{ account: 'cash', amountMinor }, { account: 'house:raffles', amountMinor: -amountMinor }],
          metadata: { raffleId, rank: winner.rank },
        })
        : null;
      const marked = await tx.query('update raffle_winners set paid_at = now() where raffle_id = $1 and rank = $2 and paid_at is null returning rank', [raffleId, winner.rank]);
      return { posting, marked: marked.rows.length > 0 };
    });
    if (outcome.posting) ledger.publish(outcome.posting);
    if (outcome.marked) {
      paid.push({ raffleId, brand: winner.brand, type: winner.type, rank: winner.rank, playerId: winner.player_id, tickets: BigInt(winner.tickets), currency: winner.currency, amountMinor });
    }
  }
  return paid;
}

/** Instances whose window has ended and that are not drawn yet. */
export async function dueRaffles(q: Queryable, now: Date): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(`select id from raffle_instances where status = 'open' and ends_at <= $1 order by ends_at, id limit 100`, [now]);
  return rows.map((row) => row.id);
}

/** Drawn instances with winners not yet paid (a payout cut off by a restart). */
export async function unpaidRaffles(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ raffle_id: string }>('select distinct raffle_id from raffle_winners where paid_at is null limit 100');
  return rows.map((row) => row.raffle_id);
}
