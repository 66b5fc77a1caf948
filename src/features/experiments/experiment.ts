/**
 * The browser's side of A/B tests: a visitor's variant of a test, kept in the `abTests` cookie for
 * 30 days only while the preferences consent is given (ab-test.ts has the rules, consent-store.ts
 * the consent). Features call `experimentVariant(test)` after hydration.
 */
import { readCookie } from '../session/tokens.ts';
import { consentManager } from '../consent/consent-store.ts';
import { AB_COOKIE, assignVariant, type AbTest } from './ab-test.ts';
import { writeCookie } from '../../lib/cookies.ts';

/** The visitor's variant of a test (see ab-test.ts for how it is picked and kept). */
export function experimentVariant(test: AbTest): string {
  return assignVariant(test, {
    mayStore: consentManager().get().preferences,
    store: {
      read: () => readCookie(AB_COOKIE, document.cookie),
      write(value, maxAgeSeconds) {
        writeCookie(AB_COOKIE, value, maxAgeSeconds);
      },
    },
  });
}
