/**
 * `$session`: the signed-in session as the browser knows it — which token integration holds it
 * (custom platform tokens or the identity provider), the session id (`sid`, compared with
 * SessionDestroyed events), the login flow, and whether the realtime connection is acknowledged.
 * Lifecycle: null for visitors; set by the player runtime once a token is found, cleared by logout.
 */
import { atom } from 'nanostores';

/** The two token integrations of spec section 4. */
export type TokenIntegration = 'custom' | 'keycloak';

/** What the browser knows about the current session. */
export interface SessionState {
  integration: TokenIntegration;
  /** The session id (`sid`) of the access token, when known. */
  sessionId: string | null;
  /** How the session signed in: sms, keycloak, trustly, zimpler or piq. */
  flow: string | null;
  /** True once the realtime connection is acknowledged (false while reconnecting). */
  realtimeReady: boolean;
}

/** The current session, or null when there is none. */
export const $session = atom<SessionState | null>(null);

/** Starts or updates the session record. */
export function setSession(next: SessionState | null): void {
  $session.set(next);
}

/** Marks the realtime connection ready (after an ack) or not (while reconnecting). */
export function setRealtimeReady(ready: boolean): void {
  const current = $session.get();
  if (current && current.realtimeReady !== ready) $session.set({ ...current, realtimeReady: ready });
}

/**
 * True once this page's session check (boot.ts) has run. The check is parked until after the first
 * paint, so an island can be hydrated and clicked before it: code that needs the player runtime
 * waits for this first (player-runtime.ts `settledPlayerRuntime`).
 */
export const $sessionChecked = atom(false);

/** The page's session check ran: the player runtime has started, or there is no session. */
export function markSessionChecked(): void {
  $sessionChecked.set(true);
}
