/**
 * The lobby's loading order (src/features/after-paint/): on a first visit the hero is painted
 * before any script or web font is even requested; then the parked session script runs, the
 * islands hydrate and the brand fonts are fetched for the next page, while this one keeps its
 * size-matched fallbacks (a swap would lay the whole page out again in one long task). The next
 * page, and any returning browser, gets the fonts from its first paint, and without JavaScript the
 * brand fonts apply from the start.
 */
import { waitForIslands } from './support/hydration.ts';
import { expect, test } from './support/test.ts';
import { brandHost, brandOrigin, LOOPBACK } from './support/urls.ts';

// Measured as a first visit sees it: with the consent prompt on the page (issue 18).
test.use({ consentAnswered: false });

/** Everything the page fetched, with when it started, beside when the hero was first on screen. */
async function loadOrder(page: import('@playwright/test').Page) {
  return page.evaluate(async () => {
    // The hero reports its paint through Element Timing (elementtiming="hero"); its startTime is the paint.
    const hero = await new Promise<PerformanceEntry>((resolve) => {
      new PerformanceObserver((list) => {
        const entry = list.getEntries().find((candidate) => (candidate as PerformanceEntry & { identifier?: string }).identifier === 'hero');
        if (entry) resolve(entry);
      }).observe({ type: 'element', buffered: true });
    });
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      heroPaint: hero.startTime,
      scripts: resources.filter((entry) => entry.initiatorType === 'script' || /\.m?js(\?|$)/.test(entry.name)).map((entry) => ({ url: entry.name, start: entry.startTime })),
      fonts: resources.filter((entry) => /\.woff2(\?|$)/.test(entry.name)).map((entry) => ({ url: entry.name, start: entry.startTime })),
    };
  });
}

/** Waits until the first visit has the brand fonts for the next page, then opens `url` as that next page, its fonts in. */
async function nextPageWithFonts(page: import('@playwright/test').Page, url: string) {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('atrium:fonts-seen')), { message: 'the fonts are in the cache for the next page' }).toBe('1');
  await page.goto(url);
  await page.evaluate(() => document.fonts.ready);
}

for (const device of ['desktop', 'phone @phone']) test(`a first visit paints the hero before it asks for any script or web font, hydrates, and fetches the fonts for the next page (${device})`, async ({ page }) => {
  await page.addInitScript(recordClassesAtParse);
  await page.goto('/en/');
  expect(await classesAtParse(page), 'a first visit starts on the fallback fonts').toMatch(/fonts-later/);
  // The islands hydrate after the gate: the search button opens its panel.
  await waitForIslands(page);
  const order = await loadOrder(page);
  expect(order.scripts.length, 'the lobby loads its scripts after the hero').toBeGreaterThan(0);
  expect(order.fonts.length, 'the brand fonts load after the hero').toBeGreaterThan(0);
  for (const resource of [...order.scripts, ...order.fonts]) {
    expect(resource.start, `${resource.url} was requested before the hero was painted`).toBeGreaterThanOrEqual(order.heroPaint);
  }
  // The parked session script ran (it is no longer parked); this page keeps the fallback fonts.
  await expect(page.locator('template[data-after-paint]')).toHaveCount(0);
  await page.getByRole('button', { name: /search/i }).click();
  await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('atrium:fonts-seen'))).toBe('1');
  await expect(page.locator('html')).toHaveClass(/fonts-later/);
  // Only the subsets its text needs: an English page has no character of the latin-ext files.
  const fetched = (await loadOrder(page)).fonts.map((font) => font.url);
  expect(fetched.some((url) => url.includes('/inter-latin-wght'))).toBe(true);
  expect(fetched.filter((url) => url.includes('latin-ext'))).toEqual([]);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Inter fallback"?,/);

  // The next page starts in the brand fonts, from the cache.
  await page.goto('/en/game-list/slots/');
  expect(await classesAtParse(page)).not.toMatch(/fonts-later/);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Inter"?,/);
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px Inter'))).toBe(true);
});

test('a first visit whose text has characters beyond Latin-1 fetches the latin-ext files too', async ({ page }) => {
  // A page naming a Lithuanian town (š is in latin-ext's range).
  await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => document.querySelector('main')?.append('Šiauliai')));
  await page.goto('/en/');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('atrium:fonts-seen'))).toBe('1');
  const fetched = (await loadOrder(page)).fonts.map((font) => font.url.replace(/^.*\/fonts\//, ''));
  expect(fetched.sort()).toEqual([
    'inter/inter-latin-ext-wght-normal.woff2', 'inter/inter-latin-wght-normal.woff2',
    'playfair-display/playfair-display-latin-ext-wght-normal.woff2', 'playfair-display/playfair-display-latin-wght-normal.woff2',
  ]);
});

