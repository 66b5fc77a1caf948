/**
 * Every route of spec section 2 answers under its locale prefix in its specified layout, and the
 * redirects and not-found rules of the spec hold.
 */
import { expect, test } from './support/test.ts';
import { CONSENT_POLICY_VERSION } from '../src/features/consent/consent.ts';
import { ROUTES } from '../src/routes.ts';
import { routeExamplePath } from './support/slugs.ts';
import { brandOrigin } from './support/urls.ts';

const expectedLayout = (layout: string) => (layout === 'sports' ? 'basic' : layout);
const pathOf = routeExamplePath;

test.describe('every route answers in its layout', () => {
  for (const layout of ['basic', 'main', 'loggedIn', 'sports'] as const) {
    test(`${layout} routes`, async ({ page }) => {
      const routes = ROUTES.filter((candidate) => candidate.layout === layout);
      // One page load per route (32 in the logged-in layout): allow each a few seconds on a busy host.
      test.setTimeout(15_000 + routes.length * 4_000);
      // The loyalty, missions and tournaments pages are there only for a visitor who consented to
      // preferences and analytics (gamification's rule; without it they are not found, tests/gamification.spec.ts).
      if (layout === 'loggedIn') await page.context().addCookies([{ name: 'consent', value: encodeURIComponent(`necessary,preferences,analytics,policy:${CONSENT_POLICY_VERSION}`), url: brandOrigin('aurelia') }]);
      for (const route of routes) {
        const path = `/en${pathOf(route.id, route.pattern)}`;
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.locator('html'), path).toHaveAttribute('data-page-layout', expectedLayout(layout));
        await expect(page, path).toHaveTitle(/ \| Aurelia Casino$/);
        await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      }
    });
  }
});

test('the logged-in layout has the main menu, the quick menu and Sign In / Register', async ({ page }) => {
  await page.goto('/en/promotions/');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  const quick = page.getByRole('navigation', { name: 'Products' });
  await expect(quick.getByRole('link', { name: 'Casino' })).toHaveAttribute('href', '/en/?productMode=casino');
  await expect(quick.getByRole('link', { name: 'Sports' })).toHaveAttribute('href', '/en/sports/?productMode=sports');
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', '/en/login/');
  await expect(page.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/en/register/');
});

test('login and enter-code hide the Sign In button and the quick menu; resend-code hides Sign In only', async ({ page }) => {
  for (const path of ['/en/login/', '/en/enter-code/']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Sign In', exact: true }), path).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Products' }), path).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main menu' }), path).toHaveCount(0);
  }
  await page.goto('/en/resend-code/');
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Products' })).toBeVisible();
  await page.goto('/en/privacy-policy/');
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
});

test('sports and more-casinos show visitors the basic layout with Sign In carrying autoSignIn=1 and the way back', async ({ page }) => {
  for (const path of ['/en/sports/', '/en/more-casinos/']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-page-layout', 'basic');
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', `/en/login/?autoSignIn=1&returnTo=${encodeURIComponent(path)}`);
  }
});

test('handler routes render the provider frame with no menus', async ({ page }) => {
  await page.goto('/en/trustly-login-handler/');
  await expect(page.locator('html')).toHaveAttribute('data-page-layout', 'main');
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signing you in');
});

