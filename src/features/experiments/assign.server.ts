/**
 * The server's side of the A/B tests of ab-tests.ts: a page's assignments, read from (or drawn and
 * written to) the `abTests` cookie, for a visitor with the preferences consent only. Called from a
 * page's context (page-context.server.ts) before anything is rendered, so the cookie can still be
 * set; a page that sets it is the visitor's own (never in the render cache nor a CDN's).
 */
import type { ConsentState } from '../consent/consent.ts';
import type { FeatureFlag } from '../feature-flags/flags.ts';
import { AB_COOKIE, assignVariant, type AbStore } from './ab-test.ts';
import { FLAG_TESTS, type FlagTest } from './ab-tests.ts';

/** The cookie jar of one request, as Astro gives it. */
export interface RequestCookies {
  get(name: string): { value: string } | undefined;
  set(name: string, value: string, options: { path: string; maxAge: number; sameSite: 'lax'; secure: boolean }): void;
}

/** The flags the running tests set for this visitor (none without the preferences consent). */
export function assignedFlags(
  cookies: RequestCookies,
  options: { consent: ConsentState; secure: boolean; tests?: readonly FlagTest[]; random?: () => number },
): Partial<Record<FeatureFlag, string>> {
  if (!options.consent.preferences) return {};
  // What this request has written so far: a second test must not overwrite the first one's assignment.
  let current = cookies.get(AB_COOKIE)?.value;
  const store: AbStore = {
    read: () => current,
    write(value, maxAgeSeconds) {
      current = value;
      cookies.set(AB_COOKIE, value, { path: '/', maxAge: maxAgeSeconds, sameSite: 'lax', secure: options.secure });
    },
  };
  return Object.fromEntries(
    (options.tests ?? FLAG_TESTS).map(({ flag, test }) => [flag, assignVariant(test, { store, mayStore: true, random: options.random })]),
  );
}
