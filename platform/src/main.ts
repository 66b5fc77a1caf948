/**
 * Starts the embedded platform from environment variables (see platform/README.md):
 *   npx node platform/src/main.ts
 * Configuration problems end the process with one line saying what to fix, never a stack trace.
 */
import { join } from 'node:path';
import { platformConfigFromEnv } from './config.ts';
import { LEGAL_FOLDER } from './content/legal.ts';
import { starterLegalNotice } from './content/store.ts';
import { displayPath } from './validation.ts';
import type { PlatformConfig } from './config.ts';
import { createPlatform, DEFAULT_SHUTDOWN_GRACE_MS } from './platform.ts';
import type { Platform } from './platform.ts';

function fail(message: string): never {
  console.error(`[platform] ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const started = Date.now();
  // SIGTERM or SIGINT: a graceful drain (platform.shutdown), bounded by PLATFORM_SHUTDOWN_GRACE_MS.
  const graceText = process.env.PLATFORM_SHUTDOWN_GRACE_MS || String(DEFAULT_SHUTDOWN_GRACE_MS);
  if (!/^\d+$/.test(graceText) || Number(graceText) > 600_000) {
    fail(`PLATFORM_SHUTDOWN_GRACE_MS "${graceText}" is not a whole number of milliseconds (0 to 600000)`);
  }
  // Behind a load balancer: how long readiness says 503 while the platform still serves, before it closes anything.
  const drainText = process.env.PLATFORM_DRAIN_MS || '0';
  if (!/^\d+$/.test(drainText) || Number(drainText) > 600_000) {
    fail(`PLATFORM_DRAIN_MS "${drainText}" is not a whole number of milliseconds (0 to 600000)`);
  }
  let config: PlatformConfig;
  let platform: Platform;
  try {
    config = platformConfigFromEnv();
    platform = await createPlatform(config.options);
  } catch (error) {
    fail((error as Error).message);
  }
  const { port, host, options } = config;

  try {
    await platform.listen(port, host);
  } catch (error) {
    await platform.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`Port ${port} is in use: set PLATFORM_PORT to a free port`);
    if (code === 'EACCES') fail(`Port ${port} needs privileges: set PLATFORM_PORT to a port above 1023`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') fail(`PLATFORM_HOST "${host}" is not an address of this machine`);
    fail(`Cannot listen on ${host}:${port}: ${(error as Error).message}`);
  }

  const database = options.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${options.dataDir}`;
  const brands = [...platform.brands.keys()].join(', ') || 'none';
  const applied = platform.prepared?.migrationsApplied ?? [];
  const notes = [
    applied.length ? `migrations ${applied.join(', ')} applied` : '',
    platform.prepared?.seeded ? 'catalogue seeded' : '',
    platform.playersSeeded.length ? `demo players seeded for ${platform.playersSeeded.join(', ')}` : '',
    `games and sportsbook at ${platform.services.gameOrigin()}`,
    options.auth?.enableSandboxAdmin ? '' : 'production mode (sandbox off: no sandbox banks, demo players, outboxes or stand-ins; payment providers: none configured)',
    options.auth?.enableSandboxAdmin ? `sandbox ON${process.env.PLATFORM_SANDBOX_KEY ? '' : ` with operator key ${options.auth.sandboxKey} (generated: set PLATFORM_SANDBOX_KEY to choose it)`}` : '',
    options.allowCountryOverride ? 'country override ON' : '',
  ].filter(Boolean);
  console.log(
    `[platform] listening on ${platform.url()} (${database}; brands ${brands}${notes.map((note) => `; ${note}`).join('')}; ready in ${Date.now() - started} ms)`,
  );

  // A brand that has not written its legal documents serves the starter ones: say so while the operator is looking.
  for (const id of platform.brands.keys()) {
    const documents = await platform.services.content.starterLegal(id).catch(() => []);
    if (documents.length > 0) console.log(`[platform] brand "${id}": ${starterLegalNotice(displayPath(join(options.contentDir, id, LEGAL_FOLDER)), id, documents)}`);
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[platform] ${signal}: draining (readiness 503, sockets closed with 1012, in-flight work finishing), then exiting`);
    const begun = Date.now();
    platform.shutdown({ graceMs: Number(graceText), drainMs: Number(drainText) }).then(
      () => {
        console.log(`[platform] stopped in ${Date.now() - begun} ms`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`[platform] shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

await main();
