/**
 * What each consent category allows the lobby to keep in the browser, and how to remove it when
 * the category is not (or no longer) granted. The consent island applies this table on every page,
 * so taking a category back removes what it allowed at once, and leftovers from before are removed
 * on the next page. Features that store something under a category add it here.
 */
import type { ConsentCategory } from './consent.ts';
import type { ConsentManager } from './consent-store.ts';
import { PRODUCT_MODE_COOKIE } from '../product-mode/product-mode.ts';
import { expireCookie as expire } from '../../lib/cookies.ts';
import { AFFILIATE_COOKIE, GOOGLE_CLIENT_ID_COOKIE, INTERNAL_TRACKING_COOKIE, UTM_STORAGE_KEY } from '../tags/storage-names.ts';

/**
 * The names of what the feature flags and the A/B tests keep, written out rather than imported from
 * feature-flags/flags.ts and experiments/ab-test.ts: the testers' flag switch (/internal/flags/)
 * imports those modules too, and a module two islands share becomes a script of its own that every
 * page would fetch for three strings. revocations.test.ts checks they are the modules' names.
 * The local-storage key of the stored flags (feature-flags/flags.ts FEATURE_FLAGS_KEY).
 */
export const FLAGS_STORAGE_KEY = 'atrium:feature-flags';
/** The start of the flags' attributes on <html> (feature-flags/flags.ts FLAG_ATTRIBUTE_PREFIX). */
export const FLAG_ATTRIBUTE_START = 'data-flag-';
/** The A/B assignments' cookie (experiments/ab-test.ts AB_COOKIE). */
export const AB_TESTS_COOKIE = 'abTests';

/** The clean-up of each category that lets the lobby store something. */
export const REVOCATIONS: Partial<Record<ConsentCategory, () => void>> = {
  preferences() {
    try {
      localStorage.removeItem(FLAGS_STORAGE_KEY);
    } catch {
      // Storage switched off: nothing was stored.
    }
    // The flags' attributes go too (the stored ones and an A/B assignment's): the page returns to the defaults at once.
    const root = document.documentElement;
    for (const name of root.getAttributeNames()) if (name.startsWith(FLAG_ATTRIBUTE_START)) root.removeAttribute(name);
    expire(AB_TESTS_COOKIE);
    expire(PRODUCT_MODE_COOKIE);
  },
  // What the tags and analytics events kept (features/tags/analytics.ts, and the Google tag's id).
  analytics() {
    expire(INTERNAL_TRACKING_COOKIE);
    expire(GOOGLE_CLIENT_ID_COOKIE);
    try {
      sessionStorage.removeItem(UTM_STORAGE_KEY);
    } catch {
      // Storage switched off: nothing was stored.
    }
  },
  marketing() {
    expire(AFFILIATE_COOKIE);
  },
};

/** Applies the table to a consent manager (now for what is not granted, and on every revocation). */
export function applyRevocations(manager: ConsentManager): void {
  for (const [category, cleanup] of Object.entries(REVOCATIONS) as [ConsentCategory, () => void][]) manager.onRevoke(category, cleanup);
}
