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
