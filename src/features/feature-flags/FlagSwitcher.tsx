/**
 * The testers' flag switch (/internal/flags/): every feature flag with its variations, the one in
 * force marked. Choosing one stores it as a visitor's flag is stored (flags.ts: in local storage with
 * the preferences consent, for this page view only without it) and sets its attribute on this page at
 * once; the lobby shows it from the next page's first paint. It also shows the A/B assignments the
 * `abTests` cookie keeps. Internal pages are for staff and tests, in English.
 */
import { useState } from 'react';
import { consentManager } from '../consent/consent-store.ts';
import { readCookie } from '../session/tokens.ts';
import { AB_COOKIE, parseAssignments } from '../experiments/ab-test.ts';
import { useHydrated } from '../session/use-hydrated.ts';
import { FEATURE_FLAGS, flagAttribute, readFlag, storeFlag, type FeatureFlag, type FlagVariation } from './flags.ts';

const FLAGS = Object.keys(FEATURE_FLAGS) as FeatureFlag[];

/** Where flags are kept, and whether the visitor's consent lets them be kept. */
function storage() {
  let store: Storage | null = null;
  try {
    store = localStorage;
  } catch {
    store = null;
  }
  return { storage: store, mayStore: consentManager().get().preferences };
}

/** The flags and their variations as radio groups, and the A/B assignments. */
export default function FlagSwitcher() {
  const hydrated = useHydrated();
  // Bumped on every choice, so the groups read the flags again.
  const [, setVersion] = useState(0);
  const mayStore = hydrated && consentManager().get().preferences;
  const assignments = hydrated ? parseAssignments(readCookie(AB_COOKIE, document.cookie)) : {};
  const choose = <F extends FeatureFlag>(flag: F, variation: FlagVariation<F>) => {
    storeFlag(flag, variation, storage());
    document.documentElement.setAttribute(flagAttribute(flag), variation);
    setVersion((version) => version + 1);
  };
  return (
    <div className="flag-switcher">
      <p role="status">
        {!hydrated ? 'Loading…' : mayStore
          ? 'Choices are kept in this browser (you gave the preferences consent).'
          : 'Without the preferences consent a choice lasts for this page only: give it under Cookie settings to keep flags.'}
      </p>
      {FLAGS.map((flag) => {
        const current = hydrated ? readFlag(flag, storage()) : FEATURE_FLAGS[flag][0];
        return (
          <fieldset key={flag} className="flag-switcher__flag">
            <legend>{flag}</legend>
            {(FEATURE_FLAGS[flag] as readonly FlagVariation<typeof flag>[]).map((variation) => (
              <label key={variation}>
                <input
                  type="radio"
                  name={`flag-${flag}`}
                  value={variation}
                  checked={current === variation}
                  disabled={!hydrated}
                  onChange={() => choose(flag, variation)}
                />
                {' '}{variation}
              </label>
            ))}
          </fieldset>
        );
      })}
      <h2>A/B assignments</h2>
      <p data-testid="ab-assignments">
        {Object.keys(assignments).length === 0 ? 'None kept.' : Object.entries(assignments).map(([test, variant]) => `${test}: ${variant}`).join(', ')}
      </p>
    </div>
  );
}
