/**
 * Games browsing against the real lobby and platform: the carousel's lazy second slice, arrows,
 * "Show more games" and keyboard use; the list, category and studio pages with "Load more" (with
 * and without JavaScript); the bonus list rule; layout stability; accessibility.
 */
import { nextFrame } from './support/frames.ts';
import { scrollThroughIslands, waitForIslandOf } from './support/hydration.ts';
import { expect, test, type Locator, type Page, type Request } from './support/test.ts';
import { layoutShiftSoFar, recordLayoutShifts } from './support/layout-shift.ts';
import { FIXED_GAME_LISTS } from '../src/routes.ts';
import { seriousViolations } from './support/axe.ts';
import { brandOrigin } from './support/urls.ts';
import { readFileSync } from 'node:fs';
import type { Locale } from '../src/i18n/locales.ts';
import { mayMatchEnglish } from '../src/i18n/same-as-english.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

interface GraphqlCall {
  operationName: string;
  variables: Record<string, unknown>;
}

/** Records the browser's GraphQL operations (the island's requests to same-origin /graphql). */
function recordGraphql(page: Page): GraphqlCall[] {
  const calls: GraphqlCall[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || !new URL(request.url()).pathname.endsWith('/graphql')) return;
    const body = request.postDataJSON() as GraphqlCall;
    calls.push({ operationName: body.operationName, variables: body.variables });
  });
  return calls;
}

const rail = (page: Page, title: string) => page.getByRole('region', { name: title });
const tilesOf = (region: Locator) => region.getByRole('list').getByRole('listitem');
const scroller = (region: Locator) => region.locator('.game-rail__viewport');

/** Waits until the rail's island has hydrated and measured its scroll (the "next" arrow shows). */
async function hydrated(region: Locator): Promise<void> {
  await expect(region.getByRole('button', { name: 'Next games' })).toBeVisible();
}

async function scrollRailTo(region: Locator, distanceFromEnd: number): Promise<void> {
  await scroller(region).evaluate((element, distance) => {
    element.scrollLeft = element.scrollWidth - element.clientWidth - distance;
  }, distanceFromEnd);
}

/** The rail's scroll position once it has stopped moving (unchanged over ten frames). */
async function settledScrollLeft(region: Locator): Promise<number> {
  return scroller(region).evaluate(async (element) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let still = 0;
    let last = element.scrollLeft;
    while (still < 10) {
      await frame();
      still = element.scrollLeft === last ? still + 1 : 0;
      last = element.scrollLeft;
    }
    return last;
  });
}


/** Sums the page's layout shifts (not caused by input) while /en/games/ loads, hydrates and is scrolled through. */
async function layoutShiftOfGamesPage(page: Page): Promise<number> {
  await recordLayoutShifts(page);
  await page.goto('/en/games/');
  await hydrated(rail(page, 'Hot games'));
  // Scroll the whole page so every rail hydrates and its lazy artwork loads.
  await scrollThroughIslands(page);
  return layoutShiftSoFar(page);
}

