/** Registers /cashback/ as a feature page: the frame is static, the island reads the player's cashback. */
import { routePage } from '../route-page.ts';
import CashbackPage from './CashbackPage.astro';

/** The cashback feature's pages by route id. */
export const CASHBACK_ROUTE_PAGES = {
  cashback: routePage<null>({ load: async () => ({ data: null }), component: CashbackPage }),
};
