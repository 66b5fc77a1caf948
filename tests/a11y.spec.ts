/**
 * No serious or critical axe violations on the page frames of every brand (each theme and layout),
 * on a desktop and a phone viewport, plus the open overlay and toasts.
 */
import { waitForIslands } from './support/hydration.ts';
import { expect, test } from './support/test.ts';
import { loadBrands } from '../src/brands/load.server.ts';
import { seriousViolations } from './support/axe.ts';
import { brandOrigin } from './support/urls.ts';

// Measured as a first visit sees it: with the consent prompt on the page (issue 18).
test.use({ consentAnswered: false });

for (const viewport of [{ name: 'desktop', width: 1280, height: 900 }, { name: 'phone', width: 390, height: 844 }]) {
  for (const brand of loadBrands()) {
    test(`${brand.id} pages have no serious axe violations on a ${viewport.name}`, async ({ page }) => {
      // Seven pages, each analysed whole by axe: more than one page's worth of time on a shared 2-core host.
      test.setTimeout(150_000);
      await page.setViewportSize(viewport);
      for (const path of ['/', '/promotions/', '/login/', '/sports/', '/profile/limits/', '/trustly-login-handler/', '/no-such-page/']) {
        await page.goto(`${brandOrigin(brand.id)}/${brand.defaultLocale}${path}`);
        expect(await seriousViolations(page), `${brand.id} ${path}`).toEqual([]);
      }
    });
  }
}

test('an open overlay and the toasts have no serious axe violations', async ({ page }) => {
  await page.goto('/internal/ui/');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Show success' }).click();
  await page.getByRole('button', { name: 'Open confirmation' }).click();
  await expect(page.getByRole('dialog', { name: 'Overlay: confirmation' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
