/**
 * Whose address a request is (security/client-address.ts): X-Forwarded-For counts only from the
 * proxies in PLATFORM_TRUST_PROXY, on every route and WebSocket upgrade. A browser that reaches the
 * platform's port directly (it must, for the games) and rotates X-Forwarded-For still counts as its
 * own address against the per-address limits, the socket cap and the country lookup.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { parseTrustProxy } from '../src/security/client-address.ts';
import { DEFAULT_RATE_RULES } from '../src/security/rate-limit.ts';
import { TOO_MANY_CLOSE_CODE } from '../src/realtime/websocket.ts';
import { DATABASES, startPlatform, UNLIMITED_RATE_RULES } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

/** SMS pumping's limit as shipped (30 codes to new numbers per address per hour); every other limit out of reach. */
const RULES = { ...UNLIMITED_RATE_RULES, signup: DEFAULT_RATE_RULES.signup };
const SIGN_UPS = 35;
const REQUEST_CODE = 'mutation ($p: String!) { requestSmsLoginCode(phoneNumber: $p) { phoneNumber } }';
const COUNTRY = '{ countryContext { countryCode ipCountryCode } }';

/** Opens a graphql-transport-ws socket naming `address` in X-Forwarded-For; resolves once it answers a ping, or with its close code when refused. */
async function socketFrom(url: string, address: string): Promise<{ socket: WebSocket; outcome: 'served' | number }> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { headers: { 'x-forwarded-for': address } });
  socket.on('error', () => undefined);
  const outcome = await new Promise<'served' | number>((resolve) => {
    socket.on('open', () => socket.send(JSON.stringify({ type: 'ping' })));
    socket.on('message', (raw) => {
      if ((JSON.parse(String(raw)) as { type: string }).type === 'pong') resolve('served');
    });
    socket.on('close', (code) => resolve(code));
  });
  return { socket, outcome };
}

describe('PLATFORM_TRUST_PROXY', () => {
  it('takes addresses, CIDR ranges and the named ranges, and names a bad entry', () => {
    expect(parseTrustProxy('')).toEqual([]);
    expect(parseTrustProxy(' 10.0.0.0/8, loopback ,fd00::/8,192.0.2.7,')).toEqual(['10.0.0.0/8', 'loopback', 'fd00::/8', '192.0.2.7']);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/PLATFORM_TRUST_PROXY entry "10\.0\.0\.0\/33" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal/);
    expect(() => parseTrustProxy('loopback,proxy.internal')).toThrow(/entry "proxy\.internal"/);
    expect(() => parseTrustProxy('10.0.0.1:8080')).toThrow(/"10\.0\.0\.1:8080" .*no ports/);
    expect(() => parseTrustProxy('true')).toThrow(/entry "true"/);
  });
});

describe.each(DATABASES)('client addresses on $name', (database) => {
  let direct: TestPlatform;
  let proxied: TestPlatform;
  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const options = { rateRules: RULES, auth: { smsResendCooldownSeconds: 0 }, socketLimits: { socketsPerAddress: 2 } };
    // Nothing trusted (a production default): the test's loopback connection is the browser itself.
    direct = await startPlatform(database, { ...options, trustProxy: [] });
    // Loopback trusted (the lobby's proxy, as npm start runs it).
    proxied = await startPlatform(database, { ...options, trustProxy: ['loopback'] });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  /** Asks a code for new number n, claiming address `forwarded`; the HTTP status. */
  const signUp = async (app: TestPlatform, n: number, forwarded: string) =>
    (await app.gql(REQUEST_CODE, { p: `+35855590${String(n).padStart(4, '0')}` }, { 'x-forwarded-for': forwarded })).status;

  it('counts a direct client that rotates X-Forwarded-For as one address: the sign-up limit stops it at 30', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < SIGN_UPS; n += 1) statuses.push(await signUp(direct, n, `203.0.113.${n + 1}`));
    const limit = DEFAULT_RATE_RULES.signup.perSubject.limit;
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(200));
    expect(statuses.slice(limit)).toEqual(Array(SIGN_UPS - limit).fill(429));
  });

  it('believes a trusted proxy: each visitor it names counts on their own, and an address the visitor claimed before it does not', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < SIGN_UPS; n += 1) statuses.push(await signUp(proxied, 100 + n, `198.51.100.${n + 1}`));
    expect(statuses).toEqual(Array(SIGN_UPS).fill(200));
    // What the visitor wrote themselves comes first; the trusted proxy appends the address it saw, which counts.
    const visitor = '192.0.2.99';
    for (let n = 0; n < DEFAULT_RATE_RULES.signup.perSubject.limit; n += 1) expect(await signUp(proxied, 200 + n, `10.${n}.0.1, ${visitor}`)).toBe(200);
    expect(await signUp(proxied, 300, `10.200.0.1, ${visitor}`)).toBe(429);
  });

  it('finds the country from the trusted proxy’s visitor, never from a direct client’s claim', async () => {
    // 192.0.2.50 is Germany in the test table; loopback is the brand's default country (Finland).
    expect((await direct.gql(COUNTRY, {}, { 'x-forwarded-for': '192.0.2.50' })).data.countryContext).toEqual({ countryCode: 'FI', ipCountryCode: 'FI' });
    expect((await proxied.gql(COUNTRY, {}, { 'x-forwarded-for': '192.0.2.50' })).data.countryContext).toEqual({ countryCode: 'DE', ipCountryCode: 'DE' });
  });

  it('lets only a trusted proxy name the host and scheme: the identity provider’s addresses are not a direct client’s to choose', async () => {
    const discovery = (app: TestPlatform) =>
      fetch(`${app.url}/auth/realms/aurelia/.well-known/openid-configuration`, { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } })
        .then((answer) => answer.json() as Promise<{ authorization_endpoint: string }>);
    expect((await discovery(direct)).authorization_endpoint).not.toContain('evil.example');
    expect((await discovery(proxied)).authorization_endpoint).toMatch(/^https:\/\/evil\.example\//);
  });

  it('caps a direct client’s sockets by its own address, whatever X-Forwarded-For each upgrade names', async () => {
    const sockets = [];
    try {
      for (let n = 1; n <= 3; n += 1) sockets.push(await socketFrom(direct.url, `203.0.113.${n}`));
      expect(sockets.map((entry) => entry.outcome)).toEqual(['served', 'served', TOO_MANY_CLOSE_CODE]);
      // Through the trusted proxy, three visitors are three addresses.
      for (let n = 1; n <= 3; n += 1) sockets.push(await socketFrom(proxied.url, `203.0.113.${n}`));
      expect(sockets.slice(3).map((entry) => entry.outcome)).toEqual(['served', 'served', 'served']);
    } finally {
      for (const { socket } of sockets) socket.terminate();
    }
  });
});
