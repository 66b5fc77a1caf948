/**
 * The visitor's session check, on every page: a few cookie and storage reads, nothing more. Only
 * when the browser holds a session (token cookies, the identity provider's cookie or stored user,
 * or tokens arriving in the URL) does it load the player runtime, with Apollo and the realtime
 * clients; visitors never download them.
 */
import { reportUncaughtErrors } from '../../lib/error-reporting/hand-over.ts';
import { nextTask } from '../../lib/yield-to-browser.ts';
import { readSessionConfig } from './config.ts';
import { ACCESS_TOKEN_COOKIE, hasStoredSession } from './token-cookies.ts';
import { setPlayerLoading } from './player-store.ts';
import { markSessionChecked } from './session-store.ts';

/** Whether this page load carries a session worth starting the player runtime for. */
export function pageHasSession(): boolean {
  if (new URLSearchParams(location.search).has(ACCESS_TOKEN_COOKIE)) return true;
  if (hasStoredSession(document.cookie, localStorage)) return true;
  for (let index = 0; index < sessionStorage.length; index += 1) if (sessionStorage.key(index)?.startsWith('oidc.user:')) return true;
  return false;
}

/**
 * Back from the identity provider's end-session endpoint the URL carries the sign-out `state`
 * the lobby stored (key `oidc.<state>` in local storage): complete it and tidy the address.
 */
function completeProviderSignOut(): void {
  const state = new URLSearchParams(location.search).get('state');
  if (!state || new URLSearchParams(location.search).has('code') || !localStorage.getItem(`oidc.${state}`)) return;
  void import('../auth/keycloak-session.ts').then(({ completeKeycloakSignOut }) => completeKeycloakSignOut(readSessionConfig()));
}

/** Starts the player runtime when there is a session; a no-op for visitors. */
export function bootSession(): void {
  reportUncaughtErrors();
  completeProviderSignOut();
  // Handler routes finish their sign-in themselves and then navigate: no runtime there.
  if (document.documentElement.dataset.pageLayout !== 'main' && pageHasSession()) {
    // LOADING before the checked mark: a waiter woken by the mark then waits for the runtime.
    setPlayerLoading();
    // The runtime is imported in a task of its own, apart from this script's (the import's
    // preloading appends a link per module it needs: 10-30 ms at 4x CPU), and starts in another,
    // apart from its module's evaluation (issue 16).
    void nextTask()
      .then(() => import('./player-runtime.ts'))
      .then(async ({ startPlayerRuntime }) => {
        await nextTask();
        return startPlayerRuntime(readSessionConfig());
      });
  }
  markSessionChecked();
}
