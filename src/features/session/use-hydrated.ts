/**
 * Whether the island has hydrated. Session state lives in the browser only (cookies, storage,
 * the player runtime), so islands that read it render their server markup first and switch to the
 * live state after hydration; reading the stores during hydration would mismatch the server HTML.
 */
import { useEffect, useState } from 'react';

/** False during the server render and hydration, true afterwards. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
