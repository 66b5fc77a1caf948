/**
 * The games feature's platform calls for server renders: list slices for rails, paged grids for
 * list, studio and category pages, and the catalogue's indexes (lists, categories, studios).
 * Answers are cached briefly per brand and per everything that changes them (list, country,
 * subdivision, currency, licence, locale), so a busy lobby asks the platform once per few seconds.
 */
import type { PageContext } from '../page-context/page-context.server.ts';
import { platformQuery, type PlatformCallContext } from '../../lib/graphql.server.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { pickTexts, type Translate } from '../../i18n/translate.ts';
import type { CarouselTexts } from './GameCarousel.tsx';
import { GAME_LIST_SLICE } from './carousel.ts';
import { requestSizes } from './paging.ts';
import { GameCatalogueDocument, type GameCatalogueQuery } from '../../lib/graphql/generated/graphql.ts';
import { fetchSourcePage, toSlice } from './queries.ts';
import type { GameFilters, GameSlice, GameSource } from './types.ts';

/** The catalogue's indexes: its lists (fixed or editorial), categories and studios. */
type CatalogueData = GameCatalogueQuery;

/** A list of the catalogue (fixed or editorial). */
export type GameListSummary = CatalogueData['gameLists'][number];

/** A category of the catalogue. */
export type GameCategorySummary = CatalogueData['gameCategories'][number];

/** A studio of the catalogue. */
export type StudioSummary = CatalogueData['studios'][number];

/** A page of games with the name of the thing they belong to. */
export interface NamedGamePage {
  name: string;
  slice: GameSlice;
  /** The studio's logo, for studio pages. */
  imageUrl?: string;
}

/** Rails and grids change only when the catalogue does; a few seconds keeps them fresh and cheap. */
const SLICE_TTL_MS = 5000;
const catalogueCache = new TtlCache<CatalogueData>({ ttlMs: 30_000, maxEntries: 500 });
const pageCache = new TtlCache<NamedGamePage | null>({ ttlMs: SLICE_TTL_MS, maxEntries: 2000 });

/** The platform-call context of a page render (the filters carry the visitor's country). */
function callFor(ctx: PageContext): PlatformCallContext {
  return { brand: ctx.brand.id, locale: ctx.locale };
}

/** The spec's filters for this visitor: currency, country (subdivision only for CA), licence, locale. */
export function gameFilters(ctx: PageContext): GameFilters {
  const { ipCountryCode, subDivision } = ctx.country;
  return {
    currencyCode: ctx.settings.currency,
    ipCountryCode,
    ...(ipCountryCode === 'CA' && subDivision ? { subDivision } : {}),
    license: ctx.brand.settings.license,
    locale: ctx.locale,
  };
}

/** Whether a list is switched off for this brand: the bonus list where the brand offers no bonus (spec section 5). */
export function isListHidden(ctx: PageContext, slug: string): boolean {
  return slug === 'bonus' && !ctx.brand.settings.bonusEnabled;
}

/** The catalogue's lists (without the ones this brand hides), categories and studios, named in the page's locale. */
export async function loadCatalogue(ctx: PageContext): Promise<CatalogueData> {
  // The platform names lists and categories in the x-locale's language, so each locale has its own entry.
  const data = await catalogueCache.get(`${ctx.brand.id}|${ctx.locale}`, () => platformQuery(GameCatalogueDocument, {}, callFor(ctx)));
  return { ...data, gameLists: data.gameLists.filter((list) => !isListHidden(ctx, list.slug)) };
}

function filtersKey(filters: GameFilters): string {
  return [filters.ipCountryCode, filters.subDivision ?? '', filters.currencyCode, filters.license, filters.locale].join('|');
}

/**
 * The first `count` games of a source (several platform requests of at most 100 when needed),
 * with the source's name; null when the source does not exist.
 */
export function loadGamePage(ctx: PageContext, source: GameSource, count: number): Promise<NamedGamePage | null> {
  const filters = gameFilters(ctx);
  const key = [ctx.brand.id, source.kind, source.slug, count, filtersKey(filters)].join('|');
  return pageCache.get(key, async () => {
    let named: Omit<NamedGamePage, 'slice'> | null = null;
    let slice: GameSlice | null = null;
    let after: string | null = null;
    for (const first of requestSizes(count)) {
      const found = await fetchSourcePage((document, variables) => platformQuery(document, variables, callFor(ctx)), source, filters, first, after);
      if (!found) return null;
      named ??= { name: found.name, imageUrl: found.imageUrl };
      const next = toSlice(found.connection);
      slice = slice ? { ...next, games: [...slice.games, ...next.games] } : next;
      if (!next.hasNextPage) break;
      after = next.endCursor;
    }
    return named && slice ? { ...named, slice } : null;
  });
}

/** A rail's first slice (10 games), or null for an unknown or hidden list. */
export async function loadRailSlice(ctx: PageContext, listOfGamesSlug: string): Promise<NamedGamePage | null> {
  if (isListHidden(ctx, listOfGamesSlug)) return null;
  return loadGamePage(ctx, { kind: 'list', slug: listOfGamesSlug }, GAME_LIST_SLICE);
}

/** The translated texts every game carousel island needs. */
export function carouselTexts(t: Translate): CarouselTexts {
  const texts = pickTexts(t, ['games.previous', 'games.next', 'common.showMoreGames', 'common.loading', 'games.loadFailed']);
  return {
    previous: texts['games.previous'],
    next: texts['games.next'],
    showMore: texts['common.showMoreGames'],
    loading: texts['common.loading'],
    loadFailed: texts['games.loadFailed'],
  };
}
