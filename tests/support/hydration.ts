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
