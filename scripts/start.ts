/**
 * `npm start`: validates the brand folders, builds the lobby if the build is missing or older than
 * its sources, starts the embedded platform (unless PLATFORM_URL points at a real one) and then the
 * lobby. Ctrl-C or SIGTERM stops both cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { BrandConfigError, getBrands } from '../src/brands/load.server.ts';
import { publicEndpoint } from '../src/brands/origin.server.ts';
import { startLobby, type RunningLobby } from '../server/lobby.ts';
import { newSandboxKey, SANDBOX_KEY_PATH } from '../platform/src/sandbox/gate.ts';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);

const port = Number(process.env.PORT ?? 4321);
const platformPort = Number(process.env.PLATFORM_PORT ?? 4322);

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

/** The newest modification time of any file under the given paths. */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (target: string) => {
    if (!existsSync(target)) return;
    const stat = statSync(target);
    if (stat.isDirectory()) for (const name of readdirSync(target)) visit(path.join(target, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

/** Whether dist/ is missing or older than the lobby's sources. */
function buildIsStale(): boolean {
  const entry = path.join(root, 'dist', 'server', 'entry.mjs');
  if (!existsSync(entry)) return true;
  const sources = newestMtime(['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json'].map((p) => path.join(root, p)));
  return sources > statSync(entry).mtimeMs;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) fail(`The embedded platform stopped during start-up (exit code ${child.exitCode}); see its message above.`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fail(`The embedded platform did not answer ${url} within ${timeoutMs / 1000} s.`);
}

/** Fails fast, before anything starts, when a port is taken. */
async function assertPortFree(portToCheck: number, variable: string): Promise<void> {
  await new Promise<void>((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        fail(`Port ${portToCheck} is already in use. Stop whatever is using it, or choose another port: ${variable}=${portToCheck + 100} npm start`);
      }
      fail(`Cannot listen on port ${portToCheck}: ${error.message}`);
    });
    probe.listen(portToCheck, '0.0.0.0', () => probe.close(() => resolve()));
  });
}

let platform: ChildProcess | undefined;
let lobby: RunningLobby | undefined;
let stopping = false;

async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\nStopping Atrium (${signal})…`);
  await lobby?.close();
  if (platform && platform.exitCode === null) {
    const exited = new Promise((resolve) => platform!.once('exit', resolve));
    platform.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  }
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

if (process.env.ATRIUM_SKIP_BUILD !== '1' && buildIsStale()) {
  console.log('Building the lobby (the build is missing or older than its sources)…');
  await run(process.execPath, [path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build']);
}

await assertPortFree(port, 'PORT');
let platformUrl = process.env.PLATFORM_URL;
// The embedded platform runs its sandbox (sandbox banks' tester options, SMS outbox, sandbox
// mutations) behind an operator key: the one in PLATFORM_SANDBOX_KEY, else a fresh one printed below.
const sandboxOn = !platformUrl && (process.env.PLATFORM_ENABLE_SANDBOX_ADMIN ?? '1') === '1';
const sandboxKey = sandboxOn ? process.env.PLATFORM_SANDBOX_KEY || newSandboxKey() : null;
if (!platformUrl) {
  await assertPortFree(platformPort, 'PLATFORM_PORT');
  platformUrl = `http://127.0.0.1:${platformPort}`;
  platform = spawn(process.execPath, [path.join(root, 'platform', 'src', 'main.ts')], {
    stdio: 'inherit',
    cwd: root,
    // The embedded platform is a demo and test stand-in: its test-only switches are on, and its
    // identity provider issues tokens for the lobby's public port.
    env: {
      ...process.env,
      PLATFORM_PORT: String(platformPort),
      PLATFORM_PUBLIC_PORT: process.env.PLATFORM_PUBLIC_PORT ?? String(endpoint.port),
      PLATFORM_PUBLIC_SCHEME: process.env.PLATFORM_PUBLIC_SCHEME ?? endpoint.scheme,
      PLATFORM_ALLOW_COUNTRY_OVERRIDE: process.env.PLATFORM_ALLOW_COUNTRY_OVERRIDE ?? '1',
      PLATFORM_ENABLE_SANDBOX_ADMIN: sandboxOn ? '1' : '0',
      ...(sandboxKey ? { PLATFORM_SANDBOX_KEY: sandboxKey } : {}),
    },
  });
  platform.on('exit', (code) => {
    if (!stopping && lobby) {
      console.error(`The embedded platform stopped unexpectedly (exit code ${code}); stopping the lobby.`);
      void stop('platform exit');
    }
  });
  await waitForHealth(`${platformUrl}/healthz`, platform);
}

try {
  lobby = await startLobby({ port, platformUrl, brands: getBrands, trustProxy: process.env.TRUST_PROXY === '1' });
} catch (error) {
  console.error(`\n${(error as Error).message}\n`);
  if (platform) platform.kill('SIGTERM');
  process.exit(1);
}

console.log(`Atrium is running at http://localhost:${port}/ (platform: ${platformUrl})`);
for (const brand of brands) console.log(`  ${brand.settings.title.padEnd(22)} http://${brand.id}.localhost:${port}/`);
if (sandboxKey) {
  const first = brands[0];
  console.log(`Sandbox operator key: ${sandboxKey}`);
  if (first) {
    console.log(`  SMS outbox (sign-in codes): http://${first.id}.localhost:${port}${SANDBOX_KEY_PATH}?key=${sandboxKey} (opens it and unlocks the sandbox tools in that browser)`);
    console.log(`  E-mail outbox (registration codes): http://${first.id}.localhost:${port}/platform/email-outbox (once unlocked)`);
  }
}
