/**
 * Operators: a brand folder dropped into brands/ while Atrium runs answers at its host within
 * seconds (lobby and platform both pick it up), with the starter lobby and menu while it has no
 * content of its own; a broken edit of its brand.json is refused and reported while the last good
 * version keeps serving, and the fix goes live. The server reads a per-run copy of brands/
 * (playwright.config.ts), so the repo's folder is never written.
 */
import { expect, test } from './support/test.ts';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brandHost, brandOrigin, E2E_PORT, LOOPBACK } from './support/urls.ts';

/** The copy of brands/ the test server reads (made by playwright.config.ts). */
const E2E_BRANDS_DIR = `.data/e2e-${E2E_PORT}-brands`;
const folder = path.join(E2E_BRANDS_DIR, 'mybrand');
const brandFile = path.join(folder, 'brand.json');
const writeBrand = (change: (json: Record<string, unknown>) => void) => {
  const json = JSON.parse(readFileSync(path.join(E2E_BRANDS_DIR, 'vantor', 'brand.json'), 'utf8')) as Record<string, unknown>;
  Object.assign(json, { brand: 'mybrand', title: 'My Brand', hosts: ['mybrand.localhost'] });
  change(json);
  writeFileSync(brandFile, JSON.stringify(json, null, 2));
};

test('a dropped-in brand goes live without a restart, and a broken edit keeps its last good version', async ({ page, request }) => {
  test.setTimeout(90_000);
  const status = async () => (await request.get(`${LOOPBACK}/`, { headers: brandHost('mybrand'), maxRedirects: 0 })).status();
  rmSync(folder, { recursive: true, force: true });
  expect(await status()).toBe(404);
  try {
    cpSync(path.join(E2E_BRANDS_DIR, 'vantor'), folder, { recursive: true });
    writeBrand(() => {});
    await expect.poll(status, { timeout: 8000, intervals: [200] }).not.toBe(404);

    await page.goto(`${brandOrigin('mybrand')}/`);
    await expect(page).toHaveTitle(/My Brand/);
    // No content/mybrand/ yet: the starter lobby (a hero and game rails) and the starter menu.
    await expect(page.locator('.lobby [data-block]').first()).toBeVisible();
    expect(await page.locator('.lobby [data-block="hot-games"]').count()).toBe(1);
    expect(await page.locator('.main-menu').getByRole('link').count()).toBeGreaterThan(3);
    await page.goto(`${brandOrigin('mybrand')}/internal/content/`);
    await expect(page.getByRole('region', { name: 'Content status' })).toContainText('using the starter lobby');

    // A broken edit is refused with its file; the last good version keeps serving.
    writeFileSync(brandFile, '{ "brand": "mybrand", "title": ');
    const brandStatus = page.getByRole('region', { name: 'Brand status' });
    await expect(async () => {
      await page.goto(`${brandOrigin('aurelia')}/internal/content/`);
      await expect(brandStatus).toContainText(/mybrand.brand\.json: not valid JSON/, { timeout: 1000 });
    }).toPass({ timeout: 8000 });
    await page.goto(`${brandOrigin('mybrand')}/`);
    await expect(page).toHaveTitle(/My Brand/);

    // The fix goes live and the problem clears.
    writeBrand((json) => {
      json.title = 'My Mended Brand';
    });
    await expect(async () => {
      await page.goto(`${brandOrigin('mybrand')}/`);
      await expect(page).toHaveTitle(/My Mended Brand/, { timeout: 1000 });
    }).toPass({ timeout: 8000 });
    await page.goto(`${brandOrigin('mybrand')}/internal/content/`);
    await expect(brandStatus).toContainText('No brand folder is refused');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  await expect.poll(status, { timeout: 8000, intervals: [200] }).toBe(404);
});
