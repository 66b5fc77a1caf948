/**
 * The session time in the sga bar: the session clock, loaded and mounted only while the `sga` flag
 * is on (the head script marks <html>), so players without the flag download none of its code and
 * never ask the platform for their session.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';

const SessionClock = lazy(() => import('./SessionClock.tsx'));

const sgaEnabled = () => document.documentElement.getAttribute('data-flag-sga') === 'enabled';
// The attribute is set once, before the first paint: nothing to subscribe to.
const subscribe = () => () => {};

/** The clock when the flag is on; nothing otherwise. */
export default function SgaClock({ label }: { label: string }) {
  const enabled = useSyncExternalStore(subscribe, sgaEnabled, () => false);
  return enabled ? <Suspense fallback={null}><SessionClock label={label} /></Suspense> : null;
}