test.describe('game carousel on a phone', () => {
  test.use({ viewport: PHONE });

  test('fetches the second slice within 200 px of the end, then offers Show more games leading to the list', async ({ page }) => {
    const calls = recordGraphql(page);
    await page.goto('/en/games/');
    const hot = rail(page, 'Hot games');
    await hydrated(hot);
    await expect(tilesOf(hot)).toHaveCount(10);
    await expect(hot.getByRole('link', { name: 'Show more games' })).toHaveCount(0);
    // The first slice reaches the island once, as its tiles' HTML: the island's props carry the
    // list and its cursor but no game (and the hydrated rail kept the server's tiles, in order).
    const serverTiles = await tilesOf(hot).getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const props = (await page.locator('astro-island', { has: hot }).getAttribute('props')) ?? '';
    expect(props).toContain('hot-games');
    for (const href of serverTiles) expect(props).not.toContain(href!.split('/').at(-2)!);

    // 250 px from the end: nothing yet. The scroll's check has run once the "previous" arrow shows
    // (the same check would have started the fetch).
    await scrollRailTo(hot, 250);
    await expect(hot.getByRole('button', { name: 'Previous games' })).toBeVisible();
    await nextFrame(page);
    expect(calls.filter((call) => call.variables.listOfGamesSlug === 'hot-games')).toEqual([]);

    const sliceRequest = page.waitForRequest((request) => request.url().endsWith('/graphql') && (request.postData() ?? '').includes('"hot-games"'));
    await scrollRailTo(hot, 150);
    const request = await sliceRequest;
    const body = request.postDataJSON() as GraphqlCall;
    expect(body.operationName).toBe('GameListSlice');
    expect(body.variables).toMatchObject({ listOfGamesSlug: 'hot-games', first: 10, currencyCode: 'EUR', license: 'mga', locale: 'en' });
    expect(typeof body.variables.after).toBe('string');
    expect(typeof body.variables.ipCountryCode).toBe('string');
    expect(body.variables).not.toHaveProperty('subDivision');

    await expect(tilesOf(hot)).toHaveCount(20);
    const tiles = await tilesOf(hot).getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(tiles.slice(0, 10)).toEqual(serverTiles);
    expect(new Set(tiles).size).toBe(20);
    const showMore = hot.getByRole('link', { name: 'Show more games' });
    await expect(showMore).toBeVisible();
    // Pagination stops at the second slice: scrolling to the very end fetches nothing more.
    await scrollRailTo(hot, 0);
    await expect(hot.getByRole('button', { name: 'Next games' })).toBeHidden();
    await nextFrame(page);
    expect(calls.filter((call) => call.variables.listOfGamesSlug === 'hot-games')).toHaveLength(1);
    await expect(tilesOf(hot)).toHaveCount(20);

    await showMore.click();
    await expect(page).toHaveURL(/\/en\/hot-games\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hot games');
    await expect(page.getByRole('list', { name: 'Hot games' }).getByRole('listitem')).toHaveCount(10);
  });

  test('sends the subdivision only for Canadian visitors', async ({ page, browser }) => {
    const calls = recordGraphql(page);
    await page.goto('/en/games/');
    const hot = rail(page, 'Hot games');
    await hydrated(hot);
    await scrollRailTo(hot, 0);
    await expect(tilesOf(hot)).toHaveCount(20);
    expect(calls.find((call) => call.variables.listOfGamesSlug === 'hot-games')?.variables).not.toHaveProperty('subDivision');

    const canadian = await browser.newContext({ viewport: PHONE, extraHTTPHeaders: { 'x-debug-country': 'CA', 'x-debug-subdivision': 'ON' } });
    const mapleridge = await canadian.newPage();
    const canadianCalls = recordGraphql(mapleridge);
    await mapleridge.goto(`${brandOrigin('mapleridge')}/en_CA/games/`);
    const hotCa = rail(mapleridge, 'Hot games');
    await hydrated(hotCa);
    await scrollRailTo(hotCa, 0);
    await expect(tilesOf(hotCa)).toHaveCount(20);
    expect(canadianCalls.find((call) => call.variables.listOfGamesSlug === 'hot-games')?.variables).toMatchObject({
      ipCountryCode: 'CA', subDivision: 'ON', currencyCode: 'CAD', license: 'crc', locale: 'en_CA',
    });
    await canadian.close();
  });
});

test.describe('game carousel on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('arrows hide at the start and the end, and a click scrolls about two thirds of the width', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/en/games/');
    const hot = rail(page, 'Hot games');
    await hydrated(hot);
    // 10 games do not fill a page of 18 at 1280 px, so the second slice arrives without a scroll.
    await expect(tilesOf(hot)).toHaveCount(20);
    const previous = hot.getByRole('button', { name: 'Previous games' });
    const next = hot.getByRole('button', { name: 'Next games' });
    await expect(previous).toBeHidden();

    const { width, tile } = await scroller(hot).evaluate((element) => ({
      width: element.clientWidth,
      tile: element.querySelector('li')!.getBoundingClientRect().width,
    }));
    await next.click();
    const moved = await settledScrollLeft(hot);
    // Scroll-snap aligns the step to a tile, so it lands within half a tile (plus the gap) of 2/3.
    expect(Math.abs(moved - (width * 2) / 3)).toBeLessThanOrEqual(tile / 2 + 16);
    await expect(previous).toBeVisible();

    for (let clicks = 0; clicks < 20 && (await next.isVisible()); clicks++) {
      await next.click();
      await settledScrollLeft(hot);
    }
    await expect(next).toBeHidden();
    await expect(previous).toBeVisible();
    await expect(hot.getByRole('link', { name: 'Show more games' })).toBeInViewport();

    await previous.click();
    await expect(next).toBeVisible();
  });

  test('scrolls smoothly unless the player prefers reduced motion', async ({ page }) => {
    /** Clicks "next" and returns the distinct scroll positions seen frame by frame for 800 ms. */
    const framesOfOneClick = (region: Locator) =>
      region.evaluate(async (element) => {
        const viewport = element.querySelector('.game-rail__viewport')!;
        const seen: number[] = [];
        element.querySelector<HTMLButtonElement>('button[aria-label="Next games"]')!.click();
        const until = performance.now() + 800;
        while (performance.now() < until) {
          await new Promise(requestAnimationFrame);
          seen.push(viewport.scrollLeft);
        }
        return [...new Set(seen)];
      });

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/en/games/');
    await hydrated(rail(page, 'Hot games'));
    expect((await framesOfOneClick(rail(page, 'Hot games'))).length).toBeGreaterThan(3);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await hydrated(rail(page, 'Hot games'));
    expect((await framesOfOneClick(rail(page, 'Hot games'))).length).toBeLessThanOrEqual(2);
  });

  test('works from the keyboard: heading link, arrows, then the tiles in order', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/en/games/');
    const hot = rail(page, 'Hot games');
    await hydrated(hot);
    await expect(tilesOf(hot)).toHaveCount(20);
    await hot.getByRole('heading', { name: 'Hot games' }).getByRole('link').focus();

    await page.keyboard.press('Tab');
    const next = hot.getByRole('button', { name: 'Next games' });
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => scroller(hot).evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expect(next).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(hot.getByRole('button', { name: 'Previous games' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect.poll(() => scroller(hot).evaluate((element) => element.scrollLeft)).toBe(0);
    // At the start "previous" hides; focus moves to "next" rather than falling to the page.
    await expect(next).toBeFocused();

    await page.keyboard.press('Tab');
    const firstTile = tilesOf(hot).first().getByRole('link');
    await expect(firstTile).toBeFocused();
    for (let step = 1; step < 20; step++) await page.keyboard.press('Tab');
    const lastTile = tilesOf(hot).last().getByRole('link');
    await expect(lastTile).toBeFocused();
    await expect(lastTile).toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(hot.getByRole('link', { name: 'Show more games' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en\/hot-games\/$/);
  });

  test('a games page does not shift while it loads, hydrates and lazy-loads (CLS ≤ 0.01)', async ({ page }) => {
    const shift = await layoutShiftOfGamesPage(page);
    console.log(`CLS on /en/games/ (desktop): ${shift.toFixed(4)}`);
    expect(shift).toBeLessThanOrEqual(0.01);
  });
});

test.describe('on a phone with touch', () => {
  test('a swipe scrolls the rail natively and snaps to a tile @phone', async ({ page }) => {
    await page.goto('/en/games/');
    const hot = rail(page, 'Hot games');
    await hydrated(hot);
    const box = (await scroller(hot).boundingBox())!;
    // A finger drag from right to left, as raw touch events (Playwright has no swipe helper).
    const cdp = await page.context().newCDPSession(page);
    const startX = Math.round(box.x + box.width * 0.8);
    const y = Math.round(box.y + box.height / 3);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: startX, y }] });
    for (let step = 1; step <= 10; step++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: startX - step * 20, y }] });
      // A finger moves at a pace: one step per frame, so the swipe has a velocity to fling with.
      await nextFrame(page);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const left = await settledScrollLeft(hot);
    expect(left).toBeGreaterThan(0);
    // Snapped: a tile's left edge sits at the viewport's scroll-padding.
    const offsets = await scroller(hot).evaluate((element) =>
      [...element.querySelectorAll('li')].map((item) => item.getBoundingClientRect().left - element.getBoundingClientRect().left));
    expect(offsets.some((offset) => Math.abs(offset - 4) <= 2)).toBe(true);
    await expect(hot.getByRole('button', { name: 'Previous games' })).toBeVisible();
  });

  test('a games page does not shift on a phone either (CLS ≤ 0.01) @phone', async ({ page }) => {
    const shift = await layoutShiftOfGamesPage(page);
    console.log(`CLS on /en/games/ (phone): ${shift.toFixed(4)}`);
    expect(shift).toBeLessThanOrEqual(0.01);
  });
});

