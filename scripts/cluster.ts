/**
 * `npm run cluster`: Atrium as several processes on one PostgreSQL server (DATABASE_URL), the shape
 * of a production deployment on one machine, behind HAProxy on deploy/haproxy/atrium.cfg (the
 * production example):
 *
 *   browser ──> HAProxy :PORT (lobby) ──────> lobby-1 :PORT+10, lobby-2 :PORT+11
 *   browser ──> HAProxy :PORT+1 (game origin) ─┐  │ PLATFORM_URL
 *   lobbies ──> HAProxy 127.0.0.1:PORT+2 ──────┴────> platform-1 :PORT+20, platform-2 :PORT+21 ──> PostgreSQL
 *               HAProxy's status page 127.0.0.1:PORT+3
 *
 * The first platform migrates and seeds the database; the second starts once it is ready and finds
 * nothing left to do. A process that dies is started again after a pause that doubles from 1 s to
 * 30 s while it keeps dying (back to 1 s once it has run a minute), and the log says so; HAProxy
 * takes it out and back by its /readyz. Ctrl-C or SIGTERM drains the lobbies, then the platforms,
 * then stops HAProxy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { BrandConfigError, getBrands } from '../src/brands/load.server.ts';
import { publicEndpoint } from '../src/brands/origin.server.ts';
import { DEFAULT_SHUTDOWN_GRACE_MS } from '../server/lobby.ts';
import { newSandboxKey } from '../platform/src/sandbox/gate.ts';
import { DRAIN_FOR_HAPROXY_MS, ensureHaproxy, startHaproxy, type HaproxyLayout, type RunningHaproxy } from './haproxy.ts';
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
const ports = { lobbyFrontend: port, gameOrigin: port + 1, platformFrontend: port + 2, stats: port + 3, lobbies: [port + 10, port + 11], platforms: [port + 20, port + 21] };
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

let haproxyBinary: string;
try {
  haproxyBinary = ensureHaproxy();
} catch (error) {
  fail((error as Error).message);
}

/** A process the cluster keeps running: started again when it dies, with a growing pause. */
interface Supervised {
  name: string;
  /** Its current process (a new one after each restart). */
  child: ChildProcess;
}

const FIRST_RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 30_000;
/** A process that ran this long before dying starts again after the first delay, not a longer one. */
const STABLE_AFTER_MS = 60_000;

const supervised = new Map<string, Supervised>();
let haproxy: RunningHaproxy | null = null;
let stopping = false;

async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\nStopping the cluster (${signal}): lobbies first, then platforms, each finishing what is in flight…`);
  const named = (prefix: string) => [...supervised.values()].filter((entry) => entry.name.startsWith(prefix)).map((entry) => entry.child);
  await Promise.all(named('lobby').map((child) => stopChild(child, drainMs + graceMs + 5000)));
  await Promise.all(named('platform').map((child) => stopChild(child, drainMs + platformGraceMs + 5000)));
  await haproxy?.close();
  console.log('The cluster has stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

/** Waits until url answers 200 or the child exits (then false): a restarted process's readiness, which must not end the cluster. */
async function readyOrExited(url: string, child: ChildProcess): Promise<boolean> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Runs a process under supervision: `spawnIt` starts it, `readyUrl` says when it is up. The first
 * start must succeed (the cluster stops with the reason otherwise); later, a process that dies is
 * started again after 1 s, 2 s, 4 s … up to 30 s, and the log says each step.
 */
async function supervise(name: string, readyUrl: string, spawnIt: () => ChildProcess): Promise<ChildProcess> {
  let delay = FIRST_RESTART_DELAY_MS;
  let restarts = 0;
  let startedAt = Date.now();
  const entry: Supervised = { name, child: spawnIt() };
  supervised.set(name, entry);
  // Until its first start succeeds, a death ends the cluster (waitForReady says why), not a restart.
  let started = false;
  const onExit = (child: ChildProcess) => {
    child.once('exit', (code, signal) => {
      if (stopping || !started) return;
      if (Date.now() - startedAt >= STABLE_AFTER_MS) delay = FIRST_RESTART_DELAY_MS;
      restarts += 1;
      console.error(`[cluster] ${name} exited (${signal ?? `code ${code}`}); starting it again in ${delay / 1000} s (restart ${restarts}). HAProxy sends its traffic to the others meanwhile.`);
      const wait = delay;
      delay = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
      setTimeout(() => {
        if (stopping) return;
        startedAt = Date.now();
        const next = spawnIt();
        entry.child = next;
        onExit(next);
        void readyOrExited(readyUrl, next).then((ready) => {
          if (ready && !stopping) console.log(`[cluster] ${name} is back (pid ${next.pid}); HAProxy puts it in rotation once its /readyz passes two checks.`);
        });
      }, wait);
    });
  };
  onExit(entry.child);
  await waitForReady(readyUrl, entry.child, name);
  started = true;
  return entry.child;
}

await buildLobbyIfStale();
for (const taken of [ports.lobbyFrontend, ports.gameOrigin, ports.platformFrontend, ports.stats, ...ports.lobbies, ...ports.platforms]) {
  await assertPortFree(taken, 'PORT', 'npm run cluster');
}

const sandboxOn = (process.env.PLATFORM_ENABLE_SANDBOX_ADMIN ?? '1') === '1';
const sandboxKey = sandboxOn ? process.env.PLATFORM_SANDBOX_KEY || newSandboxKey() : null;
/** The lobbies' way to the platforms (HAProxy's internal frontend, on loopback). */
const platformUrl = `http://127.0.0.1:${ports.platformFrontend}`;
/** Where browsers load the framed game and sportsbook pages (HAProxy's game-origin frontend). */
const gameOrigin = process.env.PLATFORM_GAME_ORIGIN ?? `http://127.0.0.1:${ports.gameOrigin}`;
// A stopping process says 503 on /readyz while it still serves, until HAProxy's checks have taken it out.
const drainMs = millisecondsFromEnv('ATRIUM_DRAIN_MS', DRAIN_FOR_HAPROXY_MS);

