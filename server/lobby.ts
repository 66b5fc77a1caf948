/**
 * The lobby's HTTP server: Astro's built handler for pages and static files, plus a reverse proxy
 * that keeps the browser same-origin with the platform (GraphQL over HTTP and WebSocket, media,
 * identity and sandbox paths). The lobby knows the platform only by URL.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import { createProxyServer } from 'http-proxy-3';
import { bodyLimitFor } from '../shared/http-limits.ts';
import type { Brand } from '../src/brands/load.server.ts';
import { brandForHost, parseHostHeader } from '../src/brands/site.ts';
import { analyticsTagsMode } from '../src/features/tags/tags.server.ts';
import { isCrossSiteWrite, malformedForwarding, securityHeaders } from '../src/features/security/request-guard.ts';
import { malformedHost, malformedPath, sendMalformedHostPage, sendMalformedPathPage } from './bad-request.ts';
import { isBrandAssetPath, isFaviconPath, serveBrandAsset, serveFavicon } from './brand-assets.ts';
import { idpEndpoint, idpRefreshCookie, proxyIdpTokenRequest } from './idp-refresh-cookie.ts';
import { adoptTokensFromAddress, handleSessionRoute, proxySignIn, wantsSessionCookie, type SessionRouteContext } from './session-cookies.ts';

/** Paths the lobby forwards to the platform. */
export const PROXIED_PREFIXES = ['/graphql', '/api/graphql', '/api/feed', '/jackpot-service/', '/gamification-service/', '/media/', '/auth/', '/platform/'] as const;

/** Whether a request path belongs to the platform rather than the lobby. */
export function isProxiedPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return PROXIED_PREFIXES.some((prefix) =>
    prefix.endsWith('/') ? pathname.startsWith(prefix) : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/** Options of the lobby server. */
export interface LobbyOptions {
  port: number;
  host?: string;
  /** The platform's base URL, such as http://127.0.0.1:4322. */
  platformUrl: string;
  /** The brands served, or a function giving the current ones (brands are reloaded while running). */
  brands: Brand[] | (() => Brand[]);
  /** Folder of the Astro build (dist/). */
  distDir?: string;
  /** Trust X-Forwarded-* from a proxy in front of the lobby; off by default, so clients cannot forge them. */
  trustProxy?: boolean;
  /** A name for this process, sent as `x-atrium-instance` on every answer (ATRIUM_INSTANCE; the cluster names its lobbies). */
  instance?: string;
}

/** A running lobby. */
export interface RunningLobby {
  server: http.Server;
  url: string;
  /** Whether shutdown has begun (/readyz answers 503). */
  isDraining(): boolean;
  /**
   * Graceful stop (SIGTERM): readiness turns 503 at once, and for `drainMs` the lobby still serves
   * everything else (so a load balancer's health check sees the 503 and stops sending traffic
   * before anything is refused); then new connections are refused, proxied WebSockets close with
   * 1012 so their clients reconnect (through the load balancer, to another lobby), and requests in
   * flight finish, up to `graceMs`, after which their connections are closed.
   */
  shutdown(options?: { graceMs?: number; drainMs?: number }): Promise<void>;
  /** Stops at once: open connections are closed (tests, start-up failures). */
  close(): Promise<void>;
}

/** How long a graceful shutdown waits for requests in flight by default (ATRIUM_SHUTDOWN_GRACE_MS). */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
/**
 * How long a stopping lobby answers 503 on /readyz while still serving, by default (ATRIUM_DRAIN_MS):
 * none for a lone process; behind a load balancer, more than its health checks take to mark a
 * backend down (README, "Production").
 */
export const DEFAULT_DRAIN_MS = 0;

/** How long an idle kept-alive connection stays open: longer than a load balancer keeps one unused (deploy/haproxy/atrium.cfg). */
export const IDLE_KEEP_ALIVE_MS = 65_000;

/** The WebSocket close code of a restart (RFC 6455 registry): clients reconnect. */
const SERVICE_RESTART = 1012;

/** A client-to-server WebSocket close frame (masked, as RFC 6455 requires of a client) with a code and a short reason. */
export function maskedCloseFrame(code: number, reason: string): Buffer {
  const payload = Buffer.concat([Buffer.from([code >> 8, code & 0xff]), Buffer.from(reason, 'utf8').subarray(0, 123)]);
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((byte, index) => byte ^ mask[index % 4]!));
  return Buffer.concat([Buffer.from([0x88, 0x80 | payload.length]), mask, masked]);
}

