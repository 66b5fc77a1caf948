/**
 * Registers /loyalty-program/, /missions/ and /tournaments/ as feature pages. When the server's half
 * of the rule fails (the Gamification toggle, the preferences and analytics consent, the provider's
 * settings enabled with a client id: enablement.ts), each is a 404 (spec section 5: the page renders
 * nothing when disabled; the not-found page leads home). The player's half is the browser's
 * (gamification-client.ts). A platform that cannot answer shows the page frame's empty state.
 */
import { routePage } from '../route-page.ts';
import type { PageContext } from '../page-context/page-context.server.ts';
import { loadGamificationGate, loadLoyaltyPage, serverOffReason, type LoyaltyPage as LoyaltyContent } from './gamification.server.ts';
import LoyaltyPage from './LoyaltyPage.astro';
import WidgetPage from './WidgetPage.astro';

/** What every gamification page needs for the browser's half. */
interface GatedPageData {
  clientId: string;
  providerPath: string;
  widgetOrigin: string | null;
}

/** What /missions/ and /tournaments/ render from. */
export interface WidgetPageData extends GatedPageData {
  view: 'missions' | 'tournaments';
}

/** What /loyalty-program/ renders from. */
export interface LoyaltyPageData extends GatedPageData {
  page: LoyaltyContent;
}

/** The server's half of the rule: the page's data, null (404) when off, or 'unavailable' when the platform cannot say. */
async function gated(ctx: PageContext): Promise<GatedPageData | null | 'unavailable'> {
  const gate = await loadGamificationGate(ctx).catch((error: unknown) => {
    console.warn(`[gamification] settings unavailable, rendering the empty page: ${(error as Error).message}`);
    return 'unavailable' as const;
  });
  if (gate === 'unavailable') return gate;
  if (serverOffReason(ctx, gate) !== null || !gate.gamificationSettings) return null;
  return { clientId: gate.gamificationSettings.clientId, providerPath: gate.gamificationSettings.providerPath, widgetOrigin: gate.lobbySettings.gameServerOrigin };
}

function widgetPage(view: WidgetPageData['view']) {
  return routePage<WidgetPageData | 'unavailable'>({
    load: async (ctx) => {
      const data = await gated(ctx);
      if (data === null || data === 'unavailable') return data && { data };
      return { data: { ...data, view } };
    },
    component: WidgetPage,
  });
}

/** /loyalty-program/: the loyalty page's content and the browser's half of the rule. */
export const loyaltyPage = routePage<LoyaltyPageData | 'unavailable'>({
  load: async (ctx) => {
    const data = await gated(ctx);
    if (data === null || data === 'unavailable') return data && { data };
    const page = await loadLoyaltyPage(ctx).catch((error: unknown) => {
      console.warn(`[gamification] loyalty page unavailable, rendering the empty page: ${(error as Error).message}`);
      return 'unavailable' as const;
    });
    if (page === 'unavailable') return { data: page };
    if (!page?.enabled) return null;
    return { heroImage: { mobile: page.images.background, desktop: page.images.backgroundDesktop }, data: { ...data, page } };
  },
  component: LoyaltyPage,
});

/** The gamification feature's pages by route id. */
export const GAMIFICATION_ROUTE_PAGES = { 'loyalty-program': loyaltyPage, missions: widgetPage('missions'), tournaments: widgetPage('tournaments') };
