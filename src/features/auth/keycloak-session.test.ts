import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorResponse, InMemoryWebStorage, MetadataService, OidcClient, User, UserManager } from 'oidc-client-ts';
import type { SessionConfig } from '../session/config.ts';
import { openKeycloakSession, type KeycloakSession } from './keycloak-session.ts';

// The id_token's own checks are id-token.test.ts's; here every id_token passes.
vi.mock('./id-token.ts', () => ({ remoteKeys: vi.fn(), verifyIdToken: vi.fn(async () => undefined) }));

const ORIGIN = 'http://solenne.localhost:4321';
const REALM = `${ORIGIN}/auth/realms/solenne`;
const CONFIG: SessionConfig = {
  brand: 'solenne',
  locale: 'en',
  localization: true,
  keycloakUrl: '/auth',
  realtimeProtocol: 'graphql-transport-ws',
  productMode: 'CASINO',
  currency: 'EUR',
};

/** What the provider answers for a sign-in or a refresh: tokens numbered `n`. */
const answer = (n: number) => ({
  access_token: `access-token-${n}`,
  id_token: `id-token-${n}`,
  refresh_token: `refresh-token-${n}`,
  token_type: 'Bearer',
  scope: 'openid profile email phone',
  profile: { sub: 'player-1', iss: REALM, aud: 'app', exp: 0, iat: 0 },
  expires_at: Math.floor(Date.now() / 1000) + 300,
});

/** Everything a script on the page could read from storage, as one string. */
function readableStorage(...stores: Storage[]): string {
  const entries: string[] = [];
  for (const store of stores) for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index) ?? '';
    entries.push(`${key}=${store.getItem(key) ?? ''}`);
  }
  return entries.join('\n');
}

let session: Storage;
let local: Storage;
let cookieWrites: string[];
let opened: KeycloakSession[];
/** Whether the page's memory held a user when each silent sign-in started (none: the iframe, not a refresh). */
let userAtSilentSignIn: (string | undefined)[];

beforeEach(() => {
  session = new InMemoryWebStorage() as unknown as Storage;
  local = new InMemoryWebStorage() as unknown as Storage;
  cookieWrites = [];
  opened = [];
  userAtSilentSignIn = [];
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('location', new URL(`${ORIGIN}/en/`));
  vi.stubGlobal('document', {
    get cookie() {
      return '';
    },
    set cookie(value: string) {
      cookieWrites.push(value);
    },
  });
  vi.spyOn(MetadataService.prototype, 'getMetadata').mockResolvedValue({
    issuer: REALM,
    jwks_uri: `${REALM}/protocol/openid-connect/certs`,
    authorization_endpoint: `${REALM}/protocol/openid-connect/auth`,
    token_endpoint: `${REALM}/protocol/openid-connect/token`,
    end_session_endpoint: `${REALM}/protocol/openid-connect/logout`,
  });
});

afterEach(async () => {
  for (const { manager } of opened) await manager.removeUser();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The iframe sign-in (prompt=none) answering as a provider with a live session does: the user lands in the manager's store. */
function providerSessionAnswers(n: number) {
  return vi.spyOn(UserManager.prototype, 'signinSilent').mockImplementationOnce(async function (this: UserManager) {
    userAtSilentSignIn.push((await this.getUser())?.access_token);
    const user = new User(answer(n));
    await this.storeUser(user);
    return user;
  });
}

async function open(): Promise<KeycloakSession | null> {
  const keycloak = await openKeycloakSession(CONFIG, vi.fn());
  if (keycloak) opened.push(keycloak);
  return keycloak;
}

describe('openKeycloakSession', () => {
  it('opens every page load by a silent sign-in and keeps the tokens out of storage', async () => {
    const silent = providerSessionAnswers(1);
    const keycloak = await open();

    expect(silent).toHaveBeenCalledTimes(1);
    // Nothing was in the page's memory: the iframe against the provider's session, not a refresh.
    expect(userAtSilentSignIn).toEqual([undefined]);
    expect(await keycloak?.tokens.freshAccessToken()).toBe('access-token-1');
    expect(cookieWrites.at(-1)).toMatch(/^keycloakAccessToken=access-token-1;/);
    const readable = readableStorage(session, local);
    for (const token of ['access-token-1', 'id-token-1', 'refresh-token-1']) expect(readable).not.toContain(token);
  });

  it('does not restore a user an older lobby left in session storage, and removes it', async () => {
    const key = 'oidc.user:http://solenne.localhost:4321/auth/realms/solenne:app';
    session.setItem(key, JSON.stringify({ ...answer(0), expires_at: Math.floor(Date.now() / 1000) + 300 }));
    const silent = providerSessionAnswers(1);
    const keycloak = await open();

    expect(silent).toHaveBeenCalledTimes(1);
    expect(session.getItem(key)).toBeFalsy();
    expect(await keycloak?.tokens.freshAccessToken()).toBe('access-token-1');
  });

  it('renews within the page with the refresh token from memory; the new tokens stay out of storage too', async () => {
    providerSessionAnswers(1);
    const refresh = vi.spyOn(OidcClient.prototype, 'useRefreshToken').mockImplementation(async ({ state }) => {
      expect(state.refresh_token).toBe('refresh-token-1');
      return answer(2) as never;
    });
    const keycloak = await open();

    await expect(keycloak?.tokens.refresh('access-token-1')).resolves.toEqual({ accessToken: 'access-token-2', refreshToken: 'refresh-token-2' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(await keycloak?.tokens.freshAccessToken()).toBe('access-token-2');
    // The renewed token reaches the server renders' cookie once its id_token is verified.
    await vi.waitFor(() => expect(cookieWrites.at(-1)).toMatch(/^keycloakAccessToken=access-token-2;/));
    const readable = readableStorage(session, local);
    for (const token of ['access-token-2', 'id-token-2', 'refresh-token-2', 'refresh-token-1']) expect(readable).not.toContain(token);
  });

  it('signs the visitor out silently when the provider has no session (login_required)', async () => {
    vi.spyOn(UserManager.prototype, 'signinSilent').mockRejectedValueOnce(new ErrorResponse({ error: 'login_required' }));
    await expect(open()).resolves.toBeNull();
    expect(cookieWrites.at(-1)).toMatch(/^keycloakAccessToken=; .*Max-Age=0/);
  });
});
