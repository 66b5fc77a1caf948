/**
 * Registers /raffle/ as a feature page. Disabled raffle settings (or a brand without them) make it
 * a 404 (spec section 5: the page renders nothing when disabled; the not-found page leads home);
 * a platform that cannot answer shows the page frame's empty state.
 */
import { routePage } from '../route-page.ts';
import RafflePage from './RafflePage.astro';
import { loadRaffleDrops, loadRaffleSettings, loadRaffleWinners, raffleSocketConfig, type RaffleDropCard, type RaffleSettings } from './raffle.server.ts';
import type { ShownRaffleWinner } from './raffle-rules.ts';

/** What /raffle/ renders from. */
export interface RafflePageData {
  settings: RaffleSettings;
  drops: RaffleDropCard[];
  winners: ShownRaffleWinner[];
  /** The jackpot socket of a signed-in player's tickets, or null when the brand has no jackpot operator. */
  socket: ReturnType<typeof raffleSocketConfig>;
}

const leftOut = <T>(what: string, fallback: T) => (error: unknown): T => {
  console.warn(`[raffle] ${what} left out of the render: ${(error as Error).message}`);
  return fallback;
};

/** /raffle/: its settings, the current drops and the last winners. */
export const rafflePage = routePage<RafflePageData | 'unavailable'>({
  load: async (ctx) => {
    const settings = await loadRaffleSettings(ctx).catch(leftOut('raffle settings', 'unavailable' as const));
    if (settings === 'unavailable') return { data: settings };
    if (!settings?.enabled) return null;
    const [drops, winners] = await Promise.all([
      loadRaffleDrops(ctx).catch(leftOut('raffle drops', [])),
      loadRaffleWinners(ctx).catch(leftOut('raffle winners', [])),
    ]);
    return {
      heroImage: { mobile: settings.pageMobileBackgroundImage, desktop: settings.pageDesktopBackgroundImage },
      data: { settings, drops, winners, socket: raffleSocketConfig(ctx, settings) },
    };
  },
  // A platform that cannot answer keeps the link: the page then shows its empty state, not a 404.
  shown: async (ctx) => {
    const settings = await loadRaffleSettings(ctx).catch(() => 'unavailable' as const);
    return settings === 'unavailable' || settings?.enabled === true;
  },
  component: RafflePage,
});

/** The raffle feature's pages by route id. */
export const RAFFLE_ROUTE_PAGES = { raffle: rafflePage };
