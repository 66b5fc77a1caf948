/**
 * The lobby's later blocks (src/features/lobby/rest/): the page's HTML carries the first three
 * blocks, so it fits a phone's first round trip. The rest come from /{locale}/lobby-blocks/ once
 * the first screen has painted (the page names the blocks it shows), and go in once wanted (near
 * the screen, or at the visitor's first scroll, key or touch). They arrive in the editor's order,
 * styled, hydrating as they scroll into view, without shifting what is on screen. Without JavaScript, or when that request
 * fails, the lobby offers the games index instead.
 */
import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { scrollThroughIslands, waitForIslands, waitForLobbyRest } from './support/hydration.ts';
import { expect, test } from './support/test.ts';
import { layoutShiftSoFar, layoutShiftSources, recordLayoutShifts } from './support/layout-shift.ts';
import { brandHost, brandOrigin, LOOPBACK } from './support/urls.ts';
import { BLOCK_SEPARATOR } from '../src/features/lobby/rest/block-separator.ts';

const LOBBY = `${brandOrigin('aurelia')}/en/`;
const blockIdsIn = (html: string) => [...html.matchAll(/data-block="([^"]+)"/g)].map((match) => match[1]);

/** The sum of the page's layout shifts (not caused by input) while the lobby loads and is scrolled through, and what moved. */
async function layoutShiftOfLobby(page: Page): Promise<{ shift: number; sources: string }> {
  await recordLayoutShifts(page);
  await page.goto(LOBBY);
  await waitForLobbyRest(page);
  await scrollThroughIslands(page);
  return { shift: await layoutShiftSoFar(page), sources: (await layoutShiftSources(page)).join('\n') };
}

test('the lobby page carries its first three blocks; the rest arrive after the first paint, in order', async ({ page }) => {
  const html = await (await page.request.get(`${LOOPBACK}/en/`, { headers: brandHost('aurelia') })).text();
  const first = blockIdsIn(html);
  expect(first).toHaveLength(3);
  const restPath = `/en/lobby-blocks/?shown=${first.join('%2C')}`;
  expect(html).toContain(`data-lobby-rest="${restPath}"`);
  const rest = await page.request.get(`${LOOPBACK}${restPath}`, { headers: brandHost('aurelia') });
  expect(rest.status()).toBe(200);
  const restHtml = await rest.text();
  const later = blockIdsIn(restHtml);
  expect(later.length).toBeGreaterThan(5);
  // A separator before each block and before the provider of the week: the browser parses one per task.
  expect(restHtml.split(BLOCK_SEPARATOR).length - 1).toBe(later.length + 1);

  await page.goto(LOBBY);
  await waitForLobbyRest(page);
  const onPage = await page.locator('.lobby [data-block]').evaluateAll((nodes) => [...new Set(nodes.map((node) => node.getAttribute('data-block')))]);
  expect(onPage).toEqual([...first, ...later]);
  // The provider of the week still closes the lobby, and nothing is there twice.
  await expect(page.locator('.lobby > :last-child')).toHaveAttribute('data-testid', 'provider-of-the-week');
  const ids = await page.locator('[id]').evaluateAll((nodes) => nodes.map((node) => node.id));
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  // A rail that arrived later hydrates once it is scrolled to: its arrows start to work.
  const slots = page.locator('[data-block="slots"] astro-island');
  await slots.scrollIntoViewIfNeeded();
  await expect(slots).not.toHaveAttribute('ssr');
  // Styled by the whole stylesheet: a teaser that arrived later has its layout.
  expect(await page.locator('[data-block="raffle"]').evaluate((node) => getComputedStyle(node).display)).not.toBe('inline');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the lobby does not shift while its later blocks arrive and it is scrolled through (CLS ≤ 0.01)', async ({ page }) => {
  const { shift, sources } = await layoutShiftOfLobby(page);
  console.log(`CLS on the aurelia lobby (desktop): ${shift.toFixed(4)}`);
  expect(shift, `what moved:\n${sources}`).toBeLessThanOrEqual(0.01);
});

