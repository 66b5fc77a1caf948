/**
 * Promotions (issue 29) in Chromium against the built lobby and the real platform: /promotions/
 * lists the brand's promotions with their bonus actions, a DEPOSIT promotion opens the cashier, and
 * the deposit through the sandbox provider credits the promotion's bonus once.
 */
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { waitForIslandOf } from './support/hydration.ts';
import { addTokenCookies, graphql, smsTokens, unique, type Tokens } from './support/player.ts';
import { brandOrigin } from './support/urls.ts';

const BRAND = 'aurelia';
const ORIGIN = brandOrigin(BRAND);

/** A new aurelia player (no deposit yet), signed in through cookies. */
async function newPlayer(page: Page): Promise<Tokens> {
  const tokens = await smsTokens(page.request, BRAND, `+35855${unique()}`);
  await addTokenCookies(page.context(), BRAND, tokens);
  return tokens;
}

const bonuses = async (request: APIRequestContext, tokens: Tokens) =>
  (await graphql<{ viewer: { bonuses: { amount: string; status: string }[] } }>(request, BRAND, '{ viewer { bonuses(statuses: [Active, Converted]) { amount status } } }', {}, tokens.accessToken)).viewer.bonuses;

test.describe('promotions', () => {
  test('a DEPOSIT promotion opens the cashier, and the deposit through it credits the bonus once @phone', async ({ page }) => {
    const tokens = await newPlayer(page);
    await page.goto(`${ORIGIN}/en/promotions/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
    const boost = page.locator('[data-promotion="deposit-boost"]');
    await expect(boost.getByRole('heading', { name: 'Deposit boost' })).toBeVisible();
    await expect(boost).toContainText('For any deposit');
    await expect(boost).toContainText('Minimum deposit €10.00');
    await expect(boost.getByRole('link', { name: /^Bonus terms\s?: Deposit boost$/ })).toHaveAttribute('href', '/en/bonus-terms-and-conditions/');
    // PAGE_LINK: a plain link to a lobby page.
    await expect(page.getByRole('link', { name: /^See all games\s?: New games every week$/ })).toHaveAttribute('href', '/en/games/');
    expect(await seriousViolations(page)).toEqual([]);

    const choose = page.getByRole('button', { name: /^Deposit and get the bonus\s?: Deposit boost$/ });
    await waitForIslandOf(choose);
    await choose.click();
    const cashier = page.getByRole('dialog', { name: 'Cashier' });
    await cashier.getByLabel('Amount (EUR)').fill('25.00');
    await cashier.getByRole('button', { name: 'Continue to deposit' }).click();
    await page.getByRole('button', { name: 'Confirm payment of €25.00' }).click();
    await expect.poll(() => bonuses(page.request, tokens), { timeout: 15_000, message: 'the deposit boost credited' }).toEqual([{ amount: '10.00', status: 'Active' }]);

    // Once per player: choosing it again is refused with the reason, and nothing more is credited.
    await page.goto(`${ORIGIN}/en/promotions/`);
    const again = page.getByRole('button', { name: /^Deposit and get the bonus\s?: Deposit boost$/ });
    await waitForIslandOf(again);
    await again.click();
    await expect(page.locator('[data-promotion="deposit-boost"]').getByRole('alert')).toHaveText(/not available to you: it has already been given to you/);
    await expect(page.getByRole('dialog', { name: 'Cashier' })).toHaveCount(0);
    expect(await bonuses(page.request, tokens)).toEqual([{ amount: '10.00', status: 'Active' }]);
  });
});
