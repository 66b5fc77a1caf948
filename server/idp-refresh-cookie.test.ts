import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDP_REFRESH_COOKIE, IDP_REFRESH_PLACEHOLDER, idpEndpoint, idpRefreshCookie, proxyIdpTokenRequest } from './idp-refresh-cookie.ts';

const TOKEN_PATH = '/auth/realms/solenne/protocol/openid-connect/token';
const REVOKE_PATH = '/auth/realms/solenne/protocol/openid-connect/revoke';

/** A stand-in realm (unit test): the code `good` and each `rt-N` once give `rt-N+1`; anything else is invalid_grant. */
function fakeRealm() {
  const used = new Set<string>();
  const seen: URLSearchParams[] = [];
  let next = 1;
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const params = new URLSearchParams(text);
      seen.push(params);
      if (req.url?.endsWith('/revoke')) return void res.writeHead(200).end();
      const presented = params.get('grant_type') === 'authorization_code' ? params.get('code') : params.get('refresh_token');
      const valid = presented === 'good' || (/^rt-\d+$/.test(presented ?? '') && !used.has(presented!));
      if (presented) used.add(presented);
      res.writeHead(valid ? 200 : 400, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', pragma: 'no-cache' });
      res.end(JSON.stringify(valid ? { access_token: `at-${next}`, id_token: 'id', token_type: 'Bearer', expires_in: 300, refresh_token: `rt-${next++}` } : { error: 'invalid_grant', error_description: 'grant request is invalid' }));
    });
  });
  return { server, seen };
}

describe('the lobby holds the identity provider’s refresh token', () => {
  const realm = fakeRealm();
  const lobby = { server: null as http.Server | null, url: '' };
  beforeAll(async () => {
    await new Promise<void>((resolve) => realm.server.listen(0, '127.0.0.1', resolve));
    const platformUrl = `http://127.0.0.1:${(realm.server.address() as AddressInfo).port}`;
    lobby.server = http.createServer((req, res) => {
      const endpoint = idpEndpoint((req.url ?? '').split('?')[0] ?? '');
      if (!endpoint) return void res.writeHead(404).end();
      void proxyIdpTokenRequest(req, res, { platformUrl, secure: true }, endpoint);
    });
    await new Promise<void>((resolve) => lobby.server?.listen(0, '127.0.0.1', resolve));
    lobby.url = `http://127.0.0.1:${(lobby.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => lobby.server?.close(resolve));
    await new Promise((resolve) => realm.server.close(resolve));
  });

  const post = (path: string, form: Record<string, string>, cookie?: string) =>
    fetch(`${lobby.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) }, body: new URLSearchParams(form).toString() });
  const heldIn = (answer: Response) => answer.headers.getSetCookie().find((value) => value.startsWith(`${IDP_REFRESH_COOKIE}=`));

  it('knows the realm endpoints it mediates, and no other path', () => {
    expect(idpEndpoint(TOKEN_PATH)).toEqual({ realm: 'solenne', endpoint: 'token' });
    expect(idpEndpoint(REVOKE_PATH)).toEqual({ realm: 'solenne', endpoint: 'revoke' });
    expect(idpEndpoint('/auth/realms/solenne/protocol/openid-connect/logout/confirm')).toEqual({ realm: 'solenne', endpoint: 'logout/confirm' });
    expect(idpEndpoint('/auth/realms/solenne/protocol/openid-connect/auth')).toBeNull();
    expect(idpEndpoint('/auth/realms/../x/protocol/openid-connect/token')).toBeNull();
  });

  it('a code exchange answers the placeholder and puts the refresh token in an HttpOnly cookie for the realm’s endpoints', async () => {
    const answer = await post(TOKEN_PATH, { grant_type: 'authorization_code', code: 'good', code_verifier: 'v' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = (await answer.json()) as Record<string, string>;
    expect(body.refresh_token).toBe(IDP_REFRESH_PLACEHOLDER);
    expect(body.access_token).toMatch(/^at-/);
    const cookie = heldIn(answer)!;
    expect(cookie).toMatch(/^idpRefreshToken=rt-\d+;/);
    expect(cookie).toContain('Path=/auth/realms/solenne/protocol/openid-connect/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Secure');
    expect(cookie).not.toContain('Max-Age');
  });

  it('a renewal with the placeholder uses the cookie’s token, and the rotated one replaces it', async () => {
    const first = heldIn(await post(TOKEN_PATH, { grant_type: 'authorization_code', code: 'good' }))!;
    const token = first.split(';')[0]!.split('=')[1]!;
    const renewed = await post(TOKEN_PATH, { grant_type: 'refresh_token', refresh_token: IDP_REFRESH_PLACEHOLDER, client_id: 'app' }, `${IDP_REFRESH_COOKIE}=${token}`);
    expect(renewed.status).toBe(200);
    expect(realm.seen.at(-1)?.get('refresh_token')).toBe(token);
    expect(realm.seen.at(-1)?.get('client_id')).toBe('app');
    expect(((await renewed.json()) as Record<string, string>).refresh_token).toBe(IDP_REFRESH_PLACEHOLDER);
    expect(heldIn(renewed)).not.toContain(`=${token};`);

    // The spent token again: the provider refuses, and the cookie is forgotten with it.
    const again = await post(TOKEN_PATH, { grant_type: 'refresh_token', refresh_token: IDP_REFRESH_PLACEHOLDER }, `${IDP_REFRESH_COOKIE}=${token}`);
    expect(again.status).toBe(400);
    expect(((await again.json()) as Record<string, string>).error).toBe('invalid_grant');
    expect(heldIn(again)).toContain('Max-Age=0');
  });

  it('a renewal without the cookie is invalid_grant, never sent on with the placeholder', async () => {
    const calls = realm.seen.length;
    const answer = await post(TOKEN_PATH, { grant_type: 'refresh_token', refresh_token: IDP_REFRESH_PLACEHOLDER });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'invalid_grant', error_description: 'There is no session to renew: sign in again' });
    expect(realm.seen.length).toBe(calls);
  });

  it('a revocation of the placeholder revokes the cookie’s token and forgets it', async () => {
    const answer = await post(REVOKE_PATH, { token: IDP_REFRESH_PLACEHOLDER, token_type_hint: 'refresh_token' }, `${IDP_REFRESH_COOKIE}=rt-99`);
    expect(answer.status).toBe(200);
    expect(realm.seen.at(-1)?.get('token')).toBe('rt-99');
    expect(heldIn(answer)).toContain('Max-Age=0');
  });

  it('the forgetting cookie has the same path, so the browser drops the held one', () => {
    expect(idpRefreshCookie('vantor', null, false)).toBe('idpRefreshToken=; Path=/auth/realms/vantor/protocol/openid-connect/; HttpOnly; SameSite=Strict; Max-Age=0');
  });
});
