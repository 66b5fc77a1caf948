/**
 * The jackpot widget's detail panel (spec section 2): the mode buttons (spotlight, leaderboard), the
 * pots or the odds and contribution, the opt-in switch and the contribution choice (a percentage of
 * a 10.00 EUR bet where the operator's settings say so), and the failed state with Reload. Loaded
 * when the player first opens the widget (JackpotWidget.tsx holds the state).
 */
import { useState } from 'react';
import { fillText } from '../../i18n/fill.ts';
import { formatCurrency, formatPercent } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { JackpotPot } from './client/protocol.ts';
import type { JackpotWidgetTexts } from './texts.ts';
import type { WidgetSettings } from './JackpotWidget.tsx';
import { contributionRatio, type OptInStatus, type WidgetMode } from './widget-rules.ts';

interface Props {
  texts: JackpotWidgetTexts;
  locale: Locale;
  mode: WidgetMode;
  onMode(mode: WidgetMode): void;
  pots: JackpotPot[];
  currency: string;
  leaderboardHref: string;
  settings: WidgetSettings | null;
  status: OptInStatus;
  failure: 'error' | 'status' | 'settings' | null;
  contribution: number;
  optOutLine: number;
  onOptIn(optedIn: boolean): void;
  onContribution(value: number): void;
}

/** The panel. */
export default function JackpotPanel({ texts, locale, mode, onMode, pots, currency, leaderboardHref, settings, status, failure, contribution, optOutLine, onOptIn, onContribution }: Props) {
  const [tab, setTab] = useState<'pots' | 'details'>('pots');
  const money = (value: string) => formatCurrency(value, currency, locale);
  const potName = (id: string) => texts[`jackpot.pot.${id}` as keyof JackpotWidgetTexts] ?? id;
  const contributionLabel = (value: number) =>
    settings?.showContributionAsPercentage ? formatPercent(contributionRatio(value), locale, { fractionDigits: contributionRatio(value) < 0.01 ? 1 : 0 }) : formatCurrency(value.toFixed(2), 'EUR', locale);

  return (
    <>
        <div className="jackpot-widget__modes">
          <button type="button" aria-pressed={mode === 'spotlight'} onClick={() => onMode(mode === 'spotlight' ? 'expanded' : 'spotlight')}>{texts['jackpot.widget.spotlight']}</button>
          <a href={leaderboardHref} onClick={() => onMode('leaderboard')}>{texts['jackpot.widget.leaderboard']}</a>
        </div>
        <div role="tablist" aria-label={texts['jackpot.widget.title']} className="jackpot-widget__tabs">
          <button type="button" role="tab" id="jackpot-tab-pots" aria-selected={tab === 'pots'} aria-controls="jackpot-tabpanel" onClick={() => setTab('pots')}>{texts['jackpot.widget.pots']}</button>
          <button type="button" role="tab" id="jackpot-tab-details" aria-selected={tab === 'details'} aria-controls="jackpot-tabpanel" onClick={() => setTab('details')}>{texts['jackpot.widget.details']}</button>
        </div>
        <div role="tabpanel" id="jackpot-tabpanel" aria-labelledby={tab === 'pots' ? 'jackpot-tab-pots' : 'jackpot-tab-details'}>
          {tab === 'pots' ? (
            <dl className="jackpot-widget__pots">
              {pots.filter((pot) => pot.id !== 'total').map((pot) => (
                <div key={pot.id} data-pot={pot.id}>
                  <dt>{potName(pot.id)}</dt>
                  <dd data-value={pot.current_value}>{money(pot.current_value)}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p>{texts['jackpot.widget.odds']}</p>
          )}
        </div>
        {optInControls()}
    </>
  );

  function optInControls() {
    if (failure === 'settings') return <p role="alert">{texts['jackpot.widget.settingsMissing']}</p>;
    if (status === 'failed') {
      return (
        <p role="alert" className="jackpot-widget__failed">
          {failure === 'status' ? texts['jackpot.widget.statusError'] : texts['jackpot.widget.error']}{' '}
          <button type="button" onClick={() => location.reload()}>{texts['jackpot.widget.reload']}</button>
        </p>
      );
    }
    if (!settings) return null;
    return (
      <div className="jackpot-widget__opt-in">
        <label className="jackpot-widget__switch">
          <input type="checkbox" role="switch" checked={status === 'true'} disabled={status === 'loading'} aria-busy={status === 'loading'} onChange={(event) => onOptIn(event.target.checked)} />
          <span>{status === 'loading' ? texts['jackpot.widget.loading'] : texts['jackpot.widget.optIn']}</span>
        </label>
        <label className="jackpot-widget__contribution">
          <span>{texts['jackpot.widget.contribution']}</span>
          <select value={String(contribution)} disabled={status === 'loading'} onChange={(event) => onContribution(Number(event.target.value))}>
            {settings.contributionOptions.map((option) => <option key={option} value={String(option)}>{fillText(texts['jackpot.widget.perBet'], { amount: contributionLabel(option) })}</option>)}
          </select>
        </label>
        {status === 'false' && <p className="jackpot-widget__opt-out">{optOutLine === 0 ? texts['jackpot.widget.optedOut'] : texts['jackpot.widget.optOutHint']}</p>}
      </div>
    );
  }
}
