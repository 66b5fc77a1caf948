/**
 * Reads the game catalogue: games, studios, categories and lists, and keyset-paged game
 * connections with restriction filters. Cursors are opaque to clients but are simply the sort key
 * (list position or catalogue idx) of the last edge, so paging stays stable and index-friendly.
 */
import type { Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';

/** A game row as the GraphQL layer uses it. */
export interface GameRow {
  id: string;
  lookupId: string;
  idx: number;
  slug: string;
  name: string;
  studioSlug: string;
  studioName: string;
  studioIsLive: boolean;
  categories: string[];
  rtp: string;
  volatility: string;
  minBetMinor: bigint;
  maxBetMinor: bigint;
  hasBonus: boolean;
  isLiveCasino: boolean;
  isJackpot: boolean;
  isMegaways: boolean;
  playForFun: boolean;
  restrictedLicences: string[];
  restrictedCountries: string[];
  releasedAt: string;
}

/** Where a connection's games come from and in which order. */
export type GameSource =
  | { kind: 'list'; slug: string }
  | { kind: 'studio'; slug: string }
  | { kind: 'category'; slug: string };

/** Who is asking: games restricted for their licence or place are left out. */
export interface GameFilters {
  license: string | null;
  /** Country codes and country-subdivision codes ("CA", "CA-ON") the requester is in. */
  places: string[];
}

/** One page of games with its cursors. */
export interface GamePage {
  edges: { cursor: string; node: GameRow }[];
  hasNextPage: boolean;
  endCursor: string | null;
  totalCount: number;
}

const GAME_COLUMNS = `
  g.id, g.lookup_id, g.idx, g.slug, g.name, g.studio_slug, s.name as studio_name, s.is_live as studio_is_live,
  g.categories, g.rtp::text as rtp, g.volatility, g.min_bet_minor::text as min_bet_minor,
  g.max_bet_minor::text as max_bet_minor, g.has_bonus, g.is_live_casino, g.is_jackpot, g.is_megaways,
  g.play_for_fun, g.restricted_licences, g.restricted_countries, g.released_at`;

interface RawGame {
  id: string; lookup_id: string; idx: number; slug: string; name: string; studio_slug: string; studio_name: string;
  studio_is_live: boolean; categories: string[]; rtp: string; volatility: string; min_bet_minor: string;
  max_bet_minor: string; has_bonus: boolean; is_live_casino: boolean; is_jackpot: boolean; is_megaways: boolean;
  play_for_fun: boolean; restricted_licences: string[]; restricted_countries: string[]; released_at: Date | string;
}

function toGame(raw: RawGame): GameRow {
  return {
    id: raw.id,
    lookupId: raw.lookup_id,
    idx: raw.idx,
    slug: raw.slug,
    name: raw.name,
    studioSlug: raw.studio_slug,
    studioName: raw.studio_name,
    studioIsLive: raw.studio_is_live,
    categories: raw.categories,
    rtp: raw.rtp,
    volatility: raw.volatility,
    minBetMinor: BigInt(raw.min_bet_minor),
    maxBetMinor: BigInt(raw.max_bet_minor),
    hasBonus: raw.has_bonus,
    isLiveCasino: raw.is_live_casino,
    isJackpot: raw.is_jackpot,
    isMegaways: raw.is_megaways,
    playForFun: raw.play_for_fun,
    restrictedLicences: raw.restricted_licences,
    restrictedCountries: raw.restricted_countries,
    releasedAt: new Date(raw.released_at).toISOString(),
  };
}

const CURSOR_PREFIX = 'gc1:';

/** An opaque cursor for a sort key. */
export function encodeCursor(sortKey: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${sortKey}`).toString('base64url');
}

/** The sort key inside a cursor; BadUserInput when the cursor was not issued by this API. */
export function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const key = Number(text.slice(CURSOR_PREFIX.length));
  if (!text.startsWith(CURSOR_PREFIX) || !Number.isSafeInteger(key) || key < 0) {
    throw new PlatformError('BadUserInput', `Cursor "${cursor}" is not valid: pass an endCursor or edge cursor from a previous page`);
  }
  return key;
}

/** Source-specific SQL: the join, the condition on $1 and the sort key. */
function sourceSql(source: GameSource): { from: string; where: string; key: string } {
  switch (source.kind) {
    case 'list':
      return { from: 'game_list_entries e join games g on g.id = e.game_id', where: 'e.list_slug = $1', key: 'e.position' };
    case 'studio':
      return { from: 'games g', where: 'g.studio_slug = $1', key: 'g.idx' };
    case 'category':
      return { from: 'games g', where: '$1 = any(g.categories)', key: 'g.idx' };
  }
}

/** The catalogue queries, bound to a database. */
export interface CatalogueRepository {
  gameBySlug(slug: string): Promise<GameRow | null>;
  /** The games with these ids, in the order of ids (unknown ids are skipped). */
  gamesByIds(ids: readonly string[]): Promise<GameRow[]>;
  /** Every game in catalogue order (search index, feeds). */
  allGames(): Promise<GameRow[]>;
  /** Which of these slugs are games (content validation). */
  existingGameSlugs(slugs: readonly string[]): Promise<Set<string>>;
  gamePage(source: GameSource, options: { first: number; after: number | null; filters: GameFilters }): Promise<GamePage>;
  /** The sort key of a game within a source, for lastShownGameId; null when it is not in it. */
  sortKeyOf(source: GameSource, gameRef: string): Promise<number | null>;
  lists(): Promise<{ slug: string; name: string; kind: string; gameCount: number }[]>;
  list(slug: string): Promise<{ slug: string; name: string; kind: string } | null>;
  studios(): Promise<{ slug: string; name: string; isLive: boolean; gameCount: number }[]>;
  studio(slug: string): Promise<{ slug: string; name: string; isLive: boolean; gameCount: number } | null>;
  categories(): Promise<{ slug: string; name: string; gameCount: number }[]>;
  category(slug: string): Promise<{ slug: string; name: string; gameCount: number } | null>;
}

/** Binds the catalogue queries to db. */
export function createCatalogueRepository(db: Queryable): CatalogueRepository {
  const studiosSql = `
    select s.slug, s.name, s.is_live, count(g.id)::int as game_count
    from studios s left join games g on g.studio_slug = s.slug`;
  const categoriesSql = `
    select c.slug, c.name, (select count(*)::int from games g where c.slug = any(g.categories)) as game_count
    from game_categories c`;
  type StudioRaw = { slug: string; name: string; is_live: boolean; game_count: number };
  type CategoryRaw = { slug: string; name: string; game_count: number };
  const toStudio = (row: StudioRaw) => ({ slug: row.slug, name: row.name, isLive: row.is_live, gameCount: row.game_count });
  const toCategory = (row: CategoryRaw) => ({ slug: row.slug, name: row.name, gameCount: row.game_count });

  return {
    async gameBySlug(slug) {
      const { rows } = await db.query<RawGame>(
        `select ${GAME_COLUMNS} from games g join studios s on s.slug = g.studio_slug where g.slug = $1`,
        [slug],
      );
      return rows[0] ? toGame(rows[0]) : null;
    },

    async gamesByIds(ids) {
      if (ids.length === 0) return [];
      const { rows } = await db.query<RawGame>(
        `select ${GAME_COLUMNS} from games g join studios s on s.slug = g.studio_slug where g.id = any($1::text[])`,
        [ids],
      );
      const byId = new Map(rows.map((row) => [row.id, toGame(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async allGames() {
      const { rows } = await db.query<RawGame>(`select ${GAME_COLUMNS} from games g join studios s on s.slug = g.studio_slug order by g.idx`);
      return rows.map(toGame);
    },

    async existingGameSlugs(slugs) {
      if (slugs.length === 0) return new Set();
      const { rows } = await db.query<{ slug: string }>('select slug from games where slug = any($1::text[])', [slugs]);
      return new Set(rows.map((row) => row.slug));
    },

    async gamePage(source, { first, after, filters }) {
      const { from, where, key } = sourceSql(source);
      const filterSql = `
        and ($2::text is null or not ($2::text = any(g.restricted_licences)))
        and not (g.restricted_countries && $3::text[])`;
      const params = [source.slug, filters.license, filters.places];
      const [page, count] = await Promise.all([
        first === 0
          ? Promise.resolve({ rows: [] as (RawGame & { sort_key: number })[] })
          : db.query<RawGame & { sort_key: number }>(
              `select ${GAME_COLUMNS}, ${key} as sort_key
               from ${from} join studios s on s.slug = g.studio_slug
               where ${where} ${filterSql} and ${key} > $4
               order by ${key} limit $5`,
              [...params, after ?? 0, first + 1],
            ),
        db.query<{ total: number; after_key: number }>(
          `select count(*)::int as total, count(*) filter (where ${key} > $4)::int as after_key
           from ${from} where ${where} ${filterSql}`,
          [...params, after ?? 0],
        ),
      ]);
      const rows = page.rows.slice(0, first);
      const edges = rows.map((row) => ({ cursor: encodeCursor(row.sort_key), node: toGame(row) }));
      const remaining = count.rows[0]?.after_key ?? 0;
      return {
        edges,
        hasNextPage: first === 0 ? remaining > 0 : page.rows.length > first,
        endCursor: edges.at(-1)?.cursor ?? null,
        totalCount: count.rows[0]?.total ?? 0,
      };
    },

    async sortKeyOf(source, gameRef) {
      const { from, where, key } = sourceSql(source);
      const { rows } = await db.query<{ sort_key: number }>(
        `select ${key} as sort_key from ${from} where ${where} and $2 in (g.id, g.lookup_id, g.slug)`,
        [source.slug, gameRef],
      );
      return rows[0]?.sort_key ?? null;
    },

    async lists() {
      const { rows } = await db.query<{ slug: string; name: string; kind: string; game_count: number }>(
        `select l.slug, l.name, l.kind, count(e.game_id)::int as game_count
         from game_lists l left join game_list_entries e on e.list_slug = l.slug
         group by l.slug order by l.idx`,
      );
      return rows.map((row) => ({ slug: row.slug, name: row.name, kind: row.kind, gameCount: row.game_count }));
    },

    async list(slug) {
      const { rows } = await db.query<{ slug: string; name: string; kind: string }>(
        'select slug, name, kind from game_lists where slug = $1',
        [slug],
      );
      return rows[0] ?? null;
    },

    async studios() {
      const { rows } = await db.query<StudioRaw>(`${studiosSql} group by s.slug order by s.idx`);
      return rows.map(toStudio);
    },

    async studio(slug) {
      const { rows } = await db.query<StudioRaw>(`${studiosSql} where s.slug = $1 group by s.slug`, [slug]);
      return rows[0] ? toStudio(rows[0]) : null;
    },

    async categories() {
      const { rows } = await db.query<CategoryRaw>(`${categoriesSql} order by c.idx`);
      return rows.map(toCategory);
    },

    async category(slug) {
      const { rows } = await db.query<CategoryRaw>(`${categoriesSql} where c.slug = $1`, [slug]);
      return rows[0] ? toCategory(rows[0]) : null;
    },
  };
}
