/**
 * The identity-provider integration (spec sections 4, 7 and 8): sign-in and sign-up redirects,
 * the callback on /keycloak-login-handler/, the verified session, silent renew and silent sign-out.
 *
 * - Sign-in sends a nonce and keeps it (with the return path) in the sign-in state, so the
 *   callback can verify the id_token against it (`id-token.ts`) before anyone counts as signed in.
 * - A stored user whose token expired is renewed silently; a user who exists but is not
 *   authenticated any more (login_required and friends) is signed out silently.
 * - Renewals run under the same Web Lock as custom-token refreshes, one at a time across tabs: the
 *   library's own automatic renew is off and the 60 s expiring notification calls the locked renew
 *   instead, retried after 5 s when it fails for want of an answer (the network, a timeout, the
 *   provider briefly unavailable); a session ends only when the provider says so (invalid_grant,
 *   login_required and friends, an id_token that fails its checks). A page that cannot reach the
 *   provider while it opens the session tries twice more, then renders for a visitor this once,
 *   removing nothing.
 * - The provider's access token is mirrored into the `keycloakAccessToken` cookie so server
 *   renders know a player is there; it is the Bearer token for the platform too.
 */
import { ErrorResponse, ErrorTimeout, type User, type UserManager } from 'oidc-client-ts';
import type { SessionConfig } from '../session/config.ts';
import { REFRESH_BEFORE_EXPIRY_MS, REFRESH_LOCK_NAME, SessionEndedError, type TokenRefresher } from '../session/token-refresh.ts';
import { writeKeycloakCookie, type TokenPair } from '../session/tokens.ts';
import { KeysUnreachableError, remoteKeys, verifyIdToken } from './id-token.ts';
import { createRegistrationUserManager, createUserManager, OIDC_CLIENT_ID } from './oidc.ts';

/** Access-token timers act at most this often (spec section 9). */
const TOKEN_TIMER_MIN_INTERVAL_MS = 5000;
/** A silent renew that timed out is tried again after this long (spec section 9). */
export const SILENT_RENEW_RETRY_MS = 5000;
/** Silent-session answers that mean "anonymous", not an error (spec section 8). */
export const ANONYMOUS_SESSION_ERRORS = ['login_required', 'consent_required', 'interaction_required', 'account_selection_required'];

/** Provider answers that mean "not now", not "signed out". */
const TRANSIENT_PROVIDER_ERRORS = ['temporarily_unavailable', 'server_error'];
/** How long to wait before each new try when the provider cannot be reached while a page opens the session. */
export const OPEN_RETRY_DELAYS_MS = [1000, 3000];

/**
 * Whether a failure says nothing about the session: the network (fetch's TypeError), a timeout, a
 * request cut off by the page leaving, the provider's "temporarily unavailable", or its keys out
 * of reach. Such a failure is retried; a session ends only when the provider says it is over.
 */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof ErrorTimeout || error instanceof KeysUnreachableError) return true;
  if (error instanceof ErrorResponse) return TRANSIENT_PROVIDER_ERRORS.includes(error.error ?? '');
  const { name, message } = (error ?? {}) as { name?: string; message?: string };
  if (name === 'AbortError' || name === 'TimeoutError') return true;
  return error instanceof TypeError && /fetch|network|load failed/i.test(message ?? '');
}

