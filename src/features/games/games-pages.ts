/**
 * The games routes' feature pages (loader + component), for `src/features/route-pages.ts`. The ten
 * fixed lists render the same page as /game-list/<slug>/ for their slug.
 */
import { FIXED_GAME_LISTS } from '../../routes.ts';
import { routePage, type RoutePage } from '../route-page.ts';
import GameCategoriesPage from './GameCategoriesPage.astro';
import GameGridPage from './GameGridPage.astro';
import GameListsPage from './GameListsPage.astro';
import GamesPage from './GamesPage.astro';
import GameStudiosPage from './GameStudiosPage.astro';
import GamePage from './game-page/GamePage.astro';
import { loadGamePage } from './game-page/game-page.server.ts';
import {
  loadCategoriesIndex, loadGamesIndex, loadGridPage, loadListsIndex, loadStudiosIndex,
} from './pages.server.ts';

const fixedListPages = Object.fromEntries(
  FIXED_GAME_LISTS.map((listSlug) => [
    `fixed-${listSlug}`,
    routePage({
      load: (ctx, _slug, url) => loadGridPage(ctx, { kind: 'list', slug: listSlug }, url, { id: `fixed-${listSlug}` }),
      component: GameGridPage,
    }),
  ]),
);

/** Route id → feature page for every games route, the game page included. */
export const GAME_ROUTE_PAGES: Record<string, RoutePage> = {
  games: routePage({ load: loadGamesIndex, component: GamesPage }),
  game: routePage({ load: (ctx, slug) => loadGamePage(ctx, slug), component: GamePage }),
  'game-lists': routePage({ load: loadListsIndex, component: GameListsPage }),
  'game-list': routePage({
    load: async (ctx, slug, url) => (slug ? loadGridPage(ctx, { kind: 'list', slug }, url, { id: 'game-list', slug }) : null),
    component: GameGridPage,
  }),
  ...fixedListPages,
  'game-categories': routePage({ load: loadCategoriesIndex, component: GameCategoriesPage }),
  'game-category': routePage({
    load: async (ctx, slug, url) => (slug ? loadGridPage(ctx, { kind: 'category', slug }, url, { id: 'game-category', slug }) : null),
    component: GameGridPage,
  }),
  'game-studios': routePage({ load: loadStudiosIndex, component: GameStudiosPage }),
  'game-studio': routePage({
    load: async (ctx, slug, url) => (slug ? loadGridPage(ctx, { kind: 'studio', slug }, url, { id: 'game-studio', slug }) : null),
    component: GameGridPage,
  }),
};
