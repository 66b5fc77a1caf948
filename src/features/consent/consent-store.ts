/**
 * The visitor's consent in the browser, and the small API every consent-gated feature (tags, live
 * chat, flag storage, A/B cookies) builds on. Error reporting sets no cookie and sends scrubbed
 * reports only, so it is not gated.
 *
 * Data: `$consent`, a nanostores atom holding the parsed `consent` cookie (consent.ts), or
 * everything for a visitor from one of the brand's auto-accepted countries who has not answered
 * (the server says so in the page's session configuration).
 * Lifecycle: created on first use from `document.cookie`; `saveConsent` writes the cookie, updates
 * the atom and records the decision on the platform (record.ts, loaded only then); a tab coming back
 * into view re-reads the cookie, so an answer given in another tab applies here too.
 * API for features:
 * - `consentManager().get()` / `$consent`: the current consent;
 * - `subscribe(listener)`: called on every change with the new and the previous consent;
 * - `whenGranted(category)`: resolves once the category is granted (at once if it is);
 * - `onRevoke(category, cleanup)`: runs `cleanup` now while the category is not granted, and
 *   whenever it is taken back (remove what the category allowed: stored flags, an A/B cookie);
 * - `queue(category, deliver)`: items pushed while unanswered wait and are delivered in order when
 *   the category is granted; an answer that declines it drops them (and later pushes).
 */
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { TagConfig } from '../tags/tags.ts';
import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE_S, CONSENT_POLICY_VERSION, parseConsent, serializeConsent, type ConsentCategory, type ConsentState } from './consent.ts';
import { writeCookie } from '../../lib/cookies.ts';
import { readCookie } from '../session/token-cookies.ts';

/** Called with the new consent and the one before it. */
export type ConsentListener = (current: ConsentState, previous: ConsentState) => void;

/** A queue of items that may only go out with a category's consent. */
export interface ConsentQueue<T> {
  /** Delivers at once when granted, waits while unanswered, drops when declined. */
  push(item: T): void;
  /** How many items wait. */
  readonly size: number;
  /** Stops following consent changes and drops what waits. */
  close(): void;
}

/** The consent API (see the module's doc). */
export interface ConsentManager {
  readonly $consent: ReadableAtom<ConsentState>;
  get(): ConsentState;
  subscribe(listener: ConsentListener): () => void;
  whenGranted(category: ConsentCategory): Promise<void>;
  onRevoke(category: ConsentCategory, cleanup: () => void): () => void;
  queue<T>(category: ConsentCategory, deliver: (item: T) => void): ConsentQueue<T>;
  /** Saves the visitor's answer (necessary is always granted) and returns the new consent. */
  save(granted: Partial<Record<ConsentCategory, boolean>>): ConsentState;
  /** Re-reads the stored answer (another tab may have changed it). */
  refresh(): void;
}

/** Where the manager keeps the answer, and what else it does with one. */
export interface ConsentBackend {
  /** The `consent` cookie's value, or undefined. */
  read(): string | undefined;
  /** Stores the cookie value. */
  write(value: string): void;
  /** Whether the visitor's country is in the brand's automaticAcceptedCookiesCountries. */
  autoAccepted: boolean;
  /** Records a saved answer on the platform (errors are the backend's to report). */
  record?(state: ConsentState): void;
}

/** The most items a queue keeps while the visitor has not answered; older ones are dropped first. */
export const MAX_QUEUED = 200;

/** A consent manager over a backend (the browser's cookie jar, or a test's). */
export function createConsentManager(backend: ConsentBackend): ConsentManager {
  const $state: WritableAtom<ConsentState> = atom(parseConsent(backend.read(), backend.autoAccepted));
  const listeners = new Set<ConsentListener>();
  let previous = $state.get();
  $state.listen((current) => {
    const before = previous;
    previous = current;
    for (const listener of [...listeners]) listener(current, before);
  });
  const set = (next: ConsentState) => {
    const current = $state.get();
    if (JSON.stringify(current) !== JSON.stringify(next)) $state.set(next);
  };
  const subscribe = (listener: ConsentListener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    $consent: $state,
    get: () => $state.get(),
    subscribe,
    whenGranted(category) {
      if ($state.get()[category]) return Promise.resolve();
      return new Promise((resolve) => {
        const stop = subscribe((current) => {
          if (!current[category]) return;
          stop();
          resolve();
        });
      });
    },
    onRevoke(category, cleanup) {
      if (!$state.get()[category]) cleanup();
      return subscribe((current, before) => {
        if (before[category] && !current[category]) cleanup();
      });
    },
    queue<T>(category: ConsentCategory, deliver: (item: T) => void): ConsentQueue<T> {
      let waiting: T[] = [];
      const stop = subscribe((current) => {
        if (current[category]) {
          const due = waiting;
          waiting = [];
          for (const item of due) deliver(item);
        } else if (current.answered) {
          waiting = [];
        }
      });
      return {
        push(item) {
          const current = $state.get();
          if (current[category]) deliver(item);
          else if (!current.answered) {
            waiting.push(item);
            if (waiting.length > MAX_QUEUED) waiting.shift();
          }
        },
        get size() {
          return waiting.length;
        },
        close() {
          stop();
          waiting = [];
        },
      };
    },
    save(granted) {
      const value = serializeConsent(granted, CONSENT_POLICY_VERSION);
      backend.write(value);
      const next = parseConsent(value);
      set(next);
      backend.record?.(next);
      return next;
    },
    refresh() {
      set(parseConsent(backend.read(), backend.autoAccepted));
    },
  };
}

/** The JSON block the layout writes with what the browser's consent needs (BaseDocument.astro). */
export const CONSENT_CONFIG_ID = 'atrium-consent';

/** What the server tells the browser about the visitor's consent. */
export interface ConsentConfig {
  /** The visitor's country is in the brand's automaticAcceptedCookiesCountries. */
  autoAccepted: boolean;
  /** The brand's third-party tags, which wait for their categories (features/tags/); absent when it has none. */
  tags?: TagConfig;
}

let browserManager: ConsentManager | undefined;
let pageConfig: Partial<ConsentConfig> | undefined;

/** The page's consent configuration (read once). */
export function consentConfig(): Partial<ConsentConfig> {
  pageConfig ??= JSON.parse(document.getElementById(CONSENT_CONFIG_ID)?.textContent ?? '{}') as Partial<ConsentConfig>;
  return pageConfig;
}

/** The page's consent manager (created on first use from the cookie and the page's consent configuration). */
export function consentManager(): ConsentManager {
  if (browserManager) return browserManager;
  const config = consentConfig();
  const manager = createConsentManager({
    read: () => readCookie(CONSENT_COOKIE, document.cookie),
    write(value) {
      writeCookie(CONSENT_COOKIE, value, CONSENT_COOKIE_MAX_AGE_S);
    },
    autoAccepted: config.autoAccepted === true,
    record(state) {
      import('./record.ts')
        .then(({ recordConsent }) => recordConsent(state))
        .catch((error: unknown) => console.error('[consent] The decision could not be recorded on the platform:', error));
    },
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') manager.refresh();
  });
  browserManager = manager;
  return manager;
}