test('nor on a phone (CLS ≤ 0.01) @phone', async ({ page }) => {
  const { shift, sources } = await layoutShiftOfLobby(page);
  console.log(`CLS on the aurelia lobby (phone): ${shift.toFixed(4)}`);
  expect(shift, `what moved:\n${sources}`).toBeLessThanOrEqual(0.01);
});

test('nor when the later blocks come late, after a phone has already scrolled to them (CLS ≤ 0.01) @phone', async ({ page }) => {
  // A slow network or a busy phone: the visitor reaches the later blocks' space before they arrive.
  await page.route('**/lobby-blocks/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const { shift, sources } = await layoutShiftOfLobby(page);
  expect(shift, `what moved:\n${sources}`).toBeLessThanOrEqual(0.01);
});

test('a visitor who jumps to the footer keeps it where it is while the later blocks go in above it, and its buttons work', async ({ page }) => {
  await page.goto(LOBBY);
  const slot = page.locator('[data-lobby-rest]');
  await expect(slot).toHaveAttribute('data-lobby-rest-state', 'parked');
  const button = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
  // Where the footer's button is on screen right after the jump, and once the blocks are in.
  const [before, after] = await button.evaluate(async (element) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    element.scrollIntoView({ block: 'end' });
    const jumped = Math.round(element.getBoundingClientRect().top);
    while (document.querySelector('[data-lobby-rest]')) await frame();
    // And some frames more: no block may change its height under the visitor later.
    for (let count = 0; count < 10; count += 1) await frame();
    return [jumped, Math.round(element.getBoundingClientRect().top)];
  });
  expect(before).toBeGreaterThan(0);
  expect(after).toBe(before);
  await expect(slot).toHaveCount(0);
  expect(await page.locator('main [data-block]').count()).toBeGreaterThan(5);
  await button.click();
  await expect(page.getByRole('dialog', { name: 'Cookie settings' })).toBeVisible();
});

for (const when of ['before', 'after'] as const) {
  test(`the End key takes a keyboard user to the footer in one press, pressed ${when} the later blocks are in`, async ({ page }) => {
    await page.goto(LOBBY);
    const slot = page.locator('[data-lobby-rest]');
    await expect(slot).toHaveAttribute('data-lobby-rest-state', 'parked');
    if (when === 'after') {
      // A little scroll brings them in; those below the screen keep their estimated height until laid out.
      await page.mouse.wheel(0, 120);
      await expect(slot).toHaveCount(0);
    }
    // Before: the blocks are in by the time the key has gone through the page's listeners, ahead of its scroll.
    await page.evaluate(() => window.addEventListener('keydown', (event) => {
      if (event.key === 'End') document.documentElement.dataset.slotAtEnd = String(document.querySelector('[data-lobby-rest]') !== null);
    }));
    await page.keyboard.press('End');
    await expect(page.locator('html')).toHaveAttribute('data-slot-at-end', 'false');
    // The scroll is smooth, and ends at the page's real end: a first End stopped about 2,200 px short.
    await expect.poll(() => page.evaluate(() => Math.round(document.documentElement.scrollHeight - window.scrollY - window.innerHeight))).toBe(0);
    await expect(slot).toHaveCount(0);
    await expect(page.locator('[data-block="raffle"]')).toHaveCount(1);
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' })).toBeInViewport();
  });
}

test("a Mac's Cmd+Down lays the later blocks out whole before its scroll, so one press reaches the footer", async ({ page }) => {
  await page.goto(LOBBY);
  const slot = page.locator('[data-lobby-rest]');
  await expect(slot).toHaveAttribute('data-lobby-rest-state', 'parked');
  // A little scroll brings them in; those below the screen keep their estimated height until laid out.
  await page.mouse.wheel(0, 120);
  await expect(slot).toHaveCount(0);
  // Chromium on Linux has no Cmd+Down scroll: this listener, after the page's own, does what a Mac
  // does by default (scrolls to the end of the page as it is laid out then).
  await page.evaluate(() => window.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' || !event.metaKey) return;
    event.preventDefault();
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
  }));
  await page.keyboard.press('Meta+ArrowDown');
  await expect.poll(() => page.evaluate(() => Math.round(document.documentElement.scrollHeight - window.scrollY - window.innerHeight))).toBe(0);
  await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' })).toBeInViewport();
});

