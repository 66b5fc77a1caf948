import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpRefreshCookie } from './idp-refresh-cookie.ts';
import { adoptTokensFromAddress, handleSessionRoute, proxySignIn, sessionCookies, SESSION_LOGOUT_PATH, SESSION_REFRESH_PATH, wantsSessionCookie } from './session-cookies.ts';

/** A stand-in platform (unit test): rotates `refresh-N` to `refresh-N+1` once, and signs in by SMS. */
function fakePlatform() {
  const used = new Set<string>();
  const calls: { body: { query: string; variables: Record<string, unknown> }; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as { query: string; variables: Record<string, unknown> };
      calls.push({ body, headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' });
      if (body.query.includes('refreshAccessToken')) {
        const presented = String(body.variables.refreshToken);
        const valid = /^refresh-\d+$/.test(presented) && !used.has(presented);
        used.add(presented);
        if (!valid) return res.end(JSON.stringify({ data: null, errors: [{ message: 'used', extensions: { reason: 'InvalidTokenFailure' } }] }));
        const next = Number(presented.split('-')[1]) + 1;
        return res.end(JSON.stringify({ data: { refreshAccessToken: { accessToken: `access-${next}`, refreshToken: `refresh-${next}`, expiresIn: 300, sessionId: 's1' } } }));
      }
      res.end(JSON.stringify({ data: { verifySmsLoginCode: { accessToken: 'access-1', refreshToken: 'refresh-1' } } }));
    });
  });
  return { server, calls };
}

/** A lobby-shaped server in front of it with just the session routes. */
function lobbyFor(platformUrl: string) {
  return http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    req.headers['x-brand'] = 'aurelia';
    const context = { platformUrl, secure: false, req };
    if (path === '/graphql' && wantsSessionCookie(req)) return void proxySignIn(req, res, context, 1_000_000);
    void handleSessionRoute(path, req, res, context).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
}

describe('the lobby holds the refresh token (backend for frontend)', () => {
  const platform = fakePlatform();
  const lobby = { server: null as http.Server | null, url: '' };
  beforeAll(async () => {
    await new Promise<void>((resolve) => platform.server.listen(0, '127.0.0.1', resolve));
    const platformUrl = `http://127.0.0.1:${(platform.server.address() as AddressInfo).port}`;
    lobby.server = lobbyFor(platformUrl);
    await new Promise<void>((resolve) => lobby.server?.listen(0, '127.0.0.1', resolve));
    lobby.url = `http://127.0.0.1:${(lobby.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => lobby.server?.close(resolve));
    await new Promise((resolve) => platform.server.close(resolve));
  });

  it('writes the refresh token HttpOnly (Secure under https) and the access token readable; forgetting clears both', () => {
    const [access, refresh] = sessionCookies({ accessToken: 'a', refreshToken: 'r' }, true);
    expect(access).toMatch(/^accessToken=a; Path=\/; Max-Age=2592000; SameSite=Lax; Secure$/);
    expect(refresh).toMatch(/^refreshToken=r; Path=\/; Max-Age=2592000; SameSite=Lax; Secure; HttpOnly$/);
    expect(sessionCookies({ accessToken: 'a', refreshToken: 'r' }, false)[1]).not.toContain('Secure');
    expect(sessionCookies(null, false)).toEqual(['accessToken=; Path=/; Max-Age=0; SameSite=Lax', 'refreshToken=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly']);
  });

  it('takes the tokens off a page address into the cookies, keeping the rest of the query', () => {
    const adopted = adoptTokensFromAddress('/en/trustly-login-handler/?accessToken=a1&refreshToken=r1&returnTo=%2Fen%2Fgames%2F', false);
    expect(adopted?.location).toBe('/en/trustly-login-handler/?returnTo=%2Fen%2Fgames%2F');
    expect(adopted?.cookies.join('\n')).toMatch(/accessToken=a1;[^\n]*\nrefreshToken=r1;.*HttpOnly/);
    // Half a pair is only taken off the address; an address without tokens is left alone.
    expect(adoptTokensFromAddress('/en/?refreshToken=stolen', false)).toEqual({ location: '/en/', cookies: [] });
    expect(adoptTokensFromAddress('/en/?productMode=casino', false)).toBeNull();
  });

  it('answers the lobby script’s sign-in without the refresh token, which it puts in the HttpOnly cookie', async () => {
    const answer = await fetch(`${lobby.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-atrium-session': 'cookie' },
      body: JSON.stringify({ query: 'mutation { verifySmsLoginCode(phoneNumber: "+1", code: "1") { accessToken refreshToken } }' }),
    });
    expect(await answer.json()).toEqual({ data: { verifySmsLoginCode: { accessToken: 'access-1', refreshToken: '' } } });
    const cookies = answer.headers.getSetCookie();
    expect(cookies.find((cookie) => cookie.startsWith('refreshToken='))).toMatch(/^refreshToken=refresh-1;.*HttpOnly/);
    expect(platform.calls.at(-1)?.headers['x-brand']).toBe('aurelia');
  });

  it('refreshes with the cookie alone, rotating both cookies; a spent session forgets them', async () => {
    const refresh = (cookie: string, variables: Record<string, unknown> = { refreshToken: '' }) =>
      fetch(`${lobby.url}${SESSION_REFRESH_PATH}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ variables }) });
    const first = await refresh('refreshToken=refresh-1');
    expect(await first.json()).toEqual({ data: { refreshAccessToken: { accessToken: 'access-2', refreshToken: '', expiresIn: 300, sessionId: 's1' } } });
    expect(first.headers.getSetCookie().find((cookie) => cookie.startsWith('refreshToken='))).toMatch(/^refreshToken=refresh-2;.*HttpOnly/);
    expect(platform.calls.at(-1)?.body.variables).toEqual({ refreshToken: 'refresh-1' });

    const spent = await refresh('refreshToken=refresh-1');
    expect(((await spent.json()) as { errors: { extensions: { reason: string } }[] }).errors[0]?.extensions.reason).toBe('InvalidTokenFailure');
    expect(spent.headers.getSetCookie()).toContain('refreshToken=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly');

    // No cookie: nothing to refresh (a token that reached page script is adopted once, from the variables).
    const none = await refresh('');
    expect(((await none.json()) as { errors: { extensions: { reason: string } }[] }).errors[0]?.extensions.reason).toBe('InvalidTokenFailure');
    const adopted = await refresh('', { refreshToken: 'refresh-7' });
    expect(adopted.headers.getSetCookie().find((cookie) => cookie.startsWith('refreshToken='))).toMatch(/^refreshToken=refresh-8;/);
  });

  it('logs out by forgetting both cookies and the identity provider’s held refresh token, and takes only POST', async () => {
    const out = await fetch(`${lobby.url}${SESSION_LOGOUT_PATH}`, { method: 'POST' });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()).toEqual([...sessionCookies(null, false), idpRefreshCookie('aurelia', null, false)]);
    expect((await fetch(`${lobby.url}${SESSION_REFRESH_PATH}`)).status).toBe(405);
  });
});
