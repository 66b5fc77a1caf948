/**
 * The account pages in their frame, against the built lobby and the embedded platform: a signed-in
 * player opening /profile/, its sub-pages, /additional-information/ and /source-of-wealth/ gets the
 * page's heading, the account navigation (current section marked) and the section's content (the
 * dashboard with ways on), never a sign-in prompt; a visitor gets the sign-in
 * prompt; the KYC banner's Documents button leads to the documents page; on a phone the navigation
 * scrolls sideways with the current section in view.
 */
import { expect, test, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { waitForIslands } from './support/hydration.ts';
import { bankSignIn, freshPlayer } from './support/player.ts';
import { brandOrigin } from './support/urls.ts';

const BRAND = 'aurelia';
const ORIGIN = brandOrigin(BRAND);
const SIGN_IN_PROMPT = 'Sign in to see this page.';

/** A seeded demo player of aurelia, signed in through the sandbox bank. */
const demoPlayer = (page: Page, username: string) => bankSignIn(page, BRAND, username);

const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account pages' });

/** The sections aurelia (mga) lists: every profile sub-page but global limits, which is est's. */
const MGA_SECTIONS = [
  'Dashboard', 'Deposit history', 'Documents', 'Game history', 'Limits', 'Rewards history', 'Self-exclusion', 'Session history', 'Withdrawal history',
];

test.describe('account frames', () => {
  test('a signed-in player sees every account page in its frame with ways on, never a sign-in prompt', async ({ page }) => {
    await demoPlayer(page, 'verified');
    const pages = [
      { path: '/en/profile/', heading: 'My account', current: 'Dashboard' },
      { path: '/en/profile/documents/', heading: 'Documents', current: 'Documents', built: 'documents' },
      { path: '/en/profile/limits/', heading: 'Limits', current: 'Limits', built: 'player-limits' },
      { path: '/en/additional-information/', heading: 'Additional information', current: null, built: 'personal-info' },
      { path: '/en/source-of-wealth/', heading: 'Source of wealth', current: null, built: 'source-of-wealth' },
      { path: '/en/profile/withdrawal-history/', heading: 'Withdrawal history', current: 'Withdrawal history' },
      { path: '/en/profile/rewards-history/', heading: 'Rewards history', current: 'Rewards history', built: 'rewards-history-page' },
    ];
    for (const { path, heading, current, built } of pages) {
      await page.goto(`${ORIGIN}${path}`);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
      const nav = accountNav(page);
      await expect(nav.getByRole('link'), path).toHaveText(MGA_SECTIONS);
      if (current) await expect(nav.locator('[aria-current="page"]'), path).toHaveText(current);
      else await expect(nav.locator('[aria-current="page"]'), path).toHaveCount(0);
      await expect(page.getByText(SIGN_IN_PROMPT), path).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('link', { name: 'Sign In', exact: true }), path).toHaveCount(0);
      if (built) await expect(page.getByTestId(built), path).toBeVisible();
      await expect(page.getByTestId('account-soon'), path).toHaveCount(0);
    }

    // The dashboard shows who is signed in from what the player runtime loads.
    await page.goto(`${ORIGIN}/en/profile/`);
    const dashboard = page.getByTestId('profile-dashboard');
    await expect(dashboard.getByRole('heading', { name: 'Hello, Aino Virtanen' })).toBeVisible();
    await expect(dashboard).toContainText('verified@aurelia.demo');
    await expect(dashboard.getByTestId('profile-balance')).toHaveText('€250.00');
    await expect(dashboard).toContainText('Account statusOpen');
    await expect(dashboard).toContainText('Identity verificationVerified');
    await waitForIslands(page);
    expect(await seriousViolations(page)).toEqual([]);

    // The navigation leads between sections.
    await accountNav(page).getByRole('link', { name: 'Session history' }).click();
    await expect(page).toHaveURL(`${ORIGIN}/en/profile/session-history/`);
    await expect(accountNav(page).locator('[aria-current="page"]')).toHaveText('Session history');
    await accountNav(page).getByRole('link', { name: 'Deposit history' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deposit history');
    await expect(accountNav(page).locator('[aria-current="page"]')).toHaveText('Deposit history');
  });

  test('a visitor gets the sign-in prompt on the account pages, and no account navigation', async ({ page }) => {
    for (const path of ['/en/profile/', '/en/profile/documents/', '/en/profile/limits/', '/en/additional-information/', '/en/source-of-wealth/']) {
      await page.goto(`${ORIGIN}${path}`);
      await expect(page.getByText(SIGN_IN_PROMPT), path).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Sign In', exact: true }), path).toHaveAttribute('href', '/en/login/');
      await expect(accountNav(page), path).toHaveCount(0);
    }
  });

  test('the KYC banner’s Documents button leads to the documents page in its frame', async ({ page }) => {
    await demoPlayer(page, 'kyc-required');
    await page.goto(`${ORIGIN}/en/profile/`);
    await expect(page.getByTestId('profile-dashboard')).toContainText('Identity verificationNeeded by');
    const banner = page.locator('[data-banner="KycRequired"]');
    await expect(banner).toBeVisible();
    await banner.getByRole('link', { name: 'Documents' }).click();
    await expect(page).toHaveURL(`${ORIGIN}/en/profile/documents/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Documents');
    await expect(accountNav(page).locator('[aria-current="page"]')).toHaveText('Documents');
    await expect(page.getByRole('main')).toContainText('To verify your identity we need a photo ID');
    await expect(page.getByTestId('documents')).toBeVisible();
    await expect(page.getByText(SIGN_IN_PROMPT)).toHaveCount(0);
    await waitForIslands(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('on a phone the account navigation scrolls sideways, the current section in view; est lists global limits and no self-exclusion @phone', async ({ page }) => {
    await freshPlayer(page, 'vantor', '+372');
    await page.goto(`${brandOrigin('vantor')}/en/profile/withdrawal-history/`);
    const nav = accountNav(page);
    await expect(nav.getByRole('link', { name: 'Global limits' })).toHaveCount(1);
    // est offers no self-exclusion (spec section 6): ten sub-pages less that one.
    await expect(nav.getByRole('link', { name: 'Self-exclusion' })).toHaveCount(0);
    await expect(nav.getByRole('link')).toHaveCount(9);
    const current = nav.locator('[aria-current="page"]');
    await expect(current).toHaveText('Withdrawal history');
    await expect(current).toBeInViewport();
    // The strip scrolls, not the page: it fits the screen and its start has scrolled out of view.
    const strip = nav.getByRole('list');
    expect(await strip.evaluate((list) => list.scrollWidth > list.clientWidth && list.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toBeInViewport();
    await waitForIslands(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
