/** Letting the page under test run its next frame, for waits that are about rendering rather than time. */
import type { Page } from '@playwright/test';

/** Lets the page run and paint one more frame, so what a handler started (a fetch, a render) has happened. */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
}
