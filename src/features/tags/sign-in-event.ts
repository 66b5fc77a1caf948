/**
 * The hand-over of a finished sign-in to the analytics `login` event (analytics.ts): the page that
 * finishes a sign-in leaves at once, so it notes the method for the next page, which sends the
 * event (with analytics consent) and forgets the note. Tiny on purpose: sign-in pages carry it.
 */

import { SIGNED_IN_WITH_KEY } from './storage-names.ts';

/** How a player signed in: SMS, or the provider (KEYCLOAK, TRUSTLY, ZIMPLER, PIQ). */
export type SignInMethod = 'SMS' | 'KEYCLOAK' | 'TRUSTLY' | 'ZIMPLER' | 'PIQ';

/** The provider a handler route belongs to (`/en/trustly-login-handler/` is TRUSTLY); SMS for the plain one. */
export function signInMethodOf(pathname: string): SignInMethod {
  const provider = /\/(keycloak|trustly|zimpler|piq)-login-handler\/?$/.exec(pathname)?.[1];
  return provider ? (provider.toUpperCase() as SignInMethod) : 'SMS';
}

/** Notes that a sign-in finished, for the next page's `login` event. */
export function rememberSignIn(method: SignInMethod): void {
  try {
    sessionStorage.setItem(SIGNED_IN_WITH_KEY, method);
  } catch {
    // Storage switched off: the event is lost, nothing else.
  }
}