test('a page inlines only the rules its markup uses; the rest of the stylesheets loads after the hero and before islands hydrate', async ({ page }) => {
  const html = await (await page.request.get(`${LOOPBACK}/en/`, { headers: brandHost('aurelia') })).text();
  const head = html.slice(0, html.indexOf('</head>'));
  // No stylesheet blocks the first paint: the links wait in the after-paint template (and <noscript>).
  expect(head.replace(/<noscript>[\s\S]*?<\/noscript>|<template[\s\S]*?<\/template>/g, '')).not.toMatch(/<link[^>]*rel="stylesheet"/);
  const later = [.../<template data-after-paint>((?:<link rel="stylesheet" href="[^"]+">)+)<\/template>/.exec(head)![1]!.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
  expect(later.length).toBeGreaterThan(0);
  for (const href of later) expect(href).toMatch(/^\/(_astro\/[\w.-]+|_css\/[\w.-]+\/[\w-]{12}\/[\w-]+)\.css$/);
  // The site's sheet follows as its rest: none of its selectors is one the critical CSS cannot match
  // (which would load it whole, critical-css.server.ts).
  expect(later.filter((href) => href.startsWith('/_css/BasicLayout.'))).toHaveLength(1);
  // The brand's icons wait too; until then an empty icon keeps the browser from asking for /favicon.ico.
  expect([...head.replace(/<noscript>[\s\S]*?<\/noscript>|<template[\s\S]*?<\/template>/g, '').matchAll(/<link rel="icon"[^>]*>/g)].map((match) => match[0])).toEqual(['<link rel="icon" href="data:,">']);
  const inlined = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');
  expect(inlined, 'the lobby\'s banner is styled from the first paint').toContain('.banner{');
  expect(inlined, 'the search overlay, not on the page yet, is not inlined').not.toContain('.search-panel');
  // What follows is only what is not inline: the banner's rules, applied already, would restyle the page again.
  const answers = await Promise.all(later.map((href) => page.request.get(`${LOOPBACK}${href}`, { headers: brandHost('aurelia') })));
  for (const answer of answers) {
    expect(answer.headers()['content-type'], answer.url()).toMatch(/^text\/css/);
    expect(answer.headers()['cache-control'], answer.url()).toBe('public, max-age=31536000, immutable');
  }
  const rest = (await Promise.all(answers.map((answer) => answer.text()))).join('');
  expect(rest).toContain('.search-panel');
  expect(rest).not.toContain('.banner{');

  // When each island hydrated, whether the whole stylesheet had loaded.
  await page.addInitScript(() => {
    const record = window as Window & { hydratedBeforeSheet?: number };
    record.hydratedBeforeSheet = 0;
    document.addEventListener('astro:hydrate', () => {
      const loaded = [...document.styleSheets].some((sheet) => /\/(_astro|_css)\/.+\.css$/.test(sheet.href ?? ''));
      if (!loaded) record.hydratedBeforeSheet! += 1;
    }, true);
  });
  // A slow stylesheet (as on a phone's network): the islands must still wait for it.
  await page.route(/\/(_astro|_css)\/.+\.css$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/en/');
  await waitForIslands(page);
  expect(await page.evaluate(() => (window as Window & { hydratedBeforeSheet?: number }).hydratedBeforeSheet), 'islands hydrated before the stylesheet had loaded').toBe(0);
  const timing = await page.evaluate(async () => {
    const hero = await new Promise<PerformanceEntry>((resolve) => {
      new PerformanceObserver((list) => {
        const entry = list.getEntries().find((candidate) => (candidate as PerformanceEntry & { identifier?: string }).identifier === 'hero');
        if (entry) resolve(entry);
      }).observe({ type: 'element', buffered: true });
    });
    const sheets = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => /\.css$/.test(entry.name));
    return { heroPaint: hero.startTime, sheets: sheets.map((entry) => entry.startTime) };
  });
  expect(timing.sheets.length, 'the rest of the stylesheets is fetched').toBeGreaterThan(0);
  for (const start of timing.sheets) expect(start).toBeGreaterThanOrEqual(timing.heroPaint);
  await expect(page.locator('head link[rel="icon"][sizes="32x32"]')).toHaveAttribute('href', '/brand-assets/aurelia/favicon-32.png');
  // What the page did not have at first is styled once it appears: the search overlay's field.
  await page.getByRole('button', { name: /search/i }).click();
  const field = page.getByRole('dialog').getByRole('searchbox').or(page.getByRole('dialog').getByRole('textbox')).first();
  await expect(field).toBeVisible();
  expect(await field.evaluate((node) => getComputedStyle(node).minHeight)).toBe('44px');
});

/** Records the <html> classes as they were when the document finished parsing. */
function recordClassesAtParse() {
  document.addEventListener('DOMContentLoaded', () => {
    (window as Window & { classesAtParse?: { classes: string } }).classesAtParse = { classes: document.documentElement.className };
  });
}
const classesAtParse = (page: import('@playwright/test').Page) =>
  page.waitForFunction(() => (window as Window & { classesAtParse?: { classes: string } }).classesAtParse)
    .then(async (handle) => ((await handle.jsonValue()) as { classes: string }).classes);

test('a browser that already has the fonts uses them from the first paint', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('atrium:fonts-seen', '1'));
  await page.addInitScript(recordClassesAtParse);
  await page.goto('/en/');
  // Never set, not merely removed later: the class would show the fallback fonts first.
  expect(await classesAtParse(page)).not.toMatch(/fonts-later/);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Inter"?,/);
});

