/**
 * What each consent category allows the lobby to keep in the browser, and how to remove it when
 * the category is not (or no longer) granted. The consent island applies this table on every page,
 * so taking a category back removes what it allowed at once, and leftovers from before are removed
 * on the next page. Features that store something under a category add it here.
 */
import type { ConsentCategory } from './consent.ts';
import type { ConsentManager } from './consent-store.ts';
import { FEATURE_FLAGS_KEY, FLAG_ATTRIBUTE_PREFIX } from '../feature-flags/flags.ts';
import { AB_COOKIE } from '../experiments/ab-test.ts';
import { PRODUCT_MODE_COOKIE } from '../product-mode/product-mode.ts';

const expire = (name: string) => {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
};

/** The clean-up of each category that lets the lobby store something. */
export const REVOCATIONS: Partial<Record<ConsentCategory, () => void>> = {
  preferences() {
    try {
      localStorage.removeItem(FEATURE_FLAGS_KEY);
    } catch {
      // Storage switched off: nothing was stored.
    }
    // The flags' attributes go too (the stored ones and an A/B assignment's): the page returns to the defaults at once.
    const root = document.documentElement;
    for (const name of root.getAttributeNames()) if (name.startsWith(FLAG_ATTRIBUTE_PREFIX)) root.removeAttribute(name);
    expire(AB_COOKIE);
    expire(PRODUCT_MODE_COOKIE);
  },
};

/** Applies the table to a consent manager (now for what is not granted, and on every revocation). */
export function applyRevocations(manager: ConsentManager): void {
  for (const [category, cleanup] of Object.entries(REVOCATIONS) as [ConsentCategory, () => void][]) manager.onRevoke(category, cleanup);
}
