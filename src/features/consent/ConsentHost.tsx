/**
 * The consent island, on every page (BaseDocument.astro, hydrated after the first paint): the
 * first-visit prompt, and the settings dialog the footer's "Cookie settings" button opens (its code
 * loads on first open, ConsentSettings.tsx). The server renders the prompt for a visitor its request
 * shows unanswered, so the prompt is part of the first paint: drawn only at hydration (after the
 * page's load) its text was the largest paint of pages without a hero, and their LCP came seconds late
 * (the game list at 3.3x its floor). Its two quick answers are a plain form (/api/consent/), so they
 * work before hydration too; hydrated, they answer in place. It is a fixed panel at the bottom, so
 * nothing moves around it. It is a non-modal dialog placed first in the page's tab order (after the skip link):
 * keyboard users reach it at once, pointer users can keep browsing. It also applies what each
 * category allows (revocations.ts), mirrors the granted categories onto <html data-consent> and
 * starts the brand's tags and analytics events (features/tags/) once their categories are granted.
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { consentConfig, consentManager } from './consent-store.ts';
import { ALL_GRANTED, grantedCategories, needsPrompt, type ConsentState } from './consent.ts';
import { applyRevocations } from './revocations.ts';
import type { ConsentTexts } from './texts.ts';
import type { ConsentSettingsProps } from './ConsentSettings.tsx';

/** The attribute on the footer's (and any other) button that opens the settings. */
export const OPEN_SETTINGS_ATTRIBUTE = 'data-consent-settings';


/**
 * The code that records an answer on the platform, fetched on the intent to answer (a pointer or
 * focus on the prompt's buttons, the settings opening): the record then goes out at once with the
 * answer, even when the visitor leaves the page right after (record.ts sends it with keepalive).
 */
const preloadRecord = () => void import('./record.ts').catch(() => undefined);

/** The consent prompt and settings outlet. */
export default function ConsentHost({ texts, initial, returnTo }: { texts: ConsentTexts; initial: ConsentState; returnTo: string }) {
  // The server's reading of the request's consent, so the server renders what hydration shows; the
  // browser's own reading (consent-store.ts) takes over in the effect below.
  const [consent, setConsent] = useState<ConsentState | null>(initial);
  const [Settings, setSettings] = useState<ComponentType<ConsentSettingsProps> | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const opener = useRef<Element | null>(null);
  const prompt = useRef<HTMLElement>(null);
  const returningFocus = useRef(false);

  // Once the dialog has gone (and with it, after an answer, the prompt), focus goes back to the
  // opener; the prompt's own button is gone after an answer, so the page's content takes it then.
  useEffect(() => {
    if (settingsOpen || !returningFocus.current) return;
    returningFocus.current = false;
    const target = opener.current;
    if (target instanceof HTMLElement && target.isConnected) target.focus();
    else document.getElementById('main')?.focus({ preventScroll: true });
  }, [settingsOpen, consent]);

  const openSettings = (from: Element | null) => {
    opener.current = from;
    preloadRecord();
    void import('./ConsentSettings.tsx').then((module) => {
      setSettings(() => module.default);
      setSettingsOpen(true);
    });
  };

  useEffect(() => {
    const manager = consentManager();
    applyRevocations(manager);
    const tags = consentConfig().tags;
    const show = (state: ConsentState) => {
      setConsent(state);
      document.documentElement.setAttribute('data-consent', grantedCategories(state).join(' '));
      // The brand's tags and analytics events, once analytics or marketing is granted (features/tags/).
      if (tags && (state.analytics || state.marketing)) void import('../tags/analytics.ts').then((analytics) => analytics.startAnalytics(tags));
    };
    show(manager.get());
    const stop = manager.subscribe(show);
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest?.(`[${OPEN_SETTINGS_ATTRIBUTE}]`);
      if (!button) return;
      event.preventDefault();
      openSettings(button);
    };
    document.addEventListener('click', onClick);
    return () => {
      stop();
      document.removeEventListener('click', onClick);
    };
  }, []);

  const answer = (granted: Record<string, boolean>) => {
    const hadFocus = prompt.current?.contains(document.activeElement);
    consentManager().save(granted);
    // The prompt goes away under the visitor's focus: carry it to the page's content, not to nowhere.
    if (hadFocus) document.getElementById('main')?.focus({ preventScroll: true });
  };

  const showPrompt = consent !== null && needsPrompt(consent);
  return (
    <>
      {showPrompt && (
        <section ref={prompt} className="consent-prompt" role="dialog" aria-labelledby="consent-prompt-title" aria-describedby="consent-prompt-body" data-testid="consent-prompt">
          <div className="consent-prompt__inner">
            <h2 id="consent-prompt-title">{texts.title}</h2>
            <p id="consent-prompt-body">{texts.body}</p>
            <form className="consent-prompt__actions" method="post" action="/api/consent/" onPointerEnter={preloadRecord} onTouchStart={preloadRecord} onFocus={preloadRecord}>
              <input type="hidden" name="returnTo" value={returnTo} />
              <button type="submit" name="choice" value="all" className="button" onClick={(event) => { event.preventDefault(); answer(ALL_GRANTED); }}>{texts.allowAll}</button>
              <button type="submit" name="choice" value="necessary" className="button" onClick={(event) => { event.preventDefault(); answer({}); }}>{texts.onlyNecessary}</button>
              <button type="button" className="button button--secondary" aria-haspopup="dialog" onClick={(event) => openSettings(event.currentTarget)}>{texts.customize}</button>
            </form>
          </div>
        </section>
      )}
      {Settings && settingsOpen && consent && (
        <Settings
          texts={texts}
          consent={consent}
          onSave={(granted) => consentManager().save(granted)}
          onClose={() => {
            returningFocus.current = true;
            setSettingsOpen(false);
          }}
        />
      )}
    </>
  );
}
