/**
 * Taking a break: a timeout (on the limits page, every licence) or a self-exclusion (its own page,
 * mga and crc), of one of the lengths the licence offers (shared/licences.ts). Nothing happens on
 * the first click: the player reads until when they will not be able to deposit or play and confirms.
 * Once in force the form gives way to the date it ends (from `$player`, which the platform's
 * PlayerUpdated event refreshes), and the account banner shows on every page.
 */
import { useStore } from '@nanostores/react';
import { useId, useRef, useState } from 'react';
import type { Licence } from '../../../shared/brand-schema.ts';
import { licenceProfile } from '../../../shared/licences.ts';
import { fillText } from '../../i18n/fill.ts';
import type { Locale } from '../../i18n/locales.ts';
import { formatDate } from '../../i18n/dates.ts';
import { $player } from '../session/player-store.ts';
import { useHydrated } from '../session/use-hydrated.ts';
import { selfExclude, takeTimeout } from './api.ts';
import { formatDuration } from './durations.ts';
import { restrictionOfPlayer } from './restriction.ts';
import type { BreakTexts } from './texts.ts';

interface Props {
  locale: Locale;
  licence: Licence;
  mode: 'timeout' | 'exclusion';
  texts: BreakTexts;
}

/** The break form, or the break in force. */
export default function TakeABreak({ locale, licence, mode, texts }: Props) {
  const ids = useId();
  const hydrated = useHydrated();
  const { player } = useStore($player);
  const profile = licenceProfile(licence);
  const lengths = mode === 'timeout' ? profile.timeoutHours : profile.selfExclusionTerms;
  const unit = mode === 'timeout' ? 'hour' : 'day';
  const [chosen, setChosen] = useState(lengths[0] ?? 0);
  // Set when the player asks: the end the question names.
  const [confirming, setConfirming] = useState<Date | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  const [endsAt, setEndsAt] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  if (lengths.length === 0) return null;

  const date = (at: Date | string) => formatDate(new Date(at), locale, { dateStyle: 'long', timeStyle: 'short' });
  const running = restrictionOfPlayer(player);
  const inForce = endsAt ?? (running && (mode === 'exclusion' ? running.cause === 'SelfExclusion' : true) ? running.until ?? null : null);

  if (hydrated && inForce) {
    const text = running?.cause === 'SelfExclusion' || mode === 'exclusion' ? texts.excludedUntil : texts.breakUntil;
    return <p className="take-a-break take-a-break--active" role="status" data-testid={`break-${mode}-active`}>{fillText(text, { date: date(inForce) })}</p>;
  }

  const confirm = async () => {
    setBusy(true);
    setError(false);
    try {
      const end = mode === 'timeout' ? await takeTimeout(chosen) : await selfExclude(chosen);
      setEndsAt(end ?? confirming?.toISOString() ?? null);
    } catch {
      setError(true);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };
  const span = (length: number) => length * (unit === 'hour' ? 3_600_000 : 86_400_000);

  return (
    <form
      className="take-a-break"
      noValidate
      aria-labelledby={`${ids}-title`}
      data-testid={`break-${mode}`}
      onSubmit={(event) => {
        event.preventDefault();
        setConfirming(new Date(Date.now() + span(chosen)));
        // The question replaces the button the player pressed: focus follows it.
        requestAnimationFrame(() => confirmRef.current?.focus());
      }}
    >
      <h2 id={`${ids}-title`}>{mode === 'timeout' ? texts.timeoutTitle : texts.exclusionTitle}</h2>
      <p>{mode === 'timeout' ? texts.timeoutIntro : texts.exclusionIntro}</p>
      <fieldset disabled={!hydrated || busy || confirming !== null}>
        <legend>{mode === 'timeout' ? texts.timeoutLength : texts.exclusionTerm}</legend>
        {lengths.map((length) => (
          <label key={length} className="take-a-break__choice">
            <input type="radio" name={`${ids}-length`} value={length} checked={chosen === length} onChange={() => setChosen(length)} />
            {formatDuration(length, unit, locale)}
          </label>
        ))}
      </fieldset>
      {confirming ? (
        <div className="take-a-break__confirm" role="group" aria-labelledby={`${ids}-question`}>
          <p id={`${ids}-question`}><strong>{fillText(mode === 'timeout' ? texts.timeoutConfirm : texts.exclusionConfirm, { date: date(confirming) })}</strong></p>
          <button ref={confirmRef} type="button" className="button button--small" disabled={busy} onClick={() => void confirm()}>
            {mode === 'timeout' ? texts.timeoutYes : texts.exclusionYes}
          </button>{' '}
          <button type="button" className="button button--small button--secondary" disabled={busy} onClick={() => setConfirming(null)}>{texts.no}</button>
        </div>
      ) : (
        <button type="submit" className="button button--small" disabled={!hydrated || busy}>{mode === 'timeout' ? texts.timeoutTake : texts.exclusionTake}</button>
      )}
      <p className="take-a-break__error" role="alert">{error ? texts.error : ''}</p>
    </form>
  );
}
