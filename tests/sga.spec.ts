/**
 * The `sga` feature flag (spec section 9): off by default; on (the flag in local storage), every page
 * shows the responsible-gambling bar from its first paint: a break, the limits and a self-test, and
 * for a player the session time, ticking. Keyboard-reachable, axe-clean, on a phone in Finnish too.
 */
import { expect, test, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { waitForIslands } from './support/hydration.ts';
import { freshPlayer } from './support/player.ts';
import { brandOrigin } from './support/urls.ts';
import { CONSENT_POLICY_VERSION } from '../src/features/consent/consent.ts';

const AURELIA = brandOrigin('aurelia');

/**
 * Turns the flag on for every page the test opens, as a stored A/B variation would: flags are kept
 * only with the preferences consent (issue 18), so the visitor gave it.
 */
async function enableSga(page: Page): Promise<void> {
  await page.context().addCookies([{ name: 'consent', value: encodeURIComponent(`necessary,preferences,policy:${CONSENT_POLICY_VERSION}`), url: AURELIA }]);
  await page.addInitScript(() => localStorage.setItem('atrium:feature-flags', JSON.stringify({ sga: 'enabled' })));
}

test('off by default; on, the bar leads to a break, the limits and a self-test, and shows a player\'s session time', async ({ page }) => {
  await page.goto(`${AURELIA}/en/`);
  await expect(page.getByRole('navigation', { name: 'Responsible gambling' })).toBeHidden();

  await enableSga(page);
  await page.goto(`${AURELIA}/en/`);
  // Marked by the head script, before anything was drawn.
  await expect(page.locator('html')).toHaveAttribute('data-flag-sga', 'enabled');
  const bar = page.getByRole('navigation', { name: 'Responsible gambling' });
  await expect(bar.getByRole('link', { name: 'Take a break' })).toHaveAttribute('href', '/en/profile/self-exclusion/');
  await expect(bar.getByRole('link', { name: 'Limits' })).toHaveAttribute('href', '/en/profile/limits/');
  await expect(bar.getByRole('link', { name: /Self-test/ })).toHaveAttribute('target', '_blank');
  // The first thing the keyboard reaches after the skip link.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(bar.getByRole('link', { name: 'Take a break' })).toBeFocused();

  await freshPlayer(page, 'aurelia', '+358');
  await expect(bar.getByTestId('session-clock')).toHaveText(/^0:00:\d\d$/);
  const first = await bar.getByTestId('session-clock').textContent();
  await expect(bar.getByTestId('session-clock')).not.toHaveText(first ?? '');
  await waitForIslands(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the bar fits a phone, in Finnish @phone', async ({ page }) => {
  await enableSga(page);
  await page.goto(`${AURELIA}/fi/`);
  const bar = page.getByRole('navigation', { name: 'Vastuullinen pelaaminen' });
  await expect(bar.getByRole('link', { name: 'Pidä tauko' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await waitForIslands(page);
  expect(await seriousViolations(page)).toEqual([]);
});
