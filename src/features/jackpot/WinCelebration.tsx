/**
 * The body of the jackpot-win and raffle-win overlays (spec sections 2, 4, 9): the amount counting
 * up over about 10 s (the final amount at once under reduced motion), the celebration image for its
 * loop time (4 s), and Back to game. Jackpot amounts show 2 decimals under 0.5, else none. The
 * balance is not touched here: the wallet store follows the platform's own balance events.
 */
import { useEffect, useState } from 'react';
import { formatCurrency, jackpotWinFractionDigits } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { closeOverlay } from '../overlay/store.ts';
import { countUpValue, JACKPOT_TIMINGS } from './widget-rules.ts';

interface Props {
  locale: Locale;
  amount: string;
  currency: string;
  imageUrl: string;
  text: string;
  back: string;
}

const reducedMotion = () => typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The count-up, the celebration and Back to game. */
export default function WinCelebration({ locale, amount, currency, imageUrl, text, back }: Props) {
  const digits = jackpotWinFractionDigits(amount);
  const [shown, setShown] = useState(() => (reducedMotion() ? countUpValue(amount, 1, 1, digits) : countUpValue(amount, 0, 1, digits)));
  const [celebrating, setCelebrating] = useState(Boolean(imageUrl));

  useEffect(() => {
    const stopImage = setTimeout(() => setCelebrating(false), JACKPOT_TIMINGS.celebrationMs);
    if (reducedMotion()) return () => clearTimeout(stopImage);
    const started = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const elapsed = now - started;
      setShown(countUpValue(amount, elapsed, JACKPOT_TIMINGS.countUpMs, digits));
      if (elapsed < JACKPOT_TIMINGS.countUpMs) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      clearTimeout(stopImage);
      cancelAnimationFrame(frame);
    };
  }, [amount, digits]);

  const final = formatCurrency(countUpValue(amount, 1, 1, digits), currency, locale, { fractionDigits: digits });
  return (
    <div className="win-celebration">
      {celebrating && <img className="win-celebration__image" src={imageUrl} alt="" width="160" height="160" />}
      <p>{text}</p>
      {/* The counting figure is hidden from screen readers; they get the final amount once. */}
      <p className="win-celebration__amount" aria-hidden="true" data-final={shown === countUpValue(amount, 1, 1, digits)}>{formatCurrency(shown, currency, locale, { fractionDigits: digits })}</p>
      <p className="visually-hidden">{final}</p>
      <button type="button" className="button" onClick={() => closeOverlay()}>{back}</button>
    </div>
  );
}
