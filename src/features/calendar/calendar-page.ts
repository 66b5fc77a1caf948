/** Registers /christmas-2024/ as a feature page: the frame is static, the island reads the player's doors. */
import { routePage } from '../route-page.ts';
import CalendarPage from './CalendarPage.astro';

/** The countdown calendar's pages by route id. */
export const CALENDAR_ROUTE_PAGES = {
  'christmas-2024': routePage<null>({ load: async () => ({ data: null }), component: CalendarPage }),
};
