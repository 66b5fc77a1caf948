/**
 * End-to-end tests: Debian's Chromium against the built lobby and the real embedded platform,
 * started together by `scripts/start.ts` on test ports with a fresh platform database.
 */
import { defineConfig, devices } from '@playwright/test';
import { cpSync, rmSync } from 'node:fs';
import { CHROMIUM_ARGS, chromiumPath } from './tests/support/chromium.ts';
import { E2E_SANDBOX_KEY, SANDBOX_KEY_HEADERS } from './tests/support/sandbox.ts';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4610);

/** The server reads a copy of content/, so tests can edit content live without touching the repo's files. */
export const E2E_CONTENT_DIR = `.data/e2e-${E2E_PORT}-content`;
/** The server reads a copy of brands/ too, so tests can drop a brand in without touching the repo's files. */
export const E2E_BRANDS_DIR = `.data/e2e-${E2E_PORT}-brands`;
// The config is evaluated again in every worker; only the runner (no worker index) makes the copies.
if (!process.env.TEST_WORKER_INDEX) {
  rmSync(E2E_CONTENT_DIR, { recursive: true, force: true });
  cpSync('content', E2E_CONTENT_DIR, { recursive: true });
  rmSync(E2E_BRANDS_DIR, { recursive: true, force: true });
  cpSync('brands', E2E_BRANDS_DIR, { recursive: true });
}

export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // Generous: CI shares 2 cores between the server, the platform and two browsers.
  timeout: 60_000,
  // An assertion waits up to 15 s: on a loaded two-core CI host a signed-in page that crosses the
  // cashier's redirect and confirms its session took over 7 s (stop 35). Waiting longer costs a
  // passing test nothing; the budgets are measured by `npm run bench`, never by these timeouts.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './tests/support/global-setup.ts',
  use: {
    baseURL: `http://aurelia.localhost:${E2E_PORT}`,
    // The suite plays the tester: sandbox powers (LATE notifications, the SMS outbox, country override).
    extraHTTPHeaders: SANDBOX_KEY_HEADERS,
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'off',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@phone/ },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/ },
  ],
  webServer: {
    command: 'node scripts/start.ts',
    url: `http://127.0.0.1:${E2E_PORT}/internal/bare/`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      PLATFORM_PORT: String(E2E_PORT + 1),
      PLATFORM_DATA_DIR: `.data/e2e-${E2E_PORT}-platform`,
      ATRIUM_CONTENT_DIR: E2E_CONTENT_DIR,
      ATRIUM_BRANDS_DIR: E2E_BRANDS_DIR,
      PLATFORM_ALLOW_COUNTRY_OVERRIDE: '1',
      PLATFORM_SANDBOX_KEY: E2E_SANDBOX_KEY,
      // A LATE sandbox notification lands after the lobby is back and its live balance has started,
      // even on a loaded 2-core host (3 s, the default, raced the player runtime's start there).
      PLATFORM_SANDBOX_LATE_DELIVERY_MS: '8000',
      // Every spec signs new SMS players up from one address; the new-numbers limit itself is tested
      // in platform/test/rate-limit.test.ts.
      PLATFORM_RATE_LIMIT_SIGNUP: '100000/3600',
      PLATFORM_RATE_LIMIT_SIGNUP_PER_ADDRESS: '100000/3600',
      // The suite signs the same demo operators in from one address a dozen times within minutes (and a
      // local rerun more): their own limit is tested in platform/test/rate-limit.test.ts.
      PLATFORM_RATE_LIMIT_OPERATORLOGIN: '1000/600',
      // Short-lived access tokens (the lobby refreshes 30 s before expiry): the session tests move the
      // page's clock to the refresh rather than wait for it.
      PLATFORM_ACCESS_TOKEN_TTL_S: '40',
      // On a PostgreSQL server (DATABASE_URL, as in .ci/run) the suite's platform keeps to a schema of its
      // own: cluster.spec's platforms use the same database with another content folder, and each
      // deployment's scheduled content publishes (run by whichever of its processes sweeps first) must
      // reach its own files.
      ...(process.env.DATABASE_URL ? { PLATFORM_DATABASE_SCHEMA: `e2e_${E2E_PORT}` } : {}),
    },
  },
});
