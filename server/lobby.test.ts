import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProxiedPath, startLobby, type RunningLobby } from './lobby.ts';

describe('the lobby proxy', () => {
  it('forwards the platform paths, with or without a query', () => {
    for (const path of ['/graphql', '/graphql?query={ping}', '/api/graphql', '/api/feed?brand=aurelia', '/jackpot-service/v1/currencies', '/jackpot-service/v1/ws?brand=aurelia', '/gamification-service/v1/player', '/media/games/x.svg', '/auth/realms/aurelia/protocol/openid-connect/auth', '/platform/sms-outbox']) {
      expect(isProxiedPath(path), path).toBe(true);
    }
  });

  it('keeps the lobby pages, and look-alike paths, in the lobby', () => {
    for (const path of ['/', '/en/', '/graphqlx', '/en/graphql', '/api/other', '/jackpot/', '/jackpot-servicex', '/gamification-servicex', '/loyalty-program/', '/mediax/', '/authors/', '/internal/ui/', '/brand-assets/aurelia/logo.svg']) {
      expect(isProxiedPath(path), path).toBe(false);
    }
  });
});

/**
 * The lobby in front of a stand-in for Astro's built handler that fails the way the real adapter
 * does: a URL with credentials throws while the Request is built (a 500), and a path it cannot
 * decode gets a bare "Bad request.".
 */
describe('the lobby server refuses a request Astro cannot read, saying why', () => {
  let lobby: RunningLobby;
  let port = 0;
  let distDir = '';
  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'atrium-lobby-'));
    mkdirSync(path.join(distDir, 'server'));
    writeFileSync(
      path.join(distDir, 'server', 'entry.mjs'),
      `export function handler(req, res) {
        try { decodeURI(req.url.split('?')[0]); } catch { res.writeHead(400).end('Bad request.'); return; }
        try { new Request(new URL(req.url, 'http://' + req.headers.host)); } catch { res.writeHead(500).end('Internal Server Error'); return; }
        res.writeHead(200, { 'content-type': 'text/plain' }).end('page');
      }`,
    );
    lobby = await startLobby({ port: 0, host: '127.0.0.1', platformUrl: 'http://127.0.0.1:9', brands: [], distDir });
    port = (lobby.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await lobby?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  /** Sends a raw request (fetch would not send these Host headers) and splits the answer. */
  const raw = (text: string) =>
    new Promise<{ status: number; head: string; body: string }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', ...body] = answer.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), head: head.toLowerCase(), body: body.join('\r\n\r\n') });
      });
    });
  const get = (target: string, host: string | null) => raw(`GET ${target} HTTP/1.1\r\n${host === null ? '' : `Host: ${host}\r\n`}Connection: close\r\n\r\n`);

  it('answers a well-formed request with the page', async () => {
    const answer = await get('/en/', 'localhost:4321');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('page');
  });

  const hosts: [string, RegExp][] = [
    ['a@b', /carries credentials/],
    ['user:secret@localhost:4321', /carries credentials/],
    ['a b', /contains a space/],
    ['', /is empty/],
    ['localhost:99999', /port &#34;99999&#34;/],
    ['localhost:x', /port &#34;x&#34;/],
    ['localhost:', /port &#34;&#34;/],
    ['evil.example/path', /path or query character/],
    ['[::1', /not a host name/],
  ];
  for (const [host, reason] of hosts) {
    it(`answers a Host of ${JSON.stringify(host)} with a 400 page that says what is wrong with it`, async () => {
      for (const target of ['/en/', '/graphql']) {
        const answer = await get(target, host);
        expect(answer.status, target).toBe(400);
        expect(answer.head).toContain('content-type: text/html');
        expect(answer.body).toMatch(reason);
        expect(answer.body).toContain('<h1>Bad request</h1>');
      }
    });
  }

  it('answers an HTTP/1.0 request without a Host with a 400 that asks for one', async () => {
    const answer = await raw('GET /en/ HTTP/1.0\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/has no Host header/);
  });

  for (const target of ['/en/%E0%A4%A/', '/%', '/en/%FF/', '/en/games/%zz?q=1']) {
    it(`answers the broken percent-escape of ${target} with a 400 page naming the address`, async () => {
      const answer = await get(target, 'localhost:4321');
      expect(answer.status).toBe(400);
      expect(answer.head).toContain('content-type: text/html');
      expect(answer.head).toContain("content-security-policy: default-src 'none'");
      expect(answer.head).toContain('x-content-type-options: nosniff');
      expect(answer.body).toContain('<h1>Bad request</h1>');
      expect(answer.body).toContain(`The address <code>${target.split('?')[0]}</code> is malformed`);
    });
  }

  it('refuses a WebSocket upgrade with a malformed Host with a 400', async () => {
    const answer = await raw('GET /graphql HTTP/1.1\r\nHost: a@b\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
    expect(answer.status).toBe(400);
  });
});
