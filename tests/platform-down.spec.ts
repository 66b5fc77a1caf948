/**
 * The platform stopped or unreachable: a lobby started against a closed port (its own, on
 * EXTRA_STACK_PORTS.platformDown) answers every page with the outage page in the page's language, with a status a
 * CDN does not keep (503, no-store, Retry-After) rather than an English 200. And the spec's error
 * route exists in every locale: /<locale>/500/ on the suite's stack is the crash page in that
 * language, status 500, never stored. The lobby stays ready (/readyz 200) all the while: its
 * outage page is what a visitor should see, not a load balancer's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from './support/test.ts';
import { loadBrands } from '../src/brands/load.server.ts';
import { CRASH_TEXTS, OUTAGE_TEXTS } from '../src/features/errors/error-page-texts.ts';
import { languageTag } from '../src/i18n/locales.ts';
import { E2E_PORT, EXTRA_STACK_PORTS, LOOPBACK } from './support/urls.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = EXTRA_STACK_PORTS.platformDown;
/** Nothing listens here: the platform is down. */
const CLOSED_PORT = PORT + 1;
const brands = loadBrands().filter((brand) => brand.settings.localization);

let stack: ChildProcess | undefined;
let startLog = '';

test.describe('the platform down', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), PLATFORM_URL: `http://127.0.0.1:${CLOSED_PORT}`, ATRIUM_SKIP_BUILD: '1' };
    for (const name of ['PLATFORM_SANDBOX_KEY', 'PLATFORM_ALLOW_COUNTRY_OVERRIDE', 'ATRIUM_TEST_FEATURES', 'ERROR_REPORTING_DSN', 'ANALYTICS_TAGS', 'LIVE_CHAT_SCRIPT_URL', 'PLATFORM_GRAPHQL_URL', 'PLATFORM_ENABLE_SANDBOX_ADMIN', 'ATRIUM_BRANDS_DIR', 'ATRIUM_CONTENT_DIR']) delete env[name];
    stack = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    stack.stdout?.on('data', (chunk: Buffer) => (startLog += chunk.toString()));
    stack.stderr?.on('data', (chunk: Buffer) => (startLog += chunk.toString()));
    await expect.poll(async () => {
      if (stack?.exitCode !== null) throw new Error(`The lobby stopped during start-up:\n${startLog}`);
      return (await fetch(`http://127.0.0.1:${PORT}/internal/bare/`, { signal: AbortSignal.timeout(2000) }).catch(() => null))?.status ?? 0;
    }, { timeout: 100_000 }).toBeGreaterThan(0);
  });

  test.afterAll(async () => {
    if (!stack || stack.exitCode !== null) return;
    const exited = new Promise((resolve) => stack?.once('exit', resolve));
    stack.kill('SIGTERM');
    const timer = setTimeout(() => stack?.pid && process.kill(-stack.pid, 'SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  });

  test('every page of every locale says so in its language, with a status no CDN keeps', async ({ request }) => {
    for (const brand of brands) {
      for (const locale of brand.locales) {
        const answer = await request.get(`http://127.0.0.1:${PORT}/${locale}/games/`, { headers: { host: `${brand.id}.localhost:${PORT}` }, maxRedirects: 0 });
        const where = `${brand.id} /${locale}/games/`;
        expect(answer.status(), where).toBe(503);
        expect(answer.headers()['cache-control'], where).toBe('private, no-store');
        expect(answer.headers()['retry-after'], where).toBe('30');
        const body = await answer.text();
        expect(body, where).toContain(`<html lang="${languageTag(locale)}"`);
        expect(body, where).toContain(OUTAGE_TEXTS[locale].title);
      }
    }
    expect(startLog).toContain('the platform does not answer');
  });

  test('the lobby stays ready for a load balancer, saying what the platform answered', async ({ request }) => {
    // Taken out of rotation, every lobby at once, the site would show the balancer's own error page
    // instead of this one in the visitor's language: readiness is about serving pages.
    const ready = await request.get(`http://127.0.0.1:${PORT}/readyz`);
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, draining: false, brands: expect.any(Number), platform: expect.stringMatching(/^unreachable: /) });
  });

  test('a visitor reads it in French and can load the page again', async ({ page }) => {
    const response = await page.goto(`http://solenne.localhost:${PORT}/fr/games/`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nous revenons très vite');
    await expect(page.getByRole('alert')).toContainText('Le site n’est pas disponible pour le moment.');
    await expect(page.getByRole('link', { name: 'Recharger la page' })).toHaveAttribute('href', '/fr/games/');
  });
});

test('the error route exists in every locale: /<locale>/500/ is the crash page in its language, never stored', async ({ request }) => {
  for (const brand of brands) {
    for (const locale of brand.locales) {
      const answer = await request.get(`${LOOPBACK}/${locale}/500/`, { headers: { host: `${brand.id}.localhost:${E2E_PORT}` }, maxRedirects: 0 });
      const where = `${brand.id} /${locale}/500/`;
      expect(answer.status(), where).toBe(500);
      expect(answer.headers()['cache-control'], where).toBe('private, no-store');
      const body = await answer.text();
      expect(body, where).toContain(`<html lang="${languageTag(locale)}"`);
      expect(body, where).toContain(`<h1>${CRASH_TEXTS[locale].title}</h1>`);
      expect(body, where).toContain(`<p>${CRASH_TEXTS[locale].body}</p>`);
      expect(body, where).toContain(`href="/${locale}/"`);
    }
  }
});
