/**
 * Provider of the week (spec section 2): one studio per brand per week, its top 10 games for the
 * spotlight carousel and the next 10 for the list. Weeks run Monday 00:00 to Monday 00:00 UTC. The
 * studio rotates through the studios big enough to fill both (20 games or more, live studios
 * included), each brand starting at its own place in the rotation so neighbouring brands differ.
 * Top means most played for real money in the last seven days, then the seeded popularity order.
 */
import { createHash } from 'node:crypto';
import type { CatalogueRepository, GameFilters, GameRow } from '../catalogue/repository.ts';
import type { Queryable } from '../db/db.ts';

/** Games in the spotlight carousel (spec section 9: provider of the week 10 spotlight plus 10 list). */
export const SPOTLIGHT_GAMES = 10;
/** Games in the list under the carousel. */
export const LIST_GAMES = 10;
const WEEK_MS = 7 * 86_400_000;
/** 1970-01-05 was a Monday: weeks are counted from it. */
const FIRST_MONDAY_MS = 4 * 86_400_000;

/** The week containing a moment: its Monday start, its end and its number since 1970. */
export function weekOf(at: Date): { weekStart: Date; weekEnd: Date; week: number } {
  const week = Math.floor((at.getTime() - FIRST_MONDAY_MS) / WEEK_MS);
  const start = FIRST_MONDAY_MS + week * WEEK_MS;
  return { weekStart: new Date(start), weekEnd: new Date(start + WEEK_MS), week };
}

/**
 * The studio of the week for a brand among the catalogue's studios (the weekly raffle counts its games
 * too); null when no studio is big enough. Takes the studios so a caller inside a transaction can read them there.
 */
export function pickStudioOfTheWeek<T extends { gameCount: number }>(studios: readonly T[], brandId: string, at: Date): T | null {
  const big = studios.filter((studio) => studio.gameCount >= SPOTLIGHT_GAMES + LIST_GAMES);
  if (big.length === 0) return null;
  const { week } = weekOf(at);
  const brandOffset = createHash('sha256').update(`provider-of-the-week:${brandId}`).digest().readUInt32BE(0) % big.length;
  return big[(week + brandOffset) % big.length] as T;
}

/** The studio of the week for a brand and its top games (at most 20) for the requester's filters. */
export async function providerOfTheWeek(
  db: Queryable,
  catalogue: CatalogueRepository,
  brandId: string,
  at: Date,
  filters: GameFilters,
): Promise<{ studio: { slug: string; name: string; isLive: boolean; gameCount: number }; weekStart: Date; weekEnd: Date; games: GameRow[] } | null> {
  const studio = pickStudioOfTheWeek(await catalogue.studios(), brandId, at);
  if (!studio) return null;
  const { weekStart, weekEnd } = weekOf(at);
  const { rows } = await db.query<{ id: string }>(
    `select g.id
       from games g
       left join (select game_id, count(*)::int as plays from game_rounds
                   where mode = 'REAL' and created_at > now() - interval '7 days' group by game_id) r on r.game_id = g.id
       left join (select game_id, min(position) as position from game_list_entries
                   where list_slug in ('slots', 'table-games', 'live-casino') group by game_id) p on p.game_id = g.id
      where g.studio_slug = $1
        and ($2::text is null or not ($2::text = any(g.restricted_licences)))
        and not (g.restricted_countries && $3::text[])
      order by coalesce(r.plays, 0) desc, p.position nulls last, g.idx
      limit $4`,
    [studio.slug, filters.license, filters.places, SPOTLIGHT_GAMES + LIST_GAMES],
  );
  return { studio, weekStart, weekEnd, games: await catalogue.gamesByIds(rows.map((row) => row.id)) };
}
