/**
 * The account routes' feature pages: /profile/ (the dashboard), its sub-pages other than the two
 * payment histories (the cashier's), /additional-information/ and /source-of-wealth/. Each renders
 * in the account frame: the dashboard, the protection tools (limits with a break, global limits,
 * self-exclusion), the personal info form (/additional-information/), and for the pages not built
 * yet a note that says so and offers the ways on.
 */
import type { MessageKey } from '../../i18n/messages.ts';
import { routePage, type RoutePage } from '../route-page.ts';
import { PROFILE_SUBPAGES } from '../../routes.ts';
import AccountPage from './AccountPage.astro';
import { profileRouteId } from './account-sections.ts';

/** What an account page shows. */
export interface AccountPageData {
  routeId: string;
  kind: 'dashboard' | 'documents' | 'limits' | 'global-limits' | 'self-exclusion' | 'personal-info' | 'soon';
  /** What the page is for, when the player is sent to it to do something (documents, source of wealth). */
  introKey?: MessageKey;
}

/** The profile sub-pages another feature renders (the cashier's payment histories). */
const BUILT_ELSEWHERE = new Set(['deposit-history', 'withdrawal-history']);

const INTROS: Partial<Record<string, MessageKey>> = {
  'source-of-wealth': 'profile.sourceOfWealth.intro',
};

/** The protection tools' pages (features/protection). */
const PROTECTION: Partial<Record<string, AccountPageData['kind']>> = { documents: 'documents', limits: 'limits', 'global-limits': 'global-limits', 'self-exclusion': 'self-exclusion' };

const page = (routeId: string, kind: AccountPageData['kind']) => {
  const introKey = INTROS[routeId];
  const data: AccountPageData = { routeId, kind, ...(introKey ? { introKey } : {}) };
  return routePage<AccountPageData>({ load: async () => ({ data }), component: AccountPage });
};

/** Route id → account page. */
export const ACCOUNT_ROUTE_PAGES: Record<string, RoutePage> = Object.fromEntries([
  ['profile', page('profile', 'dashboard')],
  ...PROFILE_SUBPAGES.filter((section) => !BUILT_ELSEWHERE.has(section)).map((section) => [
    profileRouteId(section),
    page(profileRouteId(section), section === 'dashboard' ? 'dashboard' : (PROTECTION[section] ?? 'soon')),
  ]),
  ['additional-information', page('additional-information', 'personal-info')],
  ['source-of-wealth', page('source-of-wealth', 'soon')],
]);
