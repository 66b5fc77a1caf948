/**
 * The identity library's constants and storage rules (spec section 9) as oidc-client-ts receives
 * them: the UserManager the lobby builds is read back, and its stores and stale-state sweep are run
 * against the browser storages they must use.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { User } from 'oidc-client-ts';
import type { SessionConfig } from '../session/config.ts';
import { createUserManager, OIDC_CLIENT_ID } from './oidc.ts';

const ORIGIN = 'http://aurelia.localhost:4321';
const CONFIG: SessionConfig = { brand: 'aurelia', locale: 'fi', localization: true, keycloakUrl: '/auth', realtimeProtocol: 'graphql-ws', productMode: 'CASINO', currency: 'EUR' } as SessionConfig;

/** A Web Storage in memory, so the test sees which storage each store writes to. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() { return this.items.size; }
  clear() { this.items.clear(); }
  getItem(key: string) { return this.items.get(key) ?? null; }
  key(index: number) { return [...this.items.keys()][index] ?? null; }
  removeItem(key: string) { this.items.delete(key); }
  setItem(key: string, value: string) { this.items.set(key, String(value)); }
  keys() { return [...this.items.keys()]; }
}

let session: MemoryStorage;
let local: MemoryStorage;

beforeEach(() => {
  session = new MemoryStorage();
  local = new MemoryStorage();
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('location', new URL(`${ORIGIN}/fi/`));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the UserManager the lobby builds (spec section 9)', () => {
  it('receives the spec\'s times: stale state 900 s, silent request 10 s, expiring notice 60 s, session check 2 s, popup 640', () => {
    const { settings } = createUserManager(CONFIG);
    expect(settings.staleStateAgeInSeconds).toBe(900);
    expect(settings.silentRequestTimeoutInSeconds).toBe(10);
    expect(settings.accessTokenExpiringNotificationTimeInSeconds).toBe(60);
    expect(settings.checkSessionIntervalInSeconds).toBe(2);
    expect(settings.popupWindowFeatures.height).toBe(640);
    // Authorization code with PKCE only, for the brand's realm on this origin, in the page's language.
    expect(settings.response_type).toBe('code');
    expect(settings.authority).toBe(`${ORIGIN}/auth/realms/aurelia`);
    expect(settings.client_id).toBe(OIDC_CLIENT_ID);
    expect(settings.extraQueryParams).toEqual({});
    expect(settings.ui_locales).toBe('fi');
  });

  it('keeps the user in session storage and the sign-in state in local storage, both under the oidc. prefix', async () => {
    const manager = createUserManager(CONFIG);
    await manager.storeUser(new User({ access_token: 'a', token_type: 'Bearer', profile: { sub: 'player-1', iss: `${ORIGIN}/auth/realms/aurelia`, aud: 'app', exp: 0, iat: 0 } }));
    expect(session.keys()).toEqual([`oidc.user:${ORIGIN}/auth/realms/aurelia:${OIDC_CLIENT_ID}`]);
    expect(local.keys()).toEqual([]);

    await manager.settings.stateStore.set('state-1', '{}');
    expect(local.keys()).toEqual(['oidc.state-1']);
    expect(session.keys()).toHaveLength(1);
  });

  it('sweeps sign-in states older than 900 s and keeps younger ones', async () => {
    const now = Math.floor(Date.now() / 1000);
    const state = (id: string, age: number) => JSON.stringify({ id, created: now - age, request_type: 'si:r', data: null });
    local.setItem('oidc.stale', state('stale', 905));
    local.setItem('oidc.fresh', state('fresh', 880));
    local.setItem('unrelated', 'kept: not the library\'s');
    await createUserManager(CONFIG).clearStaleState();
    expect(local.keys().sort()).toEqual(['oidc.fresh', 'unrelated']);
  });

});
