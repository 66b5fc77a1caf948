/**
 * Every route of spec section 2 has no serious or critical axe violation, signed out and signed in, on a
 * desktop and a phone (the @phone tests run in the phone project's device emulation). Four runs share
 * the routes: each route is checked twice, once by a visitor and once by a signed-in player, once on a
 * desktop and once on a phone, in two of the three themes and two of the three layouts; between them
 * the runs check every theme and every layout. (Every route in all four runs took 10 of the suite's 26
 * worker-minutes, mostly axe over the same page in the same layout again.)
 */
import { expect, test, type Page } from './support/test.ts';
import { loadBrands } from '../src/brands/load.server.ts';
import { ROUTES } from '../src/routes.ts';
import { seriousViolations } from './support/axe.ts';
import { waitForIslands } from './support/hydration.ts';
import { freshPlayer } from './support/player.ts';
import { routeExamplePath } from './support/slugs.ts';
import { brandOrigin } from './support/urls.ts';

// Measured as a first visit sees it: with the consent prompt on the page (issue 18).
test.use({ consentAnswered: false });

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

/** The two pairs of runs; a route is checked by both runs of one pair (alternating by route). */
const RUNS = [
  { pair: 0, brand: 'aurelia', signedIn: false, phone: false },
  { pair: 0, brand: 'solenne', signedIn: true, phone: true, callingCode: '+33' },
  { pair: 1, brand: 'mapleridge', signedIn: true, phone: false, callingCode: '+1' },
  { pair: 1, brand: 'kororaa', signedIn: false, phone: true },
];

// Routes in groups of this many per test: each group gets its own time, and groups run in parallel.
const ROUTES_PER_TEST = 12;

for (const run of RUNS) {
  const who = run.signedIn ? 'a signed-in player' : 'a visitor';
  const routes = ROUTES.filter((_, index) => index % 2 === run.pair);
  const groups = Array.from({ length: Math.ceil(routes.length / ROUTES_PER_TEST) }, (_, index) => routes.slice(index * ROUTES_PER_TEST, (index + 1) * ROUTES_PER_TEST));
  for (const group of groups) {
    test(`half the routes of ${run.brand} are axe-clean for ${who} on a ${run.phone ? 'phone @phone' : 'desktop'} (${group.map((route) => route.id).join(', ')})`, async ({ page }) => {
      test.setTimeout(150_000);
      if (run.signedIn) {
        await freshPlayer(page, run.brand, run.callingCode!);
        await expect(page.getByTestId('balance')).toBeVisible();
      }
      expect(await violationsOnRoutes(page, run.brand, group)).toEqual([]);
    });
  }
}
