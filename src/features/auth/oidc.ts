/**
 * The one place the identity provider's `UserManager` (oidc-client-ts) is built, with every
 * constant of spec section 9: authorization code with PKCE only, client `app`, key prefix `oidc.`,
 * stale state 900 s, clock skew 300 s (in id-token.ts, which checks the times), silent request
 * timeout 10 s, access-token expiring notification 60 s, session check every 2 s, popup height 640.
 * The library itself polls a closed popup every 500 ms, checks its access-token timers at most
 * every 5 s and retries a timed-out silent renew after 5 s. Loaded only when a player signs in with
 * the provider or holds its session.
 *
 * Storage departs from spec section 9 (issue 26: no long-lived token in page storage). The user,
 * with its access, id and refresh tokens, lives only in this page's memory: no storage any script
 * can read holds it, and it goes with the page. Every page load therefore opens the session again
 * by a silent sign-in against the provider's session cookie (keycloak-session.ts). The sign-in
 * state stays in local storage: it holds no token, only the PKCE verifier, nonce and return path
 * of one round trip to the provider (which a navigation, or the provider's sign-out, spans).
 */
import { InMemoryWebStorage, UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import { routePath } from '../../paths.ts';
import { oidcAuthority, type SessionConfig } from '../session/config.ts';

/** The provider's client id (spec section 7). */
export const OIDC_CLIENT_ID = 'app';
/** Scopes asked for; the realm hands out a refresh token without offline_access, as Keycloak does. */
export const OIDC_SCOPE = 'openid profile email phone';
/** Marks the silent (iframe) callback on the handler route. */
export const SILENT_CALLBACK_PARAM = 'silent';
/** Prefix of every key the library writes (the sign-in state in local storage, the user in memory). */
export const OIDC_KEY_PREFIX = 'oidc.';

/** The page's one user store: every UserManager of this page shares it, and nothing outlives the page. */
const pageMemory = new InMemoryWebStorage();

/** The settings of spec section 9 for a brand's realm on this origin. */
export function userManagerSettings(config: SessionConfig, origin: string, overrides: Partial<UserManagerSettings> = {}): UserManagerSettings {
  const paths = { locale: config.locale, localization: config.localization };
  const handler = `${origin}${routePath(paths, 'keycloak-login-handler')}`;
  return {
    authority: oidcAuthority(config, origin),
    client_id: OIDC_CLIENT_ID,
    redirect_uri: handler,
    silent_redirect_uri: `${handler}?${SILENT_CALLBACK_PARAM}=1`,
    post_logout_redirect_uri: `${origin}${routePath(paths, 'login')}`,
    response_type: 'code',
    scope: OIDC_SCOPE,
    userStore: new WebStorageStateStore({ store: pageMemory, prefix: OIDC_KEY_PREFIX }),
    // No token in here: one sign-in's PKCE verifier, nonce and return path, removed when it returns.
    stateStore: new WebStorageStateStore({ store: localStorage, prefix: OIDC_KEY_PREFIX }),
    staleStateAgeInSeconds: 900,
    // The 300 s clock skew applies where times are checked: the id_token verification (id-token.ts).
    silentRequestTimeoutInSeconds: 10,
    accessTokenExpiringNotificationTimeInSeconds: 60,
    checkSessionIntervalInSeconds: 2,
    popupWindowFeatures: { height: 640 },
    // keycloak-session.ts renews on the expiring notification itself, under the cross-tab lock.
    automaticSilentRenew: false,
    monitorSession: true,
    loadUserInfo: true,
    validateSubOnSilentRenew: true,
    ui_locales: config.locale.replace('_', '-'),
    ...overrides,
  };
}

/** Builds the UserManager for the page's brand. */
export function createUserManager(config: SessionConfig, overrides: Partial<UserManagerSettings> = {}): UserManager {
  return new UserManager(userManagerSettings(config, location.origin, overrides));
}

/**
 * A UserManager whose sign-in opens the registration page: Keycloak's sign-up path is the
 * authorization endpoint with openid-connect/auth swapped for openid-connect/registrations.
 */
export async function createRegistrationUserManager(config: SessionConfig): Promise<UserManager> {
  const authorization = await createUserManager(config).metadataService.getAuthorizationEndpoint();
  const registrations = authorization.replace(/\/openid-connect\/auth$/, '/openid-connect/registrations');
  return createUserManager(config, { metadataSeed: { authorization_endpoint: registrations } });
}

/**
 * Removes the users an older lobby kept in session storage (`oidc.user:…`, refresh token included),
 * so a tab open across the upgrade does not keep one readable by page script.
 */
export function forgetStoredUsers(storage: Storage = sessionStorage): void {
  for (let index = storage.length - 1; index >= 0; index -= 1) {
    const key = storage.key(index);
    if (key?.startsWith(`${OIDC_KEY_PREFIX}user:`)) storage.removeItem(key);
  }
}
