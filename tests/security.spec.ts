/**
 * The lobby's locks, checked over real HTTP against the built server: security headers and the
 * Content-Security-Policy on every kind of HTML response, forged Host and X-Forwarded-* headers
 * that never steer links or redirects (malformed ones are a 400), cross-site writes refused, and a
 * rate-limited sign-in answering 429 with Retry-After through the lobby's proxy.
 */
import { createHash } from 'node:crypto';
import net from 'node:net';
import { expect, test } from './support/test.ts';
import { unique } from './support/player.ts';
import { brandHost, brandOrigin, E2E_PORT, LOOPBACK } from './support/urls.ts';

/** Sends raw HTTP/1.1 (for request lines and headers no HTTP client lets through) and returns status, headers and body. */
function rawRequest(text: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    // Written, not ended: the server drops a half-closed socket; Connection: close ends the exchange.
    const socket = net.connect(E2E_PORT, '127.0.0.1', () => socket.write(text.replace(/\n/g, '\r\n')));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('end', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), head: head.toLowerCase(), body: rest.join('\r\n\r\n') });
    });
    socket.on('error', reject);
  });
}

const HTML_PAGES = [
  { what: 'the lobby', brand: 'aurelia', path: '/en/' },
  { what: 'a game page', brand: 'aurelia', path: '/en/games/' },
  { what: 'a sign-in page', brand: 'kororaa', path: '/en/login/' },
  { what: 'the not-found page', brand: 'aurelia', path: '/en/no-such-page/' },
  { what: 'an internal page', brand: 'aurelia', path: '/internal/bare/' },
];

