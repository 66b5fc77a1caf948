import { createHash, randomBytes } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresAdapter } from '../src/oidc/adapter.ts';
import { REPO_BRANDS_DIR } from '../src/players/demo-players-doc.ts';
import { brandTheme, DEFAULT_THEME } from '../src/web/html.ts';
import { bearer, CookieJar, DATABASES, SANDBOX_KEY, signInBySms, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';


const REDIRECT_URI = 'http://aurelia.localhost:4321/en/keycloak-login-handler/';

describe('brand themes for the identity pages', () => {
  it("reads the brand's colours from brands/<id>/theme.json", () => {
    const theme = brandTheme(REPO_BRANDS_DIR, 'aurelia');
    expect(theme).toMatchObject({ primary: '#dcaa36', background: '#0b1430', scheme: 'dark' });
    expect(brandTheme(REPO_BRANDS_DIR, 'no-such-brand')).toEqual(DEFAULT_THEME);
  });
});

describe.each(DATABASES)('identity provider and pay-and-play sandboxes on $name', (database) => {
  let app: TestPlatform;
  let discovery: Record<string, string>;
  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    app = await startPlatform(database);
    discovery = (await (await fetch(`${app.url}/auth/realms/aurelia/.well-known/openid-configuration`)).json()) as Record<string, string>;
  });
  afterAll(() => app?.close());

  /** Follows a browser request by hand, keeping cookies. */
  async function browse(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
    const absolute = new URL(url, app.url).href;
    const response = await fetch(absolute, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
    jar.take(response);
    return response;
  }

  function pkce() {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  }

  function authorizeUrl(params: Record<string, string>, endpoint = discovery.authorization_endpoint as string): string {
    const url = new URL(endpoint);
    const defaults = { client_id: 'app', redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'openid profile email offline_access', state: 'state-1', nonce: 'nonce-1' };
    for (const [key, value] of Object.entries({ ...defaults, ...params })) url.searchParams.set(key, value);
    return url.href;
  }

  /** Runs the browser part of a sign-in and returns the authorization code. */
  async function signIn(jar: CookieJar, challenge: string, identifier = 'verified', password = 'Demo-pass-1'): Promise<string> {
    const start = await browse(jar, authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }));
    expect(start.status).toBe(303);
    const loginUrl = start.headers.get('location') as string;
    expect(loginUrl).toMatch(/^\/auth\/realms\/aurelia\/login-actions\/[\w-]+$/);
    const form = await browse(jar, loginUrl);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('<label for="field-identifier">Email or username</label>');
    // The fixture aurelia carries the demo aurelia's theme.json, so the page wears its colours.
    expect(html).toContain('--primary:#dcaa36');
    const done = await browse(jar, loginUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: 'login', identifier, password }).toString() });
    expect(done.status).toBe(303);
    const resumed = await browse(jar, done.headers.get('location') as string);
    expect(resumed.status).toBe(303);
    const callback = new URL(resumed.headers.get('location') as string);
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe('state-1');
    return callback.searchParams.get('code') as string;
  }

  async function token(params: Record<string, string>): Promise<{ status: number; body: Record<string, string> }> {
    const response = await fetch(discovery.token_endpoint as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'app', ...params }).toString(),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  }

  it('publishes Keycloak-shaped discovery with the public issuer and S256 only', () => {
    expect(discovery.issuer).toBe('http://aurelia.localhost:4321/auth/realms/aurelia');
    for (const [key, path] of [
      ['authorization_endpoint', '/protocol/openid-connect/auth'],
      ['token_endpoint', '/protocol/openid-connect/token'],
      ['userinfo_endpoint', '/protocol/openid-connect/userinfo'],
      ['end_session_endpoint', '/protocol/openid-connect/logout'],
      ['jwks_uri', '/protocol/openid-connect/certs'],
      ['revocation_endpoint', '/protocol/openid-connect/revoke'],
    ]) {
      expect(discovery[key as string]).toBe(`${app.url}/auth/realms/aurelia${path}`);
    }
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.response_types_supported).toEqual(['code']);
  });

  it('uses the forwarded host for endpoint URLs behind the lobby', async () => {
    const response = await fetch(`${app.url}/auth/realms/mapleridge/.well-known/openid-configuration`, { headers: { 'x-forwarded-host': 'mapleridge.localhost:4321', 'x-forwarded-proto': 'http' } });
    const body = (await response.json()) as Record<string, string>;
    expect(body.issuer).toBe('http://mapleridge.localhost:4321/auth/realms/mapleridge');
    expect(body.token_endpoint).toBe('http://mapleridge.localhost:4321/auth/realms/mapleridge/protocol/openid-connect/token');
    expect((await fetch(`${app.url}/auth/realms/nope/.well-known/openid-configuration`)).status).toBe(404);
  });

  it('signs in with authorization code + PKCE, end to end, and the tokens work everywhere', async () => {
    const jar = new CookieJar();
    const { verifier, challenge } = pkce();
    const code = await signIn(jar, challenge);
    const { status, body } = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', scope: expect.stringContaining('openid') });
    expect(body.refresh_token).toBeTruthy();

    const jwks = (await (await fetch(discovery.jwks_uri as string)).json()) as { keys: [] };
    const { payload } = await jwtVerify(body.id_token as string, createLocalJWKSet(jwks), { issuer: discovery.issuer, audience: 'app' });
    expect(payload.nonce).toBe('nonce-1');
    const userinfo = (await (await fetch(discovery.userinfo_endpoint as string, { headers: bearer(body.access_token as string) })).json()) as Record<string, string>;
    expect(userinfo).toMatchObject({ sub: payload.sub, email: 'verified@aurelia.demo', preferred_username: 'verified' });

    // The provider's access token is a bearer token for the API too.
    const viewer = await app.gql('{ viewer { flow player { id } wallet { balance } } }', {}, bearer(body.access_token as string));
    expect(viewer.data.viewer).toEqual({ flow: 'keycloak', player: { id: payload.sub }, wallet: { balance: '250.00' } });

    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: body.refresh_token as string });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(body.refresh_token);
    // The same token again within the grace (a page that left before the answer reached it): the
    // answer it was rotated to, not the reuse detection revoking the grant (players signed out at random).
    const again = await token({ grant_type: 'refresh_token', refresh_token: body.refresh_token as string });
    expect(again).toEqual(refreshed);
    // Three at once: one rotation, one answer for all three, and the grant lives on.
    const together = await Promise.all([1, 2, 3].map(() => token({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token as string })));
    expect(together.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(together.map((answer) => answer.body.refresh_token)).size).toBe(1);
    expect(together[0]?.body.refresh_token).not.toBe(refreshed.body.refresh_token);
    // Nothing in the database is a usable token: the kept answers are sealed.
    const kept = await app.platform.db.query<{ answer: string }>('select answer from oidc_refresh_grace where answer is not null');
    expect(kept.rows.length).toBeGreaterThanOrEqual(2);
    expect(kept.rows.map((row) => row.answer).join(' ')).not.toContain(together[0]?.body.refresh_token as string);
    // Past the grace, a spent token is reuse: the provider revokes the grant, successors included.
    await app.platform.db.query(`update oidc_refresh_grace set expires_at = now() - interval '1 second'`);
    expect((await token({ grant_type: 'refresh_token', refresh_token: body.refresh_token as string })).body.error).toBe('invalid_grant');
    expect((await token({ grant_type: 'refresh_token', refresh_token: together[0]?.body.refresh_token as string })).body.error).toBe('invalid_grant');

    // End session with id_token_hint, client_id, post_logout_redirect_uri and state.
    const logoutUrl = new URL(discovery.end_session_endpoint as string);
    for (const [key, value] of Object.entries({ id_token_hint: body.id_token, client_id: 'app', post_logout_redirect_uri: 'http://aurelia.localhost:4321/en/login/?logoutReason=USER_LOGOUT', state: 'bye' })) {
      logoutUrl.searchParams.set(key, value as string);
    }
    const confirm = await browse(jar, logoutUrl.href);
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] as string;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] as string;
    const signedOut = await browse(jar, action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ xsrf, logout: 'yes' }).toString() });
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe('http://aurelia.localhost:4321/en/login/?logoutReason=USER_LOGOUT&state=bye');
    expect((await app.gql('{ viewer { flow } }', {}, bearer(refreshed.body.access_token as string))).status).toBe(401);
  });

  it("keeps a browser session's sign-out against a write that read it before: the xsrf state stays, and a destroyed session stays gone", async () => {
    const Sessions = postgresAdapter(app.platform.db, 'aurelia', async () => {});
    const sessions = new Sessions('Session');
    const id = `race-${randomBytes(6).toString('hex')}`;
    const signedIn = { accountId: 'someone', authorizations: { app: { sid: 's1', grantId: 'g1' } }, uid: `uid-${id}`, exp: 1 };
    await sessions.upsert(id, signedIn, 600);
    // The sign-out page stores its xsrf secret; a silent sign-in that read the session earlier writes it back without.
    await sessions.upsert(id, { ...signedIn, state: { secret: 'xsrf-1', clientId: 'app' } }, 600);
    await sessions.upsert(id, { ...signedIn, loginTs: 2 }, 600);
    expect(await sessions.find(id)).toMatchObject({ loginTs: 2, state: { secret: 'xsrf-1', clientId: 'app' } });
    // A newer sign-out's secret replaces it.
    await sessions.upsert(id, { ...signedIn, state: { secret: 'xsrf-2' } }, 600);
    expect((await sessions.find(id))?.state).toEqual({ secret: 'xsrf-2' });
    // Signed out: the late write does not bring the session back, by id or by uid.
    await sessions.destroy(id);
    await sessions.upsert(id, signedIn, 600);
    expect(await sessions.find(id)).toBeUndefined();
    expect(await sessions.findByUid(signedIn.uid)).toBeUndefined();
    // Other models are written as they are given.
    const Grants = new Sessions('Grant');
    await Grants.upsert(id, { accountId: 'someone', state: 'kept' } as never, 600);
    await Grants.upsert(id, { accountId: 'someone' }, 600);
    expect(await Grants.find(id)).toEqual({ accountId: 'someone' });
  });

  it('refuses a wrong code_verifier, plain PKCE, no PKCE and foreign redirect URIs', async () => {
    const { challenge } = pkce();
    const code = await signIn(new CookieJar(), challenge);
    const wrong = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: pkce().verifier });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');

    const invalid: Record<string, string>[] = [{ code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' }, {}];
    for (const params of invalid) {
      const response = await browse(new CookieJar(), authorizeUrl(params));
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location') as string);
      expect(location.searchParams.get('error')).toBe('invalid_request');
    }
    // Only the registered addresses, exactly: another port, path, query or loopback host is refused too.
    for (const redirect of [
      'https://evil.example/cb', 'http://aurelia.localhost.evil.example/', 'http://mapleridge.localhost:4321/en/keycloak-login-handler/',
      'http://aurelia.localhost:5173/en/keycloak-login-handler/', 'http://aurelia.localhost:4321/en/', 'http://aurelia.localhost:4321/en/keycloak-login-handler/?next=x',
      'http://127.0.0.1:4321/en/keycloak-login-handler/', 'http://aurelia.localhost:4321/xx/keycloak-login-handler/',
    ]) {
      // prompt=none (silent renew) is held to the same list: an error there is never sent to the address asked for.
      for (const prompt of [{}, { prompt: 'none' }] as Record<string, string>[]) {
        const response = await browse(new CookieJar(), authorizeUrl({ redirect_uri: redirect, code_challenge: challenge, code_challenge_method: 'S256', ...prompt }));
        expect(response.status, `${redirect} ${JSON.stringify(prompt)}`).toBe(400);
        expect(await response.text()).toMatch(/redirect_uri/);
      }
    }
    // The silent-renew address is registered: prompt=none answers there (login_required, with no session).
    const silent = await browse(new CookieJar(), authorizeUrl({ redirect_uri: `${REDIRECT_URI}?silent=1`, code_challenge: challenge, code_challenge_method: 'S256', prompt: 'none' }));
    expect(silent.status).toBe(303);
    expect(new URL(silent.headers.get('location') as string).searchParams.get('error')).toBe('login_required');
  });

  it('registers a new player through /registrations, with field errors first', async () => {
    const jar = new CookieJar();
    const { verifier, challenge } = pkce();
    const registrations = (discovery.authorization_endpoint as string).replace(/\/openid-connect\/auth$/, '/openid-connect/registrations');
    const start = await browse(jar, authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }, registrations));
    expect(start.status).toBe(303);
    const page = start.headers.get('location') as string;
    const form = await (await browse(jar, page)).text();
    expect(form).toContain('Join Aurelia Casino');
    const post = (fields: Record<string, string>) =>
      browse(jar, page, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: 'register', ...fields }).toString() });
    // mga asks for deposit limits on registration (optional, in the wallet's currency); est's personal code is not asked.
    expect(form).toContain('Deposit limits (optional)');
    for (const label of ['Daily limit (EUR)', 'Weekly limit (EUR)', 'Monthly limit (EUR)']) expect(form).toContain(label);
    expect(form).not.toContain('Personal identification code');
    const invalid = await post({ email: 'nope', password: 'short', firstName: '', lastName: 'Doe', dateOfBirth: '2015-01-01', phoneNumber: '12', terms: '', depositLimitWeek: '-5', depositLimitMonth: '99999999999' });
    expect(invalid.status).toBe(400);
    const errors = await invalid.text();
    expect(errors).toContain('role="alert"');
    expect(errors).toContain('aria-invalid="true"');
    for (const text of ['Enter an email address', 'at least 8 characters', 'Enter your first name', 'must be 18 or older', 'country code', 'Accept the terms', 'Weekly limit: Enter an amount above zero', 'Monthly limit: Enter an amount above zero']) expect(errors).toContain(text);
    // The checkbox links to the versions of the terms and privacy policy it records (content/aurelia/legal/).
    const legalVersions = /name="legalVersions" value="([^"]*)"/.exec(form)?.[1]?.replace(/&#64;/g, '@') ?? '';
    expect(legalVersions).toMatch(/^terms-and-conditions@[\w.-]+,privacy-policy@[\w.-]+$/);
    const termsVersion = /^terms-and-conditions@([^,]+)/.exec(legalVersions)?.[1] ?? '';
    expect(form).toContain(`href="/en/terms-and-conditions/?version=${termsVersion}"`);
    // A form showing terms that have moved on since is refused: the player accepts what they can read now.
    const stale = await post({ email: 'stale@example.com', password: 'secret123', firstName: 'A', lastName: 'B', dateOfBirth: '1990-01-01', terms: 'yes', legalVersions: 'terms-and-conditions@0.1,privacy-policy@0.1' });
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain('The terms changed while you were registering: read the new version and accept it again.');
    // A taken address and a new one get the same page (no account enumeration); the e-mail tells the rest.
    const codePage = async (email: string, extra: Record<string, string> = {}) => {
      const response = await post({ email, password: 'secret123', firstName: 'Fresh', lastName: '<Player>', dateOfBirth: '1990-01-01', terms: 'yes', legalVersions, ...extra });
      const html = await response.text();
      const registration = /name="registration" value="([^"]+)"/.exec(html)?.[1] ?? '';
      return { status: response.status, registration, shape: html.replaceAll(registration, 'ID').replaceAll(email, 'EMAIL') };
    };
    const taken = await codePage('Verified@Aurelia.demo');
    const fresh = await codePage('fresh@example.com', { phoneNumber: '+358 40 555 1234', depositLimitDay: '50', depositLimitMonth: '400,5' });
    expect(taken.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(fresh.shape).toContain('We sent an e-mail to EMAIL. Enter the 6-digit code');
    expect(taken.shape.replaceAll('verified@aurelia.demo', 'EMAIL')).toBe(fresh.shape);
    const outbox = async (email: string) => {
      const response = await fetch(`${app.url}/platform/email-outbox.json?brand=aurelia&email=${encodeURIComponent(email)}`, { headers: SANDBOX_KEY });
      return ((await response.json()) as { messages: { subject: string; body: string; code: string | null }[] }).messages;
    };
    const [ownerMail] = await outbox('verified@aurelia.demo');
    expect(ownerMail).toMatchObject({ code: null, subject: 'Someone tried to register at Aurelia Casino with your e-mail' });
    expect(ownerMail?.body).toContain('If it was you, sign in with this address instead.');
    const [freshMail] = await outbox('fresh@example.com');
    expect(freshMail?.code).toMatch(/^\d{6}$/);
    expect(freshMail?.subject).toBe(`${freshMail?.code} is your Aurelia Casino code`);
    // No player exists before the code comes back.
    expect((await app.platform.db.query("select 1 from players where email = 'fresh@example.com'")).rows).toEqual([]);
    const enterCode = (registration: string, email: string, code: string) =>
      browse(jar, page, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: 'register-code', registration, email, code }).toString() });
    // A wrong code reads the same for both; no code at all finishes the taken address's registration.
    const wrongTaken = await enterCode(taken.registration, 'verified@aurelia.demo', freshMail?.code === '000000' ? '111111' : '000000');
    const wrongFresh = await enterCode(fresh.registration, 'fresh@example.com', freshMail?.code === '000000' ? '111111' : '000000');
    expect(wrongTaken.status).toBe(400);
    expect(wrongFresh.status).toBe(400);
    expect(await wrongTaken.text()).toContain('That code is not right: check the e-mail and try again (4 tries left).');
    expect(await wrongFresh.text()).toContain('That code is not right: check the e-mail and try again (4 tries left).');
    const created = await enterCode(fresh.registration, 'fresh@example.com', freshMail?.code ?? '');
    expect(created.status).toBe(303);
    // A code works once.
    expect((await enterCode(fresh.registration, 'fresh@example.com', freshMail?.code ?? '')).status).toBe(400);
    const resumed = await browse(jar, created.headers.get('location') as string);
    const code = new URL(resumed.headers.get('location') as string).searchParams.get('code') as string;
    const { body } = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    const viewer = await app.gql('{ viewer { player { email emailVerified personalInfo { lastName } phoneNumber legalAcceptances { document version source } } wallet { currency balance } } }', {}, bearer(body.access_token as string));
    expect(viewer.data.viewer).toEqual({
      player: {
        email: 'fresh@example.com', emailVerified: true, personalInfo: { lastName: '<Player>' }, phoneNumber: '+358405551234',
        legalAcceptances: expect.arrayContaining([{ document: 'terms-and-conditions', version: termsVersion, source: 'idp-registration' }]),
      },
      wallet: { currency: 'EUR', balance: '0.00' },
    });
    // The deposit limits chosen on the form are in force at once.
    const limits = await app.gql('{ viewer { limits { kind period amount pendingChange { amount } } } }', {}, bearer(body.access_token as string));
    expect(limits.data.viewer.limits).toEqual([
      { kind: 'Deposit', period: 'Day', amount: '50.00', pendingChange: null },
      { kind: 'Deposit', period: 'Month', amount: '400.50', pendingChange: null },
    ]);
    // The new password works on the sign-in page, and content is escaped there.
    const again = pkce();
    expect(await signIn(new CookieJar(), again.challenge, 'fresh@example.com', 'secret123')).toBeTruthy();
    // A number already on another account is left off the new one, not reported on the form. This
    // registration opens on the sign-in page and follows its "create an account" link.
    const secondJar = new CookieJar();
    const secondPage = (await browse(secondJar, authorizeUrl({ code_challenge: pkce().challenge, code_challenge_method: 'S256' }))).headers.get('location') as string;
    expect(await (await browse(secondJar, `${secondPage}?view=register`)).text()).toContain('Join Aurelia Casino');
    const secondForm = await browse(secondJar, secondPage, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: 'register', email: 'second@example.com', password: 'secret123', firstName: 'A', lastName: 'B', dateOfBirth: '1990-01-01', phoneNumber: '+358405551234', terms: 'yes', legalVersions }).toString() });
    expect(secondForm.status).toBe(200);
    const second = { registration: /name="registration" value="([^"]+)"/.exec(await secondForm.text())?.[1] ?? '' };
    const [secondMail] = await outbox('second@example.com');
    const secondDone = await browse(secondJar, secondPage, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: 'register-code', registration: second.registration, email: 'second@example.com', code: secondMail?.code ?? '' }).toString() });
    expect(secondDone.status).toBe(303);
    const { rows } = await app.platform.db.query<{ phone_number: string | null; email_verified: boolean }>("select phone_number, email_verified from players where email = 'second@example.com'");
    expect(rows).toEqual([{ phone_number: null, email_verified: true }]);
  });

  it('asks for the Estonian personal code on registration under est, checks it and holds it to the birth date; casino play waits for 21', async () => {
    const jar = new CookieJar();
    const vantor = (await (await fetch(`${app.url}/auth/realms/vantor/.well-known/openid-configuration`)).json()) as Record<string, string>;
    const registrations = vantor.authorization_endpoint!.replace(/\/openid-connect\/auth$/, '/openid-connect/registrations');
    const { verifier, challenge } = pkce();
    const redirectUri = 'http://vantor.localhost:4321/en/keycloak-login-handler/';
    const start = await browse(jar, authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256', redirect_uri: redirectUri, ui_locales: 'en' }, registrations));
    expect(start.status).toBe(303);
    const page = start.headers.get('location') as string;
    const form = await (await browse(jar, page)).text();
    expect(form).toContain('Personal identification code');
    expect(form).not.toContain('Deposit limits');
    const legalVersions = /name="legalVersions" value="([^"]*)"/.exec(form)?.[1]?.replace(/&#64;/g, '@') ?? '';
    const post = async (fields: Record<string, string>) => {
      const response = await browse(jar, page, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: 'register', email: 'mari@example.ee', password: 'secret123', firstName: 'Mari', lastName: 'Tamm', terms: 'yes', legalVersions, ...fields }).toString() });
      return { status: response.status, html: await response.text() };
    };
    // A mistyped check digit, a code born on another day, and an age under the brand's 21.
    const typo = await post({ dateOfBirth: '1976-05-03', personalCode: '37605030298' });
    expect(typo.status).toBe(400);
    expect(typo.html).toContain('Check your personal identification code: its last digit does not match the other ten, so a digit is probably mistyped.');
    // Issue 27: the message says what is wrong, never "it has 11 digits" for a code of 3.
    const short = await post({ dateOfBirth: '1976-05-03', personalCode: '376' });
    expect(short.html).toContain('Your personal identification code must have 11 digits; this one has 3.');
    expect(short.html).not.toContain('it has 11 digits');
    const letters = await post({ dateOfBirth: '1976-05-03', personalCode: '3760503029a' });
    expect(letters.html).toContain('Write your personal identification code in digits only');
    const mismatch = await post({ dateOfBirth: '1976-05-04', personalCode: '37605030299' });
    expect(mismatch.html).toContain('Your personal identification code says you were born on 1976-05-03');
    const young = await post({ dateOfBirth: '2008-01-01', personalCode: '60801011235' });
    expect(young.html).toContain('You must be 21 or older to play.');
    const accepted = await post({ dateOfBirth: '1976-05-03', personalCode: '376 0503 0299' });
    expect(accepted.status).toBe(200);
    const registration = /name="registration" value="([^"]+)"/.exec(accepted.html)?.[1] ?? '';
    const mail = ((await (await fetch(`${app.url}/platform/email-outbox.json?brand=vantor&email=mari%40example.ee`, { headers: SANDBOX_KEY })).json()) as { messages: { code: string }[] }).messages[0];
    const created = await browse(jar, page, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: 'register-code', registration, email: 'mari@example.ee', code: mail?.code ?? '' }).toString() });
    expect(created.status).toBe(303);
    const resumed = await browse(jar, created.headers.get('location') as string);
    const code = new URL(resumed.headers.get('location') as string).searchParams.get('code') as string;
    const tokenResponse = await fetch(vantor.token_endpoint!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ client_id: 'app', grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }).toString() });
    const headers = { ...bearer(((await tokenResponse.json()) as { access_token: string }).access_token), 'x-brand': 'vantor' };
    const player = await app.gql('{ viewer { player { id personalInfo { ssn dateOfBirth } } } }', {}, headers);
    expect(player.data.viewer.player.personalInfo).toEqual({ ssn: '37605030299', dateOfBirth: '1976-05-03' });
    // The code carries the birth date: the player cannot change it afterwards (the age gate reads it).
    const edited = await app.gql('mutation($i: PersonalInfoInput!) { updatePersonalInfo(input: $i) { id } }', { i: { dateOfBirth: '1960-01-01' } }, headers);
    expect(edited.errors?.[0]?.extensions.reason).toBe('BadUserInput');
    expect(JSON.stringify(edited.errors?.[0]?.extensions.fieldErrors)).toContain('verified');
    expect((await app.gql('{ viewer { player { verifiedPersonalInfo } } }', {}, headers)).data.viewer.player.verifiedPersonalInfo).toEqual(['dateOfBirth']);

    // The age gate holds at the game too: the same player made 19 may not launch a real-money casino game.
    await app.platform.db.query(`update players set date_of_birth = (now() - interval '19 years')::date where id = $1`, [player.data.viewer.player.id]);
    const games = await app.gql('{ listOfGames(listOfGamesSlug: "slots", first: 5) { games { edges { node { slug } } } } }', {}, headers);
    const slug = games.data.listOfGames.games.edges[0].node.slug as string;
    const refused = await app.gql('mutation($s: String!) { launchGame(slug: $s, mode: REAL) { gameSessionId } }', { s: slug }, headers);
    expect(refused.errors?.[0]).toMatchObject({ message: 'You must be 21 or older to play casino games here', extensions: { reason: 'AgeRestricted', minimumAge: 21, product: 'casino' } });
  });

  it('holds the age gate per product: a 17-year-old on mga gets neither casino nor sports, and an 18-year-old gets both', async () => {
    const tokens = await signInBySms(app, `+35848${String(Date.now() % 1_000_000).padStart(6, '0')}7`);
    const headers = bearer(tokens.accessToken);
    const { data } = await app.gql('{ viewer { player { id } } listOfGames(listOfGamesSlug: "slots", first: 1) { games { edges { node { slug } } } } }', {}, headers);
    const slug = data.listOfGames.games.edges[0].node.slug as string;
    const aged = (years: number, days: number) => app.platform.db.query(`update players set date_of_birth = (now() - make_interval(years => $2) + make_interval(days => $3))::date where id = $1`, [data.viewer.player.id, years, days]);
    const launch = () => app.gql('mutation($s: String!) { launchGame(slug: $s, mode: REAL) { gameSessionId } }', { s: slug }, headers);
    const sports = () => app.gql('mutation { launchSportsbook { sportsbookSessionId } }', {}, headers);
    // Eighteen tomorrow: still 17.
    await aged(18, 1);
    expect((await launch()).errors?.[0]).toMatchObject({ message: 'You must be 18 or older to play casino games here', extensions: { reason: 'AgeRestricted', product: 'casino' } });
    expect((await sports()).errors?.[0]).toMatchObject({ message: 'You must be 18 or older to bet on sports here', extensions: { reason: 'AgeRestricted', product: 'sports' } });
    await aged(18, 0);
    expect((await launch()).errors).toBeUndefined();
    expect((await sports()).errors).toBeUndefined();
  });

  it('answers a wrong password, an unknown login and a passwordless account alike: no account enumeration', async () => {
    const jar = new CookieJar();
    const start = await browse(jar, authorizeUrl({ code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
    const page = start.headers.get('location') as string;
    const post = async (identifier: string, password: string) => {
      const response = await browse(jar, page, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: 'login', identifier, password }).toString() });
      const html = await response.text();
      return { status: response.status, html, error: /id="field-password-error">([^<]*)</.exec(html)?.[1] ?? null };
    };
    // An account that joined by SMS has no password.
    await signInBySms(app, '+3585559911');
    const answers = [await post('verified', 'wrong-pass-1'), await post('nobody-here@example.com', 'wrong-pass-1'), await post('player3585559911', 'wrong-pass-1')];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.error).toBe('The email or username and the password do not match. Check both and try again; if you joined by SMS or bank, sign in that way.');
    }
    const hostile = await post('<script>x</script>', 'x');
    expect(hostile.error).toBe(answers[0]!.error);
    expect(hostile.html).not.toContain('<script>x</script>');
  });

  it('signs in through each pay-and-play sandbox and returns to the lobby handler with tokens', async () => {
    const returnUrl = 'http://aurelia.localhost:4321/fi/trustly-login-handler/?from=test';
    const page = await fetch(`${app.url}/platform/sandbox/trustly/?brand=aurelia&locale=fi&returnUrl=${encodeURIComponent(returnUrl)}&amount=50`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('value="aurelia-verified"');
    expect(html).toContain('value="50"');
    const orderId = /name="orderId" value="([^"]+)"/.exec(html)?.[1] as string;
    const confirm = (provider: string, fields: Record<string, string>) =>
      fetch(`${app.url}/platform/sandbox/${provider}/`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ brand: 'aurelia', ...fields }).toString() });
    const done = await confirm('trustly', { locale: 'fi', returnUrl, person: 'aurelia-verified', amount: '50.00', orderId });
    expect(done.status).toBe(303);
    const target = new URL(done.headers.get('location') as string);
    expect(`${target.origin}${target.pathname}`).toBe('http://aurelia.localhost:4321/fi/trustly-login-handler/');
    expect(target.searchParams.get('from')).toBe('test');
    const accessToken = target.searchParams.get('accessToken') as string;
    expect(target.searchParams.get('refreshToken')).toBeTruthy();
    const viewer = await app.gql('{ viewer { flow player { username } wallet { balance } } }', {}, bearer(accessToken));
    expect(viewer.data.viewer).toEqual({ flow: 'trustly', player: { username: 'verified' }, wallet: { balance: '300.00' } });
    // Submitting the same bank order twice does not deposit twice.
    await confirm('trustly', { locale: 'fi', returnUrl, person: 'aurelia-verified', amount: '50.00', orderId });
    expect((await app.gql('{ viewer { wallet { balance } } }', {}, bearer(accessToken))).data.viewer.wallet.balance).toBe('300.00');

    const zimpler = await confirm('zimpler', { person: 'new' });
    const fresh = new URL(zimpler.headers.get('location') as string);
    expect(`${fresh.origin}${fresh.pathname}`).toBe('http://aurelia.localhost:4321/en/zimpler-login-handler/');
    const newcomer = await app.gql('{ viewer { flow player { username } wallet { balance } } }', {}, bearer(fresh.searchParams.get('accessToken') as string));
    expect(newcomer.data.viewer).toMatchObject({ flow: 'zimpler', wallet: { balance: '0.00' } });

    const piq = await confirm('piq', { person: 'aurelia-newcomer', amount: '5' });
    expect(piq.status).toBe(400);
    expect(await piq.text()).toContain('The smallest deposit is €20.00');
    const blocked = await confirm('piq', { person: 'aurelia-deposits-blocked', amount: '25' });
    expect(await blocked.text()).toContain('Deposits are blocked');
    expect((await confirm('piq', { person: 'aurelia-deposits-blocked' })).status).toBe(303);
  });

  it('refuses return URLs off the brand’s hosts', async () => {
    for (const returnUrl of ['https://evil.example/fi/trustly-login-handler/', 'http://aurelia.localhost@evil.example/', 'javascript:alert(1)', '//evil.example/', 'http://mapleridge.localhost:4321/en/trustly-login-handler/']) {
      const page = await fetch(`${app.url}/platform/sandbox/trustly/?brand=aurelia&returnUrl=${encodeURIComponent(returnUrl)}`);
      expect(page.status, returnUrl).toBe(400);
      expect(await page.text()).toContain('not on Aurelia Casino');
      const post = await fetch(`${app.url}/platform/sandbox/trustly/`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ brand: 'aurelia', returnUrl, person: 'aurelia-verified' }).toString(),
      });
      expect(post.status, returnUrl).toBe(400);
      expect(post.headers.get('location')).toBeNull();
    }
  });
});
