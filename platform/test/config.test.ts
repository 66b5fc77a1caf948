import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformConfigFromEnv, REPO_ROOT } from '../src/config.ts';
import { DEFAULT_RATE_RULES } from '../src/security/rate-limit.ts';

describe('platform configuration from the environment', () => {
  it('defaults to port 4322 on loopback with PGlite under .data/platform', () => {
    const config = platformConfigFromEnv({});
    expect(config.port).toBe(4322);
    expect(config.host).toBe('127.0.0.1');
    expect(config.options).toEqual({
      brandsDir: join(REPO_ROOT, 'brands'),
      contentDir: join(REPO_ROOT, 'content'),
      dataDir: join(REPO_ROOT, '.data/platform'),
      allowCountryOverride: false,
      auth: {
        accessTokenTtlSeconds: 300,
        refreshTokenTtlSeconds: 30 * 24 * 3600,
        smsCodeTtlSeconds: 300,
        smsResendCooldownSeconds: 30,
        enableSandboxAdmin: false,
        sandboxKey: null,
        publicPort: 4321,
        publicScheme: 'http',
      },
      rateRules: DEFAULT_RATE_RULES,
      trustProxy: [],
    });
  });

  it('reads the trusted proxies, and names a bad one', () => {
    expect(platformConfigFromEnv({ PLATFORM_TRUST_PROXY: 'loopback, 10.0.0.0/8' }).options.trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    expect(() => platformConfigFromEnv({ PLATFORM_TRUST_PROXY: 'lb.internal' })).toThrow(/PLATFORM_TRUST_PROXY entry "lb\.internal" is not an IP address/);
  });

  it('reads token lifetimes, the sandbox switch and the public URL', () => {
    const config = platformConfigFromEnv({
      PLATFORM_ACCESS_TOKEN_TTL_S: '3',
      PLATFORM_ENABLE_SANDBOX_ADMIN: '1',
      PLATFORM_PUBLIC_PORT: '8443',
      PLATFORM_PUBLIC_SCHEME: 'https',
      PLATFORM_SMS_RESEND_COOLDOWN_S: '0',
    });
    expect(config.options.auth).toMatchObject({ accessTokenTtlSeconds: 3, enableSandboxAdmin: true, publicPort: 8443, publicScheme: 'https', smsResendCooldownSeconds: 0 });
    // Sandbox mode always has an operator key: the one given, else a fresh random one per start.
    expect(config.options.auth?.sandboxKey).toMatch(/^[\w-]{32}$/);
    expect(platformConfigFromEnv({ PLATFORM_ENABLE_SANDBOX_ADMIN: '1' }).options.auth?.sandboxKey).not.toBe(config.options.auth?.sandboxKey);
    expect(platformConfigFromEnv({ PLATFORM_ENABLE_SANDBOX_ADMIN: '1', PLATFORM_SANDBOX_KEY: 'sixteen-chars-ok' }).options.auth?.sandboxKey).toBe('sixteen-chars-ok');
    expect(() => platformConfigFromEnv({ PLATFORM_ENABLE_SANDBOX_ADMIN: '1', PLATFORM_SANDBOX_KEY: 'short' })).toThrow(/PLATFORM_SANDBOX_KEY is shorter than 16 characters/);
    expect(() => platformConfigFromEnv({ PLATFORM_ACCESS_TOKEN_TTL_S: '0' })).toThrow(/PLATFORM_ACCESS_TOKEN_TTL_S "0"/);
    expect(() => platformConfigFromEnv({ PLATFORM_PUBLIC_SCHEME: 'ftp' })).toThrow(/must be http or https/);
    expect(platformConfigFromEnv({ PLATFORM_SANDBOX_LATE_DELIVERY_MS: '8000' }).options.lateDeliveryMs).toBe(8000);
    expect(() => platformConfigFromEnv({ PLATFORM_SANDBOX_LATE_DELIVERY_MS: 'soon' })).toThrow(/PLATFORM_SANDBOX_LATE_DELIVERY_MS "soon" is not a whole number of milliseconds/);
  });

  it('uses DATABASE_URL instead of a data folder, and honours the override switch in the sandbox only', () => {
    expect(() => platformConfigFromEnv({ PLATFORM_ALLOW_COUNTRY_OVERRIDE: '1' })).toThrow(/PLATFORM_ALLOW_COUNTRY_OVERRIDE=1 .* needs the sandbox \(PLATFORM_ENABLE_SANDBOX_ADMIN=1\)/);
    expect(platformConfigFromEnv({ PLATFORM_ALLOW_COUNTRY_OVERRIDE: '0' }).options.allowCountryOverride).toBe(false);
    const config = platformConfigFromEnv({ DATABASE_URL: 'postgres://x@localhost/db', PLATFORM_ALLOW_COUNTRY_OVERRIDE: '1', PLATFORM_ENABLE_SANDBOX_ADMIN: '1', PLATFORM_PORT: '5000' });
    expect(config.port).toBe(5000);
    expect(config.options.databaseUrl).toBe('postgres://x@localhost/db');
    expect(config.options.dataDir).toBeUndefined();
    expect(config.options.allowCountryOverride).toBe(true);
    expect(config.options.databaseSchema).toBeUndefined();
  });

  it('puts a platform in a schema of its own with PLATFORM_DATABASE_SCHEMA (with DATABASE_URL only)', () => {
    expect(platformConfigFromEnv({ DATABASE_URL: 'postgres://x@localhost/db', PLATFORM_DATABASE_SCHEMA: 'tenant_a' }).options.databaseSchema).toBe('tenant_a');
    expect(platformConfigFromEnv({ PLATFORM_DATABASE_SCHEMA: 'tenant_a' }).options.databaseSchema).toBeUndefined();
  });

  it('reads the game server origin, refusing anything but a bare http(s) origin', () => {
    expect(platformConfigFromEnv({ PLATFORM_GAME_ORIGIN: 'https://games.example.com/' }).options.gameOrigin).toBe('https://games.example.com');
    expect(platformConfigFromEnv({}).options.gameOrigin).toBeUndefined();
    expect(() => platformConfigFromEnv({ PLATFORM_GAME_ORIGIN: 'https://games.example.com/play' })).toThrow(/PLATFORM_GAME_ORIGIN .* must be an http\(s\) origin/);
    expect(() => platformConfigFromEnv({ PLATFORM_GAME_ORIGIN: 'games' })).toThrow(/PLATFORM_GAME_ORIGIN "games" is not a URL/);
  });

  it('rejects a port that is not a number', () => {
    expect(() => platformConfigFromEnv({ PLATFORM_PORT: 'http' })).toThrow(/PLATFORM_PORT "http" is not a port number/);
  });
});
