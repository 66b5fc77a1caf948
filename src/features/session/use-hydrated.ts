/**
 * Whether the island has hydrated. Session state lives in the browser only (cookies, storage,
 * the player runtime), so islands that read it render their server markup first and switch to the
 * live state after hydration; reading the stores during hydration would mismatch the server HTML.
 */
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useEffect, useState } from 'react';

/** False during the server render and hydration, true afterwards. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * A store's value for an island: `serverValue` (what the server rendered from) while it hydrates,
 * the live value afterwards. Islands hydrate one by one after the hero has painted, so another
 * island may already have changed the store (opened the cashier, raised a toast, loaded the
 * favourites); rendering that during hydration would not match the server's HTML, and React would
 * throw the island's markup away.
 */
export function useStoreAfterHydration<T>(store: ReadableAtom<T>, serverValue: T): T {
  const live = useStore(store);
  return useHydrated() ? live : serverValue;
}
