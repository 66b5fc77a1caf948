/**
 * The feature-page registry: route id (from `src/routes.ts`) → the feature page that renders it.
 * A route with no entry renders its page frame and empty state. Features add their entries here.
 */
import { ACCOUNT_ROUTE_PAGES } from './account/account-pages.ts';
import { AUTH_ROUTE_PAGES } from './auth/auth-pages.ts';
import { CALENDAR_ROUTE_PAGES } from './calendar/calendar-page.ts';
import { CASHBACK_ROUTE_PAGES } from './cashback/cashback-page.ts';
import { CASHIER_ROUTE_PAGES } from './cashier/cashier-pages.ts';
import { GAME_ROUTE_PAGES } from './games/games-pages.ts';
import { GAMIFICATION_ROUTE_PAGES } from './gamification/gamification-pages.ts';
import { JACKPOT_ROUTE_PAGES } from './jackpot/pages/jackpot-pages.ts';
import { LEGAL_ROUTE_PAGES } from './legal/legal-pages.ts';
import { lobbyPage } from './lobby/lobby-page.ts';
import { moreCasinosPage } from './more-casinos/more-casinos-page.ts';
import { PROMOTIONS_ROUTE_PAGES } from './promotions/promotions-page.ts';
import { RAFFLE_ROUTE_PAGES } from './raffle/raffle-pages.ts';
import { REWARDS_ROUTE_PAGES } from './rewards/rewards-pages.ts';
import { REWARDS_SHOP_ROUTE_PAGES } from './rewards-shop/rewards-shop-page.ts';
import { SPORTS_ROUTE_PAGES } from './sports/sports-pages.ts';
import type { RoutePage } from './route-page.ts';

/** Route id → its feature page. */
export const ROUTE_PAGES: Partial<Record<string, RoutePage>> = {
  lobby: lobbyPage,
  'more-casinos': moreCasinosPage,
  ...GAME_ROUTE_PAGES,
  ...AUTH_ROUTE_PAGES,
  ...SPORTS_ROUTE_PAGES,
  ...CASHIER_ROUTE_PAGES,
  ...ACCOUNT_ROUTE_PAGES,
  ...LEGAL_ROUTE_PAGES,
  ...JACKPOT_ROUTE_PAGES,
  ...RAFFLE_ROUTE_PAGES,
  ...GAMIFICATION_ROUTE_PAGES,
  ...REWARDS_ROUTE_PAGES,
  ...PROMOTIONS_ROUTE_PAGES,
  ...REWARDS_SHOP_ROUTE_PAGES,
  ...CALENDAR_ROUTE_PAGES,
  ...CASHBACK_ROUTE_PAGES,
};