test('every fixed list page answers 200 with games', async ({ page }) => {
  for (const slug of FIXED_GAME_LISTS) {
    const response = await page.goto(`/en/${slug}/`);
    expect(response?.status(), slug).toBe(200);
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    expect(title, slug).toBeTruthy();
    await expect(page.getByRole('list', { name: title ?? '' }).getByRole('listitem').first(), slug).toBeVisible();
    await expect(page, slug).toHaveTitle(new RegExp(`^${title} \\| Aurelia Casino$`));
  }
});

test('a studio page shows 20 games, then 30 more per Load more, in place', async ({ page }) => {
  const calls = recordGraphql(page);
  await page.goto('/en/game-studio/northwind-forge/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Northwind Forge');
  const grid = page.getByRole('list', { name: 'Northwind Forge' });
  await expect(grid.getByRole('listitem')).toHaveCount(20);
  await expect(page.getByText('Showing 20 of 64 games')).toBeVisible();
  // The first tile is the page's largest paint: it is fetched first; the studio logo and the other tiles wait.
  const priorities = await page.locator('.games-heading__logo, .game-grid .game-tile__image').evaluateAll((images) =>
    images.slice(0, 4).map((image) => image.getAttribute('fetchpriority')));
  expect(priorities).toEqual(['low', 'high', 'low', 'low']);

  // Before hydration "Load more" is a plain link to ?page=2 (the no-JavaScript path, tested below).
  await waitForIslandOf(grid);
  await page.getByRole('link', { name: 'Load more games' }).click();
  await expect(grid.getByRole('listitem')).toHaveCount(50);
  expect(calls.at(-1)).toMatchObject({ operationName: 'StudioGames', variables: { slug: 'northwind-forge', first: 30 } });
  await expect(page).toHaveURL(/\/en\/game-studio\/northwind-forge\/\?page=2$/);
  await expect(grid.getByRole('listitem').nth(20).getByRole('link')).toBeFocused();
  await expect(page.getByText('Showing 50 of 64 games')).toBeVisible();

  await page.getByRole('link', { name: 'Load more games' }).click();
  await expect(grid.getByRole('listitem')).toHaveCount(64);
  await expect(page.getByRole('link', { name: 'Load more games' })).toHaveCount(0);

  // The address the grid left behind renders the same games on reload.
  await page.reload();
  await expect(grid.getByRole('listitem')).toHaveCount(64);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('rails show their first slice and Load more is a link to the next page', async ({ page }) => {
    await page.goto('/en/games/');
    const hot = rail(page, 'Hot games');
    await expect(tilesOf(hot)).toHaveCount(10);
    await expect(hot.getByRole('button')).toHaveCount(0);

    await page.goto('/en/slots/');
    const grid = page.getByRole('list', { name: 'Slots' });
    await expect(grid.getByRole('listitem')).toHaveCount(10);
    await page.getByRole('link', { name: 'Load more games' }).click();
    await expect(page).toHaveURL(/\/en\/slots\/\?page=2#game-11$/);
    await expect(grid.getByRole('listitem')).toHaveCount(20);
  });
});

test('the bonus list is hidden and its pages are not found where the brand offers no bonus', async ({ page }) => {
  for (const path of ['/fr/bonus/', '/fr/game-list/bonus/']) {
    const response = await page.goto(`${brandOrigin('solenne')}${path}`);
    expect(response?.status(), path).toBe(404);
  }
  await page.goto(`${brandOrigin('solenne')}/fr/game-list/`);
  await expect(page.getByRole('link', { name: 'Jeux bonus' })).toHaveCount(0);
  await page.goto(`${brandOrigin('solenne')}/fr/games/`);
  await expect(page.getByRole('region').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Jeux bonus' })).toHaveCount(0);

  await page.goto('/en/games/');
  await expect(page.getByRole('region', { name: 'Bonus games' })).toHaveCount(1);
  const response = await page.goto('/en/bonus/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bonus games');
});

test('unknown lists, categories and studios are not found', async ({ page }) => {
  for (const path of ['/en/game-list/no-such-list/', '/en/game-category/no-such-category/', '/en/game-studio/no-such-studio/']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Page not found');
  }
});

test('the indexes link every list, category and studio', async ({ page }) => {
  await page.goto('/en/game-list/');
  await page.getByRole('link', { name: 'Staff Picks' }).click();
  await expect(page).toHaveURL(/\/en\/game-list\/staff-picks\/$/);
  await expect(page.getByRole('list', { name: 'Staff Picks' }).getByRole('listitem')).toHaveCount(10);

  await page.goto('/en/game-category/');
  await page.getByRole('link', { name: 'Poker' }).click();
  await expect(page.getByRole('list', { name: 'Poker' }).getByRole('listitem')).toHaveCount(10);

  await page.goto('/en/game-studio/');
  await page.getByRole('link', { name: 'Kestrel Live' }).click();
  await expect(page).toHaveURL(/\/en\/game-studio\/kestrel-live\/$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Game studios' })).toBeVisible();
});

/** The games page's category chips, rail headings and main menu, as [path without the locale, text]. */
async function namedLinks(page: Page, origin: string, locale: string): Promise<Record<'chips' | 'rails' | 'menu', [string, string][]>> {
  await page.goto(`${origin}/${locale}/games/`, { waitUntil: 'domcontentloaded' });
  return page.evaluate(() => {
    const pick = (selector: string) => [...document.querySelectorAll<HTMLAnchorElement>(selector)]
      .map((link): [string, string] => [new URL(link.href).pathname.replace(/^\/[a-z]{2}(_[A-Z]{2})?\//, '/'), (link.textContent ?? '').trim()]);
    return { chips: pick('nav.games-browse a'), rails: pick('.game-rail__title a'), menu: pick('nav.main-menu a') };
  });
}

// Issue 27: the chips (Slots, Table Games, Live Casino…) and the editorial rails (Popular, Staff Picks) were
// English in every language, and Nordvik's Italian menu said Home. Every name a player browses by speaks the
// page's language; a word may read as its English only where that language writes it so (same-as-english.ts).
for (const brand of ['aurelia', 'kororaa', 'mapleridge', 'nordvik', 'solenne', 'vantor']) {
  test(`${brand}'s games page names its categories, lists and menu in each of its languages`, async ({ page }) => {
    const locales = (JSON.parse(readFileSync(`brands/${brand}/brand.json`, 'utf8')) as { locales: { locale: Locale }[] }).locales.map((entry) => entry.locale);
    const englishLocale = locales.find((locale) => locale.startsWith('en'));
    expect(englishLocale, `${brand} has an English locale to compare with`).toBeTruthy();
    const english = await namedLinks(page, brandOrigin(brand), englishLocale!);
    // Not vacuous: the eleven categories, the rails and the menu are all there to compare.
    expect(english.chips.length, 'category chips').toBeGreaterThanOrEqual(11);
    expect(english.rails.length, 'rails').toBeGreaterThanOrEqual(10);
    expect(english.menu.length, 'menu entries').toBeGreaterThanOrEqual(5);
    for (const locale of locales.filter((code) => !code.startsWith('en'))) {
      const named = await namedLinks(page, brandOrigin(brand), locale);
      const untranslated = (['chips', 'rails', 'menu'] as const).flatMap((part) => named[part]
        .filter(([path, text]) => english[part].some(([englishPath, englishText]) => englishPath === path && englishText === text) && !mayMatchEnglish(locale, text))
        .map(([path, text]) => `${part} ${path}: ${text}`));
      expect(untranslated, `${brand} /${locale}/games/ shows English`).toEqual([]);
      expect(named.chips.length, `${locale} category chips`).toBe(english.chips.length);
    }
  });
}

// One test per page: axe on a page full of tiles takes seconds on a busy 2-core machine.
const AXE_PAGES: [brand: string, path: string][] = [
  ...['/en/games/', '/en/hot-games/', '/en/game-list/', '/en/game-category/', '/en/game-category/poker/', '/en/game-studio/', '/en/game-studio/kestrel-live/']
    .map((path): [string, string] => ['aurelia', path]),
  ['mapleridge', '/en_CA/games/'],
  ['mapleridge', '/en_CA/slots/'],
];
for (const [brand, path] of AXE_PAGES) {
  test(`${brand} ${path} has no serious axe violations`, async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${brandOrigin(brand)}${path}`);
    if (brand === 'mapleridge' && path.endsWith('/games/')) await hydrated(rail(page, 'Hot games'));
    expect(await seriousViolations(page), `${brand} ${path}`).toEqual([]);
  });
}