// One platform at a time: the first applies the migrations and the seed, the second finds them done.
for (const [index, platformPort] of ports.platforms.entries()) {
  const name = `platform-${index + 1}`;
  const child = await supervise(name, `http://127.0.0.1:${platformPort}/readyz`, () => spawnPlatform({
    port: platformPort,
    publicEndpoint: endpoint,
    sandboxKey,
    name,
    // Game and sportsbook pages are framed from one origin whichever platform launched them.
    env: { DATABASE_URL: databaseUrl, PLATFORM_GAME_ORIGIN: gameOrigin, PLATFORM_DRAIN_MS: process.env.PLATFORM_DRAIN_MS ?? String(drainMs) },
  }));
  console.log(`${name} (pid ${child.pid}) is ready on :${platformPort}`);
}

const layout: HaproxyLayout = {
  lobbyBind: `:${ports.lobbyFrontend}`,
  gameBind: `:${ports.gameOrigin}`,
  platformBind: `127.0.0.1:${ports.platformFrontend}`,
  statsBind: `127.0.0.1:${ports.stats}`,
  lobbies: ports.lobbies.map((p) => `127.0.0.1:${p}`),
  platforms: ports.platforms.map((p) => `127.0.0.1:${p}`),
};
/** HAProxy's log lines, prefixed; its servers' state changes while the lobbies start are expected, not news. */
let lobbiesStarted = false;
const haproxyLog = (line: string) => {
  if (!lobbiesStarted && (/ is (DOWN|UP)\b/.test(line) || /has no server available/.test(line))) return;
  console.log(`[haproxy] ${line}`);
};
/** Starts HAProxy and restarts it, like the other processes, if it dies. */
let haproxyDelay = FIRST_RESTART_DELAY_MS;
const runHaproxy = async (): Promise<void> => {
  let running: RunningHaproxy;
  try {
    running = await startHaproxy(haproxyBinary, layout, haproxyLog);
  } catch (error) {
    if (!haproxy) fail((error as Error).message);
    console.error(`[cluster] HAProxy did not start again: ${(error as Error).message}`);
    setTimeout(() => void runHaproxy(), haproxyDelay);
    haproxyDelay = Math.min(haproxyDelay * 2, MAX_RESTART_DELAY_MS);
    return;
  }
  const startedAt = Date.now();
  haproxy = running;
  running.child.once('exit', (code, signal) => {
    if (stopping) return;
    if (Date.now() - startedAt >= STABLE_AFTER_MS) haproxyDelay = FIRST_RESTART_DELAY_MS;
    console.error(`[cluster] HAProxy exited (${signal ?? `code ${code}`}); starting it again in ${haproxyDelay / 1000} s.`);
    setTimeout(() => void runHaproxy(), haproxyDelay);
    haproxyDelay = Math.min(haproxyDelay * 2, MAX_RESTART_DELAY_MS);
  });
};
await runHaproxy();

await Promise.all(
  ports.lobbies.map(async (lobbyPort, index) => {
    const name = `lobby-${index + 1}`;
    const child = await supervise(name, `http://127.0.0.1:${lobbyPort}/readyz`, () => {
      const lobby = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.ts')], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          PORT: String(lobbyPort),
          PLATFORM_URL: platformUrl,
          // Browsers reach the lobbies through HAProxy: absolute URLs name its port.
          PUBLIC_PORT: process.env.PUBLIC_PORT ?? String(endpoint.port),
          PUBLIC_SCHEME: process.env.PUBLIC_SCHEME ?? endpoint.scheme,
          // HAProxy sets X-Forwarded-For (it drops what the client sent): the visitor's address, not HAProxy's.
          TRUST_PROXY: '1',
          ATRIUM_INSTANCE: name,
          ATRIUM_SKIP_BUILD: '1',
          ATRIUM_DRAIN_MS: String(drainMs),
          // The lobbies run in the platforms' mode: sandbox tools and stand-ins with a sandbox, none without.
          PLATFORM_ENABLE_SANDBOX_ADMIN: sandboxOn ? '1' : '0',
        },
      });
      prefixOutput(lobby, name);
      return lobby;
    });
    console.log(`${name} (pid ${child.pid}) is ready on :${lobbyPort}`);
  }),
);
// Say it runs once HAProxy has every process in rotation (two passed checks each), not before.
await haproxy!.inRotation().catch((error: Error) => fail(error.message));
lobbiesStarted = true;

console.log(`Atrium cluster is running at http://localhost:${port}/ through HAProxy (2 lobbies on ${ports.lobbies.join(', ')}, 2 platforms on ${ports.platforms.join(', ')}, game origin ${gameOrigin}, HAProxy's status page http://127.0.0.1:${ports.stats}/, PostgreSQL)`);
printBrandUrls(brands, port, sandboxKey);
