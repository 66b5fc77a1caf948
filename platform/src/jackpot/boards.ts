/**
 * What the lobby reads about other players: the leaderboard of a pot's current cycle (top
 * contributors, with the asking player's own position) and the raffle winners, newest draws last,
 * paged backwards with opaque cursors. Names are never shown, only initials.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { formatMinor } from '../ledger/money.ts';
import type { PotId } from './config.ts';
import { fromBase } from './currencies.ts';

/**
 * Initials of a name ("Maija Virtanen" → "M.V."). A player who gave no name (pay-and-play signs in
 * with a bank or phone alone) gets a tag of their own instead ("#3FA1", from their id): a column of
 * "?" told players apart no better than nothing, and a username or e-mail could say who they are.
 */
export function initials(first: string | null, last: string | null, playerId: string): string {
  const letters = [first, last].map((part) => part?.trim().charAt(0).toUpperCase()).filter(Boolean);
  if (letters.length > 0) return `${letters.join('.')}.`;
  return `#${createHash('sha256').update(playerId).digest('hex').slice(0, 4).toUpperCase()}`;
}

/** The rank name of a leaderboard position. */
export function rankName(position: number): string {
  return position === 1 ? 'Legend' : position <= 3 ? 'Champion' : position <= 10 ? 'Contender' : 'Challenger';
}

/** One leaderboard entry (spec section 3). */
export interface LeaderboardEntry {
  position: number;
  brand: string;
  initials: string;
  expectedPrize: string;
  rankName: string;
  rankImageUrl: string | null;
}

/** The leaderboard (spec section 3). */
export interface Leaderboard {
  instanceId: string;
  potId: PotId;
  currency: string;
  playerPosition: number | null;
  playerRank: string | null;
  playerRankImageUrl: string | null;
  entries: LeaderboardEntry[];
}

/**
 * The top contributors to a pot's current cycle. A contributor's expected prize is the pot's value in
 * proportion to what they put in (the drop's odds follow contributions, and so does the shared pot's
 * community half), in the asked currency.
 */
export async function leaderboard(q: Queryable, input: { instanceId: string; potId: PotId; currency: string; playerId: string | null; size: number }): Promise<Leaderboard> {
  const { rows: pots } = await q.query<{ cycle: number; value: string }>('select cycle, value_minor::text as value from jackpot_pots where instance_id = $1 and pot_id = $2', [input.instanceId, input.potId]);
  const pot = pots[0];
  const empty: Leaderboard = { instanceId: input.instanceId, potId: input.potId, currency: input.currency, playerPosition: null, playerRank: null, playerRankImageUrl: null, entries: [] };
  if (!pot) return empty;
  const { rows: totals } = await q.query<{ total: string }>(
    'select coalesce(sum(base_minor), 0)::text as total from jackpot_cycle_contributors where instance_id = $1 and pot_id = $2 and cycle = $3',
    [input.instanceId, input.potId, pot.cycle],
  );
  const total = BigInt(totals[0]?.total ?? '0');
  const value = BigInt(pot.value);
  const { rows } = await q.query<{ player_id: string; brand: string; base: string; first_name: string | null; last_name: string | null }>(
    `select c.player_id, c.brand, c.base_minor::text as base, p.first_name, p.last_name
       from jackpot_cycle_contributors c join players p on p.id = c.player_id
      where c.instance_id = $1 and c.pot_id = $2 and c.cycle = $3
      order by c.base_minor desc, c.player_id limit $4`,
    [input.instanceId, input.potId, pot.cycle, input.size],
  );
  const prize = (base: bigint) => formatMinor(total > 0n ? fromBase((value * base) / total, input.currency) : 0n, input.currency);
  const entries = rows.map((row, index) => ({
    position: index + 1, brand: row.brand, initials: initials(row.first_name, row.last_name, row.player_id), expectedPrize: prize(BigInt(row.base)),
    rankName: rankName(index + 1), rankImageUrl: null,
  }));
  let playerPosition: number | null = null;
  if (input.playerId) {
    const { rows: mine } = await q.query<{ position: number }>(
      `select 1 + (select count(*)::int from jackpot_cycle_contributors o
                    where o.instance_id = c.instance_id and o.pot_id = c.pot_id and o.cycle = c.cycle
                      and (o.base_minor > c.base_minor or (o.base_minor = c.base_minor and o.player_id < c.player_id))) as position
         from jackpot_cycle_contributors c where c.instance_id = $1 and c.pot_id = $2 and c.cycle = $3 and c.player_id = $4`,
      [input.instanceId, input.potId, pot.cycle, input.playerId],
    );
    playerPosition = mine[0]?.position ?? null;
  }
  return { ...empty, playerPosition, playerRank: playerPosition ? rankName(playerPosition) : null, entries };
}

