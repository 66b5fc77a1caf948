/**
 * deploy/haproxy/atrium.cfg, run by the real HAProxy (scripts/haproxy.ts) in front of small Node
 * backends that say what reached them: who sets X-Forwarded-For, keep-alive to the backends, health
 * checks on /readyz, retries, the game origin's path rules and WebSocket upgrades.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { ensureHaproxy, HAPROXY_CONFIG, HEALTH_CHECK, parseStatsCsv, startHaproxy, type RunningHaproxy } from './haproxy.ts';

interface Seen { path: string; method: string; forwardedFor: string; proto: string }

/** A backend that names itself, echoes bodies and WebSocket messages, counts its connections, and whose readiness a test sets. */
async function backend(name: string, options: { diesUnderDie?: boolean } = {}) {
  let ready = true;
  const seen: Seen[] = [];
  // The connections that carried requests (the health checks' own connections aside).
  const connections = new Set<unknown>();
  const server = http.createServer((req, res) => {
    if (req.url === '/readyz') return void res.writeHead(ready ? 200 : 503).end();
    connections.add(req.socket);
    seen.push({ path: req.url ?? '', method: req.method ?? '', forwardedFor: String(req.headers['x-forwarded-for'] ?? ''), proto: String(req.headers['x-forwarded-proto'] ?? '') });
    // A process that dies under the request: the connection closes with no answer.
    if (req.url === '/die' && options.diesUnderDie) return void req.socket.destroy();
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => res.writeHead(200, { 'x-backend': name }).end(body));
  });
  server.keepAliveTimeout = 30_000;
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket) => socket.on('message', (message: Buffer) => socket.send(`${name}:${message.toString()}`)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    connections: () => connections.size,
    setReady: (value: boolean) => (ready = value),
    close: () => new Promise<void>((resolve) => { sockets.close(); server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One request (node:http, to send the headers a forger would); `agent` keeps one client connection for several. */
function request(port: number, path: string, options: { method?: string; body?: string; headers?: Record<string, string>; agent?: http.Agent } = {}) {
  return new Promise<{ status: number; backend: string | null; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', agent: options.agent ?? false, headers: options.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, backend: (response.headers['x-backend'] as string | undefined) ?? null, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('HAProxy with deploy/haproxy/atrium.cfg', () => {
  let binary: string;
  const open: { close(): Promise<void> }[] = [];
  beforeAll(() => {
    // .ci/run installs Debian's haproxy; elsewhere this says how to install it.
    binary = ensureHaproxy(process.env, () => undefined);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).reverse().map((item) => item.close()));
  });

  async function cluster(lobbyCount = 2, platformCount = 2) {
    // lobby-1 dies under /die, lobby-2 answers it.
    const lobbies = await Promise.all(Array.from({ length: lobbyCount }, (_, index) => backend(`lobby-${index + 1}`, { diesUnderDie: index === 0 })));
    const platforms = await Promise.all(Array.from({ length: platformCount }, (_, index) => backend(`platform-${index + 1}`)));
    open.push(...lobbies, ...platforms);
    const ports = { lobby: await freePort(), game: await freePort(), platform: await freePort(), stats: await freePort() };
    const lines: string[] = [];
    const haproxy: RunningHaproxy = await startHaproxy(binary, {
      lobbyBind: `127.0.0.1:${ports.lobby}`,
      gameBind: `127.0.0.1:${ports.game}`,
      platformBind: `127.0.0.1:${ports.platform}`,
      statsBind: `127.0.0.1:${ports.stats}`,
      lobbies: lobbies.map((lobby) => lobby.address),
      platforms: platforms.map((platform) => platform.address),
    }, (line) => lines.push(line));
    open.push(haproxy);
    // Every server has passed its first checks.
    await expect.poll(async () => (await haproxy.servers()).map((server) => server.checkStatus)).toEqual(Array(lobbyCount + platformCount).fill('L7OK'));
    return { lobbies, platforms, ports, haproxy, lines };
  }

  it('takes turns between the lobbies over kept-alive connections, and only it says who the visitor is', async () => {
    const { lobbies, ports } = await cluster();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const answers = [];
    for (let index = 0; index < 6; index += 1) {
      answers.push(await request(ports.lobby, '/en/', { method: 'POST', body: `page ${index}`, agent, headers: { 'x-forwarded-for': '6.6.6.6', forwarded: 'for=6.6.6.6', 'x-forwarded-proto': 'https' } }));
    }
    agent.destroy();
    expect(answers.map((answer) => answer.backend)).toEqual(['lobby-1', 'lobby-2', 'lobby-1', 'lobby-2', 'lobby-1', 'lobby-2']);
    expect(answers.map((answer) => answer.body)).toEqual(['page 0', 'page 1', 'page 2', 'page 3', 'page 4', 'page 5']);
    // The forged address and scheme are gone; the address HAProxy saw is the only one.
    for (const lobby of lobbies) expect(lobby.seen.map((seen) => [seen.forwardedFor, seen.proto])).toEqual(Array(3).fill(['127.0.0.1', 'http']));
    // Six requests on one client connection took one connection to each lobby, not one per request.
    for (const lobby of lobbies) expect(lobby.connections()).toBe(1);
    // Health endpoints are not served to the internet.
    expect((await request(ports.lobby, '/readyz')).status).toBe(404);
  });

  it('takes a lobby out while its /readyz says 503 and back when it is ready', async () => {
    const { lobbies, ports, haproxy, lines } = await cluster();
    lobbies[0]!.setReady(false);
    const state = async () => (await haproxy.servers()).find((server) => server.server === 'lobby-1');
    // Two failed checks: out within fall × the fast interval after the first failure, plus the first wait.
    const started = Date.now();
    await expect.poll(state, { interval: 100, timeout: 5000 }).toMatchObject({ status: 'DOWN', checkStatus: 'L7STS', checkCode: '503' });
    expect(Date.now() - started).toBeLessThan(HEALTH_CHECK.intervalMs + HEALTH_CHECK.fall * HEALTH_CHECK.fastIntervalMs + 1000);
    expect(lines.join('\n')).toMatch(/lobbies\/lobby-1 is DOWN.*503/);
    for (let index = 0; index < 3; index += 1) expect((await request(ports.lobby, '/en/')).backend).toBe('lobby-2');
    lobbies[0]!.setReady(true);
    await expect.poll(state, { interval: 100, timeout: 10_000 }).toMatchObject({ status: 'UP' });
    const seen = new Set<string | null>();
    for (let index = 0; index < 2; index += 1) seen.add((await request(ports.lobby, '/en/')).backend);
    expect([...seen].sort()).toEqual(['lobby-1', 'lobby-2']);
  });

  it('tries a refused connection again on the other process, writes included (they never reached it)', async () => {
    const { lobbies, ports } = await cluster();
    // lobby-1 dies: until its checks notice, its turns are refused and go to lobby-2.
    await lobbies[0]!.close();
    const answers = await Promise.all(Array.from({ length: 4 }, (_, index) => request(ports.lobby, '/en/', { method: 'POST', body: `credit ${index}` })));
    expect(answers.map((answer) => [answer.status, answer.backend])).toEqual(Array(4).fill([200, 'lobby-2']));
  });

  it('retries a read whose connection closed unanswered, not a write', async () => {
    const { lobbies, ports } = await cluster(2, 1);
    const [dying, other] = [lobbies[0]!, lobbies[1]!];
    const reads = [await request(ports.lobby, '/die'), await request(ports.lobby, '/die')];
    expect(reads.map((read) => [read.status, read.backend])).toEqual([[200, 'lobby-2'], [200, 'lobby-2']]);
    expect(dying.seen.filter((seen) => seen.path === '/die').length).toBeGreaterThan(0);
    const writes = [];
    for (let index = 0; index < 4; index += 1) writes.push(await request(ports.lobby, '/die', { method: 'POST', body: 'x' }));
    // A write that reached lobby-1 may have done its work: it is not sent again (the client's retry,
    // with its idempotency key, decides); the others were answered by lobby-2, each once.
    const died = dying.seen.filter((seen) => seen.method === 'POST').length;
    expect(died).toBeGreaterThan(0);
    expect(writes.filter((write) => write.status === 502)).toHaveLength(died);
    expect(other.seen.filter((seen) => seen.method === 'POST')).toHaveLength(4 - died);
  });

  it('serves only the framed pages on the game origin, and passes the lobbies\' X-Forwarded-For through on the internal frontend', async () => {
    const { platforms, ports } = await cluster();
    for (const path of ['/graphql', '/auth/realms/x', '/platform/sms-outbox.json', '/readyz', '/jackpot-service/v1/currencies']) {
      expect((await request(ports.game, path, { method: 'GET' })).status, path).toBe(404);
    }
    expect((await request(ports.game, '/games/play/abc', { headers: { 'x-forwarded-for': '6.6.6.6' } })).status).toBe(200);
    expect((await request(ports.game, '/sportsbook')).status).toBe(200);
    const gameSeen = platforms.flatMap((platform) => platform.seen);
    expect(gameSeen.map((seen) => [seen.path, seen.forwardedFor])).toEqual([['/games/play/abc', '127.0.0.1'], ['/sportsbook', '127.0.0.1']]);

    const lobbyAnswer = await request(ports.platform, '/graphql', { method: 'POST', body: '{}', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(lobbyAnswer.status).toBe(200);
    expect(platforms.flatMap((platform) => platform.seen).filter((seen) => seen.path === '/graphql')).toEqual([expect.objectContaining({ forwardedFor: '203.0.113.9' })]);
  });

  it('carries WebSocket upgrades to each process in turn', async () => {
    const { ports } = await cluster(1, 2);
    const echo = () => new Promise<string>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${ports.platform}/graphql`);
      socket.once('open', () => socket.send('hello'));
      socket.once('message', (message: Buffer) => {
        resolve(message.toString());
        socket.close();
      });
      socket.once('error', reject);
    });
    expect([await echo(), await echo()].sort()).toEqual(['platform-1:hello', 'platform-2:hello']);
  });

  it('is the file the README and the drain figures describe', () => {
    const config = readFileSync(HAPROXY_CONFIG, 'utf8');
    // scripts/haproxy.ts's figures (the cluster's ATRIUM_DRAIN_MS stands on them) are the file's.
    expect(config).toContain(`default-server inter ${HEALTH_CHECK.intervalMs / 1000}s fastinter ${HEALTH_CHECK.fastIntervalMs}ms downinter 2s fall ${HEALTH_CHECK.fall} rise 2`);
    expect(parseStatsCsv('# pxname,svname,status,check_status,check_code\nlobbies,FRONTEND,OPEN,,\nlobbies,lobby-1,UP,L7OK,200\n')).toEqual([
      { backend: 'lobbies', server: 'lobby-1', status: 'UP', checkStatus: 'L7OK', checkCode: '200' },
    ]);
  });

  it('says how to install HAProxy where it is missing', () => {
    expect(() => ensureHaproxy({ HAPROXY_BIN: '/nonexistent/haproxy' })).toThrow(/HAPROXY_BIN "\/nonexistent\/haproxy" is not an executable file\. Install it: `sudo apt-get install haproxy`/);
  });
});

