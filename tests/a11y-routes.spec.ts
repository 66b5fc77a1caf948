/**
 * Every route of spec section 2 has no serious or critical axe violation, signed out and signed in, on a
 * desktop and a phone (the @phone tests run in the phone project's device emulation). The four runs use
 * brands of the three themes, so each theme's colours are checked on every page.
 */
import { expect, test, type Page } from './support/test.ts';
import { loadBrands } from '../src/brands/load.server.ts';
import { ROUTES } from '../src/routes.ts';
import { seriousViolations } from './support/axe.ts';
import { waitForIslands } from './support/hydration.ts';
import { freshPlayer } from './support/player.ts';
import { routeExamplePath } from './support/slugs.ts';
import { brandOrigin } from './support/urls.ts';

const brands = new Map(loadBrands().map((brand) => [brand.id, brand]));

/**
 * The violations of the page once it has settled. Islands hydrate first, so the signed-in controls are
 * what axe sees; islands that hydrate only when scrolled into view (rails below the fold) are checked as
 * the server rendered them. Some routes move on by themselves (/deposit/ goes to the lobby and opens the
 * cashier, a handler with nothing to handle goes home): a check cut short by such a navigation is run
 * again on the page it led to.
 */
async function settledPageViolations(page: Page): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.waitForLoadState('load');
      await waitForIslands(page);
      return await seriousViolations(page);
    } catch (error) {
      if (attempt >= 3 || !/context was destroyed|navigat/i.test((error as Error).message)) throw error;
    }
  }
}

/** Visits routes of a brand and returns the violations found, each prefixed with the route. */
async function violationsOnRoutes(page: Page, brandId: string, routes: readonly (typeof ROUTES)[number][]): Promise<string[]> {
  const locale = brands.get(brandId)!.defaultLocale;
  const found: string[] = [];
  for (const route of routes) {
    const path = `/${locale}${routeExamplePath(route.id, route.pattern)}`;
    await page.goto(`${brandOrigin(brandId)}${path}`);
    found.push(...(await settledPageViolations(page)).map((violation) => `${path}: ${violation}`));
  }
  return found;
}

const RUNS = [
  { brand: 'aurelia', signedIn: false, phone: false },
  { brand: 'mapleridge', signedIn: true, phone: false, callingCode: '+1' },
  { brand: 'kororaa', signedIn: false, phone: true },
  { brand: 'aurelia', signedIn: true, phone: true, callingCode: '+358' },
];

// Routes in groups of this many per test: each group gets its own time, and groups run in parallel.
const ROUTES_PER_TEST = 16;
const GROUPS = Array.from({ length: Math.ceil(ROUTES.length / ROUTES_PER_TEST) }, (_, index) => ROUTES.slice(index * ROUTES_PER_TEST, (index + 1) * ROUTES_PER_TEST));

for (const run of RUNS) {
  const who = run.signedIn ? 'a signed-in player' : 'a visitor';
  GROUPS.forEach((group, index) => {
    test(`every route of ${run.brand} is axe-clean for ${who} on a ${run.phone ? 'phone @phone' : 'desktop'} (routes ${index * ROUTES_PER_TEST + 1}-${index * ROUTES_PER_TEST + group.length} of ${ROUTES.length})`, async ({ page }) => {
      test.setTimeout(150_000);
      if (run.signedIn) {
        await freshPlayer(page, run.brand, run.callingCode!);
        await expect(page.getByTestId('balance')).toBeVisible();
      }
      expect(await violationsOnRoutes(page, run.brand, group)).toEqual([]);
    });
  });
}
