/**
 * The weekly cashback island (/cashback/): the brand's percentage, this ISO week's net casino losses
 * so far and the cashback they would make (read when the page opens), and the past weeks' payouts,
 * each a reward the player claims on the rewards page.
 */
import { useState } from 'react';
import { formatDate } from '../../i18n/dates.ts';
import { fillText as fill } from '../../i18n/fill.ts';
import { formatCurrency } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { WeeklyCashbackDocument, type WeeklyCashbackQuery } from '../../lib/graphql/generated/player.ts';
import { playerRequest } from '../session/player-call.ts';
import { usePlayerRead } from '../session/use-player-read.ts';
import type { CashbackTexts } from './texts.ts';

type Cashback = NonNullable<NonNullable<WeeklyCashbackQuery['viewer']>['cashback']>;

/** The cashback panel. */
export default function CashbackPanel({ locale, texts, rewardsHref, signInHref }: { locale: Locale; texts: CashbackTexts; rewardsHref: string; signInHref: string }) {
  const [cashback, setCashback] = useState<Cashback | null | 'closed'>(null);
  const failure = usePlayerRead(() => playerRequest(WeeklyCashbackDocument, { locale }), (data) => {
    if (!data.viewer) return 'signIn';
    setCashback(data.viewer.cashback ?? 'closed');
  }, [locale]);

  if (failure === 'signIn') return <p><a href={signInHref}>{texts.signIn}</a></p>;
  if (failure === 'load') return <p role="alert">{texts.loadError}</p>;
  if (cashback === null) return <p aria-busy="true">{texts.loading}</p>;
  if (cashback === 'closed') return <p>{texts.closed}</p>;

  const money = (amount: string) => formatCurrency(amount, cashback.currency, locale);
  const day = (iso: string) => formatDate(iso, locale, { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <div className="cashback" data-testid="cashback">
      <p className="cashback__intro">{fill(texts.intro, { percent: cashback.percent })}</p>
      <section className="cashback__week" aria-labelledby="cashback-week">
        <h2 id="cashback-week">{fill(texts.thisWeek, { date: day(cashback.weekStart) })}</h2>
        <dl>
          <div><dt>{texts.losses}</dt><dd data-testid="cashback-losses">{money(cashback.losses)}</dd></div>
          <div><dt>{texts.running}</dt><dd data-testid="cashback-running">{money(cashback.running)}</dd></div>
        </dl>
      </section>
      <section aria-labelledby="cashback-payouts">
        <h2 id="cashback-payouts">{texts.payouts}</h2>
        {cashback.payouts.length === 0 ? <p>{texts.noPayouts}</p> : (
          <ul className="cashback__payouts">
            {cashback.payouts.map((payout) => (
              <li key={payout.assignationId}>{fill(texts.payout, { date: day(payout.assignedAt), amount: money(payout.amount) })}</li>
            ))}
          </ul>
        )}
        <p><a href={rewardsHref}>{texts.rewardsLink}</a></p>
      </section>
    </div>
  );
}
