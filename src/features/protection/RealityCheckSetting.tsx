/**
 * The reality check's interval on the limits page (mga): the player picks one of the licence's
 * intervals; the platform keeps it and the reminders follow it from the next one.
 */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { Licence } from '../../../shared/brand-schema.ts';
import { licenceProfile } from '../../../shared/licences.ts';
import { fillText } from '../../i18n/fill.ts';
import type { Locale } from '../../i18n/locales.ts';
import { $player } from '../session/player-store.ts';
import { useHydrated } from '../session/use-hydrated.ts';
import { setRealityCheckPeriod } from './api.ts';
import { formatDuration } from './durations.ts';

/** Texts of the setting. */
export interface RealityCheckSettingTexts {
  title: string;
  intro: string;
  interval: string;
  save: string;
  saved: string;
  error: string;
}

/** The interval form. */
export default function RealityCheckSetting({ locale, licence, texts }: { locale: Locale; licence: Licence; texts: RealityCheckSettingTexts }) {
  const ids = useId();
  const hydrated = useHydrated();
  const { player } = useStore($player);
  const offered = licenceProfile(licence).realityCheckMinutes;
  const [chosen, setChosen] = useState<number | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  if (offered.length === 0) return null;
  const value = chosen ?? player?.realityCheckPeriod ?? licenceProfile(licence).realityCheckDefault ?? offered[0];

  return (
    <form
      className="take-a-break"
      aria-labelledby={`${ids}-title`}
      data-testid="reality-check-setting"
      onSubmit={(event) => {
        event.preventDefault();
        if (busy || value === undefined) return;
        setBusy(true);
        setRealityCheckPeriod(value).then(
          () => setMessage({ text: fillText(texts.saved, { interval: formatDuration(value, 'minute', locale) }), error: false }),
          () => setMessage({ text: texts.error, error: true }),
        ).finally(() => setBusy(false));
      }}
    >
      <h2 id={`${ids}-title`}>{texts.title}</h2>
      <p>{texts.intro}</p>
      <div className="player-limits__fields">
        <label htmlFor={`${ids}-interval`}>{texts.interval}</label>
        <select id={`${ids}-interval`} value={value} disabled={!hydrated || !player} onChange={(event) => setChosen(Number(event.target.value))}>
          {offered.map((minutes) => <option key={minutes} value={minutes}>{formatDuration(minutes, 'minute', locale)}</option>)}
        </select>
        <button type="submit" className="button button--small" disabled={!hydrated || !player || busy}>{texts.save}</button>
      </div>
      <p className={message?.error ? 'player-limits__message player-limits__message--error' : 'player-limits__message'} role="status">{message?.text}</p>
    </form>
  );
}
