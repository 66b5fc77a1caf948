/** Registers /promotions/ as a feature page: the brand's promotions from the CMS with their bonus actions. */
import { routePage } from '../route-page.ts';
import PromotionsPage from './PromotionsPage.astro';
import { loadPromotions, type ShownPromotion } from './promotions.server.ts';

/** The promotions route's loader and component; without the platform the page shows its empty state, not an error. */
export const promotionsPage = routePage<{ promotions: ShownPromotion[] }>({
  load: async (ctx) => {
    const promotions = await loadPromotions(ctx).catch((error: unknown) => {
      console.warn(`[lobby] promotions unavailable, rendering the empty page: ${(error as Error).message}`);
      return [];
    });
    return { data: { promotions } };
  },
  component: PromotionsPage,
});

/** The promotions feature's pages by route id. */
export const PROMOTIONS_ROUTE_PAGES = { promotions: promotionsPage };