test('the empty path redirects to the default locale home, keeping the query', async ({ page }) => {
  await page.goto('/?utm_source=test');
  await expect(page).toHaveURL(/\/en\/\?utm_source=test$/);
  await page.goto(`${brandOrigin('vantor')}/`);
  await expect(page).toHaveURL(`${brandOrigin('vantor')}/et_EE/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'et-EE');
});

test('an unknown locale, or one the brand does not serve, redirects to /', async ({ page }) => {
  for (const path of ['/xx/', '/ja/games/', '/de_CH/']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/en\/$/);
  }
});

test('/verifyEmail forwards to the locale verify-email page with the query string', async ({ page }) => {
  await page.goto('/verifyEmail?token=abc123&purpose=SignUp');
  await expect(page).toHaveURL(/\/en\/verify-email\/\?token=abc123&purpose=SignUp$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify your email');
});

test('anything else is the not-found page in the basic layout with status 404', async ({ page }) => {
  for (const path of ['/en/no-such-page/', '/en/games/a/b/', '/definitely-not-here/', '/en/profile/nope/', '/en/game-studio/no-such-studio/']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator('html'), path).toHaveAttribute('data-page-layout', 'basic');
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Page not found');
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/en/');
  }
});

test('internal pages answer outside and inside the locale prefix', async ({ page }) => {
  for (const path of ['/internal/tools/', '/en/internal/tools/']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Internal: tools');
  }
});

test('texts come from the platform per locale and the page title appends the site title', async ({ page }) => {
  await page.goto('/fi/promotions/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
  await expect(page.getByRole('link', { name: 'Kirjaudu sisään' })).toBeVisible();
  await expect(page).toHaveTitle(/^Kampanjat \| Aurelia Casino$/);
  await page.goto('/de/promotions/');
  await expect(page).toHaveTitle(/^Aktionen \| Aurelia Casino$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aktionen');
});

test('product mode: the quick menu marks Sports on sports paths and Casino on game paths', async ({ page }) => {
  await page.goto('/en/sports/');
  await expect(page.locator('html')).toHaveAttribute('data-product', 'sports');
  await page.goto('/en/games/?productMode=sports');
  await expect(page.locator('html')).toHaveAttribute('data-product', 'casino');
  await page.goto('/en/promotions/?productMode=sports');
  await expect(page.locator('html')).toHaveAttribute('data-product', 'sports');
  await page.goto('/en/promotions/');
  await expect(page.locator('html')).toHaveAttribute('data-product', 'casino');
  await expect(page.locator('.site-header__logo')).toHaveAttribute('href', '/en/');
});

test('product mode: productMode=sports applies sports mode, whose home is /sports/', async ({ page }) => {
  // The lobby's address in sports mode is the sportsbook, the query kept.
  await page.goto('/en/?productMode=sports&utm_source=mail');
  await expect(page).toHaveURL('/en/sports/?productMode=sports&utm_source=mail');
  await expect(page.locator('html')).toHaveAttribute('data-product', 'sports');
  // On a neutral page the logo (home) leads to the sportsbook, and the quick menu marks Sports.
  await page.goto('/en/promotions/?productMode=sports');
  await expect(page.locator('.site-header__logo')).toHaveAttribute('href', '/en/sports/');
  await expect(page.getByRole('navigation', { name: 'Products' }).getByRole('link', { name: 'Sports' })).toHaveAttribute('aria-current', 'page');
  // The quick menu's Casino link switches back: the lobby stays.
  await page.goto('/en/?productMode=casino');
  await expect(page).toHaveURL('/en/?productMode=casino');
  await expect(page.locator('.site-header__logo')).toHaveAttribute('href', '/en/');
});

test('the product-mode preference is stored only with preferences consent', async ({ page, context }) => {
  await page.goto('/en/promotions/?productMode=sports');
  expect((await context.cookies()).find((c) => c.name === 'productMode')).toBeUndefined();

  await context.addCookies([{ name: 'consent', value: 'preferences', url: brandOrigin('aurelia') }]);
  await page.goto('/en/promotions/?productMode=sports');
  const cookie = (await context.cookies()).find((c) => c.name === 'productMode');
  expect(cookie?.value).toBe('sports');
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600);
  await page.goto('/en/promotions/');
  await expect(page.locator('html')).toHaveAttribute('data-product', 'sports');
  // The stored preference makes the lobby's address the sportsbook too, until the Casino link changes it.
  await page.goto('/en/');
  await expect(page).toHaveURL('/en/sports/');
  await page.goto('/en/?productMode=casino');
  await expect(page).toHaveURL('/en/?productMode=casino');
  await page.goto('/en/');
  await expect(page).toHaveURL('/en/');
});
