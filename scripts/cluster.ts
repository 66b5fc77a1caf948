/**
 * `npm run cluster`: Atrium as several processes on one PostgreSQL server (DATABASE_URL), the shape
 * of a production deployment on one machine:
 *
 *   browser ──> lobby balancer :PORT ──> lobby-1 :PORT+10, lobby-2 :PORT+11
 *                                           │ (PLATFORM_URL)
 *               platform balancer :PORT+1 <─┘──> platform-1 :PORT+20, platform-2 :PORT+21 ──> PostgreSQL
 *
 * Both balancers (scripts/balancer.ts) take turns between their backends for HTTP and WebSocket
 * upgrades alike, skip a backend whose /readyz is not 200, and retry a refused connection on the
 * other. The first platform migrates and seeds the database; the second starts once it is ready and
 * finds nothing left to do. Ctrl-C or SIGTERM drains the lobbies, then the platforms, then stops the
 * balancers. A process that dies is named in the log; the balancers route around it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { BrandConfigError, getBrands } from '../src/brands/load.server.ts';
import { publicEndpoint } from '../src/brands/origin.server.ts';
import { DEFAULT_SHUTDOWN_GRACE_MS } from '../server/lobby.ts';
import { newSandboxKey } from '../platform/src/sandbox/gate.ts';
import { CHECK_INTERVAL_MS, startBalancer, type RunningBalancer } from './balancer.ts';
import {
  assertPortFree, buildLobbyIfStale, fail, millisecondsFromEnv, prefixOutput, printBrandUrls, ROOT, spawnPlatform, stopChild, waitForReady,
} from './processes.ts';

process.chdir(ROOT);

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  fail('npm run cluster needs a PostgreSQL server: set DATABASE_URL, for example\n  DATABASE_URL=postgres://user:password@127.0.0.1:5432/atrium npm run cluster\n(several platform processes share one database; the embedded PGlite serves one process only).');
}
let protocol: string;
try {
  protocol = new URL(databaseUrl).protocol;
} catch {
  fail(`DATABASE_URL "${databaseUrl}" is not a URL: write postgres://user:password@host:5432/database`);
}
if (protocol !== 'postgres:' && protocol !== 'postgresql:') fail(`DATABASE_URL must start with postgres:// or postgresql://, not ${protocol}//`);

const port = Number(process.env.PORT ?? 4321);
if (!Number.isInteger(port) || port < 1 || port > 65535 - 21) fail(`PORT "${process.env.PORT}" is not a port number the cluster can use (it takes PORT to PORT+21)`);
const ports = { lobbyBalancer: port, platformBalancer: port + 1, lobbies: [port + 10, port + 11], platforms: [port + 20, port + 21] };
const graceMs = millisecondsFromEnv('ATRIUM_SHUTDOWN_GRACE_MS', DEFAULT_SHUTDOWN_GRACE_MS);
const platformGraceMs = millisecondsFromEnv('PLATFORM_SHUTDOWN_GRACE_MS', DEFAULT_SHUTDOWN_GRACE_MS);

let endpoint: ReturnType<typeof publicEndpoint>;
try {
  endpoint = publicEndpoint({ ...process.env, PORT: String(port) });
} catch (error) {
  fail((error as Error).message);
}
let brands;
try {
  brands = getBrands();
} catch (error) {
  if (error instanceof BrandConfigError) fail(error.message);
  throw error;
}

const children = new Map<string, ChildProcess>();
const balancers: RunningBalancer[] = [];
let stopping = false;

async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\nStopping the cluster (${signal}): lobbies first, then platforms, each finishing what is in flight…`);
  const named = (prefix: string) => [...children].filter(([name]) => name.startsWith(prefix)).map(([, child]) => child);
  await Promise.all(named('lobby').map((child) => stopChild(child, graceMs + 5000)));
  await Promise.all(named('platform').map((child) => stopChild(child, platformGraceMs + 5000)));
  await Promise.all(balancers.map((balancer) => balancer.close()));
  console.log('The cluster has stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

/** Keeps a child in the list and says so in the log if it dies while the cluster runs. */
function watch(name: string, child: ChildProcess): ChildProcess {
  children.set(name, child);
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`[cluster] ${name} exited (${signal ?? `code ${code}`}); the balancer sends its traffic to the others.`);
  });
  return child;
}

