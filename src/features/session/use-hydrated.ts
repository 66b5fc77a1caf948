/**
 * Whether the island has hydrated. Session state lives in the browser only (cookies, storage,
 * the player runtime), so islands that read it render their server markup first and switch to the
 * live state after hydration; reading the stores during hydration would mismatch the server HTML.
 */
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

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

/**
 * A store's value for an island that shows what the network brings (the player, the wallet, the
 * player's own game lists): `serverValue` while it hydrates, then each change rendered in a
 * transition. `useStore` (useSyncExternalStore) renders every change at once, in the task that made
 * it: the signed-in lobby's first answers re-rendered the account menu and the player's rails in
 * tasks of 45–100 ms at 4× CPU. In a transition React renders in slices of about 5 ms and lets the
 * browser paint and answer input in between; the change shows a frame or two later, and two
 * islands may show one change in different frames.
 *
 * Not for what answers the player's own action (an overlay, a toast, a heart), which `useStore` or
 * `useStoreAfterHydration` shows in the frame of the tap.
 */
export function useStoreInTransition<T>(store: ReadableAtom<T>, serverValue: T): T {
  // An island hydrating starts from what the server rendered; one the browser mounts later (a
  // panel opened after the data came) starts from the store, with no frame of the loading state.
  const hydrating = useSyncExternalStore(noSubscription, notHydrating, isServerOrHydrating);
  const [value, setValue] = useState(() => (hydrating ? serverValue : store.get()));
  useEffect(() => {
    // A function, so a store holding a function is not called as an updater.
    const show = () => startTransition(() => setValue(() => store.get()));
    show();
    return store.listen(show);
  }, [store]);
  return value;
}

const noSubscription = () => () => {};
const notHydrating = () => false;
const isServerOrHydrating = () => true;