/** Runs `attempt`, trying again after each delay while it fails transiently. */
async function withRetries<T>(attempt: () => Promise<T>, delays: readonly number[] = OPEN_RETRY_DELAYS_MS): Promise<T> {
  for (const delay of delays) {
    try {
      return await attempt();
    } catch (error) {
      if (!isTransientFailure(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return attempt();
}

/** What the sign-in request carries through the provider and back. */
interface SignInState {
  returnTo: string;
  nonce: string;
}

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Starts the provider's sign-in (or, with `register`, its registration page); navigates away. */
export async function startKeycloakSignIn(config: SessionConfig, options: { returnTo: string; register?: boolean }): Promise<void> {
  const manager = options.register ? await createRegistrationUserManager(config) : createUserManager(config);
  await manager.clearStaleState();
  const nonce = randomNonce();
  const state: SignInState = { returnTo: options.returnTo, nonce };
  await manager.signinRedirect({ nonce, state });
}

/** Verifies a user's id_token against the realm's keys and discovery issuer. */
async function verifyUser(manager: UserManager, user: User, expected: { nonce?: string; subject?: string }): Promise<void> {
  const [issuer, jwksUri] = await Promise.all([manager.metadataService.getIssuer(), manager.metadataService.getKeysEndpoint()]);
  if (!jwksUri) throw new Error('Metadata does not contain property jwks_uri');
  await verifyIdToken(user.id_token, { issuer, audience: OIDC_CLIENT_ID, keys: remoteKeys(jwksUri), ...expected });
}

/**
 * Completes a sign-in on the handler route: exchanges the code (PKCE), verifies the id_token
 * (signature, issuer, audience, expiry, nonce) and stores the session. Returns the return path the
 * sign-in asked for. Any failure removes the user, so the visitor stays signed out.
 */
export async function completeKeycloakSignIn(config: SessionConfig): Promise<{ returnTo: string | null }> {
  const manager = createUserManager(config);
  let user: User | undefined;
  try {
    user = await manager.signinRedirectCallback();
    const state = (user.state ?? null) as SignInState | null;
    if (!state?.nonce) throw new Error('No state in response');
    await verifyUser(manager, user, { nonce: state.nonce });
    writeKeycloakCookie(user.access_token);
    return { returnTo: state.returnTo ?? null };
  } catch (error) {
    await manager.removeUser().catch(() => undefined);
    writeKeycloakCookie(null);
    throw error;
  }
}

/** Completes a return from the provider's end-session endpoint and removes `state` from the URL. */
export async function completeKeycloakSignOut(config: SessionConfig): Promise<void> {
  try {
    await createUserManager(config).signoutRedirectCallback();
  } catch (error) {
    console.warn(`[auth] Sign-out callback: ${(error as Error).message}`);
  }
  const url = new URL(location.href);
  url.searchParams.delete('state');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** Answers the silent-renew iframe: hands the response URL to the parent page's UserManager. */
export async function completeSilentCallback(config: SessionConfig): Promise<void> {
  await createUserManager(config).signinSilentCallback();
}

/** The identity provider's session for the player runtime. */
export interface KeycloakSession {
  manager: UserManager;
  tokens: TokenRefresher;
  /** Ends the session at the provider (end-session endpoint) and navigates to `target`. */
  signOut(target: string): Promise<boolean>;
}

function isAnonymousError(error: unknown): boolean {
  const code = (error as { error?: string } | null)?.error;
  return typeof code === 'string' && ANONYMOUS_SESSION_ERRORS.includes(code);
}

/**
 * Opens the stored provider session, renewing it silently when expired or missing. Resolves null
 * when there is no signed-in player (the visitor is then signed out silently).
 */
export async function openKeycloakSession(config: SessionConfig, onEnded: (error: SessionEndedError) => void): Promise<KeycloakSession | null> {
  const manager = createUserManager(config);
  let user = await manager.getUser();
  try {
    if (!user || user.expired) user = await withRetries(() => manager.signinSilent());
  } catch (error) {
    if (isTransientFailure(error)) {
      // The provider could not be asked (the network, or this page leaving mid-request): nothing is
      // known of the session, so nothing is removed; the next page asks again.
      console.warn(`[session] The identity provider could not be reached: ${(error as Error).message}; the session is kept for the next page`);
      return null;
    }
    if (!isAnonymousError(error)) console.warn(`[session] Silent sign-in failed: ${(error as Error).message}`);
    user = null;
  }
  if (!user) {
    // Silent sign-out: the provider has no session for this browser any more.
    await manager.removeUser();
    writeKeycloakCookie(null);
    return null;
  }
  let subject = user.profile.sub;
  const opened = user;
  try {
    await withRetries(() => verifyUser(manager, opened, {}));
  } catch (error) {
    if (!(error instanceof KeysUnreachableError)) {
      console.warn(`[session] ${(error as Error).message}: signing out`);
      await manager.removeUser();
      writeKeycloakCookie(null);
      return null;
    }
    // The keys are out of reach: the token was verified when it was stored, and the platform checks
    // the access token on every call itself, so the session goes on.
    console.warn(`[session] ${error.message}: the stored session goes on`);
  }
  writeKeycloakCookie(user.access_token);

  manager.events.addUserLoaded((loaded) => {
    void withRetries(() => verifyUser(manager, loaded, { subject }))
      .then(() => {
        subject = loaded.profile.sub;
        writeKeycloakCookie(loaded.access_token);
      })
      .catch((error: unknown) => {
        if (error instanceof KeysUnreachableError) writeKeycloakCookie(loaded.access_token);
        else onEnded(new SessionEndedError('JWT_EXPIRED', (error as Error).message));
      });
  });
  manager.events.addUserSignedOut(() => onEnded(new SessionEndedError('SESSION_EXPIRED', 'Signed out at the identity provider')));
  let inFlight: Promise<TokenPair> | null = null;
  const renew = (): Promise<TokenPair> => {
    inFlight ??= navigatorLocks()
      .request(REFRESH_LOCK_NAME, async () => {
        let renewed: User | null;
        try {
          renewed = await manager.signinSilent();
        } catch (error) {
          const code = (error as { error?: string }).error;
          if (code === 'invalid_grant' || isAnonymousError(error)) throw new SessionEndedError('SESSION_EXPIRED', (error as Error).message);
          throw error;
        }
        if (!renewed) throw new SessionEndedError('SESSION_EXPIRED', 'The identity provider returned no user');
        return { accessToken: renewed.access_token, refreshToken: renewed.refresh_token ?? '' };
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  // Silent renew when the access token is about to expire (60 s before), one at a time across tabs.
  // Timers act at most every 5 s (spec section 9): a token that lives less than the 60 s notice
  // would otherwise be renewed again the moment it arrives, rotating refresh tokens in a tight loop.
  let lastRenewAt = 0;
  let pendingRenew: ReturnType<typeof setTimeout> | undefined;
  const renewWhenExpiring = (): void => {
    const wait = lastRenewAt + TOKEN_TIMER_MIN_INTERVAL_MS - Date.now();
    if (wait > 0) {
      pendingRenew ??= setTimeout(() => {
        pendingRenew = undefined;
        renewWhenExpiring();
      }, wait);
      return;
    }
    lastRenewAt = Date.now();
    renew().catch((error: unknown) => {
      if (isTransientFailure(error) || /timed out/i.test((error as Error).message)) {
        setTimeout(renewWhenExpiring, SILENT_RENEW_RETRY_MS);
        return;
      }
      onEnded(error instanceof SessionEndedError ? error : new SessionEndedError('JWT_EXPIRED', `Silent renew failed: ${(error as Error).message}`));
    });
  };
  manager.events.addAccessTokenExpiring(renewWhenExpiring);

  const tokens: TokenRefresher = {
    async freshAccessToken() {
      if (inFlight) return (await inFlight).accessToken;
      const current = await manager.getUser();
      if (!current) return null;
      const left = (current.expires_at ?? 0) * 1000 - Date.now();
      return left > REFRESH_BEFORE_EXPIRY_MS ? current.access_token : (await renew()).accessToken;
    },
    async refresh(stale) {
      if (inFlight) return inFlight;
      const current = await manager.getUser();
      if (current && stale !== null && current.access_token !== stale && !current.expired) {
        return { accessToken: current.access_token, refreshToken: current.refresh_token ?? '' };
      }
      return renew();
    },
  };

  return {
    manager,
    tokens,
    async signOut(target) {
      const current = await manager.getUser();
      if (!current?.id_token) return false;
      // The provider's sign-out page speaks the lobby's language too.
      await manager.signoutRedirect({ post_logout_redirect_uri: target, state: { target }, extraQueryParams: { ui_locales: manager.settings.ui_locales ?? '' } });
      return true;
    },
  };
}

function navigatorLocks(): { request<T>(name: string, callback: () => Promise<T>): Promise<T> } {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ?? { request: (_name, callback) => callback() };
}
