/**
 * The dashboard's limits at a glance: each limit in force of the kinds the licence offers
 * (shared/licences.ts), with a pending increase or removal and the date it starts, and the way to
 * the limits page. Read from the platform's viewer.limits, the same answer the limits page shows.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Licence } from '../../../shared/brand-schema.ts';
import { licenceProfile, limitPeriods } from '../../../shared/licences.ts';
import { fillText } from '../../i18n/fill.ts';
import type { Locale } from '../../i18n/locales.ts';
import { formatDate } from '../../i18n/dates.ts';
import { loadLimits, type PlayerLimit } from '../protection/api.ts';
import { formatDuration } from '../protection/durations.ts';
import { useHydrated } from '../session/use-hydrated.ts';
import { formatMoney } from '../wallet/Balance.tsx';
import { $wallet } from '../wallet/wallet-store.ts';
import type { GlanceTexts } from './account-texts.ts';

interface Props {
  locale: Locale;
  licence: Licence;
  texts: GlanceTexts;
  limitsPath: string;
}

/** Whether the licence offers a limit of this kind and period. */
function offered(licence: Licence, limit: Pick<PlayerLimit, 'kind' | 'period'>): boolean {
  if (limit.kind === 'Session') return licenceProfile(licence).sessionLimitMinutes.length > 0;
  return limit.period !== null && limitPeriods(licence, limit.kind).includes(limit.period);
}

/** The limits at a glance; nothing under a licence that offers no limits. */
export default function LimitsAtAGlance({ locale, licence, texts, limitsPath }: Props) {
  const hydrated = useHydrated();
  const { wallet } = useStore($wallet);
  const [limits, setLimits] = useState<PlayerLimit[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    loadLimits().then((loaded) => current && setLimits(loaded.limits), () => current && setFailed(true));
    return () => {
      current = false;
    };
  }, []);

  const profile = licenceProfile(licence);
  const anyOffered = profile.depositLimitPeriods.length + profile.lossLimitPeriods.length + profile.globalLossLimitPeriods.length + profile.sessionLimitMinutes.length > 0;
  if (!anyOffered) return null;

  const heading = <h2 id="limits-glance-title">{texts.title}</h2>;
  const manage = <p><a href={limitsPath}>{texts.manage}</a></p>;
  if (failed && !limits) {
    return <section className="account-card" aria-labelledby="limits-glance-title">{heading}<p role="alert">{texts.loadError}</p>{manage}</section>;
  }
  if (!hydrated || !limits || !wallet) {
    return <section className="account-card" aria-labelledby="limits-glance-title" aria-busy="true">{heading}<p>{texts.loading}</p></section>;
  }

  const shown = limits.filter((limit) => offered(licence, limit));
  const date = (iso: string) => formatDate(new Date(iso), locale, { dateStyle: 'medium' });
  const value = (limit: { amount: string | null; minutes: number | null }) =>
    limit.minutes !== null ? formatDuration(limit.minutes, 'minute', locale) : formatMoney(limit.amount ?? '0', wallet.currency, locale);
  return (
    <section className="account-card" aria-labelledby="limits-glance-title" data-testid="limits-at-a-glance">
      {heading}
      {shown.length === 0 ? (
        <p>{texts.none}</p>
      ) : (
        <dl className="account-card__facts">
          {shown.map((limit) => (
            <div key={`${limit.kind}-${limit.period ?? 'session'}`} data-limit={`${limit.kind}-${limit.period ?? 'Session'}`}>
              <dt>{limit.period ? `${texts.kindTitles[limit.kind]} · ${texts.periods[limit.period]}` : texts.kindTitles[limit.kind]}</dt>
              <dd>
                {value(limit)}
                {limit.pendingChange && (
                  <span className="account-card__pending">
                    {limit.pendingChange.removal
                      ? fillText(texts.pendingRemoval, { date: date(limit.pendingChange.effectiveAt) })
                      : fillText(texts.pendingIncrease, { value: value(limit.pendingChange), date: date(limit.pendingChange.effectiveAt) })}
                  </span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {manage}
    </section>
  );
}
