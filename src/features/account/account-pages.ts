/**
 * The account routes' feature pages: /profile/ (the dashboard), its sub-pages other than the two
 * payment histories (the cashier's), /additional-information/ and /source-of-wealth/. Each renders
 * in the account frame: the dashboard, the protection tools (limits with a break, global limits,
 * self-exclusion), the source-of-wealth declaration, the game and session histories, the personal
 * info form (/additional-information/), and for the pages not built yet a note that says so and
 * offers the ways on.
 */
import { routePage, type RoutePage } from '../route-page.ts';
import { PROFILE_SUBPAGES } from '../../routes.ts';
import AccountPage from './AccountPage.astro';
import { profileRouteId } from './account-sections.ts';

/** What an account page shows. */
export interface AccountPageData {
  routeId: string;
  kind: 'dashboard' | 'documents' | 'limits' | 'global-limits' | 'self-exclusion' | 'source-of-wealth' | 'game-history' | 'session-history' | 'rewards-history' | 'personal-info' | 'soon';
}

/** The profile sub-pages another feature renders (the cashier's payment histories). */
const BUILT_ELSEWHERE = new Set(['deposit-history', 'withdrawal-history']);

/** The protection tools' pages (features/protection). */
const PROTECTION: Partial<Record<string, AccountPageData['kind']>> = { documents: 'documents', limits: 'limits', 'global-limits': 'global-limits', 'self-exclusion': 'self-exclusion' };

/** The player's own histories (features/history; the rewards history is features/rewards'). */
const HISTORIES: Partial<Record<string, AccountPageData['kind']>> = { 'game-history': 'game-history', 'session-history': 'session-history', 'rewards-history': 'rewards-history' };

const page = (routeId: string, kind: AccountPageData['kind']) => {
  const data: AccountPageData = { routeId, kind };
  return routePage<AccountPageData>({ load: async () => ({ data }), component: AccountPage });
};

/** Route id → account page. */
export const ACCOUNT_ROUTE_PAGES: Record<string, RoutePage> = Object.fromEntries([
  ['profile', page('profile', 'dashboard')],
  ...PROFILE_SUBPAGES.filter((section) => !BUILT_ELSEWHERE.has(section)).map((section) => [
    profileRouteId(section),
    page(profileRouteId(section), section === 'dashboard' ? 'dashboard' : (PROTECTION[section] ?? HISTORIES[section] ?? 'soon')),
  ]),
  ['additional-information', page('additional-information', 'personal-info')],
  ['source-of-wealth', page('source-of-wealth', 'source-of-wealth')],
]);
