/**
 * Error reporting end to end: the browser's stock client (@sentry/browser, loaded only when there is
 * something to report) posts to the platform's sandbox collector through the lobby, and what arrives
 * is scrubbed of tokens and personal data. A page without errors loads none of it; half the page
 * views (picked at random) send a page-load trace when left.
 */
import { expect, test, type Page } from './support/test.ts';
import { SANDBOX_KEY_HEADERS } from './support/sandbox.ts';
import { brandHost, brandOrigin, LOOPBACK } from './support/urls.ts';

interface Report {
  kind: string;
  message: string;
  url: string | null;
  event: {
    tags?: Record<string, string>;
    request?: { url?: string; headers?: Record<string, string> };
    timestamp?: number;
    contexts?: { trace?: Record<string, string> };
    spans?: { op: string; description: string }[];
    measurements?: Record<string, { value: number; unit: string }>;
  };
}

async function reportsMatching(page: Page, pattern: RegExp): Promise<Report[]> {
  const response = await page.request.get(`${LOOPBACK}/platform/error-reports.json?brand=aurelia&limit=100`, { headers: { ...brandHost('aurelia'), ...SANDBOX_KEY_HEADERS } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { reports: Report[] }).reports.filter((report) => pattern.test(report.message));
}

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIrMzU4NTU1MDAwMSJ9.c2lnbmF0dXJlLXBhcnQ';

test.describe('error reporting', () => {
  test('a page without errors loads no reporting client and sends nothing', async ({ page }) => {
    // A page view the trace sampling (0.5) leaves out: the one below is picked.
    await page.addInitScript(() => { Math.random = () => 0.9; });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${brandOrigin('aurelia')}/en/`);
    await expect(page.locator('html')).toHaveAttribute('data-error-dsn', 'sandbox');
    await expect(page.getByRole('button', { name: 'Search games' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((url) => /sentry|error-reports/.test(url))).toEqual([]);
  });

  test('a sampled page view sends its page-load trace when the visitor leaves: navigation, resources and vitals, no query string', async ({ page }) => {
    await page.addInitScript(() => { Math.random = () => 0.1; });
    const marker = `/en/games/`;
    await page.goto(`${brandOrigin('aurelia')}${marker}?token=abc123secret`);
    // The trace's code comes a second after the load; then leaving the page sends it.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('page-trace'))), { timeout: 15_000 }).toBe(true);
    const before = Date.now();
    await page.goto(`${brandOrigin('aurelia')}/en/promotions/`);
    await expect.poll(async () => (await reportsMatching(page, /^pageload \/en\/games\/$/)).filter((report) => report.kind === 'transaction' && Number(report.event.timestamp) * 1000 > before - 60_000).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const [trace] = (await reportsMatching(page, /^pageload \/en\/games\/$/)).filter((report) => report.kind === 'transaction');
    expect(trace!.event.tags).toMatchObject({ brand: 'aurelia', locale: 'en' });
    expect(trace!.event.contexts?.trace).toMatchObject({ op: 'pageload', trace_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const ops = trace!.event.spans!.map((span) => span.op);
    expect(ops).toEqual(expect.arrayContaining(['browser.request', 'browser.response', 'resource.script']));
    expect(trace!.event.measurements).toMatchObject({ ttfb: { unit: 'millisecond' }, cls: { unit: '' } });
    expect(JSON.stringify(trace)).not.toContain('abc123secret');
  });

  test('an uncaught error reaches the collector, scrubbed of tokens, e-mail addresses and secret parameters', async ({ page }) => {
    const marker = `boom-${Date.now().toString(36)}`; // no long digit run: the scrubber would take it for an account number
    await page.goto(`${brandOrigin('aurelia')}/en/games/?token=abc123secret`);
    await expect(page.locator('html')).toHaveAttribute('data-error-dsn', 'sandbox');
    // The error listener is installed with the session check, after the first paint.
    await expect.poll(async () => {
      await page.evaluate(([text, token]) => setTimeout(() => { throw new Error(`${text} for anna@example.fi with ${token}`); }), [marker, JWT] as const);
      return (await reportsMatching(page, new RegExp(marker))).length;
    }, { timeout: 15_000 }).toBeGreaterThan(0);
    const [report] = await reportsMatching(page, new RegExp(marker));
    expect(report!.message).toBe(`${marker} for [email] with [Filtered]`);
    // The page's address without the secret's value (the client leaves query strings out altogether).
    expect(report!.url).toMatch(/^http:\/\/aurelia\.localhost:\d+\/en\/games\/(\?token=\[Filtered\])?$/);
    expect(report!.event.tags).toMatchObject({ brand: 'aurelia', locale: 'en', mechanism: 'onerror' });
    expect(Object.keys(report!.event.request?.headers ?? {})).not.toContain('Cookie');
    expect(JSON.stringify(report)).not.toMatch(/eyJ|anna@|abc123secret/);
  });

  test('a search that fails on the network is reported with its operation', async ({ page }) => {
    await page.route('**/graphql', async (route) => {
      if ((route.request().postData() ?? '').includes('SearchGames')) await route.abort('connectionfailed');
      else await route.continue();
    });
    const before = (await reportsMatching(page, /^\[Network\]/)).length;
    await page.goto(`${brandOrigin('aurelia')}/en/`);
    await page.getByRole('button', { name: 'Search games' }).click();
    await page.getByRole('searchbox', { name: 'Search games and studios' }).fill('starburst');
    await expect.poll(async () => (await reportsMatching(page, /^\[Network\]/)).length, { timeout: 15_000 }).toBeGreaterThan(before);
    const [report] = await reportsMatching(page, /^\[Network\]/);
    expect(report!.message).toMatch(/^\[Network\] Could not fetch: \/graphql\./);
    expect(report!.event.tags).toMatchObject({ operation: 'SearchGames', kind: 'NetworkError' });
  });
});
