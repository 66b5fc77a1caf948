import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { MIGRATIONS_DIR } from '../src/db/open.ts';
import { openPglite } from '../src/db/pglite.ts';
import { createSchema } from '../src/graphql/schema.ts';
import { createOperator } from '../src/operators/accounts.ts';
import { applyRateLimits, RATE_LIMITED_MUTATIONS } from '../src/security/limited-mutations.ts';
import { DEFAULT_RATE_RULES, RateLimiter, rateRulesFromEnv, type RateRuleName, type RateRule } from '../src/security/rate-limit.ts';
import { CookieJar, DATABASES, latestSmsCode, signInBySms, startPlatform, type TestPlatform } from './helpers.ts';

/** Rules with tiny per-subject limits, for tests. */
function tinyRules(perSubject: number, perAddress = 1000): Record<RateRuleName, RateRule> {
  const rules = {} as Record<RateRuleName, RateRule>;
  for (const name of Object.keys(DEFAULT_RATE_RULES) as RateRuleName[]) {
    rules[name] = { perSubject: { limit: perSubject, windowSeconds: 60 }, perAddress: { limit: perAddress, windowSeconds: 60 } };
  }
  return rules;
}

describe('the README\'s rate-limit table', () => {
  it('names every rate-limited mutation, so an operator can see what is limited', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('- **Rate limits.**'), readme.indexOf('- **GraphQL limits.**'));
    expect(table.length).toBeGreaterThan(100);
    const missing = Object.keys(RATE_LIMITED_MUTATIONS).filter((name) => !table.includes(`\`${name}\``));
    expect(missing, 'add them to the table under "Rate limits" in README.md').toEqual([]);
  });
});

describe('the rate limiter', () => {
  // The windows live in PostgreSQL: an in-memory PGlite with just the table's migration.
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
    await db.exec(readFileSync(join(MIGRATIONS_DIR, '012_rate_limit_windows.sql'), 'utf8'));
  });
  afterAll(() => db?.close());
  beforeEach(() => db.exec('delete from rate_limit_windows'));

  it('allows up to the limit per subject, then refuses with the seconds until the window resets', async () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(db, tinyRules(3), () => now);
    for (let i = 0; i < 3; i++) expect(await limiter.attempt('login', 'phone-a', '10.0.0.1')).toEqual({ allowed: true });
    now += 20_000;
    expect(await limiter.attempt('login', 'phone-a', '10.0.0.1')).toMatchObject({ allowed: false, retryAfterSeconds: 40, scope: 'subject' });
    // Another subject from the same address, and the same subject under another rule, are unaffected.
    expect(await limiter.attempt('login', 'phone-b', '10.0.0.1')).toEqual({ allowed: true });
    expect(await limiter.attempt('code', 'phone-a', '10.0.0.1')).toEqual({ allowed: true });
    now += 40_000;
    expect(await limiter.attempt('login', 'phone-a', '10.0.0.1')).toEqual({ allowed: true });
  });

  it('caps one address across subjects with the per-address ceiling', async () => {
    const limiter = new RateLimiter(db, tinyRules(100, 5), () => 0);
    for (let i = 0; i < 5; i++) expect((await limiter.attempt('login', `phone-${i}`, '10.0.0.9')).allowed).toBe(true);
    expect(await limiter.attempt('login', 'phone-new', '10.0.0.9')).toMatchObject({ allowed: false, scope: 'address' });
    expect(await limiter.attempt('login', 'phone-new', '10.0.0.10')).toEqual({ allowed: true });
  });

  it('shares its windows with every limiter on the same database (another platform process)', async () => {
    const one = new RateLimiter(db, tinyRules(3), () => 0);
    const other = new RateLimiter(db, tinyRules(3), () => 0);
    const decisions = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => (i % 2 ? one : other).attempt('code', 'phone-shared', null)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(3);
  });

  it('sweeps the windows that have ended, and only those, so the table stays bounded under a flood', async () => {
    let now = 0;
    const limiter = new RateLimiter(db, tinyRules(1), () => now);
    for (let i = 0; i < 500; i++) await limiter.attempt('login', `flood-${i}`, null);
    now = 30_000;
    await limiter.attempt('login', 'late', null);
    now = 60_000;
    expect(await limiter.sweep()).toBe(500);
    const { rows } = await db.query<{ key: string }>('select key from rate_limit_windows');
    expect(rows.map((row) => row.key)).toEqual(['login|s|late']);
  });

  it('reads thresholds from PLATFORM_RATE_LIMIT_* and names a malformed one', () => {
    const rules = rateRulesFromEnv({ PLATFORM_RATE_LIMIT_CODE: '3/60', PLATFORM_RATE_LIMIT_MONEY_PER_ADDRESS: '9/10' });
    expect(rules.code.perSubject).toEqual({ limit: 3, windowSeconds: 60 });
    expect(rules.money.perAddress).toEqual({ limit: 9, windowSeconds: 10 });
    expect(rules.login).toEqual(DEFAULT_RATE_RULES.login);
    expect(() => rateRulesFromEnv({ PLATFORM_RATE_LIMIT_LOGIN: 'ten' })).toThrow(/PLATFORM_RATE_LIMIT_LOGIN "ten" must be <attempts>\/<seconds>/);
  });

  it('limits only mutations the schema has (a typo in the table fails at start-up)', () => {
    const schema = createSchema();
    const fields = schema.getMutationType()!.getFields();
    for (const name of Object.keys(RATE_LIMITED_MUTATIONS)) expect(fields[name], name).toBeDefined();
    expect(() => applyRateLimits(schema, new RateLimiter(db), { depositt: RATE_LIMITED_MUTATIONS.placeSportsBet! })).toThrow(/"depositt", which is not a mutation/);
  });
});

