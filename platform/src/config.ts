/**
 * The platform's environment variables, in one place, so main.ts and the lobby's start script
 * (which may start the platform in-process) read them the same way. See platform/README.md.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PlatformOptions } from './platform.ts';

/** The repository root; defaults resolve against it so the working directory does not matter. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where and how to listen, plus the platform options. */
export interface PlatformConfig {
  port: number;
  host: string;
  options: PlatformOptions;
}

/** Reads PLATFORM_* / ATRIUM_* / DATABASE_URL; throws one clear message for a bad value. */
export function platformConfigFromEnv(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const portText = env.PLATFORM_PORT ?? '4322';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    throw new Error(`PLATFORM_PORT "${portText}" is not a port number (0-65535)`);
  }
  // Explicit paths resolve against the working directory, like any CLI; defaults against the repo.
  const path = (name: string, fallback: string) => (env[name] ? resolve(env[name]) : resolve(REPO_ROOT, fallback));
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port,
    host: env.PLATFORM_HOST || '127.0.0.1',
    options: {
      brandsDir: path('ATRIUM_BRANDS_DIR', 'brands'),
      contentDir: path('ATRIUM_CONTENT_DIR', 'content'),
      ...(databaseUrl ? { databaseUrl } : { dataDir: path('PLATFORM_DATA_DIR', '.data/platform') }),
      allowCountryOverride: env.PLATFORM_ALLOW_COUNTRY_OVERRIDE === '1',
    },
  };
}