await buildLobbyIfStale();
for (const taken of [ports.lobbyBalancer, ports.platformBalancer, ...ports.lobbies, ...ports.platforms]) {
  await assertPortFree(taken, 'PORT', 'npm run cluster');
}

const sandboxOn = (process.env.PLATFORM_ENABLE_SANDBOX_ADMIN ?? '1') === '1';
const sandboxKey = sandboxOn ? process.env.PLATFORM_SANDBOX_KEY || newSandboxKey() : null;
const platformBalancerUrl = `http://127.0.0.1:${ports.platformBalancer}`;

// One platform at a time: the first applies the migrations and the seed, the second finds them done.
for (const [index, platformPort] of ports.platforms.entries()) {
  const name = `platform-${index + 1}`;
  const child = watch(name, spawnPlatform({
    port: platformPort,
    publicEndpoint: endpoint,
    sandboxKey,
    name,
    // Game and sportsbook pages are framed from one origin whichever platform launched them.
    env: { DATABASE_URL: databaseUrl, PLATFORM_GAME_ORIGIN: process.env.PLATFORM_GAME_ORIGIN ?? platformBalancerUrl },
  }));
  await waitForReady(`http://127.0.0.1:${platformPort}/readyz`, child, name);
  console.log(`${name} (pid ${child.pid}) is ready on :${platformPort}`);
}
balancers.push(await startBalancer({ name: 'platform balancer', port: ports.platformBalancer, backends: ports.platforms.map((p) => `http://127.0.0.1:${p}`), forwardedHeaders: false }));

await Promise.all(
  ports.lobbies.map(async (lobbyPort, index) => {
    const name = `lobby-${index + 1}`;
    const child = watch(name, spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.ts')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(lobbyPort),
        PLATFORM_URL: platformBalancerUrl,
        // Browsers reach the lobbies through the balancer: absolute URLs name its port.
        PUBLIC_PORT: process.env.PUBLIC_PORT ?? String(endpoint.port),
        PUBLIC_SCHEME: process.env.PUBLIC_SCHEME ?? endpoint.scheme,
        // The balancer in front sets X-Forwarded-For: the visitor's address, not the balancer's.
        TRUST_PROXY: '1',
        ATRIUM_INSTANCE: name,
        ATRIUM_SKIP_BUILD: '1',
        // A stopping lobby says 503 on /readyz for three of the balancer's checks before it refuses anything.
        ATRIUM_DRAIN_MS: process.env.ATRIUM_DRAIN_MS ?? String(3 * CHECK_INTERVAL_MS),
        // The lobbies run in the platforms' mode: sandbox tools and stand-ins with a sandbox, none without.
        PLATFORM_ENABLE_SANDBOX_ADMIN: sandboxOn ? '1' : '0',
      },
    }));
    prefixOutput(child, name);
    await waitForReady(`http://127.0.0.1:${lobbyPort}/readyz`, child, name);
  }),
);
balancers.push(await startBalancer({ name: 'lobby balancer', port: ports.lobbyBalancer, backends: ports.lobbies.map((p) => `http://127.0.0.1:${p}`), forwardedHeaders: true }));

console.log(`Atrium cluster is running at http://localhost:${port}/ (2 lobbies on ${ports.lobbies.join(', ')}, 2 platforms on ${ports.platforms.join(', ')} behind ${platformBalancerUrl}, PostgreSQL)`);
printBrandUrls(brands, port, sandboxKey);
