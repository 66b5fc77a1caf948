/** The cashback page's texts, translated on the server so the island receives strings only. */
import type { Translate } from '../../i18n/translate.ts';

/** Every text of the cashback island ({placeholders} filled in the browser). */
export interface CashbackTexts {
  intro: string;
  thisWeek: string;
  losses: string;
  running: string;
  payouts: string;
  noPayouts: string;
  payout: string;
  loading: string;
  loadError: string;
  closed: string;
  signIn: string;
  rewardsLink: string;
}

/** The cashback texts in the page's locale. */
export function cashbackTexts(t: Translate): CashbackTexts {
  return {
    intro: t('cashback.intro'), thisWeek: t('cashback.thisWeek'), losses: t('cashback.losses'), running: t('cashback.running'),
    payouts: t('cashback.payouts'), noPayouts: t('cashback.noPayouts'), payout: t('cashback.payout'), loading: t('cashback.loading'),
    loadError: t('cashback.loadError'), closed: t('cashback.closed'), signIn: t('empty.signIn'), rewardsLink: t('shop.rewardsLink'),
  };
}
