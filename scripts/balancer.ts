/**
 * The round-robin load balancer of `npm run cluster` (scripts/cluster.ts), on http-proxy-3: it stands
 * where an operator's nginx, HAProxy or cloud load balancer would. It
 * - sends each HTTP request and each WebSocket upgrade to the next backend in turn (no stickiness:
 *   the processes hold no state a request needs);
 * - asks every backend's `/readyz` every CHECK_INTERVAL_MS and skips one that answers anything but
 *   200 (a draining process answers 503) or does not answer;
 * - retries a request on the next backend when a backend refuses the connection (the request never
 *   reached it, so a retry is safe, POSTs included: bodies are held until a backend takes them); an
 *   upgrade to a refusing backend fails instead, marks it, and the client's reconnect goes elsewhere.
 * It adds nothing a backend must trust: the lobby behind it runs with TRUST_PROXY=1 for its
 * X-Forwarded-For; the platform balancer passes the lobby's headers through untouched.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';
import { MAX_DOCUMENT_BYTES } from '../shared/http-limits.ts';

/** How often each backend's readiness is asked. */
export const CHECK_INTERVAL_MS = 500;

/** A backend as the balancer sees it. */
export interface Backend {
  url: string;
  /** Whether its last readiness check answered 200. */
  ready: boolean;
}

/** What a balancer is started with. */
export interface BalancerOptions {
  /** A name for its log lines, such as "lobby balancer". */
  name: string;
  port: number;
  host?: string;
  /** The backends' base URLs. */
  backends: string[];
  /** Add X-Forwarded-For/-Host/-Proto (in front of lobbies), or pass headers untouched (in front of platforms). */
  forwardedHeaders: boolean;
  /** How often readiness is asked (default CHECK_INTERVAL_MS). */
  checkIntervalMs?: number;
}

/** A running balancer. */
export interface RunningBalancer {
  url: string;
  backends: Backend[];
  close(): Promise<void>;
}

/** Reads a request's body, up to the largest any Atrium route takes (a document upload). */
function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DOCUMENT_BYTES * 2) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Starts a balancer and its readiness checks; rejects when the port is taken. */
export async function startBalancer(options: BalancerOptions): Promise<RunningBalancer> {
  const backends: Backend[] = options.backends.map((url) => ({ url, ready: false }));
  let next = 0;
  /** The backends to try for one request: the ready ones from the next in turn, then the others as a last resort. */
  const order = (): Backend[] => {
    const start = next;
    next = (next + 1) % backends.length;
    const turn = backends.map((_, index) => backends[(start + index) % backends.length]!);
    return [...turn.filter((backend) => backend.ready), ...turn.filter((backend) => !backend.ready)];
  };

  const check = async (backend: Backend): Promise<void> => {
    try {
      const response = await fetch(new URL('/readyz', backend.url), { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      backend.ready = response.status === 200;
    } catch {
      backend.ready = false;
    }
  };
  await Promise.all(backends.map(check));
  const timer = setInterval(() => void Promise.all(backends.map(check)), options.checkIntervalMs ?? CHECK_INTERVAL_MS);
  timer.unref();

  // X-Forwarded-Proto of an upgrade says http(s), as the lobby (and every proxy after it) expects, not ws.
  const proxy = createProxyServer({ ws: true, xfwd: options.forwardedHeaders, xfwdWsProtoAsHttp: true, proxyTimeout: 60_000 });
  // Errors are answered where each request is proxied; this keeps a stray one from crashing the process.
  proxy.on('error', () => undefined);

  /** Whether a failed attempt surely never reached its backend's handler: a refused connection, or a reset one for a read. */
  const neverReached = (req: http.IncomingMessage, error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ECONNREFUSED' || (code === 'ECONNRESET' && (req.method === 'GET' || req.method === 'HEAD'));
  };
  const upgraded = new Set<Socket>();

  const server = http.createServer((req, res) => {
    void (async () => {
      const body = req.method === 'GET' || req.method === 'HEAD' ? Buffer.alloc(0) : await readBody(req);
      if (body === null) {
        res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8' }).end('The request body is too large.\n');
        return;
      }
      const candidates = order();
      for (const [index, backend] of candidates.entries()) {
        const last = index === candidates.length - 1;
        const outcome = await new Promise<'done' | 'retry'>((resolve) => {
          proxy.web(req, res, { target: backend.url, buffer: Readable.from([body]) }, (error) => {
            // A refused connection never reached the backend: mark it and try the next one.
            if (neverReached(req, error) && !res.headersSent && !last) {
              backend.ready = false;
              resolve('retry');
              return;
            }
            if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(`${options.name}: no backend answered (${(error as Error).message}).\n`);
            else res.destroy();
            resolve('done');
          });
          res.once('close', () => resolve('done'));
        });
        if (outcome === 'done') return;
      }
    })().catch(() => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
  });

  server.on('upgrade', (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => undefined);
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    // http-proxy-3 ends the client's socket when the backend refuses, so an upgrade is not retried here:
    // the backend is marked, and the client's reconnect (the lobby's client always reconnects) goes to another.
    const [backend] = order();
    if (!backend) return void socket.destroy();
    proxy.ws(req, socket, head, { target: backend.url }, (error) => {
      if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') backend.ready = false;
      socket.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${options.port} (${options.name}) is already in use: choose another CLUSTER_PORT`) : error),
    );
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    backends,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
        proxy.close();
      }),
  };
}
