/** Waiting for Astro islands in the end-to-end tests. */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until every island that hydrates by itself has hydrated. Islands that wait to be scrolled
 * into view (`client:visible`, `client:afterpaint="visible"`, such as rails below the fold) are
 * left as the server rendered them.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island[ssr]')].every((island) => {
      if (island.getAttribute('client') === 'visible') return true;
      try {
        return island.getAttribute('client') === 'afterpaint' && JSON.parse(island.getAttribute('opts') ?? '{}').value === 'visible';
      } catch {
        return false;
      }
    }),
  );
}

/**
 * Waits until the island that renders `content` has hydrated (Astro drops its `ssr` attribute),
 * for tests that click what only the hydrated island handles in place.
 */
export async function waitForIslandOf(content: Locator): Promise<void> {
  await expect(content.page().locator('astro-island', { has: content }).last()).not.toHaveAttribute('ssr');
}

/**
 * Brings the lobby's later blocks in, as a visitor scrolling down does, and waits until they are on
 * the page (features/lobby/rest/: they go in once wanted, not while only the first screen is seen).
 */
export async function waitForLobbyRest(page: Page): Promise<void> {
  const slot = page.locator('[data-lobby-rest]');
  if (await slot.count()) await slot.scrollIntoViewIfNeeded().catch(() => {});
  await expect(slot).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Scrolls the page down a screen at a time, as a visitor reading it through does, waiting at each
 * screen for the islands on it to hydrate; then waits until every image on the last screen that the
 * browser has started to fetch (the lazy artwork the scroll brought near) has loaded.
 */
export async function scrollThroughIslands(page: Page): Promise<void> {
  for (;;) {
    const atEnd = await page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      window.scrollBy(0, window.innerHeight);
      await frame();
      await frame();
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('astro-island[ssr]')].every((island) =>
        // An island is `display: contents`: where it is on screen is where its children are.
        [...island.children].every((child) => {
          const box = child.getBoundingClientRect();
          return box.height === 0 || box.bottom < 0 || box.top > window.innerHeight;
        })),
    );
    if (atEnd) break;
  }
  await page.waitForFunction(() => {
    /** Whether the image is on the screen: in the window's height, and across its width (not clipped away in a scrolling rail). */
    const acrossTheScreen = (image: HTMLImageElement) => {
      const box = image.getBoundingClientRect();
      // One scrolled past (a block above that skips its rendering, content-visibility: auto) may never finish: it is off screen.
      if (box.bottom <= 0 || box.top >= window.innerHeight) return false;
      let [left, right] = [0, window.innerWidth];
      for (let parent = image.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
      }
      return box.width > 0 && box.right > left && box.left < right;
    };
    // A lazy image the browser never started (scrolled past before it was asked for) has no currentSrc yet.
    return [...document.images].filter((image) => image.currentSrc !== '' && acrossTheScreen(image)).every((image) => image.complete);
  });
}

/**
 * Waits until the page's chat button answers clicks: it is server markup, wired by a small script
 * after the first paint (features/live-chat/live-chat-boot.ts), not an island.
 */
export async function waitForLiveChat(page: Page): Promise<void> {
  await expect(page.locator('[data-live-chat-ready]')).toHaveCount(1);
}
