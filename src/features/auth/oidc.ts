/**
 * The one place the identity provider's `UserManager` (oidc-client-ts) is built, with every
 * constant and storage rule of spec section 9: authorization code with PKCE only, client `app`,
 * the user in session storage (its refresh token a placeholder: the lobby's server holds the real one,
 * server/idp-refresh-cookie.ts) and the sign-in state in local storage (key prefix `oidc.`), stale
 * state 900 s, clock skew 300 s (in id-token.ts, which checks the times), silent request timeout 10 s, access-token expiring notification
 * 60 s, session check every 2 s, popup height 640. The library itself polls a closed popup every
 * 500 ms, checks its access-token timers at most every 5 s and retries a timed-out silent renew
 * after 5 s. Loaded only when a player signs in with the provider or holds its session.
 */
import { UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import { routePath } from '../../paths.ts';
import { oidcAuthority, type SessionConfig } from '../session/config.ts';

/** The provider's client id (spec section 7). */
export const OIDC_CLIENT_ID = 'app';
/** Scopes asked for; the realm hands out a refresh token without offline_access, as Keycloak does. */
export const OIDC_SCOPE = 'openid profile email phone';
/** Marks the silent (iframe) callback on the handler route. */
export const SILENT_CALLBACK_PARAM = 'silent';

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
    userStore: new WebStorageStateStore({ store: sessionStorage, prefix: 'oidc.' }),
    stateStore: new WebStorageStateStore({ store: localStorage, prefix: 'oidc.' }),
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
