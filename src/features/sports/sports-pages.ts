/** The sports routes' feature pages, for `src/features/route-pages.ts`. */
import { routePage, type RoutePage } from '../route-page.ts';
import SportsPage from './SportsPage.astro';
import { loadSportsPage } from './sports-page.server.ts';

/** Route id → feature page: /sports/ frames the sportsbook (more-casinos is features/more-casinos/). */
export const SPORTS_ROUTE_PAGES: Record<string, RoutePage> = {
  sports: routePage({ load: loadSportsPage, component: SportsPage }),
};
