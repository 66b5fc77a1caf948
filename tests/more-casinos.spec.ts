/**
 * /more-casinos/ against the built lobby and the embedded CMS: the brand's sister casinos (from
 * content/<brand>/more-casinos.json) with sized, loaded logos, a line in the page's locale and a
 * link to each casino's site in a new tab; in the basic layout for visitors and the logged-in one
 * for players; an editor's save shows without a restart; one column on a phone.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { freshPlayer } from './support/player.ts';
import { brandOrigin, E2E_PORT } from './support/urls.ts';

const CONTENT = `.data/e2e-${E2E_PORT}-content`;
const casinos = (page: Page) => page.getByTestId('more-casinos').getByRole('listitem');

/** Whether an image has finished loading a real picture. */
const loaded = (image: Locator) => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test.describe('more casinos', () => {
  test('lists the sister casinos with logos, a line and links, in two locales', async ({ page }) => {
    await page.goto(`${brandOrigin('aurelia')}/en/more-casinos/`);
    await expect(page.locator('html')).toHaveAttribute('data-page-layout', 'basic');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('More casinos');
    // Nordvik shares aurelia's operator, so it leads.
    await expect(casinos(page).getByRole('heading', { level: 2 })).toHaveText(['Nordvik', 'Kororā Play', 'Maple Ridge Casino', 'Solenne', 'Vantor']);
    const nordvik = casinos(page).first();
    await expect(nordvik).toContainText('A Nordic casino with fast payouts and fresh games every week.');
    const logo = nordvik.getByRole('img', { name: 'Nordvik logo' });
    await expect(logo).toHaveAttribute('src', '/media/logos/nordvik.svg');
    await expect(logo).toHaveAttribute('width', '240');
    await expect(logo).toHaveAttribute('height', '80');
    await expect.poll(() => loaded(logo)).toBe(true);
    const link = nordvik.getByRole('link', { name: 'Visit Nordvik (opens in a new tab)' });
    await expect(link).toHaveAttribute('href', 'https://nordvik.example.com/');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener');
    for (const image of await page.getByTestId('more-casinos').getByRole('img').all()) {
      await expect.poll(() => loaded(image)).toBe(true);
    }
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${brandOrigin('aurelia')}/fi/more-casinos/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lisää kasinoita');
    await expect(casinos(page).first()).toContainText('Pohjoismainen kasino nopeilla kotiutuksilla ja uusilla peleillä joka viikko.');
    await expect(casinos(page).first().getByRole('link', { name: 'Siirry: Nordvik (avautuu uuteen välilehteen)' })).toHaveAttribute('href', 'https://nordvik.example.com/');
    await expect(casinos(page).first().getByRole('img', { name: 'Nordvik – logo' })).toBeVisible();
  });

  test('a signed-in player gets the list in the logged-in layout', async ({ page }) => {
    await freshPlayer(page, 'kororaa', '+64');
    await page.goto(`${brandOrigin('kororaa')}/en/more-casinos/`);
    await expect(page.locator('html')).toHaveAttribute('data-page-layout', 'loggedIn');
    await expect(casinos(page)).toHaveCount(5);
    await expect(casinos(page).getByRole('heading', { name: 'Aurelia Casino' })).toBeVisible();
  });

  test('an editor’s save shows on the next load, and a broken one keeps the list and names the problem', async ({ page }) => {
    const file = path.join(CONTENT, 'solenne', 'more-casinos.json');
    const original = readFileSync(file, 'utf8');
    const content = JSON.parse(original) as { casinos: { id: string; line: Record<string, string>; url: string }[] };
    try {
      const edited = structuredClone(content);
      edited.casinos[0]!.line.en = 'Freshly edited line.';
      edited.casinos = edited.casinos.slice(0, 3);
      writeFileSync(file, JSON.stringify(edited, null, 2));
      await expect(async () => {
        await page.goto(`${brandOrigin('solenne')}/en/more-casinos/`);
        await expect(casinos(page)).toHaveCount(3, { timeout: 1000 });
      }).toPass({ timeout: 10_000 });
      await expect(casinos(page).first()).toContainText('Freshly edited line.');

      const broken = structuredClone(edited);
      broken.casinos[1]!.url = 'javascript:alert(1)';
      writeFileSync(file, JSON.stringify(broken, null, 2));
      await expect(async () => {
        await page.goto(`${brandOrigin('solenne')}/internal/content/`);
        await expect(page.getByRole('listitem').filter({ hasText: 'solenne/more-casinos.json' })).toContainText('field "url"', { timeout: 1000 });
      }).toPass({ timeout: 10_000 });
      await page.goto(`${brandOrigin('solenne')}/en/more-casinos/`);
      await expect(casinos(page)).toHaveCount(3);
      await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
    } finally {
      writeFileSync(file, original);
    }
  });

  test('fits a phone: one column of cards, logos loaded, nothing wider than the screen @phone', async ({ page }) => {
    await page.goto(`${brandOrigin('mapleridge')}/fr_CA/more-casinos/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\S/);
    await expect(casinos(page)).toHaveCount(5);
    await expect(casinos(page).first()).toContainText('Machines à sous classiques et tables en direct, avec une touche dorée.');
    for (const image of await page.getByTestId('more-casinos').getByRole('img').all()) {
      await expect.poll(() => loaded(image)).toBe(true);
    }
    // Measured together once the web fonts are in, so a late font cannot move one card between two reads.
    const boxes = await page.getByTestId('more-casinos').evaluate(async (list) => {
      await document.fonts.ready;
      return [...list.children].map((card) => card.getBoundingClientRect().toJSON() as DOMRect);
    });
    const [first, second] = boxes;
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    expect(Math.abs(second!.x - first!.x)).toBeLessThan(1);
    for (const box of boxes) expect(box.right).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
