/**
 * Writes the generated catalogue into an empty database, once: the `platform_seeds` row marks it
 * done, so restarts and shared servers never reseed or duplicate games.
 */
import type { Queryable } from '../db/db.ts';
import { generateCatalogue } from './generate.ts';

const SEED_NAME = 'catalogue-v1';

/** Seeds the catalogue inside the caller's transaction unless it already was; returns whether it ran. */
export async function seedCatalogue(tx: Queryable): Promise<boolean> {
  const done = await tx.query('select 1 from platform_seeds where name = $1', [SEED_NAME]);
  if (done.rows.length > 0) return false;

  const catalogue = generateCatalogue();
  // One JSON parameter per table keeps the seed to a handful of round trips, which matters on PGlite.
  await tx.query(
    `insert into studios (slug, name, idx, is_live)
     select slug, name, idx, is_live from json_populate_recordset(null::studios, $1::json)`,
    [JSON.stringify(catalogue.studios.map((studio) => ({ ...studio, is_live: studio.isLive })))],
  );
  await tx.query(
    `insert into game_categories (slug, name, idx)
     select slug, name, idx from json_populate_recordset(null::game_categories, $1::json)`,
    [JSON.stringify(catalogue.categories)],
  );
  await tx.query(
    `insert into games select * from json_populate_recordset(null::games, $1::json)`,
    [
      JSON.stringify(
        catalogue.games.map((game) => ({
          id: game.id,
          lookup_id: game.lookupId,
          idx: game.idx,
          slug: game.slug,
          name: game.name,
          studio_slug: game.studioSlug,
          categories: game.categories,
          // Exact decimal text from integer hundredths: no float ever touches the value.
          rtp: `${Math.trunc(game.rtpHundredths / 100)}.${String(game.rtpHundredths % 100).padStart(2, '0')}`,
          volatility: game.volatility,
          min_bet_minor: game.minBetMinor,
          max_bet_minor: game.maxBetMinor,
          has_bonus: game.hasBonus,
          is_live_casino: game.isLiveCasino,
          is_jackpot: game.isJackpot,
          is_megaways: game.isMegaways,
          play_for_fun: game.playForFun,
          restricted_licences: game.restrictedLicences,
          restricted_countries: game.restrictedCountries,
          released_at: game.releasedAt,
        })),
      ),
    ],
  );
  await tx.query(
    `insert into game_lists (slug, name, kind, idx)
     select slug, name, kind, idx from json_populate_recordset(null::game_lists, $1::json)`,
    [JSON.stringify(catalogue.lists.map(({ gameIds: _ids, ...list }) => list))],
  );
  await tx.query(
    `insert into game_list_entries (list_slug, game_id, position)
     select list_slug, game_id, position from json_populate_recordset(null::game_list_entries, $1::json)`,
    [
      JSON.stringify(
        catalogue.lists.flatMap((list) =>
          list.gameIds.map((gameId, index) => ({ list_slug: list.slug, game_id: gameId, position: index + 1 })),
        ),
      ),
    ],
  );
  await tx.query('insert into platform_seeds (name) values ($1)', [SEED_NAME]);
  return true;
}
