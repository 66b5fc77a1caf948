/**
 * The player's limits (/profile/limits/ and, under est, /profile/global-limits/): one form per
 * limit the licence offers (shared/licences.ts), what each window has used, a pending increase or
 * removal with the date it starts and a way to keep the current limit, and the latest changes. The
 * platform decides and enforces (players/limits.ts); this page only asks and shows what it answered.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useState } from 'react';
import type { Licence } from '../../../shared/brand-schema.ts';
import { licenceProfile, limitPeriods, type LimitKind, type LimitPeriod } from '../../../shared/licences.ts';
import { fillText } from '../../i18n/fill.ts';
import type { Locale } from '../../i18n/locales.ts';
import { formatDate } from '../../i18n/dates.ts';
import { GraphqlCallError } from '../../lib/graphql-errors.ts';
import { useHydrated } from '../session/use-hydrated.ts';
import { formatMoney } from '../wallet/Balance.tsx';
import { $wallet } from '../wallet/wallet-store.ts';
import { cancelPendingLimit, loadLimits, removeLimit, setLimit, type LimitChange, type PlayerLimit } from './api.ts';
import { formatDuration } from './durations.ts';
import type { LimitsTexts } from './texts.ts';

interface Props {
  locale: Locale;
  licence: Licence;
  /** The kinds this page shows: the limits page everything but GlobalLoss, the global-limits page GlobalLoss. */
  kinds: readonly LimitKind[];
  texts: LimitsTexts;
}

/** A decimal amount as the platform takes it ("100.50"), or null when the text is not one above zero. */
export function limitAmount(text: string): string | null {
  const match = /^\s*(\d{1,12})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const amount = match[2] ? `${match[1]}.${match[2]}` : (match[1] as string);
  return Number(amount) > 0 ? amount : null;
}

/** The limits of the kinds asked for, as the licence offers them. */
function offered(licence: Licence, kinds: readonly LimitKind[]): { kind: LimitKind; period: LimitPeriod | null }[] {
  return kinds.flatMap((kind): { kind: LimitKind; period: LimitPeriod | null }[] => {
    if (kind === 'Session') return licenceProfile(licence).sessionLimitMinutes.length > 0 ? [{ kind, period: null }] : [];
    return limitPeriods(licence, kind).map((period) => ({ kind, period }));
  });
}

/** The limits page. */
export default function PlayerLimits({ locale, licence, kinds, texts }: Props) {
  const hydrated = useHydrated();
  const { wallet } = useStore($wallet);
  const [state, setState] = useState<{ limits: PlayerLimit[]; history: LimitChange[] } | null>(null);
  const [failed, setFailed] = useState(false);
  // Read again after every change: the platform says what is in force, pending and used.
  const reload = useCallback(() => loadLimits().then((loaded) => {
    setState(loaded);
    setFailed(false);
  }, () => setFailed(true)), []);
  useEffect(() => {
    let current = true;
    loadLimits().then((loaded) => current && setState(loaded), () => current && setFailed(true));
    return () => {
      current = false;
    };
  }, []);

  const rows = offered(licence, kinds);
  if (rows.length === 0) return null;
  if (failed && !state) return <p className="player-limits__error" role="alert">{texts.loadError}</p>;
  if (!hydrated || !state || !wallet) return <p className="player-limits player-limits--loading" aria-busy="true">{texts.loading}</p>;

  const money = (amount: string) => formatMoney(amount, wallet.currency, locale);
  const date = (iso: string) => formatDate(new Date(iso), locale, { dateStyle: 'medium', timeStyle: 'short' });
  const coolingOff = licenceProfile(licence).coolingOffHours;
  const byKind = new Map<LimitKind, typeof rows>();
  for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row]);

  return (
    <div className="player-limits" data-testid="player-limits">
      <p>{fillText(texts.intro, { hours: coolingOff })}</p>
      {[...byKind].map(([kind, periods]) => (
        <section key={kind} className="player-limits__kind" aria-labelledby={`limits-${kind}`} data-testid={`limits-${kind}`}>
          <h2 id={`limits-${kind}`}>{texts.kindTitles[kind]}</h2>
          <p>{texts.kindIntros[kind]}</p>
          {periods.map(({ period }) => (
            <LimitForm
              key={period ?? 'session'}
              kind={kind}
              period={period}
              limit={state.limits.find((limit) => limit.kind === kind && limit.period === period) ?? null}
              licence={licence}
              locale={locale}
              currency={wallet.currency}
              money={money}
              date={date}
              texts={texts}
              onChanged={reload}
            />
          ))}
        </section>
      ))}
      <LimitHistory history={state.history.filter((entry) => kinds.includes(entry.kind))} money={money} date={date} locale={locale} texts={texts} />
    </div>
  );
}

interface FormProps {
  kind: LimitKind;
  period: LimitPeriod | null;
  limit: PlayerLimit | null;
  licence: Licence;
  locale: Locale;
  currency: string;
  money: (amount: string) => string;
  date: (iso: string) => string;
  texts: LimitsTexts;
  onChanged: () => Promise<void>;
}