describe.each(DATABASES)('rate limits over HTTP on $name', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    app = await startPlatform(database, { rateRules: tinyRules(2), auth: { smsResendCooldownSeconds: 0 } });
  });
  afterAll(() => app?.close());

  const request = (phone: string) => app.gql('mutation ($p: String!) { requestSmsLoginCode(phoneNumber: $p) { phoneNumber } }', { p: phone });

  it('answers code requests past the threshold with HTTP 429, Retry-After and RateLimited', async () => {
    expect((await request('+3585550002')).status).toBe(200);
    expect((await request('+358 555 0002')).status).toBe(200);
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': 'aurelia' },
      body: JSON.stringify({ query: 'mutation { requestSmsLoginCode(phoneNumber: "+3585550002") { phoneNumber } }' }),
    });
    expect(response.status).toBe(429);
    const wait = Number(response.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    const body = (await response.json()) as { errors: { message: string; extensions: { reason: string; retryAfterSeconds: number } }[] };
    expect(body.errors[0]?.extensions).toMatchObject({ reason: 'RateLimited', retryAfterSeconds: wait });
    expect(body.errors[0]?.message).toMatch(/Too many sign-in code requests for this number \(at most 2 in 60 s\): try again in \d+ s/);
    // Another number is not held back by this one.
    expect((await request('+3585550003')).status).toBe(200);
  });

  it('limits an operator account\'s password attempts on its own rule (OPERATORLOGIN): past it even the right password is refused', async () => {
    const email = `limited-${randomBytes(3).toString('hex')}@operators.test`;
    await createOperator(app.platform.db, { email, name: 'Limited', password: 'a-long-password-1' });
    const discovery = (await (await fetch(`${app.url}/auth/realms/operators/.well-known/openid-configuration`)).json()) as Record<string, string>;
    /** One sign-in at the operator realm's password form, as a browser sends it. */
    const attempt = async (password: string): Promise<Response> => {
      const jar = new CookieJar();
      const browse = async (url: string, init: RequestInit = {}) => {
        const response = await fetch(new URL(url, app.url).href, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
        jar.take(response);
        return response;
      };
      const url = new URL(discovery.authorization_endpoint as string);
      const params = { client_id: 'operator-console', redirect_uri: 'http://aurelia.localhost:4321/operator/', response_type: 'code', scope: 'openid email profile', state: 's', code_challenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'), code_challenge_method: 'S256' };
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      const login = (await browse(url.href)).headers.get('location') as string;
      await browse(login);
      return browse(login, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: 'login', email, password }).toString() });
    };
    expect((await attempt('wrong-password')).status).toBe(400);
    expect((await attempt('wrong-password')).status).toBe(400);
    const refused = await attempt('a-long-password-1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/Too many attempts: try again in \d+ seconds/);
    // Counted on the operators' own rule, which PLATFORM_RATE_LIMIT_OPERATORLOGIN sets apart from the players' LOGIN.
    const { rows } = await app.platform.db.query<{ key: string; count: number }>(`select key, count from rate_limit_windows where key like 'operatorLogin|s|%'`);
    expect(rows).toEqual([expect.objectContaining({ count: 3 })]);
    expect(rateRulesFromEnv({ PLATFORM_RATE_LIMIT_OPERATORLOGIN: '1000/600' })).toMatchObject({ operatorLogin: { perSubject: { limit: 1000, windowSeconds: 600 } }, login: DEFAULT_RATE_RULES.login });
  });

  it('limits wrong code guesses per number', async () => {
    await request('+3585550004');
    const guess = () => app.gql('mutation { verifySmsLoginCode(phoneNumber: "+3585550004", code: "000000") { accessToken } }');
    expect((await guess()).status).not.toBe(429);
    expect((await guess()).status).not.toBe(429);
    expect((await guess()).status).toBe(429);
  });

  /** Enters a code for a number from a client address (X-Forwarded-For from loopback, the trusted proxy). */
  const enter = (phone: string, code: string, address: string) =>
    app.gql('mutation ($p: String!, $c: String!) { verifySmsLoginCode(phoneNumber: $p, code: $c) { accessToken } }', { p: phone, c: code }, { 'x-forwarded-for': address });
  /** A wrong code for this right one. */
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('lets a stranger’s wrong codes lock out only the stranger’s address: the owner signs in from theirs', async () => {
    const phone = '+3585550018';
    await request(phone);
    const code = await latestSmsCode(app, phone);
    const stranger = '203.0.113.66';
    expect((await enter(phone, wrong(code), stranger)).errors?.[0]?.extensions.reason).toBe('InvalidSmsCode');
    expect((await enter(phone, wrong(code), stranger)).errors?.[0]?.extensions.reason).toBe('InvalidSmsCode');
    const lockedOut = await enter(phone, code, stranger);
    expect(lockedOut.status).toBe(429);
    expect(lockedOut.errors?.[0]?.message).toMatch(/Too many code entries for this number from this address/);
    const owner = await enter(phone, code, '198.51.100.66');
    expect(owner.errors).toBeUndefined();
    expect(owner.data.verifySmsLoginCode.accessToken).toEqual(expect.any(String));
  });

  it('still voids a code after five wrong entries in total, however many addresses they came from', async () => {
    const phone = '+3585550019';
    await request(phone);
    const code = await latestSmsCode(app, phone);
    const reasons = [];
    for (let n = 1; n <= 5; n += 1) reasons.push((await enter(phone, wrong(code), `203.0.113.${100 + n}`)).errors?.[0]?.extensions.reason);
    expect(reasons).toEqual(['InvalidSmsCode', 'InvalidSmsCode', 'InvalidSmsCode', 'InvalidSmsCode', 'TooManyAttempts']);
    // The right code, from a sixth address with tries left, no longer works: a guesser gets five tries at a code, in all.
    expect((await enter(phone, code, '203.0.113.106')).errors?.[0]?.extensions.reason).toBe('SmsCodeExpired');
  });

  it('limits refreshes per sign-in (refresh-token family), whichever token of the family is sent', async () => {
    const first = await signInBySms(app, '+3585550005');
    const refresh = (token: string) => app.gql('mutation ($t: String!) { refreshAccessToken(refreshToken: $t) { refreshToken } }', { t: token });
    const once = await refresh(first.refreshToken);
    expect(once.status).toBe(200);
    const twice = await refresh(once.data.refreshAccessToken.refreshToken);
    expect(twice.status).toBe(200);
    const third = await refresh(twice.data.refreshAccessToken.refreshToken);
    expect(third.status).toBe(429);
    expect(third.errors?.[0]?.extensions.reason).toBe('RateLimited');
  });
});

