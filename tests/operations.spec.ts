/**
 * The lobby as an operator's load balancer and CDN meet it: liveness and readiness answered before
 * any Host routing and never cached; anonymous pages cacheable by a CDN for a short time with the
 * right Vary, players' pages and cookie-setting answers never; hashed assets immutable; errors not
 * stored; and a SIGTERM drain that turns readiness 503, refuses new connections, finishes requests
 * already in flight and exits 0.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import WebSocket from 'ws';
import { expect, test } from './support/test.ts';
import { smsTokens, unique } from './support/player.ts';
import { brandHost, E2E_PORT, EXTRA_STACK_PORTS } from './support/urls.ts';

const ANONYMOUS = 'public, max-age=0, s-maxage=1, stale-while-revalidate=1';

/** What a GET answered. */
interface Answer {
  status: number;
  headers: { get(name: string): string | null };
  text(): string;
}

/**
 * A GET to the lobby on the loopback address as the brand's site (or the Host given), with no
 * redirect following. node:http rather than fetch: fetch does not send a Host header of one's own.
 */
function get(path: string, headers: Record<string, string> = {}, port = E2E_PORT): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: { ...brandHost('aurelia', port), ...headers }, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: { get: (name) => { const value = response.headers[name.toLowerCase()]; return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value; } },
          text: () => body,
        }),
      );
    });
    request.on('error', reject);
  });
}

/**
 * A request the server has begun reading but not finished: a complete GET /livez and, in the same
 * write, the first line and headers of `path` without the blank line that ends them. Once /livez is
 * answered the server has read both, so its connection counts as busy (not idle) from then on.
 */
