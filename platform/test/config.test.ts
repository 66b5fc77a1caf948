import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformConfigFromEnv, REPO_ROOT } from '../src/config.ts';

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
    });
  });

  it('uses DATABASE_URL instead of a data folder, and honours the override switch', () => {
    const config = platformConfigFromEnv({ DATABASE_URL: 'postgres://x@localhost/db', PLATFORM_ALLOW_COUNTRY_OVERRIDE: '1', PLATFORM_PORT: '5000' });
    expect(config.port).toBe(5000);
    expect(config.options.databaseUrl).toBe('postgres://x@localhost/db');
    expect(config.options.dataDir).toBeUndefined();
    expect(config.options.allowCountryOverride).toBe(true);
  });

  it('rejects a port that is not a number', () => {
    expect(() => platformConfigFromEnv({ PLATFORM_PORT: 'http' })).toThrow(/PLATFORM_PORT "http" is not a port number/);
  });
});