describe.each(DATABASES)('rate limits count the normalised identity, on $name', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    const rules = { ...tinyRules(100), login: { perSubject: { limit: 2, windowSeconds: 60 }, perAddress: { limit: 1000, windowSeconds: 60 } }, signup: { perSubject: { limit: 3, windowSeconds: 3600 }, perAddress: { limit: 3, windowSeconds: 3600 } }, register: { perSubject: { limit: 2, windowSeconds: 3600 }, perAddress: { limit: 1000, windowSeconds: 3600 } } };
    app = await startPlatform(database, { rateRules: rules, auth: { smsResendCooldownSeconds: 0 } });
  });
  afterAll(() => app?.close());
  const request = (phone: string) => app.gql('mutation ($p: String!) { requestSmsLoginCode(phoneNumber: $p) { phoneNumber } }', { p: phone });

  it('counts one number however it is written (E.164)', async () => {
    // A demo player's number, written three ways.
    expect((await request('+358 555 0001')).status).toBe(200);
    expect((await request('003585550001')).status).toBe(200);
    const third = await request('+358-555-0001');
    expect(third.status).toBe(429);
    expect(third.errors?.[0]?.message).toMatch(/sign-in code requests for this number/);
  });

  /** Opens the identity provider's sign-in (or registration) form and returns a poster for it. */
  async function idpForm(view: 'login' | 'register') {
    const jar = new CookieJar();
    const authorize = new URL(`${app.url}/auth/realms/aurelia/protocol/openid-connect/auth`);
    const params = { client_id: 'app', redirect_uri: 'http://aurelia.localhost:4321/en/keycloak-login-handler/', response_type: 'code', scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' };
    for (const [key, value] of Object.entries(params)) authorize.searchParams.set(key, value);
    const start = await fetch(authorize, { redirect: 'manual' });
    jar.take(start);
    const action = new URL(start.headers.get('location') as string, app.url).href;
    const form = await fetch(`${action}?view=${view}`, { headers: { cookie: jar.header() } });
    const legalVersions = /name="legalVersions" value="([^"]*)"/.exec(await form.text())?.[1]?.replace(/&#64;/g, '@') ?? '';
    return async (fields: Record<string, string>) => {
      const response = await fetch(action, { method: 'POST', redirect: 'manual', headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: view, legalVersions, ...fields }).toString() });
      return { status: response.status, html: await response.text() };
    };
  }

  it('counts sign-in attempts per account, whichever of its names and in any case', async () => {
    const post = await idpForm('login');
    // The demo player "verified" is also verified@aurelia.demo.
    expect((await post({ identifier: 'verified', password: 'wrong-pass-1' })).status).toBe(400);
    expect((await post({ identifier: 'VERIFIED@aurelia.demo', password: 'wrong-pass-2' })).status).toBe(400);
    const third = await post({ identifier: 'Verified', password: 'Demo-pass-1' });
    expect(third.status).toBe(429);
    expect(third.html).toContain('Too many sign-in attempts for this account (at most 2 in 60 s)');
  });

  it('counts registration e-mails per address in any case, whether or not it has an account', async () => {
    for (const email of ['new.person@example.com', 'verified@aurelia.demo']) {
      const post = await idpForm('register');
      const fields = { password: 'secret123', firstName: 'A', lastName: 'B', dateOfBirth: '1990-01-01', terms: 'yes' };
      const first = await post({ ...fields, email });
      expect(first.status, first.html.match(/field-error[^<]*<\/span>/g)?.join(' ')).toBe(200);
      expect((await post({ ...fields, email: email.toUpperCase() })).status).toBe(200);
      const third = await post({ ...fields, email: ` ${email.replace('e', 'E')}` });
      expect(third.status).toBe(429);
      expect(third.html).toContain('Too many registrations for this e-mail (at most 2 in 3600 s)');
    }
  });

  it('limits the new numbers one address has codes texted to, and never a known player’s number', async () => {
    expect((await request('+358402220001')).status).toBe(200);
    expect((await request('+358402220002')).status).toBe(200);
    expect((await request('+358402220003')).status).toBe(200);
    const pumped = await request('+358402220004');
    expect(pumped.status).toBe(429);
    expect(pumped.errors?.[0]?.message).toMatch(/Too many sign-in codes for new numbers \(at most 3 in 3600 s\)/);
    // A seeded demo player's number is no new number.
    expect((await request('+3585550002')).status).toBe(200);
  });
});
