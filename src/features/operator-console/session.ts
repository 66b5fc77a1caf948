/**
 * The console's sign-in (issue 32): the one place its `UserManager` (oidc-client-ts) is built, for
 * the platform's operator realm (/auth/realms/operators, client operator-console), authorization
 * code with PKCE. The realm asks the password and, for compliance and admin, the TOTP code itself.
 * The operator's tokens live in this tab's session storage under `operator.` (never a player's
 * keys: a player's session opens nothing here); the refresh token is held by the lobby in an
 * HttpOnly cookie on the realm's endpoints, as for players (server/idp-refresh-cookie.ts).
 *
 * Lifecycle: a console page calls `consoleUser()`: the realm's answer on /operator/ (code and
 * state) is redeemed and the browser goes back to the page the sign-in started on; a stored user
 * is used while its access token lasts, renewed with the refresh token when it has expired; with
 * neither, the browser is sent to sign in.
 */
import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { consolePath } from './roles.ts';

/** The operator realm's path on the lobby's origin (proxied to the platform). */
export const OPERATOR_REALM_PATH = '/auth/realms/operators';
/** The console's client id in the operator realm. */
export const OPERATOR_CLIENT_ID = 'operator-console';

let manager: UserManager | null = null;

/** The console's UserManager for this origin. */
export function operatorUserManager(): UserManager {
  if (manager) return manager;
  const origin = location.origin;
  const store = new WebStorageStateStore({ store: sessionStorage, prefix: 'operator.' });
  manager = new UserManager({
    authority: `${origin}${OPERATOR_REALM_PATH}`,
    client_id: OPERATOR_CLIENT_ID,
    // The realm accepts exactly /operator/ on each brand host; the page to return to rides in the state.
    redirect_uri: `${origin}${consolePath('home')}`,
    post_logout_redirect_uri: `${origin}${consolePath('home')}`,
    response_type: 'code',
    scope: 'openid email profile',
    userStore: store,
    stateStore: store,
    automaticSilentRenew: false,
    monitorSession: false,
    loadUserInfo: false,
  });
  return manager;
}

/** What the sign-in carries through the realm and back. */
interface ConsoleSignInState {
  returnTo: string;
}

/** Sends the browser to the operator realm's sign-in; comes back to `returnTo`. */
export async function startConsoleSignIn(returnTo: string): Promise<void> {
  const users = operatorUserManager();
  await users.removeUser();
  await users.clearStaleState();
  const state: ConsoleSignInState = { returnTo: returnTo.startsWith('/operator/') ? returnTo : consolePath('home') };
  await users.signinRedirect({ state });
}

/** Whether this page is the realm's answer to a sign-in (code or error, with state). */
function isSignInAnswer(url: URL): boolean {
  return url.pathname === consolePath('home') && url.searchParams.has('state') && (url.searchParams.has('code') || url.searchParams.has('error'));
}

/**
 * The signed-in operator of this tab, or null when the browser is on its way to the sign-in (or,
 * after the realm's answer, back to the page it started on). Throws when the realm refused.
 */
export async function consoleUser(): Promise<User | null> {
  const users = operatorUserManager();
  const url = new URL(location.href);
  if (isSignInAnswer(url)) {
    const user = await users.signinRedirectCallback(url.href);
    const returnTo = (user.state as ConsoleSignInState | undefined)?.returnTo ?? consolePath('home');
    location.replace(returnTo);
    return null;
  }
  const stored = await users.getUser();
  if (stored && !stored.expired) return stored;
  if (stored?.refresh_token) {
    try {
      const renewed = await users.signinSilent();
      if (renewed) return renewed;
    } catch {
      // A refused or spent refresh token: sign in again below.
    }
  }
  await startConsoleSignIn(`${url.pathname}${url.search}`);
  return null;
}

/** The access token to send now, renewed when it has expired; null when the operator must sign in again. */
export async function consoleAccessToken(): Promise<string | null> {
  const users = operatorUserManager();
  const user = await users.getUser();
  if (user && !user.expired) return user.access_token;
  if (!user?.refresh_token) return null;
  try {
    return (await users.signinSilent())?.access_token ?? null;
  } catch {
    return null;
  }
}

/** Signs the operator out of the realm (its confirmation page), then back to the console. */
export async function signOutOfConsole(): Promise<void> {
  const users = operatorUserManager();
  const user = await users.getUser();
  await users.removeUser();
  await users.signoutRedirect({ id_token_hint: user?.id_token });
}
