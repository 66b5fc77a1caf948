import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { CHECK_INTERVAL_MS, startBalancer, type RunningBalancer } from './balancer.ts';

/** A backend that names itself in every answer, echoes request bodies and WebSocket messages, and whose readiness a test sets. */
async function backend(name: string) {
  let ready = true;
  const server = http.createServer((req, res) => {
    if (req.url === '/readyz') return void res.writeHead(ready ? 200 : 503).end();
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => res.writeHead(200, { 'x-backend': name, 'x-forwarded-for-seen': req.headers['x-forwarded-for'] ?? '' }).end(body));
  });
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket) => socket.on('message', (message: Buffer) => socket.send(`${name}:${message.toString()}`)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setReady: (value: boolean) => (ready = value),
    close: () => new Promise<void>((resolve) => { sockets.close(); server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

async function post(url: string, body: string): Promise<{ backend: string | null; body: string; forwardedFor: string | null }> {
  const response = await fetch(url, { method: 'POST', body });
  return { backend: response.headers.get('x-backend'), body: await response.text(), forwardedFor: response.headers.get('x-forwarded-for-seen') };
}

describe('the cluster balancer', () => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((item) => item.close()));
  });
  const start = async (backends: string[], forwardedHeaders = false, checkIntervalMs = CHECK_INTERVAL_MS): Promise<RunningBalancer> => {
    const balancer = await startBalancer({ name: 'test balancer', port: 0, host: '127.0.0.1', backends, forwardedHeaders, checkIntervalMs });
    open.push(balancer);
    return balancer;
  };

  it('takes turns between ready backends, bodies and forwarded-for included', async () => {
    const [a, b] = [await backend('a'), await backend('b')];
    open.push(a, b);
    const balancer = await start([a.url, b.url], true);
    const answers = [];
    for (let index = 0; index < 4; index += 1) answers.push(await post(balancer.url, `credit ${index}`));
    expect(answers.map((answer) => answer.backend)).toEqual(['a', 'b', 'a', 'b']);
    expect(answers.map((answer) => answer.body)).toEqual(['credit 0', 'credit 1', 'credit 2', 'credit 3']);
    expect(answers[0]!.forwardedFor).toBe('127.0.0.1');
  });

  it('skips a backend whose readiness turns 503 and takes it back when it is ready again', async () => {
    const [a, b] = [await backend('a'), await backend('b')];
    open.push(a, b);
    const balancer = await start([a.url, b.url]);
    a.setReady(false);
    await expect.poll(() => balancer.backends[0]!.ready, { interval: CHECK_INTERVAL_MS / 5 }).toBe(false);
    for (let index = 0; index < 3; index += 1) expect((await post(balancer.url, 'x')).backend).toBe('b');
    a.setReady(true);
    await expect.poll(() => balancer.backends[0]!.ready, { interval: CHECK_INTERVAL_MS / 5 }).toBe(true);
    const seen = new Set<string | null>();
    for (let index = 0; index < 2; index += 1) seen.add((await post(balancer.url, 'x')).backend);
    expect([...seen].sort()).toEqual(['a', 'b']);
  });

  it('retries a refused connection on the next backend; a refused upgrade marks it so the reconnect goes elsewhere', async () => {
    const b = await backend('b');
    open.push(b);
    const gone = await closedPort();
    // Readiness is asked only at the start here, so the dead backend counts as ready until a request finds it out.
    const balancer = await start([gone, b.url], false, 600_000);
    // Between two readiness checks the dead backend may still count as ready: whichever turn comes, b answers.
    balancer.backends[0]!.ready = true;
    for (let index = 0; index < 3; index += 1) expect(await post(balancer.url, `body ${index}`)).toMatchObject({ backend: 'b', body: `body ${index}` });

    balancer.backends[0]!.ready = true;
    const echo = () => {
      const socket = new WebSocket(balancer.url.replace('http', 'ws'));
      return new Promise<string>((resolve) => {
        socket.once('open', () => socket.send('hello'));
        socket.once('message', (message: Buffer) => {
          resolve(message.toString());
          socket.close();
        });
        socket.once('error', (error) => resolve(`failed: ${error.message}`));
      });
    };
    // Turns alternate, so one of the first two upgrades goes to the dead backend and fails; it is marked,
    // and every upgrade after it reaches b.
    const results = [];
    for (let index = 0; index < 4; index += 1) results.push(await echo());
    expect(results.filter((result) => result !== 'b:hello')).toHaveLength(1);
    expect(results.slice(2)).toEqual(['b:hello', 'b:hello']);
    expect(balancer.backends[0]!.ready).toBe(false);
  });

  it('answers 502 when no backend takes the request', async () => {
    const balancer = await start([await closedPort()]);
    const response = await fetch(balancer.url);
    expect(response.status).toBe(502);
    expect(await response.text()).toMatch(/test balancer: no backend answered/);
  });
});
