/**
 * `npm start`: validates the brand folders, builds the lobby if the build is missing or older than
 * its sources, starts the embedded platform (unless PLATFORM_URL points at a real one) and then the
 * lobby. Ctrl-C or SIGTERM drains both gracefully: the lobby stops taking requests and finishes the
 * ones in flight, then the platform does the same with its money work (ATRIUM_SHUTDOWN_GRACE_MS each).
 */
import type { ChildProcess } from 'node:child_process';
import { BrandConfigError, getBrands } from '../src/brands/load.server.ts';
import { publicEndpoint } from '../src/brands/origin.server.ts';
import { DEFAULT_DRAIN_MS, DEFAULT_SHUTDOWN_GRACE_MS, startLobby, type RunningLobby } from '../server/lobby.ts';
import { newSandboxKey } from '../platform/src/sandbox/gate.ts';
import { productionStandIns } from '../src/config.server.ts';
import { assertPortFree, buildLobbyIfStale, fail, millisecondsFromEnv, printBrandUrls, ROOT, spawnPlatform, stopChild, waitForReady } from './processes.ts';

process.chdir(ROOT);

const port = Number(process.env.PORT ?? 4321);
const platformPort = Number(process.env.PLATFORM_PORT ?? 4322);
const graceMs = millisecondsFromEnv('ATRIUM_SHUTDOWN_GRACE_MS', DEFAULT_SHUTDOWN_GRACE_MS);
// Behind a load balancer: how long /readyz says 503 before the lobby stops taking connections.
const drainMs = millisecondsFromEnv('ATRIUM_DRAIN_MS', DEFAULT_DRAIN_MS);

let platform: ChildProcess | undefined;
let lobby: RunningLobby | undefined;
let stopping = false;

async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\nStopping Atrium (${signal}): finishing requests in flight…`);
  await lobby?.shutdown({ graceMs, drainMs });
  // The platform drains on its own SIGTERM (PLATFORM_SHUTDOWN_GRACE_MS); a little more than that, then it is killed.
  if (platform) await stopChild(platform, millisecondsFromEnv('PLATFORM_SHUTDOWN_GRACE_MS', DEFAULT_SHUTDOWN_GRACE_MS) + 5000);
  process.exit(0);
}

process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

// The origin browsers reach the lobby at (every absolute URL the lobby writes): checked before anything starts.
let endpoint: ReturnType<typeof publicEndpoint>;
try {
  endpoint = publicEndpoint({ ...process.env, PORT: String(port) });
} catch (error) {
  fail((error as Error).message);
}

let brands;
try {
  // Loads (a broken set refuses start-up) and then watches brands/, so a dropped-in brand goes live.
  brands = getBrands();
} catch (error) {
  if (error instanceof BrandConfigError) fail(error.message);
  throw error;
}

await buildLobbyIfStale();

await assertPortFree(port, 'PORT');
let platformUrl = process.env.PLATFORM_URL;
// One switch, PLATFORM_ENABLE_SANDBOX_ADMIN, says sandbox or production for the platform and the
// lobby alike. The embedded platform's demo is the sandbox unless it is 0; a lobby pointed at an
// operator's platform (PLATFORM_URL) is production unless it is 1 (a cluster of sandbox platforms).
// The sandbox's powers answer to an operator key: PLATFORM_SANDBOX_KEY, else a fresh one printed below.
const sandboxOn = (process.env.PLATFORM_ENABLE_SANDBOX_ADMIN ?? (platformUrl ? '0' : '1')) === '1';
process.env.PLATFORM_ENABLE_SANDBOX_ADMIN = sandboxOn ? '1' : '0';
const sandboxKey = sandboxOn && !platformUrl ? process.env.PLATFORM_SANDBOX_KEY || newSandboxKey() : null;
// Testers may add server feature toggles for their session (/internal/flags/) where the sandbox runs; never in production.
process.env.ATRIUM_TEST_FEATURES = sandboxOn ? (process.env.ATRIUM_TEST_FEATURES ?? '1') : '0';
if (!sandboxOn) {
  // The stand-ins for chat, tags and error reports are the sandbox platform's: production names real ones or none.
  const standIns = productionStandIns(process.env);
  if (standIns.length > 0) fail(`The sandbox is off (production), but ${standIns.join(' and ')}: point it at your provider, or leave it unset for none`);
}
if (!platformUrl) {
  await assertPortFree(platformPort, 'PLATFORM_PORT');
  platformUrl = `http://127.0.0.1:${platformPort}`;
  platform = spawnPlatform({ port: platformPort, publicEndpoint: endpoint, sandboxKey });
  platform.on('exit', (code) => {
    if (!stopping && lobby) {
      console.error(`The embedded platform stopped unexpectedly (exit code ${code}); stopping the lobby.`);
      void stop('platform exit');
    }
  });
  await waitForReady(`${platformUrl}/readyz`, platform, 'The embedded platform');
}

try {
  lobby = await startLobby({
    port,
    platformUrl,
    brands: getBrands,
    trustProxy: process.env.TRUST_PROXY === '1',
    ...(process.env.ATRIUM_INSTANCE ? { instance: process.env.ATRIUM_INSTANCE } : {}),
  });
} catch (error) {
  console.error(`\n${(error as Error).message}\n`);
  if (platform) platform.kill('SIGTERM');
  process.exit(1);
}

console.log(`Atrium is running at http://localhost:${port}/ (platform: ${platformUrl})`);
// A named process of a cluster is reached through its balancer: the cluster prints those addresses.
if (!process.env.ATRIUM_INSTANCE) printBrandUrls(brands, port, sandboxKey);
