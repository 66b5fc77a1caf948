/**
 * Each brand answers on its own host with its own theme, layout, title and locale; an unknown host
 * gets an error page with nothing of any brand; fonts and images are served locally.
 */
import { expect, test, type Page } from './support/test.ts';
import { loadBrands } from '../src/brands/load.server.ts';
import { brandHost, brandOrigin, E2E_PORT, LOOPBACK } from './support/urls.ts';

const brands = loadBrands();

async function cssVar(page: Page, name: string): Promise<string> {
  return page.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name);
}

for (const brand of brands) {
  test(`${brand.id} renders its own theme, layout and title on its own host`, async ({ page }) => {
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    await page.goto(`${brandOrigin(brand.id)}/`);
    await expect(page).toHaveURL(`${brandOrigin(brand.id)}/${brand.defaultLocale}/`);
    await expect(page).toHaveTitle(new RegExp(` \\| ${brand.settings.title}$`));
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-brand', brand.id);
    await expect(html).toHaveAttribute('data-theme', brand.theme.name);
    await expect(html).toHaveAttribute('data-layout', brand.settings.layout);
    expect(await cssVar(page, '--primary')).toBe(brand.theme.colors.primary.base);
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    const logo = page.getByRole('link', { name: new RegExp(brand.settings.title) }).locator('img');
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.evaluate(() => document.fonts.ready);
    expect([...origins], 'every request stays on the brand origin').toEqual([brandOrigin(brand.id)]);
  });
}

test('the three themes and the three layouts look different', async ({ page }) => {
  // A returning browser: it has the brand fonts, so its pages use them instead of a first visit's fallbacks.
  await page.addInitScript(() => localStorage.setItem('atrium:fonts-seen', '1'));
  const seen = new Map<string, string>();
  for (const brand of brands) {
    await page.goto(`${brandOrigin(brand.id)}/${brand.defaultLocale}/promotions/`);
    await expect(page.locator('html')).not.toHaveClass(/fonts-later/);
    const look = await page.evaluate(() => {
      const style = getComputedStyle(document.querySelector('.button')!);
      return `${style.borderRadius}|${style.textTransform}|${getComputedStyle(document.body).fontFamily.split(',')[0]}`;
    });
    const previous = seen.get(brand.theme.name);
    if (previous) expect(look, `${brand.id} looks like its theme siblings`).toBe(previous);
    seen.set(brand.theme.name, look);
  }
  expect(new Set(seen.values()).size, 'each theme has its own button shape, case and font').toBe(3);

  await page.setViewportSize({ width: 1280, height: 800 });
  const menuBox = async (brandId: string, locale: string) => {
    await page.goto(`${brandOrigin(brandId)}/${locale}/promotions/`);
    return page.locator('.main-menu').boundingBox();
  };
  const sidebar = await menuBox('vantor', 'et_EE'); // layout1
  const bar = await menuBox('aurelia', 'en'); // default
  expect(sidebar!.height).toBeGreaterThan(sidebar!.width);
  expect(bar!.width).toBeGreaterThan(bar!.height);
});

test('layout2 puts the main menu in a bottom tab bar on phones @phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${brandOrigin('solenne')}/fr/promotions/`);
  const menu = await page.locator('.menu-bar').boundingBox();
  expect(menu!.y + menu!.height).toBeGreaterThanOrEqual(843);
  const header = await page.locator('.site-header__inner').boundingBox();
  expect(header!.height).toBe(64);
});

test('the header is 4rem on phones and 5rem on desktops', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/en/promotions/');
  expect((await page.locator('.site-header__inner').boundingBox())!.height).toBe(80);
  await page.setViewportSize({ width: 390, height: 800 });
  expect((await page.locator('.site-header__inner').boundingBox())!.height).toBe(64);
});

test('the breakpoints apply at 768, 1024, 1280 and 1536 px, and the page spacing is 16 px below 1024 and 48 px from it', async ({ page }) => {
  await page.setViewportSize({ width: 767, height: 800 });
  await page.goto('/en/games/');
  const rail = page.locator('.game-rail--default').first();
  await expect(rail).toBeVisible();
  const at = async (width: number) => {
    await page.setViewportSize({ width, height: 800 });
    return page.evaluate(() => {
      const header = document.querySelector('.site-header__inner')!;
      const style = getComputedStyle(header);
      return {
        padding: `${style.paddingLeft} ${style.paddingRight}`,
        header: header.getBoundingClientRect().height,
        width: header.getBoundingClientRect().width,
        perView: getComputedStyle(document.querySelector('.game-rail--default')!).getPropertyValue('--rail-per-view').trim(),
      };
    });
  };
  // Each breakpoint changes something at its width and not a pixel before.
  expect(await at(767)).toMatchObject({ padding: '16px 16px', header: 64, perView: '3.4' });
  expect(await at(768)).toMatchObject({ padding: '16px 16px', header: 64, perView: '5.4' });
  expect(await at(1023)).toMatchObject({ padding: '16px 16px', header: 64, perView: '5.4' });
  expect(await at(1024)).toMatchObject({ padding: '48px 48px', header: 80, perView: '6.4' });
  expect(await at(1279)).toMatchObject({ padding: '48px 48px', perView: '6.4' });
  expect(await at(1280)).toMatchObject({ padding: '48px 48px', perView: '8.4' });
  expect(await at(1536)).toMatchObject({ width: 1536 });
  // From 1536 px the page stops widening.
  expect(await at(1700)).toMatchObject({ padding: '48px 48px', width: 1536 });
});

test('feature toggles gate the quick menu and its Sports link per brand', async ({ page }) => {
  await page.goto(`${brandOrigin('solenne')}/fr/promotions/`);
  await expect(page.locator('.quick-menu')).toHaveCount(0);
  await page.goto(`${brandOrigin('vantor')}/et_EE/promotions/`);
  await expect(page.locator('.quick-menu-nav--bar a')).toHaveCount(1);
  await page.goto(`${brandOrigin('aurelia')}/en/promotions/`);
  await expect(page.locator('.quick-menu-nav--bar a')).toHaveCount(2);
});

test('reserved host prefixes are stripped: www.<brand> serves the brand', async ({ request }) => {
  const response = await request.get(`http://127.0.0.1:${E2E_PORT}/fr/`, { headers: { host: `www.solenne.example.com:${E2E_PORT}` } });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('data-brand="solenne"');
});

test('an unknown host gets an error page with no brand data; a malformed one gets 400', async ({ request }) => {
  const unknown = await request.get(`http://127.0.0.1:${E2E_PORT}/en/`, { headers: { host: 'casino.evil.example' } });
  expect(unknown.status()).toBe(404);
  const body = await unknown.text();
  expect(body).toContain('No site is configured for this address');
  for (const brand of brands) expect(body).not.toContain(brand.settings.title);
  const malformed = await request.get(`http://127.0.0.1:${E2E_PORT}/en/`, { headers: { host: 'bad host!' } });
  expect(malformed.status()).toBe(400);
});

test('a brand asset is served only on its own brand host', async ({ request }) => {
  const get = (brand: string, path: string) => request.get(`${LOOPBACK}${path}`, { headers: brandHost(brand) });
  const logo = await get('aurelia', '/brand-assets/aurelia/logo.svg');
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-type']).toBe('image/svg+xml');
  expect((await get('vantor', '/brand-assets/aurelia/logo.svg')).status()).toBe(404);
  expect((await get('aurelia', '/brand-assets/aurelia/brand.json')).status()).toBe(404);
  expect((await get('aurelia', '/brand-assets/aurelia/..%2Fbrand.json')).status()).toBe(404);
});
