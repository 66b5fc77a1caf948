/**
 * The shared UI later features build on, driven through the internal UI kit: overlay variants
 * (buttons, Escape, focus trap and restore, no-scroll, URL cleaning), toasts and the crash overlay.
 */
import { seriousViolations } from './support/axe.ts';
import { waitForIslands } from './support/hydration.ts';
import { expect, test } from './support/test.ts';

test.beforeEach(async ({ page }) => {
  await page.goto('/internal/ui/');
  // The kit hydrates on load; the outlets on idle.
  await expect(page.getByRole('button', { name: 'Open confirmation' })).toBeEnabled();
  await waitForIslands(page);
});

test('confirmation shows Dismiss and OK; OK runs its action; focus returns to the opener', async ({ page }) => {
  const opener = page.getByRole('button', { name: 'Open confirmation' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Overlay: confirmation' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Dismiss' })).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('overlay-log')).toContainText('confirmation: ok');
  await expect(opener).toBeFocused();
});

test('an overlay shows its own button texts, and its phone artwork on a phone and its desktop artwork from 1024 px', async ({ page }) => {
  const opener = page.getByRole('button', { name: 'Open with artwork' });
  const dialog = page.getByRole('dialog', { name: 'Overlay: with artwork' });
  const artwork = dialog.locator('.overlay__image img');
  const shown = () => artwork.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0 ? new URL(image.currentSrc).pathname : null);
  await page.setViewportSize({ width: 390, height: 844 });
  await opener.click();
  await expect(dialog.locator('.overlay__footer button')).toHaveText(['Not now', 'Take me there']);
  await expect.poll(shown).toMatch(/\/logo\.svg$/);
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByTestId('overlay-log')).toContainText('artwork: dismissed');

  await page.setViewportSize({ width: 1280, height: 800 });
  await opener.click();
  await expect.poll(shown).toMatch(/\/logo-desktop\.svg$/);
  await dialog.getByRole('button', { name: 'Take me there' }).click();
  await expect(page.getByTestId('overlay-log')).toContainText('artwork: ok');
});

test('default and error show Close only', async ({ page }) => {
  for (const variant of ['default', 'error']) {
    await page.getByRole('button', { name: `Open ${variant}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Overlay: ${variant}` });
    const footerButtons = dialog.locator('.overlay__footer button');
    await expect(footerButtons).toHaveText(['Close']);
    await footerButtons.click();
    await expect(dialog).toBeHidden();
  }
});

test('Escape closes ordinary overlays and keeps focus trapped inside while open', async ({ page }) => {
  await page.getByRole('button', { name: 'Open reality-check' }).click();
  const dialog = page.getByRole('dialog', { name: 'Overlay: reality-check' });
  await expect(dialog).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/no-scroll/);
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('overlay-log')).toContainText('reality-check: dismissed');
  await expect(page.locator('body')).not.toHaveClass(/no-scroll/);
});

test('Escape does not close quick-deposit, sow or bonus-checker', async ({ page }) => {
  for (const variant of ['quick-deposit', 'sow', 'bonus-checker']) {
    await page.getByRole('button', { name: `Open ${variant}` }).click();
    const dialog = page.getByRole('dialog', { name: `Overlay: ${variant}` });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
});

test('quick-deposit leaves the page scrollable; other overlays lock it', async ({ page }) => {
  await page.getByRole('button', { name: 'Open quick-deposit' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('body')).not.toHaveClass(/no-scroll/);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Open sow' }).click();
  await expect(page.locator('body')).toHaveClass(/no-scroll/);
});

test('closing a quick-deposit overlay strips the deep-link parameters with a replace navigation', async ({ page }) => {
  await page.goto('/internal/ui/?autoSubmit=1&paymentMethod=trustly&amount=20&currency=EUR&autoSignIn=1&locale=en&keep=yes');
  await waitForIslands(page);
  const historyLength = await page.evaluate(() => history.length);
  await page.getByRole('button', { name: 'Open quick-deposit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/internal\/ui\/\?keep=yes$/);
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
});

test('toasts of each kind show, pause while hovered and close themselves after 5 s', async ({ page }) => {
  for (const kind of ['error', 'info', 'success', 'warning']) await page.getByRole('button', { name: `Show ${kind}` }).click();
  const region = page.getByRole('region', { name: 'Notifications' });
  await expect(region.getByRole('alert')).toHaveText(/A error message/);
  await expect(region.getByRole('status')).toHaveCount(3);
  // Four toasts at once: still a list of items, each with its live role inside (axe: no serious violation).
  await expect(region.getByRole('listitem')).toHaveCount(4);
  expect(await seriousViolations(page)).toEqual([]);

  // Then on a clock that moves only when told: the axe check above can take seconds on a loaded host,
  // and a running clock closed the toasts under the pointer (stop 35's CI). axe needs running timers,
  // so it ran before the clock was paused.
  await page.clock.install();
  await page.reload();
  await waitForIslands(page);
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  for (const kind of ['info', 'success']) await page.getByRole('button', { name: `Show ${kind}` }).click();
  await region.getByText('A success message').hover();
  await page.clock.runFor(5400);
  await expect(region.getByText('A success message')).toBeVisible();
  await expect(region.getByText('A info message')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await page.clock.runFor(5400);
  await expect(region.getByText('A success message')).toHaveCount(0);
});

test('a toast closes at once from its close button', async ({ page }) => {
  await page.getByRole('button', { name: 'Show warning' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'A warning message' });
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await expect(toast).toHaveCount(0);
});

test('a crashing island shows the Error / Something went wrong. overlay, translated', async ({ page }) => {
  await page.getByRole('button', { name: 'Crash an island' }).click();
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toContainText('Something went wrong.');

  await page.goto('/fi/internal/ui/');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Crash an island' }).click();
  const finnish = page.getByRole('dialog', { name: 'Virhe' });
  await expect(finnish).toBeVisible();
  await expect(finnish).toContainText('Jokin meni vikaan.');
  await expect(finnish).not.toContainText('Something went wrong.');
});
