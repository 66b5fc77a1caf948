/**
 * Promotions (issue 29) in Chromium against the built lobby and the real platform: /promotions/
 * lists the brand's promotions with their bonus actions, a DEPOSIT promotion opens the cashier, and
 * the deposit through the sandbox provider credits the promotion's bonus once; the rewards shop
 * buys with enough coins and refuses with too few.
 */
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { waitForIslandOf } from './support/hydration.ts';
import { addTokenCookies, claims, graphql, smsTokens, unique, type Tokens } from './support/player.ts';
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

test.describe('rewards shop', () => {
  test('buys an item with enough coins, once, and refuses one it cannot afford with both figures', async ({ page }) => {
    const tokens = await newPlayer(page);
    await graphql(page.request, BRAND, 'mutation ($p: ID!, $c: Int!) { sandboxGiveCoins(playerId: $p, coins: $c) }', { p: claims(tokens.accessToken).player_id, c: 120 });
    await page.goto(`${ORIGIN}/en/rewards-shop/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Rewards shop' })).toBeVisible();
    await expect(page.getByTestId('shop-coins')).toHaveText('Your coins: 120');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: /^Buy\s?: Cash drop$/ }).click();
    const shop = page.getByTestId('rewards-shop');
    await expect(shop.getByRole('status')).toContainText('Bought: Cash drop. Claim it on your rewards page.');
    await expect(page.getByTestId('shop-coins')).toHaveText('Your coins: 70');
    await expect(page.getByRole('link', { name: 'Go to my rewards' })).toHaveAttribute('href', '/en/rewards/');

    await page.getByRole('button', { name: /^Buy\s?: Free spins$/ }).click();
    await expect(shop.getByRole('alert')).toHaveText('Not enough coins: Free spins costs 100 coins and you have 70.');
    await expect(page.getByTestId('shop-coins')).toHaveText('Your coins: 70');
    const rewards = await graphql<{ viewer: { rewards: { reason: string; reward: { rewardId: string } }[] } }>(
      page.request, BRAND, '{ viewer { rewards { reason reward { rewardId } } } }', {}, tokens.accessToken,
    );
    expect(rewards.viewer.rewards.filter((reward) => reward.reason === 'Rewards shop').map((reward) => reward.reward.rewardId)).toEqual(['weekend-drop']);
  });
});
