/**
 * The platform's environment variables, in one place, so main.ts and the lobby's start script
 * (which may start the platform in-process) read them the same way. See platform/README.md.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PlatformOptions } from './platform.ts';
import { rateRulesFromEnv } from './security/rate-limit.ts';
import { parseTrustProxy } from './security/client-address.ts';
import { newSandboxKey } from './sandbox/gate.ts';

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
  const seconds = (name: string, fallback: number, min = 1) => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    if (!/^\d+$/.test(text) || Number(text) < min) throw new Error(`${name} "${text}" is not a whole number of seconds (at least ${min})`);
    return Number(text);
  };
  const milliseconds = (name: string) => {
    const text = env[name] ?? '';
    if (!/^\d+$/.test(text) || Number(text) > 600_000) throw new Error(`${name} "${text}" is not a whole number of milliseconds (0 to 600000)`);
    return Number(text);
  };
  const publicScheme = env.PLATFORM_PUBLIC_SCHEME || 'http';
  if (publicScheme !== 'http' && publicScheme !== 'https') {
    throw new Error(`PLATFORM_PUBLIC_SCHEME "${publicScheme}" must be http or https`);
  }
  const gameOrigin = env.PLATFORM_GAME_ORIGIN ? checkOrigin('PLATFORM_GAME_ORIGIN', env.PLATFORM_GAME_ORIGIN) : undefined;
  const publicPortText = env.PLATFORM_PUBLIC_PORT || '4321';
  if (!/^\d+$/.test(publicPortText) || Number(publicPortText) < 1 || Number(publicPortText) > 65535) {
    throw new Error(`PLATFORM_PUBLIC_PORT "${publicPortText}" is not a port number (1-65535)`);
  }
  const sandbox = env.PLATFORM_ENABLE_SANDBOX_ADMIN === '1';
  if (sandbox && env.PLATFORM_SANDBOX_KEY !== undefined && env.PLATFORM_SANDBOX_KEY !== '' && env.PLATFORM_SANDBOX_KEY.length < 16) {
    throw new Error('PLATFORM_SANDBOX_KEY is shorter than 16 characters: use a long random value, or leave it unset and the platform makes one');
  }
  return {
    port,
    host: env.PLATFORM_HOST || '127.0.0.1',
    options: {
      brandsDir: path('ATRIUM_BRANDS_DIR', 'brands'),
      contentDir: path('ATRIUM_CONTENT_DIR', 'content'),
      ...(databaseUrl ? { databaseUrl } : { dataDir: path('PLATFORM_DATA_DIR', '.data/platform') }),
      // Several platforms (a test's processes, a second deployment) can share one database in schemas of their own.
      ...(databaseUrl && env.PLATFORM_DATABASE_SCHEMA ? { databaseSchema: env.PLATFORM_DATABASE_SCHEMA } : {}),
      // Choosing a request's country by header is a tester's power: the sandbox's only.
      allowCountryOverride: countryOverride(sandbox, env.PLATFORM_ALLOW_COUNTRY_OVERRIDE),
      ...(gameOrigin ? { gameOrigin } : {}),
      rateRules: rateRulesFromEnv(env),
      // Whose X-Forwarded-For names the client: only these proxies' (none by default).
      trustProxy: parseTrustProxy(env.PLATFORM_TRUST_PROXY ?? ''),
      // How long the sandbox providers hold a notification the tester asked to deliver LATE.
      ...(env.PLATFORM_SANDBOX_LATE_DELIVERY_MS ? { lateDeliveryMs: milliseconds('PLATFORM_SANDBOX_LATE_DELIVERY_MS') } : {}),
      auth: {
        accessTokenTtlSeconds: seconds('PLATFORM_ACCESS_TOKEN_TTL_S', 300),
        refreshTokenTtlSeconds: seconds('PLATFORM_REFRESH_TOKEN_TTL_S', 30 * 24 * 3600),
        smsCodeTtlSeconds: seconds('PLATFORM_SMS_CODE_TTL_S', 300),
        smsResendCooldownSeconds: seconds('PLATFORM_SMS_RESEND_COOLDOWN_S', 30, 0),
        enableSandboxAdmin: sandbox,
        sandboxKey: sandbox ? (env.PLATFORM_SANDBOX_KEY || newSandboxKey()) : null,
        publicPort: Number(publicPortText),
        publicScheme,
      },
    },
  };
}

/** PLATFORM_ALLOW_COUNTRY_OVERRIDE: honoured in the sandbox; asked for in production, a start-up error rather than a silent no. */
function countryOverride(sandbox: boolean, text: string | undefined): boolean {
  if (text !== '1') return false;
  if (!sandbox) {
    throw new Error('PLATFORM_ALLOW_COUNTRY_OVERRIDE=1 lets a request choose its country, a tester\'s power: it needs the sandbox (PLATFORM_ENABLE_SANDBOX_ADMIN=1); unset it in production');
  }
  return true;
}

/** An http(s) origin (scheme, host, optional port; no path, query or credentials), normalised. */
function checkOrigin(name: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} "${text}" is not a URL: write an origin such as http://127.0.0.1:4322`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    throw new Error(`${name} "${text}" must be an http(s) origin without path, query or credentials, such as https://games.example.com`);
  }
  return url.origin;
}