function openRequest(port: number, path: string): Promise<{ finish(): Promise<{ status: number; head: string; body: string }> }> {
  return new Promise((resolve, reject) => {
    const host = `aurelia.localhost:${port}`;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET /livez HTTP/1.1\r\nhost: ${host}\r\n\r\nGET ${path} HTTP/1.1\r\nhost: ${host}\r\n`);
    });
    let received = '';
    const ended = new Promise<void>((done) => socket.on('close', () => done()));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      if (received.includes('{"ok":true}')) resolve({ finish });
    });
    socket.on('error', reject);
    async function finish() {
      socket.write('\r\n');
      await ended;
      // The second answer on the connection is the one asked for.
      const second = received.slice(received.indexOf('HTTP/1.1', received.indexOf('{"ok":true}')));
      const at = second.indexOf('\r\n\r\n');
      const head = second.slice(0, at);
      return { status: Number(head.split(' ')[1]), head, body: second.slice(at + 4) };
    }
  });
}

test.describe('health and readiness', () => {
  test('liveness and readiness answer any Host, before brand routing, uncached', async () => {
    for (const host of ['10.0.0.7:8080', 'no-such-brand.example']) {
      const live = await get('/livez', { host });
      expect(live.status).toBe(200);
      expect(live.headers.get('cache-control')).toBe('no-store');
      expect(JSON.parse(live.text())).toEqual({ ok: true });
      const ready = await get('/readyz', { host });
      expect(ready.status).toBe(200);
      expect(ready.headers.get('cache-control')).toBe('no-store');
      expect(JSON.parse(ready.text())).toEqual({ ready: true, draining: false, brands: expect.any(Number), platform: 'ok' });
    }
  });
});

test.describe('caching headers for a CDN', () => {
  test('anonymous pages and redirects are shared-cacheable for a short time, varying by Host and Cookie', async () => {
    const page = await get('/en/');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe(ANONYMOUS);
    const vary = (page.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase());
    expect(vary).toEqual(expect.arrayContaining(['host', 'cookie', 'accept-encoding']));
    expect(page.headers.get('set-cookie')).toBeNull();
    // The same from the render cache (a second request within its second).
    expect((await get('/en/')).headers.get('cache-control')).toBe(ANONYMOUS);

    const redirect = await get('/');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('cache-control')).toBe(ANONYMOUS);

    const missing = await get('/en/no-such-page-at-all/');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe(ANONYMOUS);
    // Consent, the A/B assignments and product mode change the page: still shared, keyed by the Cookie.
    const assigned = `abTests=${encodeURIComponent('{"cta_colour":"secondary"}')}`;
    const consented = await get('/en/', { cookie: `consent=all; ${assigned}` });
    expect(consented.headers.get('cache-control')).toBe(ANONYMOUS);
    expect(consented.text()).toContain('data-flag-button_variant="secondary"');
    // A consenting visitor's first page assigns the A/B tests and keeps them in a cookie: never shared.
    const enrolled = await get('/en/', { cookie: 'consent=all' });
    expect(enrolled.headers.get('set-cookie')).toMatch(/^abTests=/);
    expect(enrolled.headers.get('cache-control')).toBe('private, no-store');
    // A page that stores a choice (the product mode, with preferences consent) sets a cookie: never shared.
    const remembered = await get('/en/?productMode=sports', { cookie: `consent=all; ${assigned}` });
    expect(remembered.headers.get('set-cookie')).toMatch(/^productMode=sports/);
    expect(remembered.headers.get('cache-control')).toBe('private, no-store');
  });

  test("a signed-in player's pages are never stored", async ({ request }) => {
    const tokens = await smsTokens(request, 'aurelia', `+35840${unique()}`);
    for (const cookie of [`refreshToken=${tokens.refreshToken}`, `accessToken=${tokens.accessToken}; refreshToken=${tokens.refreshToken}`]) {
      const page = await get('/en/', { cookie });
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('private, no-store');
      expect(page.headers.get('x-render-cache')).toBeNull();
    }
    const bearer = await get('/en/', { authorization: `Bearer ${tokens.accessToken}` });
    expect(bearer.headers.get('cache-control')).toBe('private, no-store');
  });

  test('hashed assets are immutable; unknown hosts and bad requests are not stored', async () => {
    const html = (await get('/en/')).text();
    const asset = /["'](\/_astro\/[^"']+\.(?:js|css))["']/.exec(html)?.[1];
    expect(asset, 'the page links a hashed asset').toBeTruthy();
    const script = await get(asset!);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toMatch(/public, max-age=31536000, immutable/);

    // The platform's GraphQL answers say nothing of caching: the lobby's proxy makes them no-store.
    const graphql = await get(`/graphql?query=${encodeURIComponent('{ contentVersion }')}`, { accept: 'application/json' });
    expect(graphql.status).toBe(200);
    expect(graphql.headers.get('cache-control')).toBe('no-store');

    const unknownHost = await get('/en/', { host: 'no-such-brand.example' });
    expect(unknownHost.status).toBe(404);
    expect(unknownHost.headers.get('cache-control')).toBe('no-store');
    const ambiguous = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(E2E_PORT, '127.0.0.1', () => socket.end('GET /en/ HTTP/1.1\r\nhost: aurelia.localhost\r\nhost: vantor.localhost\r\n\r\n'));
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    expect(ambiguous).toMatch(/^HTTP\/1\.1 400/);
    expect(ambiguous.toLowerCase()).toContain('cache-control: no-store');
  });
});

test.describe('graceful shutdown of a lobby process', () => {
  test('SIGTERM: readiness 503 at once and for the drain, then sockets closed with 1012, new connections refused, requests in flight finish, exit 0', async ({ request }) => {
    const port = EXTRA_STACK_PORTS.shutdown;
    const child = spawn(process.execPath, ['scripts/start.ts'], {
      env: { ...process.env, ATRIUM_SKIP_BUILD: '1', PORT: String(port), PLATFORM_URL: `http://127.0.0.1:${E2E_PORT + 1}`, ATRIUM_INSTANCE: 'lobby-under-test', ATRIUM_DRAIN_MS: '3000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const started = new Promise<void>((resolve) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Atrium is running')) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await started;
      const ready = await get('/readyz', {}, port);
      expect(ready.status).toBe(200);
      expect(ready.headers.get('x-atrium-instance')).toBe('lobby-under-test');

      // A signed-in player's socket through this lobby, acknowledged by the platform behind it.
      const tokens = await smsTokens(request, 'aurelia', `+35840${unique()}`);
      const socket = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws', { headers: { host: `aurelia.localhost:${port}` } });
      const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString() })));
      const acknowledged = await new Promise<string>((resolve, reject) => {
        socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { accessToken: tokens.accessToken } })));
        socket.once('message', (message: Buffer) => resolve(message.toString()));
        socket.once('error', reject);
      });
      expect(JSON.parse(acknowledged)).toMatchObject({ type: 'connection_ack' });

      // Two requests already on their way when the signal comes: a page and a readiness check.
      const page = await openRequest(port, '/en/');
      const readiness = await openRequest(port, '/readyz');
      child.kill('SIGTERM');
      // The drain: a health check on a new connection sees 503, while pages are still served, so a
      // load balancer takes the lobby out before it refuses anyone.
      await expect.poll(async () => (await get('/readyz', {}, port)).status).toBe(503);
      const during = await get('/en/', {}, port);
      expect(during.status).toBe(200);
      expect(during.headers.get('connection')).toBe('close');
      // Then the close the browser hears says "restart": the lobby's client reconnects, through a balancer to another lobby.
      expect(await closed).toEqual({ code: 1012, reason: 'Service restart: reconnect' });
      await expect.poll(async () => get('/livez', {}, port).then(() => 'accepted', () => 'refused')).toBe('refused');

      const readyAnswer = await readiness.finish();
      expect(readyAnswer.status).toBe(503);
      expect(JSON.parse(/\{.*\}/s.exec(readyAnswer.body)?.[0] ?? '')).toMatchObject({ ready: false, draining: true });
      const pageAnswer = await page.finish();
      expect(pageAnswer.status).toBe(200);
      expect(pageAnswer.head.toLowerCase()).toContain('connection: close');
      expect(pageAnswer.body).toContain('</html>');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