/** The lobby's health paths, answered before Host checks and brand routing. */
export const HEALTH_PATHS = new Set(['/livez', '/readyz']);

/**
 * The lobby's readiness report: `ready` decides 200 or 503. The lobby is ready while it can serve
 * pages: it has brands and is not stopping. The platform's state is reported, not counted: a
 * platform or database blip degrades signed-in features (the pages have their fallbacks) and must
 * not take every lobby out of a load balancer's rotation at once.
 */
export interface LobbyReadiness {
  ready: boolean;
  draining: boolean;
  brands: number;
  /** 'ok', or why the platform does not count as reachable (signed-in features are degraded). */
  platform: string;
}

/**
 * Asks the platform's /readyz, at most once a second however many health checks arrive: 200 is
 * ready; 404 (a platform without a readiness endpoint) still shows it answers; anything else, or
 * no answer within a second, is not.
 */
function createPlatformProbe(platformUrl: string): () => Promise<string> {
  let last: { at: number; result: Promise<string> } | null = null;
  const probe = async (): Promise<string> => {
    try {
      const response = await fetch(new URL('/readyz', platformUrl), { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      return response.status === 200 || response.status === 404 ? 'ok' : `unready: /readyz answered ${response.status}`;
    } catch (error) {
      return `unreachable: ${(error as Error).message}`;
    }
  };
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= 1000) last = { at: now, result: probe() };
    return last.result;
  };
}

function sendHealth(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const FORWARDED = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded', 'x-real-ip'];

/**
 * Drops client-sent forwarding headers unless a trusted proxy set them; returns why a trusted
 * proxy's headers are malformed, or null.
 */
function scrubForwarded(req: http.IncomingMessage, trustProxy: boolean): string | null {
  if (trustProxy) return malformedForwarding(req.headers);
  for (const name of FORWARDED) delete req.headers[name];
  return null;
}

/**
 * Why the request's Host is ambiguous, or null: Node keeps the first of several Host headers and
 * drops the rest, so a proxy in front could have read another one; such a request is refused.
 */
function ambiguousHost(req: http.IncomingMessage): string | null {
  let hosts = 0;
  for (let index = 0; index < req.rawHeaders.length; index += 2) if (req.rawHeaders[index]?.toLowerCase() === 'host') hosts += 1;
  return hosts > 1 ? `the request names its Host ${hosts} times; send exactly one Host header` : null;
}

/** Whether the browser reached the lobby over https (directly, or through a trusted proxy that says so). */
function isHttps(req: http.IncomingMessage, trustProxy: boolean): boolean {
  if ('encrypted' in req.socket && req.socket.encrypted) return true;
  const proto = req.headers['x-forwarded-proto'];
  return trustProxy && typeof proto === 'string' && proto.split(',')[0]?.trim().toLowerCase() === 'https';
}

/** Bytes of request bodies sent without a length, counted while proxied. */
const bodyBytes = new WeakMap<http.IncomingMessage, number>();

/** The 413 for a body over its route's ceiling, as JSON (GraphQL clients read it) that says the ceiling. */
function refuseTooLarge(res: http.ServerResponse, limit: number): void {
  res.writeHead(413, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ errors: [{ message: `The request body is larger than ${limit} bytes: send less`, extensions: { reason: 'BadRequest' } }] }));
}

/** Ends a request the lobby refuses before routing it, saying why in plain text. */
function refuse(res: http.ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`${message}\n`);
}