test('a visitor only looking at the first screen is not made to lay out the rest; the first Tab brings it in', async ({ page }) => {
  const fetched = page.waitForResponse(/\/lobby-blocks\//);
  await page.goto(LOBBY);
  expect((await fetched).status()).toBe(200);
  await waitForIslands(page);
  // The blocks are fetched and the stylesheet is in: the slot now waits only for the visitor.
  await expect(page.locator('[data-lobby-rest]')).toHaveAttribute('data-lobby-rest-state', 'parked');
  await expect(page.locator('.lobby [data-block]')).toHaveCount(3);
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-lobby-rest]')).toHaveCount(0);
  await expect(page.locator('[data-block="raffle"]')).toHaveCount(1);
});

/** The later blocks still skipped (lobby-rest.ts showInTurns). */
const SKIPPED_BLOCKS = '.lobby > [style*="content-visibility: hidden"]';

/** Records, in the page, each later block going in and its skip taken off, with the frame each happened in. */
async function recordBlockShowing(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: { frame: number; index: number; value: string }[] = [];
    (window as unknown as { blockShowing: typeof log }).blockShowing = log;
    let frame = 0;
    const count = () => { frame += 1; requestAnimationFrame(count); };
    requestAnimationFrame(count);
    document.addEventListener('DOMContentLoaded', () => {
      const lobby = document.querySelector('.lobby');
      if (!lobby) return;
      new MutationObserver((records) => {
        for (const record of records) {
          const target = record.target as HTMLElement;
          // A later block's skip taken off (not another style change, on any block).
          if (record.type === 'attributes' && target.parentElement === lobby && (record.oldValue ?? '').includes('content-visibility: hidden')) log.push({ frame, index: [...lobby.children].indexOf(target), value: target.style.contentVisibility });
          for (const node of record.addedNodes) if (node instanceof HTMLElement && node.parentElement === lobby) log.push({ frame, index: [...lobby.children].indexOf(node), value: `in:${node.style.contentVisibility}` });
        }
      }).observe(lobby, { childList: true, attributes: true, attributeFilter: ['style'], attributeOldValue: true, subtree: true });
    });
  });
}

const blockShowing = (page: Page) => page.evaluate(() => (window as unknown as { blockShowing: { frame: number; index: number; value: string }[] }).blockShowing);

test('the later blocks go in skipped and are shown one a frame, so no frame lays them all out @phone', async ({ page }) => {
  await recordBlockShowing(page);
  await page.goto(`${brandOrigin('kororaa')}/en/`);
  await expect(page.locator('[data-lobby-rest]')).toHaveAttribute('data-lobby-rest-state', 'parked');
  // A key that does not scroll brings them in, and nothing more happens on the page.
  await page.keyboard.press('Shift');
  await expect(page.locator('[data-lobby-rest]')).toHaveCount(0);
  await expect(page.locator(SKIPPED_BLOCKS)).toHaveCount(0);
  const log = await blockShowing(page);
  const added = log.filter((entry) => entry.value.startsWith('in:'));
  expect(added.length).toBeGreaterThan(5);
  // All went in together, each skipped (the page's own three blocks are not touched).
  expect(new Set(added.map((entry) => entry.frame)).size).toBe(1);
  expect(added.every((entry) => entry.value === 'in:hidden' && entry.index >= 3)).toBe(true);
  // Then shown in the editor's order, one a frame.
  const shown = log.filter((entry) => entry.value === '');
  expect(shown.map((entry) => entry.index)).toEqual(added.map((entry) => entry.index));
  // One a frame (a frame slower than FRAME_WAIT_MS, on a busy machine, may see two or more): over frames, not in one.
  expect(new Set(shown.map((entry) => entry.frame)).size).toBeGreaterThanOrEqual(3);
  expect(shown[0]!.frame).toBeGreaterThan(added[0]!.frame);
  expect(await seriousViolations(page)).toEqual([]);
});

