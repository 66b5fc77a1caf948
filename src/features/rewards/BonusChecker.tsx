/**
 * The bonus checker (the BonusChecker toggle; overlay variant bonus-checker, which Escape does not
 * close, spec section 4): the bonus balance and, for each Active bonus, how much is left to wager
 * before it turns into cash. It closes with its Done button or the dialog's labelled close button,
 * both reachable by Tab; the figures follow `$wallet` and `$bonuses` live while it is open.
 */
import { useStore } from '@nanostores/react';
import type { Locale } from '../../i18n/locales.ts';
import { closeOverlay } from '../overlay/store.ts';
import { formatMoney } from '../wallet/Balance.tsx';
import { $wallet } from '../wallet/wallet-store.ts';
import { $bonuses } from './bonuses-store.ts';
import BonusProgress from './BonusProgress.tsx';
import type { RewardsTexts } from './texts.ts';

/** The checker's body inside the overlay. */
export default function BonusChecker({ locale, texts }: { locale: Locale; texts: RewardsTexts }) {
  const { wallet } = useStore($wallet);
  const { status, bonuses } = useStore($bonuses);
  return (
    <div className="bonus-checker" data-testid="bonus-checker">
      <p>{texts['rewards.checkerIntro']}</p>
      {wallet && (
        <p className="bonus-checker__balance">
          {texts['account.bonus']}: <strong>{formatMoney(wallet.bonusBalance, wallet.currency, locale)}</strong>
        </p>
      )}
      {status === 'LOADING' && <p role="status" aria-busy="true">{texts['common.loading']}</p>}
      {status !== 'LOADING' && bonuses.length === 0 && <p>{texts['rewards.bonusesEmpty']}</p>}
      {bonuses.length > 0 && (
        <ul className="bonus-checker__list">
          {bonuses.map((bonus) => (
            <li key={bonus.id}>
              <h3>{bonus.name}</h3>
              <BonusProgress bonus={bonus} locale={locale} texts={texts} />
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button" onClick={closeOverlay}>{texts['rewards.checkerDone']}</button>
    </div>
  );
}
