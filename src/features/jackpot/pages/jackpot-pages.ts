/**
 * Registers /jackpot/ and /promotions/jackpots/ as feature pages. Disabled settings (or a brand
 * without them) make both a 404 (spec section 5: the page renders nothing when disabled; the
 * not-found page says so and leads home, and the status keeps the empty page out of search
 * engines and caches as gone). A platform that cannot answer shows the page frame's empty state.
 */
import { routePage } from '../../route-page.ts';
import type { PageContext } from '../../page-context/page-context.server.ts';
import JackpotPage from './JackpotPage.astro';
import JackpotTermsPage from './JackpotTermsPage.astro';
import { loadJackpotPages, loadLeaderboard, type JackpotPageSettings } from './jackpot-pages.server.ts';
import type { LeaderboardData } from './leaderboard/JackpotLeaderboard.tsx';

/**
 * The id of the element the jackpot opt-in control mounts into on /jackpot/ (its
 * `data-instance-id` names the brand's jackpot instance, empty when the jackpot is off).
 */
export const JACKPOT_OPT_IN_MOUNT_ID = 'jackpot-opt-in';

/** What /jackpot/ renders from. */
export interface JackpotPageData {
  settings: JackpotPageSettings;
  instanceId: string | null;
  leaderboard: LeaderboardData | null;
}

/** What /promotions/jackpots/ renders from. */
export interface JackpotTermsData { termsAndConditions: string }

const unavailable = (what: string) => (error: unknown) => {
  console.warn(`[jackpot] ${what} unavailable, rendering the empty page: ${(error as Error).message}`);
  return 'unavailable' as const;
};

async function enabledSettings(ctx: PageContext) {
  const pages = await loadJackpotPages(ctx).catch(unavailable('jackpot page settings'));
  if (pages === 'unavailable') return pages;
  return pages.settings?.enabled ? { ...pages, settings: pages.settings } : null;
}

/** /jackpot/: its settings, the jackpot instance and the leaderboard's first answer. */
export const jackpotPage = routePage<JackpotPageData | 'unavailable'>({
  load: async (ctx) => {
    const pages = await enabledSettings(ctx);
    if (pages === null) return null;
    if (pages === 'unavailable') return { data: pages };
    const leaderboard = pages.instanceId
      ? await loadLeaderboard(ctx, pages.instanceId).catch((error: unknown) => {
        console.warn(`[jackpot] leaderboard left out of the render: ${(error as Error).message}`);
        return null;
      })
      : null;
    const [first] = pages.settings.titleRows;
    return {
      title: first?.trim() || undefined,
      heroImage: { mobile: pages.settings.mobileImage, desktop: pages.settings.desktopImage },
      data: { settings: pages.settings, instanceId: pages.instanceId, leaderboard },
    };
  },
  shown: async (ctx) => (await enabledSettings(ctx)) !== null,
  component: JackpotPage,
});

/** /promotions/jackpots/: the terms of the jackpot page's settings. */
export const jackpotTermsPage = routePage<JackpotTermsData | 'unavailable'>({
  load: async (ctx) => {
    const pages = await enabledSettings(ctx);
    if (pages === null) return null;
    if (pages === 'unavailable') return { data: pages };
    return { data: { termsAndConditions: pages.settings.termsAndConditions } };
  },
  shown: async (ctx) => (await enabledSettings(ctx)) !== null,
  component: JackpotTermsPage,
});

/** The jackpot feature's pages by route id. */
export const JACKPOT_ROUTE_PAGES = { jackpot: jackpotPage, 'jackpot-terms': jackpotTermsPage };