test('a page without a hero draws its first screen in size-matched fallbacks, laid out as the brand fonts lay it out on the next visit', async ({ page }) => {
  // Where the text and the first tiles of a game list are at parse time (fallback fonts) and once the brand fonts are in.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const boxes = () => [...document.querySelectorAll('.page-title, .game-tile__name, .game-tile__image')].slice(0, 9).map((node) => {
        const box = node.getBoundingClientRect();
        return [Math.round(box.top * 10) / 10, Math.round(box.height * 10) / 10, Math.round(box.width * 10) / 10];
      });
      const record = window as Window & { atParse?: unknown; fontsAtParse?: string; boxes?: () => unknown };
      record.fontsAtParse = `${document.documentElement.className}|${getComputedStyle(document.body).fontFamily}`;
      record.atParse = boxes();
      record.boxes = boxes;
    });
  });
  await page.goto('/en/game-list/slots/');
  const atParse = await page.evaluate(() => (window as Window & { fontsAtParse?: string }).fontsAtParse);
  expect(atParse).toMatch(/fonts-later/);
  expect(atParse).toMatch(/\|"?Inter fallback"?,/);
  const before = await page.evaluate(() => (window as Window & { atParse?: number[][] }).atParse!);
  // A returning visitor's cached fonts can still arrive after the first layout: they must move nothing.
  await nextPageWithFonts(page, '/en/game-list/slots/');
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px Inter') && document.fonts.check('32px "Playfair Display"'))).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Inter"?,/);
  const after = await page.evaluate(() => (window as Window & { boxes?: () => number[][] }).boxes!());
  expect(before.length).toBe(9);
  // Heading and tiles keep their place and height within a pixel and a half: a swap shifts nothing.
  // The heading's own width may differ by a few per cent: the fallback matches the brand font's
  // average width over running text, and a single word ("Slots") is narrower or wider than average.
  before.forEach((box, index) =>
    box.forEach((value, axis) => {
      const tolerance = index === 0 && axis === 2 ? after[index]![axis]! * 0.04 : 1.5;
      expect(Math.abs(value - after[index]![axis]!), `box ${index}, axis ${axis}`).toBeLessThanOrEqual(tolerance);
    }),
  );
});

test('a bold heading wraps in its fallback as in the brand font: a swap would move nothing under it @phone', async ({ page }) => {
  // Nordvik's hero title is bold Playfair Display, drawn first in Times Bold. Sized from the regular
  // weights, the fallback was 5% too wide and wrapped the title onto a second line on a phone; the
  // bottom-anchored banner text then moved when Playfair swapped in (the lobby's CLS was 0.014).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const record = window as Window & { heroAt?: () => { family: string; lines: number; width: number; bodyTop: number } };
      record.heroAt = () => {
        const title = document.querySelector('.banner__title')!;
        const range = document.createRange();
        range.selectNodeContents(title);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        return { family: getComputedStyle(title).fontFamily, lines, width: Math.round(range.getBoundingClientRect().width), bodyTop: Math.round(document.querySelector('.banner__body')!.getBoundingClientRect().top) };
      };
      (window as Window & { heroAtParse?: unknown }).heroAtParse = record.heroAt();
    });
  });
  await page.goto(`${brandOrigin('nordvik')}/no/`);
  type Hero = { family: string; lines: number; width: number; bodyTop: number };
  const before = (await page.evaluate(() => (window as Window & { heroAtParse?: unknown }).heroAtParse)) as Hero;
  expect(before.family).toMatch(/^"?Playfair Display fallback"?,/);
  await nextPageWithFonts(page, `${brandOrigin('nordvik')}/no/`);
  await expect.poll(() => page.evaluate(() => document.fonts.check('700 32px "Playfair Display"'))).toBe(true);
  const after = (await page.evaluate(() => (window as Window & { heroAt?: () => unknown }).heroAt!())) as Hero;
  expect(after.family).toMatch(/^"?Playfair Display"?,/);
  expect(before.lines, `the title's lines: ${before.width} px wide in the fallback, ${after.width} px in Playfair`).toBe(after.lines);
  expect(Math.abs(before.bodyTop - after.bodyTop)).toBeLessThanOrEqual(1);
  // Within 3% of Playfair's width, not the 5% the regular weights' sizing left.
  expect(Math.abs(before.width - after.width) / after.width).toBeLessThan(0.03);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the brand fonts apply from the start and the page is whole', async ({ page }) => {
    await page.goto('/en/');
    await expect(page.locator('html')).not.toHaveClass(/fonts-later/);
    await expect(page.locator('body')).toHaveCSS('font-family', /^"?Inter"?,/);
    await expect(page.locator('[data-block="hero"] img')).toBeVisible();
    await expect(page.locator('.game-rail').first()).toBeVisible();
  });
});
