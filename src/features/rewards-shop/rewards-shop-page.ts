/** Registers /rewards-shop/ as a feature page: the frame is static, the island reads the player's shop. */
import { routePage } from '../route-page.ts';
import RewardsShopPage from './RewardsShopPage.astro';

/** The rewards shop's pages by route id. */
export const REWARDS_SHOP_ROUTE_PAGES = {
  'rewards-shop': routePage<null>({ load: async () => ({ data: null }), component: RewardsShopPage }),
};
