/** Registers /more-casinos/ as a feature page: the brand's sister casinos from the CMS. */
import { routePage } from '../route-page.ts';
import MoreCasinosPage from './MoreCasinosPage.astro';
import { loadMoreCasinos, type SisterCasino } from './more-casinos.server.ts';

/** The more-casinos route's loader and component; without the platform the page shows its empty state, not an error. */
export const moreCasinosPage = routePage<{ casinos: SisterCasino[] }>({
  load: async (ctx) => {
    const casinos = await loadMoreCasinos(ctx).catch((error: unknown) => {
      console.warn(`[lobby] more casinos unavailable, rendering the empty page: ${(error as Error).message}`);
      return [];
    });
    return { data: { casinos } };
  },
  component: MoreCasinosPage,
});