/** Counts, at each key, the later blocks still skipped before the page's listeners and after them. */
async function recordHiddenAtKeys(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: { key: string; before: number; after: number }[] = [];
    (window as unknown as { hiddenAtKeys: typeof log }).hiddenAtKeys = log;
    const hidden = () => document.querySelectorAll('.lobby > [style*="content-visibility: hidden"]').length;
    let before = 0;
    // Capture on window, added before the page's own: runs first. Bubbling on window: runs after every capture listener.
    window.addEventListener('keydown', () => (before = hidden()), true);
    window.addEventListener('keydown', (event) => log.push({ key: event.key, before, after: hidden() }));
  });
}

const hiddenAtKeys = (page: Page) => page.evaluate(() => (window as unknown as { hiddenAtKeys: { key: string; before: number; after: number }[] }).hiddenAtKeys);

for (const key of ['Tab', 'Control'] as const) {
  const title = key === 'Tab'
    ? 'a Tab pressed while the later blocks are being shown lays them all out before focus moves, so it can reach their links'
    : 'another key pressed while the later blocks are being shown gets its own frame painted first; the rest follow';
  test(title, async ({ page }) => {
    await recordBlockShowing(page);
    await recordHiddenAtKeys(page);
    // Frames come slowly (a busy phone): each block then waits its longest for one.
    await page.addInitScript(() => {
      const request = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => request((time) => setTimeout(() => callback(time), 400));
    });
    await page.goto(LOBBY);
    await expect(page.locator('[data-lobby-rest]')).toHaveAttribute('data-lobby-rest-state', 'parked');
    // A first key brings them in; the second comes once the first block is shown.
    await page.keyboard.press('Shift');
    await page.evaluate(async () => {
      const log = (window as unknown as { blockShowing: { value: string }[] }).blockShowing;
      const until = Date.now() + 10_000;
      while (!log.some((entry) => entry.value === '') && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
    });
    await page.keyboard.press(key);
    const [, pressed] = await hiddenAtKeys(page);
    expect(pressed!.key).toBe(key);
    expect(pressed!.before).toBeGreaterThan(3);
    expect(pressed!.after).toBe(key === 'Tab' ? 0 : pressed!.before);
    await expect(page.locator(SKIPPED_BLOCKS)).toHaveCount(0);
    await expect(page.locator('[data-block="raffle"] a').first()).toBeVisible();
  });
}

test('when the later blocks cannot load, the lobby offers the games index', async ({ page }) => {
  await page.route(/\/lobby-blocks\//, (route) => route.fulfill({ status: 503, body: 'down' }));
  await page.goto(LOBBY);
  const fallback = page.locator('.lobby-rest').getByRole('link', { name: 'Browse games' });
  await expect(fallback).toBeVisible();
  await expect(fallback).toHaveAttribute('href', '/en/games/');
  await expect(page.locator('.lobby-rest')).not.toHaveAttribute('aria-busy');
  await expect(page.locator('.lobby [data-block]')).toHaveCount(3);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the lobby shows its first blocks and a link to the games index', async ({ page }) => {
    await page.goto(LOBBY);
    await expect(page.locator('.lobby [data-block]')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Browse games' })).toBeVisible();
  });
});

test('the blocks request names what was wrong with a bad one, and never repeats a block the page shows', async ({ request }) => {
  const bad = await request.get(`${LOOPBACK}/en/lobby-blocks/?shown=<script>`, { headers: brandHost('aurelia') });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain('shown=a,b,c');
  expect((await request.get(`${LOOPBACK}/en/lobby-blocks/`, { headers: brandHost('aurelia') })).status()).toBe(400);
  // As after an editor moved "slots" to the top between the page's request and this one.
  const moved = await request.get(`${LOOPBACK}/en/lobby-blocks/?shown=hero,slots,hot-games`, { headers: brandHost('aurelia') });
  expect(moved.status()).toBe(200);
  const ids = blockIdsIn(await moved.text());
  expect(ids).toContain('featured-game');
  expect(ids).not.toContain('slots');
  expect(ids).not.toContain('hero');
});
