/**
 * The cookie settings dialog: a native modal <dialog> (the browser makes the page behind it inert),
 * with Tab kept inside as the house's overlay does (OverlayHost.tsx), one switch per optional
 * category (necessary shown as always on), and Allow all / Only necessary / Save choices. Escape
 * or the close button leaves without saving; the host returns focus to the opener.
 */
import { useEffect, useRef, useState } from 'react';
import { ALL_GRANTED, OPTIONAL_CATEGORIES, type ConsentCategory, type ConsentState } from './consent.ts';
import type { ConsentTexts } from './texts.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What the host hands the dialog. */
export interface ConsentSettingsProps {
  texts: ConsentTexts;
  consent: ConsentState;
  onSave(granted: Partial<Record<ConsentCategory, boolean>>): void;
  onClose(): void;
}

/** The settings dialog (loaded on first open). */
export default function ConsentSettings({ texts, consent, onSave, onClose }: ConsentSettingsProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [choice, setChoice] = useState(() => Object.fromEntries(OPTIONAL_CATEGORIES.map((category) => [category, consent[category]])));

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // Chromium focuses the dialog itself; the first control is where a keyboard user expects to start.
    closeButton.current?.focus();
    document.body.classList.add('no-scroll');
    return () => document.body.classList.remove('no-scroll');
  }, []);

  const finish = (granted?: Partial<Record<ConsentCategory, boolean>>) => {
    if (granted) onSave(granted);
    dialog.current?.close();
    onClose();
  };

  return (
    <dialog
      ref={dialog}
      className="overlay consent-settings"
      aria-labelledby="consent-settings-title"
      aria-describedby="consent-settings-intro"
      data-testid="consent-settings"
      onCancel={(event) => {
        event.preventDefault();
        finish();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Tab') return;
        const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((node) => node.offsetParent !== null);
        const first = controls[0];
        const last = controls[controls.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }}
    >
      <div className="overlay__panel">
        <header className="overlay__header">
          <h2 id="consent-settings-title">{texts.settingsTitle}</h2>
          <button ref={closeButton} type="button" className="overlay__close" aria-label={texts.close} onClick={() => finish()}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
          </button>
        </header>
        <p id="consent-settings-intro" className="overlay__content">{texts.settingsIntro}</p>
        <ul className="consent-settings__categories">
          <li>
            <label className="consent-settings__category">
              <input type="checkbox" role="switch" checked disabled aria-describedby="consent-necessary-description" />
              <span className="consent-settings__name">{texts.categories.necessary.name} <small>({texts.alwaysOn})</small></span>
            </label>
            <p id="consent-necessary-description">{texts.categories.necessary.description}</p>
          </li>
          {OPTIONAL_CATEGORIES.map((category) => (
            <li key={category}>
              <label className="consent-settings__category">
                <input
                  type="checkbox"
                  role="switch"
                  name={category}
                  checked={choice[category] ?? false}
                  aria-describedby={`consent-${category}-description`}
                  onChange={(event) => setChoice({ ...choice, [category]: event.currentTarget.checked })}
                />
                <span className="consent-settings__name">{texts.categories[category].name}</span>
              </label>
              <p id={`consent-${category}-description`}>{texts.categories[category].description}</p>
            </li>
          ))}
        </ul>
        <footer className="overlay__footer">
          <button type="button" className="button button--secondary" onClick={() => finish({})}>{texts.onlyNecessary}</button>
          <button type="button" className="button button--secondary" onClick={() => finish(ALL_GRANTED)}>{texts.allowAll}</button>
          <button type="button" className="button" onClick={() => finish(choice)}>{texts.save}</button>
        </footer>
      </div>
    </dialog>
  );
}
