/**
 * Loaders of the games routes (registered in `src/features/route-pages.ts`): the games page, the
 * indexes of lists, categories and studios, and the paged grids of one list (also the ten fixed
 * list routes), one category and one studio. A slug the catalogue does not know, or the bonus
 * list where the brand offers no bonus, loads as null: the not-found page.
 */
import type { MessageKey } from '../../i18n/messages.ts';
import { routePath } from '../../paths.ts';
import type { LoadedPage } from '../route-page.ts';
import type { PageContext } from '../page-context/page-context.server.ts';
import { isFixedGameList } from './game-paths.ts';
import {
  isListHidden, loadCatalogue, loadGamePage,
  type GameCategorySummary, type GameListSummary, type StudioSummary,
} from './games.server.ts';
import { gamesThroughPage, pagingFor, parsePageParam, type GridPaging } from './paging.ts';
import type { GameSlice, GameSource } from './types.ts';
import { searchGamesOnServer, type ServerSearch } from '../search/search.server.ts';

/** The games page: every list as a rail, and the categories to browse by. */
export interface GamesIndexData {
  lists: GameListSummary[];
  categories: GameCategorySummary[];
  /** The page's own search (`?q=`), which also serves players without JavaScript; null without a query. */
  search: ServerSearch | null;
}

/** A link up the breadcrumb. */
export interface Crumb {
  href: string;
  label: string;
}

/** A paged grid page: a list's, a category's or a studio's games. */
export interface GameGridPageData {
  title: string;
  source: GameSource;
  slice: GameSlice;
  page: number;
  paging: GridPaging;
  /** The route the page answers on, for its `?page=` links. */
  pageRoute: { id: string; slug?: string };
  /** The index page above this one. */
  parent: Crumb;
  /** The studio's logo. */
  imageUrl?: string;
}

/** Fixed lists are titled with their translated name; editorial lists and categories by the platform's (in the page's locale), studios by their own. */
function listTitle(ctx: PageContext, slug: string, platformName: string): string {
  return isFixedGameList(slug) ? ctx.t(`gameList.${slug}` as MessageKey) : platformName;
}

/** Every list, category and studio page links up to its index. */
function parentOf(ctx: PageContext, kind: GameSource['kind']): Crumb {
  const id = kind === 'list' ? 'game-lists' : kind === 'studio' ? 'game-studios' : 'game-categories';
  return { href: routePath(ctx.paths, id), label: ctx.t(`page.${id}.title` as MessageKey) };
}

/**
 * The games page leads with what players open most (hot, new, popular, slots, live), then the
 * rest; lists the platform adds later follow in the platform's order.
 */
const GAMES_PAGE_ORDER = [
  'hot-games', 'new', 'popular', 'slots', 'live-casino', 'jackpots', 'megaways', 'recommended', 'table-games', 'blackjack',
  'roulette', 'staff-picks', 'bonus',
];

/** Sorts lists for the games page: known lists in GAMES_PAGE_ORDER, others after them as the platform lists them. */
export function orderForGamesPage<L extends { slug: string }>(lists: readonly L[]): L[] {
  const rank = (slug: string) => {
    const index = GAMES_PAGE_ORDER.indexOf(slug);
    return index === -1 ? GAMES_PAGE_ORDER.length : index;
  };
  // Array.prototype.sort is stable, so unknown lists keep the platform's order among themselves.
  return [...lists].sort((a, b) => rank(a.slug) - rank(b.slug));
}

/** Loads the games page; a platform failure renders the page with its empty state rather than an error. */
export async function loadGamesIndex(ctx: PageContext, _slug?: string, url?: URL): Promise<LoadedPage<GamesIndexData>> {
  const query = url?.searchParams.get('q');
  const search = query === null || query === undefined ? null : await searchGamesOnServer(ctx, query);
  try {
    const catalogue = await loadCatalogue(ctx);
    return { data: { lists: orderForGamesPage(catalogue.gameLists), categories: catalogue.gameCategories, search } };
  } catch (error) {
    console.warn(`[games] catalogue unavailable, the games page shows its empty state: ${(error as Error).message}`);
    return { data: { lists: [], categories: [], search } };
  }
}

/** Loads the index of lists. */
export async function loadListsIndex(ctx: PageContext): Promise<LoadedPage<GameListSummary[]>> {
  return { data: (await loadCatalogue(ctx)).gameLists };
}

/** Loads the index of categories. */
export async function loadCategoriesIndex(ctx: PageContext): Promise<LoadedPage<GameCategorySummary[]>> {
  return { data: (await loadCatalogue(ctx)).gameCategories };
}

/** Loads the index of studios. */
export async function loadStudiosIndex(ctx: PageContext): Promise<LoadedPage<StudioSummary[]>> {
  return { data: (await loadCatalogue(ctx)).studios };
}

/** Loads a grid page of a source through `?page=`; null when the source does not exist or is hidden. */
export async function loadGridPage(
  ctx: PageContext,
  source: GameSource,
  url: URL,
  pageRoute: GameGridPageData['pageRoute'],
): Promise<LoadedPage<GameGridPageData> | null> {
  if (source.kind === 'list' && isListHidden(ctx, source.slug)) return null;
  const paging = pagingFor(source);
  const page = parsePageParam(url.searchParams.get('page'), paging);
  const loaded = await loadGamePage(ctx, source, gamesThroughPage(paging, page));
  if (!loaded) return null;
  const title = source.kind === 'list' ? listTitle(ctx, source.slug, loaded.name) : loaded.name;
  return {
    title,
    data: { title, source, slice: loaded.slice, page, paging, pageRoute, parent: parentOf(ctx, source.kind), imageUrl: loaded.imageUrl },
  };
}