/** Starts the lobby server; rejects with a clear message when the port is taken. */
export async function startLobby(options: LobbyOptions): Promise<RunningLobby> {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  process.env.PLATFORM_URL = options.platformUrl;
  // A mistyped setting stops the start with what to write, rather than failing every page.
  analyticsTagsMode();
  const entry = path.resolve(options.distDir ?? 'dist', 'server', 'entry.mjs');
  const { handler } = (await import(pathToFileURL(entry).href)) as {
    handler: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  };

  const proxy = createProxyServer({ target: options.platformUrl, ws: true, xfwd: false, proxyTimeout: 30_000 });
  proxy.on('error', (error, _req, res) => {
    // A browser that closed its page resets its own socket: nothing failed on the platform's side.
    const code = (error as NodeJS.ErrnoException).code;
    const clientSocket = res instanceof http.ServerResponse ? res.socket : (res as Socket | undefined);
    const clientWentAway = (code === 'ECONNRESET' || code === 'EPIPE') && (!clientSocket || clientSocket.destroyed);
    if (!clientWentAway) console.warn(`[lobby] platform proxy error: ${error.message}`);
    if (res instanceof http.ServerResponse && !res.headersSent) {
      // The platform drops an upload it refused for its size: that is the client's 413, not a 502.
      if ((bodyBytes.get(_req) ?? 0) > bodyLimitFor(_req.url ?? '')) return refuseTooLarge(res, bodyLimitFor(_req.url ?? ''));
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ message: 'The platform is unavailable', extensions: { reason: 'PlatformUnavailable' } }] }));
    } else if (res && 'destroy' in res) {
      (res as Socket).destroy();
    }
  });

  // An answer of the platform that does not say how to cache it (GraphQL, the identity provider's
  // forms) is never stored by a CDN or a browser: it may be a player's.
  proxy.on('proxyRes', (proxyRes, req) => {
    if (!proxyRes.headers['cache-control']) proxyRes.headers['cache-control'] = 'no-store';
    // The player confirmed the provider's sign-out: the refresh token the lobby held for the realm goes too.
    const signOut = idpEndpoint((req.url ?? '').split('?')[0] ?? '');
    if (signOut?.endpoint === 'logout/confirm' && req.method === 'POST') {
      proxyRes.headers['set-cookie'] = [...(proxyRes.headers['set-cookie'] ?? []), idpRefreshCookie(signOut.realm, null, isHttps(req, trustProxy))];
    }
  });

  const brandOf = (req: http.IncomingMessage): Brand | undefined => {
    const host = parseHostHeader(req.headers.host);
    const brands = typeof options.brands === 'function' ? options.brands() : options.brands;
    return host ? brandForHost(brands, host) : undefined;
  };

  /** Adds what the platform needs to know about the browser's request before forwarding it. */
  const prepareForPlatform = (req: http.IncomingMessage): boolean => {
    const brand = brandOf(req);
    if (!brand) return false;
    req.headers['x-brand'] = brand.id;
    // Behind a trusted proxy (TRUST_PROXY) the visitor is the address that proxy saw: the last entry
    // of its X-Forwarded-For (earlier entries are whatever the client claimed). Otherwise the socket's.
    const forwardedFor = trustProxy ? req.headers['x-forwarded-for'] : undefined;
    const visitor = typeof forwardedFor === 'string' ? forwardedFor.split(',').at(-1)?.trim() : undefined;
    req.headers['x-forwarded-for'] = visitor || (req.socket.remoteAddress ?? '');
    req.headers['x-forwarded-host'] = req.headers.host ?? '';
    req.headers['x-forwarded-proto'] = isHttps(req, trustProxy) ? 'https' : 'http';
    return true;
  };

  const trustProxy = options.trustProxy ?? false;
  const sessionContext = (req: http.IncomingMessage): SessionRouteContext => ({ platformUrl: options.platformUrl, secure: isHttps(req, trustProxy), req });
  const failSessionRoute = (res: http.ServerResponse, error: unknown) => {
    console.warn(`[lobby] session route failed: ${(error as Error).message}`);
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ errors: [{ message: 'The platform is unavailable', extensions: { reason: 'PlatformUnavailable' } }] }));
  };
  // Pages, scripts, styles and SVG artwork are text: on a phone connection their compressed size is
  // what the visitor waits for (brotli when the browser offers it). Small answers are left as they are.
  // Quality 6 rather than the library's 4: the lobby's HTML comes out 9 % smaller (22.3 -> 20.4 KB)
  // for the same 3 ms a page; above 8 the time climbs steeply (22 ms at 9, 200 ms at 11).
  const compress = compression({ threshold: 1024, brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } } });
  let draining = false;
  /** Turns false when a shutdown's drain is over: connections are then refused and sockets closed. */
  let accepting = true;
  const brandsNow = () => (typeof options.brands === 'function' ? options.brands() : options.brands);
  const platformReady = createPlatformProbe(options.platformUrl);
  const readiness = async (): Promise<LobbyReadiness> => {
    const brands = brandsNow().length;
    const platform = draining ? 'not checked: draining' : await platformReady();
    return { ready: !draining && brands > 0, draining, brands, platform };
  };
  /** Upgraded sockets proxied to the platform, and the platform's side of each once it has answered. */
  const upgraded = new Map<Socket, Socket | null>();
  proxy.on('proxyReqWs', (proxyReq, _req, socket) => {
    proxyReq.once('upgrade', (_res: http.IncomingMessage, platformSide: Socket) => {
      if (upgraded.has(socket as Socket)) upgraded.set(socket as Socket, platformSide);
    });
  });

  const server = http.createServer((req, res) => {
    // Set first, so every answer carries it: refusals, the platform's proxied answers (the proxy adds
    // the platform's headers to this one) and the lobby's own pages.
    res.setHeader('x-content-type-options', 'nosniff');
    if (options.instance) res.setHeader('x-atrium-instance', options.instance);
    // Once stopping, keep-alive clients are told to reconnect (a load balancer sends them elsewhere).
    if (draining) res.setHeader('connection', 'close');
    // Health checks come from load balancers by address, with any Host: before any Host check or brand routing.
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (HEALTH_PATHS.has(pathname)) {
      if (pathname === '/livez') return sendHealth(res, 200, { ok: true });
      void readiness().then((report) => sendHealth(res, report.ready ? 200 : 503, report));
      return;
    }
    const malformed = ambiguousHost(req) ?? scrubForwarded(req, trustProxy);
    if (malformed) return refuse(res, 400, `Bad request: ${malformed}.`);
    // Astro's adapter builds a URL from the Host and the path: one it cannot build is a 400 that says why, here.
    const badHost = malformedHost(req.headers.host);
    const badPath = badHost || isProxiedPath(req.url ?? '/') ? null : malformedPath(req.url ?? '/');
    if (badHost || badPath) {
      for (const [name, value] of Object.entries(securityHeaders({ https: isHttps(req, trustProxy) }))) res.setHeader(name, value);
      return badHost ? sendMalformedHostPage(res, badHost) : sendMalformedPathPage(res, req.url ?? '/', badPath!);
    }
    if (isCrossSiteWrite(req.method, req.headers)) {
      return refuse(res, 403, 'Forbidden: this site does not accept requests sent from another site. Submit the form from the page it belongs to.');
    }
    // The session's refresh token is the lobby's to hold (session-cookies.ts): its endpoints, and its sign-ins.
    if (pathname.startsWith('/api/session/')) {
      if (!prepareForPlatform(req)) return refuse(res, 404, 'No site is configured for this host.');
      void handleSessionRoute(pathname, req, res, sessionContext(req)).then((handled) => {
        if (!handled) handler(req, res);
      }, (error: unknown) => failSessionRoute(res, error));
      return;
    }
    if (req.url && isProxiedPath(req.url)) {
      if (!prepareForPlatform(req)) {
        res.writeHead(parseHostHeader(req.headers.host) ? 404 : 400, { 'content-type': 'text/plain' });
        res.end('No site is configured for this host.');
        return;
      }
      // A body over its route's ceiling (the one every platform route shares, or the document upload's)
      // never leaves the lobby; one without a length is counted on its way through, so a refusal
      // mid-upload is still a 413.
      const limit = bodyLimitFor(req.url);
      if (Number(req.headers['content-length'] ?? 0) > limit) {
        // Read the upload to the end (so the client hears the 413 instead of a broken pipe), up to a
        // bound past which the connection is cut.
        let drained = 0;
        req.on('data', (chunk: Buffer) => {
          drained += chunk.length;
          if (drained > 8 * limit) req.destroy();
        });
        return refuseTooLarge(res, limit);
      }
      if (req.headers['transfer-encoding']) {
        bodyBytes.set(req, 0);
        req.on('data', (chunk: Buffer) => bodyBytes.set(req, (bodyBytes.get(req) ?? 0) + chunk.length));
      }
      // The identity provider's token requests: the lobby keeps the refresh token (idp-refresh-cookie.ts).
      const idp = req.method === 'POST' ? idpEndpoint(pathname) : null;
      if (idp && idp.endpoint !== 'logout/confirm') {
        void proxyIdpTokenRequest(req, res, sessionContext(req), idp).catch((error: unknown) => failSessionRoute(res, error));
        return;
      }
      const graphql = req.url.startsWith('/graphql') || req.url.startsWith('/api/graphql');
      if (graphql && wantsSessionCookie(req)) {
        compress(req as never, res as never, () => void proxySignIn(req, res, sessionContext(req), limit).catch((error: unknown) => failSessionRoute(res, error)));
        return;
      }
      // GraphQL answers and artwork are compressed; the platform's pages and streams pass untouched.
      if (req.url.startsWith('/media/') || graphql) {
        compress(req as never, res as never, () => proxy.web(req, res));
      } else proxy.web(req, res);
      return;
    }
    // The platform sets its own headers on what it serves; everything the lobby answers gets these.
    for (const [name, value] of Object.entries(securityHeaders({ https: isHttps(req, trustProxy) }))) res.setHeader(name, value);
    // Tokens in a page's address (a pay-and-play provider's return) become the session's cookies before any page sees them.
    const adopted = req.method === 'GET' && req.url ? adoptTokensFromAddress(req.url, isHttps(req, trustProxy)) : null;
    if (adopted) {
      res.writeHead(303, { location: adopted.location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', ...(adopted.cookies.length ? { 'set-cookie': adopted.cookies } : {}) }).end();
      return;
    }
    // An unknown host's /favicon.ico goes on to the pages' handler, which refuses the host (400 or 404).
    const brand = req.url && isFaviconPath(req.url) ? brandOf(req) : undefined;
    compress(req as never, res as never, () => {
      if (req.url && isBrandAssetPath(req.url)) serveBrandAsset(req, res, brandOf(req));
      else if (brand) serveFavicon(req, res, brand);
      else handler(req, res);
    });
  });
  // An idle connection from a load balancer is closed by the balancer, not by us under its next
  // request: HAProxy holds idle backend connections for seconds; Node's default is 5 s.
  server.keepAliveTimeout = IDLE_KEEP_ALIVE_MS;

  server.on('upgrade', (req, socket, head) => {
    if (ambiguousHost(req) !== null || malformedHost(req.headers.host) !== null || scrubForwarded(req, trustProxy) !== null) {
      socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    if (!req.url || !isProxiedPath(req.url) || !prepareForPlatform(req)) {
      socket.destroy();
      return;
    }
    if (!accepting) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\nretry-after: 1\r\n\r\n');
      return;
    }
    const client = socket as Socket;
    upgraded.set(client, null);
    client.once('close', () => upgraded.delete(client));
    proxy.ws(req, socket, head);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new Error(`Port ${options.port} is already in use. Stop whatever is using it, or start Atrium on another port: PORT=4400 npm start`));
      } else reject(error);
    });
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });

  let shuttingDown: Promise<void> | null = null;
  const shutdown = async (graceMs: number, drainMs: number): Promise<void> => {
    draining = true;
    // The drain: /readyz says 503 while everything else is still served, until the load balancer has seen it.
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    accepting = false;
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // The lobby only pipes WebSockets, so it cannot slip a close frame of its own between the
    // platform's frames. It closes them the way the browser would: a close frame with 1012 (service
    // restart) to the platform, whose answer echoes the code to the browser, and the lobby's client
    // reconnects (through the load balancer, to another lobby). What has not closed in a second is cut.
    const socketsClosed = Promise.all([...upgraded.keys()].map((client) => new Promise((resolve) => client.once('close', resolve))));
    for (const [client, platformSide] of upgraded) {
      if (platformSide && !platformSide.destroyed) {
        client.unpipe(platformSide);
        platformSide.write(maskedCloseFrame(SERVICE_RESTART, 'Service restart: reconnect'));
      } else client.destroy();
    }
    let cut: NodeJS.Timeout | undefined;
    const socketsDone = Promise.race([socketsClosed, new Promise((resolve) => (cut = setTimeout(resolve, Math.min(1000, graceMs))))]).then(() => {
      clearTimeout(cut);
      for (const client of upgraded.keys()) client.destroy();
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([stopped, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    server.closeAllConnections();
    await Promise.all([stopped, socketsDone]);
    proxy.close();
  };

  return {
    server,
    url: `http://localhost:${options.port}/`,
    isDraining: () => draining,
    shutdown({ graceMs = DEFAULT_SHUTDOWN_GRACE_MS, drainMs = DEFAULT_DRAIN_MS } = {}) {
      shuttingDown ??= shutdown(graceMs, drainMs);
      return shuttingDown;
    },
    close: () =>
      new Promise<void>((resolve) => {
        proxy.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