test.describe('security headers', () => {
  for (const { what, brand, path } of HTML_PAGES) {
    test(`${what} carries a strict CSP and the security headers`, async ({ request }) => {
      const response = await request.get(`${LOOPBACK}${path}`, { headers: brandHost(brand), maxRedirects: 0 });
      expect(response.headers()['content-type']).toContain('text/html');
      const headers = response.headers();
      const csp = headers['content-security-policy'] ?? '';
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, 'script-src').toContain("'self'");
      expect(scriptSrc, 'script-src never allows inline scripts').not.toContain('unsafe-inline');
      // Exactly the hashes of the inline scripts this page carries (parked ones included), no others.
      const html = await response.text();
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter(([, attributes = '']) => !/\bsrc=|application\/json/.test(attributes))
        .map(([, , text = '']) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
      expect(scriptSrc.split(/\s+/).filter((token) => token.startsWith("'sha256-")).sort()).toEqual([...new Set(inline)].sort());
      if (path !== '/internal/bare/') expect(inline.length, 'a lobby page runs its gate inline').toBeGreaterThan(0);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      // Frames only from the lobby itself and the platform's game server (the e2e platform port).
      expect(/frame-src ([^;]*)/.exec(csp)?.[1]?.trim()).toBe(`'self' http://127.0.0.1:${E2E_PORT + 1}`);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
      // Plain http: Strict-Transport-Security is only sent over https.
      expect(headers['strict-transport-security']).toBeUndefined();
    });
  }

  test('a host no brand serves gets a script-free page that nobody may frame', async ({ request }) => {
    const response = await request.get(`${LOOPBACK}/en/`, { headers: { host: `evil.example:${E2E_PORT}` } });
    expect(response.status()).toBe(404);
    const csp = response.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('the platform pages the lobby proxies carry their own script-free policy', async ({ request }) => {
    const response = await request.get(`${LOOPBACK}/platform/sandbox/trustly/?brand=aurelia`, { headers: brandHost('aurelia') });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
  });
});

test.describe('forged and malformed request headers', () => {
  test('X-Forwarded-Host and X-Forwarded-Proto from a client never reach links or redirects', async ({ request }) => {
    const forged = { ...brandHost('aurelia'), 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example;proto=https' };
    const redirect = await request.get(`${LOOPBACK}/`, { headers: forged, maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers().location).toBe('/en/');
    const verify = await request.get(`${LOOPBACK}/verifyEmail?token=x`, { headers: forged, maxRedirects: 0 });
    expect(verify.headers().location ?? '').not.toContain('evil.example');
    const page = await request.get(`${LOOPBACK}/en/login/`, { headers: forged });
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('evil.example');
    // Not https, whatever the client claims: no HSTS.
    expect(page.headers()['strict-transport-security']).toBeUndefined();
  });

  test('an absolute-form request line naming another host does not redirect there', async () => {
    const response = await rawRequest(`GET http://evil.example/ HTTP/1.1\nHost: aurelia.localhost:${E2E_PORT}\nConnection: close\n\n`);
    expect(response.status).toBe(302);
    expect(response.head).toMatch(/\nlocation: \/en\/\r?(\n|$)/);
  });

  for (const host of ['a b', `aurelia.localhost:99999`, 'evil.example/path', '[::1', '', 'a@b', 'aurelia.localhost:x']) {
    test(`a malformed Host header (${JSON.stringify(host)}) is a 400, not a 500`, async () => {
      const response = await rawRequest(`GET /en/ HTTP/1.1\nHost: ${host}\nConnection: close\n\n`);
      expect(response.status).toBe(400);
      // No brand's page: nothing of any brand answers a host that names none.
      expect(response.body).not.toContain('Aurelia Casino');
    });
  }

  for (const path of ['/en/%E0%A4%A/', '/%']) {
    test(`an address with a broken percent-escape (${path}) is a 400 page that says so`, async () => {
      const response = await rawRequest(`GET ${path} HTTP/1.1\nHost: aurelia.localhost:${E2E_PORT}\nConnection: close\n\n`);
      expect(response.status).toBe(400);
      expect(response.body).toContain('is malformed');
    });
  }

  test('a forged Host port neither steers the bank’s return address nor reaches the next visitor through the cache', async ({ request }) => {
    // The pay-and-play page hands the sandbox bank the address it returns the player's tokens to.
    const forged = await rawRequest(`GET /en/trustly-login/ HTTP/1.1\nHost: aurelia.localhost:6666\nConnection: close\n\n`);
    expect(forged.status).toBe(200);
    expect(forged.body).toContain(`value="http://aurelia.localhost:${E2E_PORT}/en/trustly-login-handler/`);
    expect(forged.body).not.toContain(':6666');
    const honest = await request.get(`${LOOPBACK}/en/trustly-login/`, { headers: brandHost('aurelia') });
    expect(await honest.text()).not.toContain(':6666');
  });

  test('a request naming its Host twice is a 400 that says so', async () => {
    const response = await rawRequest(`GET /en/ HTTP/1.1\nHost: aurelia.localhost:${E2E_PORT}\nHost: evil.example\nConnection: close\n\n`);
    expect(response.status).toBe(400);
    expect(response.body).toContain('names its Host 2 times');
    expect(response.body).not.toContain('Aurelia Casino');
  });

  test('a malformed path is a 400, not a 500', async () => {
    const response = await rawRequest(`GET /en/%E0%A4%A HTTP/1.1\nHost: aurelia.localhost:${E2E_PORT}\nConnection: close\n\n`);
    expect(response.status).toBe(400);
  });
});

test.describe('cross-site writes', () => {
  test('a form post from another site is refused with 403 and a reason', async ({ request }) => {
    const response = await request.post(`${LOOPBACK}/en/login/`, {
      headers: { ...brandHost('aurelia'), origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      data: 'phoneNumber=1',
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toMatch(/does not accept requests sent from another site/);
  });

  test('a cross-site GraphQL post is refused before it reaches the platform', async ({ request }) => {
    const response = await request.post(`${LOOPBACK}/graphql`, {
      headers: { ...brandHost('aurelia'), 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      data: { query: 'mutation { logout { success } }' },
    });
    expect(response.status()).toBe(403);
  });

  test('the same page posting to its own origin goes through', async ({ request }) => {
    const response = await request.post(`${LOOPBACK}/graphql`, {
      headers: { ...brandHost('aurelia'), origin: brandOrigin('aurelia'), 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      data: { query: '{ ping }' },
    });
    expect(response.status()).toBe(200);
  });
});

test('sandbox powers answer only to the operator key, through the lobby too', async ({ playwright }) => {
  // A visitor without the key (the suite's own contexts all carry it).
  const visitor = await playwright.request.newContext({ extraHTTPHeaders: { 'x-sandbox-key': '' } });
  try {
    const outbox = await visitor.get(`${LOOPBACK}/platform/sms-outbox.json`, { headers: brandHost('aurelia') });
    expect(outbox.status()).toBe(403);
    expect(await outbox.text()).toMatch(/needs the sandbox operator key/);
    const call = (query: string, headers: Record<string, string> = {}) =>
      visitor.post(`${LOOPBACK}/graphql`, { headers: { ...brandHost('aurelia'), 'content-type': 'application/json', ...headers }, data: { query } });
    const credit = await (await call('mutation { sandboxCreditWallet(playerId: "newcomer", amount: "1000", currency: "EUR", idempotencyKey: "no-key") { balance } }')).json();
    expect(credit.errors[0].extensions.reason).toBe('SandboxKeyRequired');
    expect(credit.data?.sandboxCreditWallet ?? null).toBeNull();
    // The country override header is a visitor's claim without the key: the address decides (loopback: the default).
    const country = await (await call('{ countryContext { countryCode } }', { 'x-debug-country': 'SE' })).json();
    expect(country.data.countryContext.countryCode).toBe('FI');
  } finally {
    await visitor.dispose();
  }
});

test('sign-in code requests past the limit get 429 with Retry-After through the lobby', async ({ request }) => {
  const phone = `+6421${unique()}`;
  const ask = () =>
    request.post(`${LOOPBACK}/graphql`, {
      headers: { ...brandHost('kororaa'), 'content-type': 'application/json' },
      data: { query: 'mutation($p: String!) { requestSmsLoginCode(phoneNumber: $p) { phoneNumber } }', variables: { p: phone } },
    });
  // The default limit is 10 code requests per number in 10 minutes.
  for (let i = 0; i < 10; i++) expect((await ask()).status(), `request ${i + 1}`).toBe(200);
  const refused = await ask();
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
  const body = (await refused.json()) as { errors: { message: string; extensions: { reason: string } }[] };
  expect(body.errors[0]?.extensions.reason).toBe('RateLimited');
  expect(body.errors[0]?.message).toMatch(/try again in \d+ s/);
});

test('the benchmark floor page shows only platform media, and is compressed like every page', async ({ request }) => {
  const refused = await request.get(`${LOOPBACK}/internal/floor/?mobile=${encodeURIComponent('https://evil.example/x.png')}`, { headers: brandHost('aurelia') });
  expect(refused.status()).toBe(400);
  const floor = await request.get(`${LOOPBACK}/internal/floor/?mobile=/media/banners/aurora-mobile.webp&desktop=/media/banners/aurora.webp`, {
    headers: { ...brandHost('aurelia'), 'accept-encoding': 'br' },
  });
  expect(floor.status()).toBe(200);
  expect(await floor.text()).toContain('src="/media/banners/aurora-mobile.webp"');
  const lobby = await request.get(`${LOOPBACK}/en/`, { headers: { ...brandHost('aurelia'), 'accept-encoding': 'br' } });
  expect(lobby.headers()['content-encoding']).toBe('br');
  // The lobby preloads its hero (the first banner) for phones and desktops.
  expect(await lobby.text()).toMatch(/<link rel="preload" as="image" href="\/media\/banners\/aurora-mobile.webp" media="\(max-width: 767px\)"/);
});
