/** The rewards shop's texts, translated on the server so the island receives strings only. */
import type { Translate } from '../../i18n/translate.ts';

/** Every text of the shop island ({placeholders} filled in the browser). */
export interface RewardsShopTexts {
  intro: string;
  coins: string;
  price: string;
  buy: string;
  bought: string;
  notEnough: string;
  failed: string;
  loading: string;
  loadError: string;
  closed: string;
  signIn: string;
  rewardsLink: string;
}

/** The shop's texts in the page's locale. */
export function rewardsShopTexts(t: Translate): RewardsShopTexts {
  return {
    intro: t('shop.intro'), coins: t('shop.coins'), price: t('shop.price'), buy: t('shop.buy'), bought: t('shop.bought'),
    notEnough: t('shop.notEnough'), failed: t('shop.failed'), loading: t('shop.loading'), loadError: t('shop.loadError'),
    closed: t('shop.closed'), signIn: t('empty.signIn'), rewardsLink: t('shop.rewardsLink'),
  };
}
