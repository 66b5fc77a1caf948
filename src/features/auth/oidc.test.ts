import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InMemoryWebStorage, User } from 'oidc-client-ts';
import type { SessionConfig } from '../session/config.ts';
import { createUserManager, forgetStoredUsers } from './oidc.ts';

const CONFIG: SessionConfig = {
  brand: 'solenne',
  locale: 'en',
  localization: true,
  keycloakUrl: '/auth',
  realtimeProtocol: 'graphql-transport-ws',
  productMode: 'CASINO',
  currency: 'EUR',
};

/** A signed-in user as the library keeps it: every token a script must not find in storage. */
const signedIn = () =>
  new User({
    access_token: 'access-token-1',
    id_token: 'id-token-1',
    refresh_token: 'refresh-token-1',
    token_type: 'Bearer',
    scope: 'openid profile email phone',
    profile: { sub: 'player-1', iss: 'http://solenne.localhost:4321/auth/realms/solenne', aud: 'app', exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + 300,
  });

/** Everything a script on the page could read from both storages, as one string. */
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

beforeEach(() => {
  session = new InMemoryWebStorage() as unknown as Storage;
  local = new InMemoryWebStorage() as unknown as Storage;
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('location', new URL('http://solenne.localhost:4321/en/'));
});

afterEach(async () => {
  await createUserManager(CONFIG, { monitorSession: false }).removeUser();
  vi.unstubAllGlobals();
});

describe('the identity provider user store', () => {
  it('keeps the user, with its refresh token, in the page memory only: no storage holds a token', async () => {
    const manager = createUserManager(CONFIG, { monitorSession: false });
    await manager.storeUser(signedIn());

    expect((await manager.getUser())?.refresh_token).toBe('refresh-token-1');
    const readable = readableStorage(session, local);
    for (const token of ['access-token-1', 'id-token-1', 'refresh-token-1']) expect(readable).not.toContain(token);
    expect(session.length).toBe(0);
  });

  it('shares the page memory between the managers of one page', async () => {
    await createUserManager(CONFIG, { monitorSession: false }).storeUser(signedIn());
    expect((await createUserManager(CONFIG, { monitorSession: false }).getUser())?.access_token).toBe('access-token-1');
  });

  it('keeps the sign-in state (verifier, nonce, return path: no token) in local storage under oidc.', async () => {
    const { stateStore } = createUserManager(CONFIG, { monitorSession: false }).settings;
    await stateStore.set('state-1', '{"code_verifier":"v"}');
    expect(local.getItem('oidc.state-1')).toBe('{"code_verifier":"v"}');
  });
});

describe('forgetStoredUsers', () => {
  it('removes the users an older lobby left in session storage and nothing else', () => {
    session.setItem('oidc.user:http://solenne.localhost:4321/auth/realms/solenne:app', JSON.stringify({ refresh_token: 'old-refresh' }));
    session.setItem('oidc.user:other-realm:app', '{}');
    session.setItem('atrium.smsLogin', '+645550001');
    session.setItem('oidc.state-1', '{}');

    forgetStoredUsers(session);

    expect(readableStorage(session)).not.toContain('old-refresh');
    expect(session.length).toBe(2);
    expect(session.getItem('atrium.smsLogin')).toBe('+645550001');
    expect(session.getItem('oidc.state-1')).toBe('{}');
  });
});
