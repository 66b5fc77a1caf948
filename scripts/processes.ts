/**
 * What `npm start` (scripts/start.ts) and `npm run cluster` (scripts/cluster.ts) share: building the
 * lobby when its build is stale, checking ports before anything starts, spawning an embedded
 * platform process with the demo's switches, waiting for a process to be ready, and printing where
 * the brands answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Brand } from '../src/brands/load.server.ts';
import { SANDBOX_KEY_PATH } from '../platform/src/sandbox/gate.ts';

/** The repository root. */
export const ROOT = path.resolve(import.meta.dirname, '..');

/** Prints the message and exits with code 1. */
export function fail(message: string): never {
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
  const entry = path.join(ROOT, 'dist', 'server', 'entry.mjs');
  if (!existsSync(entry)) return true;
  const sources = newestMtime(['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json'].map((p) => path.join(ROOT, p)));
  return sources > statSync(entry).mtimeMs;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Builds the lobby when the build is missing or older than its sources (ATRIUM_SKIP_BUILD=1 skips). */
export async function buildLobbyIfStale(): Promise<void> {
  if (process.env.ATRIUM_SKIP_BUILD === '1' || !buildIsStale()) return;
  console.log('Building the lobby (the build is missing or older than its sources)…');
  await run(process.execPath, [path.join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build']);
}

/** Waits until url answers 200, failing with `what` named when the child exits or time runs out. */
export async function waitForReady(url: string, child: ChildProcess, what: string, timeoutMs = 90_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) fail(`${what} stopped during start-up (exit code ${child.exitCode}); see its message above.`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fail(`${what} did not answer ${url} within ${timeoutMs / 1000} s.`);
}

/** Fails fast, before anything starts, when a port is taken; `hint` is the command to suggest. */
export async function assertPortFree(portToCheck: number, variable: string, hint = 'npm start'): Promise<void> {
  await new Promise<void>((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        fail(`Port ${portToCheck} is already in use. Stop whatever is using it, or choose another port: ${variable}=${portToCheck + 100} ${hint}`);
      }
      fail(`Cannot listen on port ${portToCheck}: ${error.message}`);
    });
    probe.listen(portToCheck, '0.0.0.0', () => probe.close(() => resolve()));
  });
}

/** What an embedded platform process is started with. */
export interface PlatformProcessOptions {
  port: number;
  /** The scheme and port browsers reach the lobby at (the identity provider issues tokens for it). */
  publicEndpoint: { scheme: string; port: number };
  /** The sandbox operator key, or null for sandbox mode off. */
  sandboxKey: string | null;
  /** Extra environment (the cluster gives its platforms one game origin). */
  env?: Record<string, string>;
  /** A name to prefix each line of its output with (the cluster's processes); without one it writes straight through. */
  name?: string;
}

/** Copies a child's output to ours, each line prefixed with its name. */
export function prefixOutput(child: ChildProcess, name: string): void {
  for (const [stream, target] of [[child.stdout, process.stdout], [child.stderr, process.stderr]] as const) {
    let pending = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) target.write(`[${name}] ${line}\n`);
    });
    stream?.on('end', () => pending && target.write(`[${name}] ${pending}\n`));
  }
}

/**
 * Spawns `platform/src/main.ts`. With a sandbox key it is the demo and test stand-in (its test-only
 * switches on); without one it runs in production mode. Its identity provider issues tokens for the
 * lobby's public port.
 */
export function spawnPlatform(options: PlatformProcessOptions): ChildProcess {
  const child = spawn(process.execPath, [path.join(ROOT, 'platform', 'src', 'main.ts')], {
    stdio: options.name ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    cwd: ROOT,
    env: {
      ...process.env,
      PLATFORM_PORT: String(options.port),
      PLATFORM_PUBLIC_PORT: process.env.PLATFORM_PUBLIC_PORT ?? String(options.publicEndpoint.port),
      PLATFORM_PUBLIC_SCHEME: process.env.PLATFORM_PUBLIC_SCHEME ?? options.publicEndpoint.scheme,
      // The lobby (and a balancer) reach it from this machine and name the visitor in X-Forwarded-For.
      PLATFORM_TRUST_PROXY: process.env.PLATFORM_TRUST_PROXY ?? 'loopback',
      // The sandbox's tester powers come with it; production has neither.
      ...(options.sandboxKey
        ? { PLATFORM_ALLOW_COUNTRY_OVERRIDE: process.env.PLATFORM_ALLOW_COUNTRY_OVERRIDE ?? '1', PLATFORM_ENABLE_SANDBOX_ADMIN: '1', PLATFORM_SANDBOX_KEY: options.sandboxKey }
        : { PLATFORM_ALLOW_COUNTRY_OVERRIDE: '0', PLATFORM_ENABLE_SANDBOX_ADMIN: '0' }),
      ...options.env,
    },
  });
  if (options.name) prefixOutput(child, options.name);
  return child;
}

/** Sends SIGTERM and waits for the exit, up to `timeoutMs`; then SIGKILL. */
export async function stopChild(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = await Promise.race([exited.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)))]);
  clearTimeout(timer);
  if (late) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** A whole number of milliseconds from the environment, or the fallback; a bad value ends the script. */
export function millisecondsFromEnv(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text) || Number(text) > 600_000) fail(`${name} "${text}" is not a whole number of milliseconds (0 to 600000)`);
  return Number(text);
}

/** Prints each brand's address and the sandbox operator key's links. */
export function printBrandUrls(brands: Brand[], port: number, sandboxKey: string | null): void {
  for (const brand of brands) console.log(`  ${brand.settings.title.padEnd(22)} http://${brand.id}.localhost:${port}/`);
  if (!sandboxKey) return;
  const first = brands[0];
  console.log(`Sandbox operator key: ${sandboxKey}`);
  if (first) {
    console.log(`  SMS outbox (sign-in codes): http://${first.id}.localhost:${port}${SANDBOX_KEY_PATH}?key=${sandboxKey} (opens it and unlocks the sandbox tools in that browser)`);
    console.log(`  E-mail outbox (registration codes): http://${first.id}.localhost:${port}/platform/email-outbox (once unlocked)`);
  }
}