/** One limit: what is in force and used, a pending change, and the form to change it. */
function LimitForm({ kind, period, limit, licence, locale, currency, money, date, texts, onChanged }: FormProps) {
  const ids = useId();
  const session = kind === 'Session';
  const minutesOffered = licenceProfile(licence).sessionLimitMinutes;
  const [value, setValue] = useState(session ? String(limit?.minutes ?? minutesOffered[0] ?? '') : '');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const name = period ? texts.periods[period] : texts.kindTitles.Session;
  const shown = (limitValue: { amount?: string | null; minutes?: number | null }) =>
    session ? formatDuration(limitValue.minutes ?? 0, 'minute', locale) : money(limitValue.amount ?? '0');
  const target = { kind, ...(period ? { period } : {}) };

  const act = async (work: () => Promise<PlayerLimit>, done: (result: PlayerLimit) => string) => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await work();
      setMessage({ text: done(result), error: false });
      await onChanged();
    } catch (error) {
      const kindOfError = error instanceof GraphqlCallError ? error.kind : '';
      setMessage({ text: kindOfError === 'LimitIncreaseBlocked' ? texts.increaseBlocked : texts.saveError, error: true });
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: React.SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amount = session ? null : limitAmount(value);
    if (!session && amount === null) {
      setMessage({ text: texts.amountInvalid, error: true });
      return;
    }
    void act(
      () => setLimit({ ...target, ...(session ? { minutes: Number(value) } : { amount }) }),
      (result) => (result.pendingChange ? fillText(texts.savedPending, { value: shown(result.pendingChange), date: date(result.pendingChange.effectiveAt) }) : fillText(texts.savedNow, { value: shown(result) })),
    );
  };

  return (
    <form className="player-limits__form" onSubmit={submit} noValidate aria-labelledby={`limits-${kind} ${ids}-name`} data-testid={`limit-${kind}-${period ?? 'Session'}`}>
      <h3 id={`${ids}-name`}>{name}</h3>
      <p className="player-limits__current">
        {limit ? fillText(texts.current, { value: shown(limit) }) : texts.none}
        {limit?.used && limit.remaining && <> · {fillText(texts.usage, { used: money(limit.used), remaining: money(limit.remaining) })}</>}
      </p>
      {limit?.pendingChange && (
        <p className="player-limits__pending" data-testid="limit-pending">
          {limit.pendingChange.removal
            ? fillText(texts.pendingRemoval, { date: date(limit.pendingChange.effectiveAt) })
            : fillText(texts.pendingIncrease, { value: shown(limit.pendingChange), date: date(limit.pendingChange.effectiveAt) })}{' '}
          <button type="button" className="button button--small button--secondary" disabled={busy}
            onClick={() => void act(() => cancelPendingLimit(target), (result) => fillText(texts.cancelled, { value: shown(result) }))}>
            {texts.keepCurrent}
          </button>
        </p>
      )}
      <div className="player-limits__fields">
        <label htmlFor={`${ids}-value`}>{session ? texts.minutesLabel : fillText(texts.amountLabel, { currency })}</label>
        {session ? (
          <select id={`${ids}-value`} value={value} onChange={(event) => setValue(event.target.value)}>
            {minutesOffered.map((minutes) => <option key={minutes} value={minutes}>{formatDuration(minutes, 'minute', locale)}</option>)}
          </select>
        ) : (
          <input id={`${ids}-value`} inputMode="decimal" autoComplete="off" maxLength={100} value={value} onChange={(event) => setValue(event.target.value)}
            aria-invalid={message?.error ? true : undefined} aria-describedby={message ? `${ids}-message` : undefined} />
        )}
        <button type="submit" className="button button--small" disabled={busy}>{texts.save}</button>
        {limit && !limit.pendingChange?.removal && (
          <button type="button" className="button button--small button--secondary" disabled={busy}
            onClick={() => void act(() => removeLimit(target), (result) => fillText(texts.removedPending, { date: date(result.pendingChange?.effectiveAt ?? new Date().toISOString()) }))}>
            {texts.remove}
          </button>
        )}
      </div>
      <p id={`${ids}-message`} className={message?.error ? 'player-limits__message player-limits__message--error' : 'player-limits__message'} role="status">
        {message?.text}
      </p>
    </form>
  );
}

/** The latest changes the player asked for. */
function LimitHistory({ history, money, date, locale, texts }: { history: LimitChange[]; money: (amount: string) => string; date: (iso: string) => string; locale: Locale; texts: LimitsTexts }) {
  const value = (entry: LimitChange, raw: string | null) => (raw === null ? '' : entry.kind === 'Session' ? formatDuration(Number(raw), 'minute', locale) : money(raw));
  return (
    <section className="player-limits__history" aria-labelledby="limits-history">
      <h2 id="limits-history">{texts.historyTitle}</h2>
      {history.length === 0 ? (
        <p>{texts.historyEmpty}</p>
      ) : (
        <div className="table-scroll">
          <table data-testid="limit-history">
            <thead>
              <tr><th scope="col">{texts.historyDate}</th><th scope="col">{texts.historyLimit}</th><th scope="col">{texts.historyChange}</th><th scope="col">{texts.historyEffective}</th></tr>
            </thead>
            <tbody>
              {history.map((entry, index) => (
                <tr key={index}>
                  <td>{date(entry.createdAt)}</td>
                  <td>{entry.period ? `${texts.kindTitles[entry.kind]} · ${texts.periods[entry.period]}` : texts.kindTitles[entry.kind]}</td>
                  <td>{fillText(texts.actions[entry.action], { value: value(entry, entry.value) })}</td>
                  <td>{date(entry.effectiveAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
