/** Waiting for Astro islands in the end-to-end tests. */
import type { Page } from '@playwright/test';

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
