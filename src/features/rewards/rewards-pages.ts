/**
 * Registers /rewards/ as a feature page. The list itself is the player's, read in the browser with
 * the player's token (rewards-store.ts), so the server renders only the frame, the texts and what the
 * brand decides: bonusEnabled, the BonusChecker toggle, phone verification for rewards and the
 * licence's full-terms link.
 */
import { routePage, type RoutePage } from '../route-page.ts';
import RewardsPage from './RewardsPage.astro';

/** Route id → rewards page. */
export const REWARDS_ROUTE_PAGES: Record<string, RoutePage> = {
  rewards: routePage<null>({ load: async () => ({ data: null }), component: RewardsPage }),
};