/** A raffle winner (spec section 3). */
export interface RaffleWinner {
  winnerInitials: string;
  winAmount: string;
  winCurrency: string;
  brand: string;
  timestamp: string;
  instanceId: string;
  jackpotName: string;
  cursor: string;
}

/** A draw and its winners. */
export interface RaffleWinnersNode {
  instanceId: string;
  jackpotName: string;
  timestamp: string;
  cursor: string;
  winners: RaffleWinner[];
}

const encodeCursor = (drawnAt: string, id: string) => Buffer.from(JSON.stringify([drawnAt, id])).toString('base64url');
function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string')) return value as [string, string];
  } catch {
    // Reported below.
  }
  throw new PlatformError('BadUserInput', `before "${cursor}" is not a cursor of raffleWinners: pass an edge's cursor as it came`);
}

/**
 * The brand's draws that had winners, the `last` ones before `before` (oldest first, as a backward
 * Relay page), each with its paid winners, amounts in baseCurrency.
 */
export async function raffleWinners(q: Queryable, input: { brand: string; baseCurrency: string; last: number; before: string | null }) {
  const before = input.before ? decodeCursor(input.before) : null;
  const { rows } = await q.query<{ id: string; type: string; drawn_at: string }>(
    `select i.id, i.type, to_char(i.drawn_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as drawn_at
       from raffle_instances i
      where i.brand = $1 and i.status = 'drawn' and exists (select 1 from raffle_winners w where w.raffle_id = i.id and w.paid_at is not null)
        and ($2::text is null or (i.drawn_at, i.id) < ($2::timestamptz, $3::text))
      order by i.drawn_at desc, i.id desc limit $4`,
    [input.brand, before?.[0] ?? null, before?.[1] ?? null, input.last + 1],
  );
  const hasPreviousPage = rows.length > input.last;
  const draws = rows.slice(0, input.last).reverse();
  const { rows: winners } = await q.query<{ raffle_id: string; rank: number; player_id: string; base: string; first_name: string | null; last_name: string | null; brand: string }>(
    `select w.raffle_id, w.rank, w.player_id, w.base_minor::text as base, p.first_name, p.last_name, p.brand
       from raffle_winners w join players p on p.id = w.player_id
      where w.raffle_id = any($1::text[]) and w.paid_at is not null order by w.raffle_id, w.rank`,
    [draws.map((draw) => draw.id)],
  );
  const edges = draws.map((draw) => {
    const cursor = encodeCursor(draw.drawn_at, draw.id);
    const node: RaffleWinnersNode = {
      instanceId: draw.id,
      jackpotName: draw.type,
      timestamp: draw.drawn_at,
      cursor,
      winners: winners.filter((winner) => winner.raffle_id === draw.id).map((winner) => ({
        winnerInitials: initials(winner.first_name, winner.last_name, winner.player_id),
        winAmount: formatMinor(fromBase(BigInt(winner.base), input.baseCurrency), input.baseCurrency),
        winCurrency: input.baseCurrency,
        brand: winner.brand,
        timestamp: draw.drawn_at,
        instanceId: draw.id,
        jackpotName: draw.type,
        cursor,
      })),
    };
    return { cursor, node };
  });
  return { edges, pageInfo: { hasPreviousPage, startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null } };
}
