/** The cashier's feature pages: the profile's deposit and withdrawal histories. */
import { routePage, type RoutePage } from '../route-page.ts';
import HistoryPage from './HistoryPage.astro';

/** Which history a page shows. */
export interface HistoryPageData {
  kind: 'deposits' | 'withdrawals';
}

const history = (kind: HistoryPageData['kind']) =>
  routePage<HistoryPageData>({ load: async () => ({ data: { kind } }), component: HistoryPage });

/** Route id → history page. */
export const CASHIER_ROUTE_PAGES: Record<string, RoutePage> = {
  'profile-deposit-history': history('deposits'),
  'profile-withdrawal-history': history('withdrawals'),
};
