/**
 * A bonus's wagering progress: a labelled progress bar and the figures (percent, staked of needed),
 * shared by the bonus cards on /rewards/ and the bonus checker.
 */
import { useId } from 'react';
import { fillText } from '../../i18n/fill.ts';
import type { Locale } from '../../i18n/locales.ts';
import { formatMoney } from '../wallet/Balance.tsx';
import type { Bonus } from './bonuses-store.ts';
import type { RewardsTexts } from './texts.ts';

/** The wagering progress of one bonus. */
export default function BonusProgress({ bonus, locale, texts }: { bonus: Bonus; locale: Locale; texts: RewardsTexts }) {
  const labelId = useId();
  return (
    <div className="bonus-progress">
      <span id={labelId}>{texts['rewards.wageringProgress']}</span>
      <progress max={100} value={bonus.wageringProgress} aria-labelledby={labelId} data-testid="wagering-progress">{bonus.wageringProgress}%</progress>
      <span className="bonus-progress__figures">
        {bonus.wageringProgress}% · {fillText(texts['rewards.wagered'], { wagered: formatMoney(bonus.wagered, bonus.currency, locale), required: formatMoney(bonus.wageringRequirement, bonus.currency, locale) })}
      </span>
    </div>
  );
}
