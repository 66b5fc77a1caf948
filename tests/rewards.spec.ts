/**
 * Rewards in the lobby (issue 29): /rewards/ against the real reward engine. A reward given through
 * the sandbox appears live on an open page and in the account menu's count; a claim credits once
 * however it is clicked (twice, or in two tabs at once); a claimed bonus shows its wagering moving
 * as real rounds are played, the bonus checker ignores Escape, and Forfeit asks first; a
 * rewards-blocked player sees why instead of a claim button; past rewards are listed in the profile;
 * the page is axe-clean on a phone and a desktop in two locales.
 */
import { seriousViolations } from './support/axe.ts';
import { addTokenCookies, bankSignIn, bankTokens, creditWallet, freshPlayer, graphql, unique, type Tokens } from './support/player.ts';
import { expect, test, type Page } from './support/test.ts';
import { brandOrigin, E2E_PORT } from './support/urls.ts';

const BRAND = 'aurelia';
const ORIGIN = brandOrigin(BRAND);
const GAME_ORIGIN = `http://127.0.0.1:${E2E_PORT + 1}`;

/** Gives a player a reward of content/aurelia/rewards.json through the sandbox; returns its assignation id. */
async function assign(page: Page, player: string, rewardId: string): Promise<string> {
  const data = await graphql<{ sandboxAssignReward: { assignationId: string } }>(
    page.request, BRAND, 'mutation($p: ID!, $r: ID!) { sandboxAssignReward(playerId: $p, rewardId: $r) { assignationId } }', { p: player, r: rewardId },
  );
  return data.sandboxAssignReward.assignationId;
}

/** The player's cash and bonus balance as the platform holds them. */
async function balances(page: Page, tokens: Tokens): Promise<{ balance: string; bonusBalance: string }> {
  const data = await graphql<{ viewer: { wallet: { balance: string; bonusBalance: string } } }>(page.request, BRAND, '{ viewer { wallet { balance bonusBalance } } }', {}, await pageToken(page, tokens));
  return data.viewer.wallet;
}

/** The player's current access token (the page refreshes it; tokens live 40 s in the test stack). */
async function pageToken(page: Page, tokens: Tokens): Promise<string> {
  const cookie = (await page.context().cookies(ORIGIN)).find((found) => found.name === 'accessToken');
  return cookie ? decodeURIComponent(cookie.value) : tokens.accessToken;
}

/** A fresh SMS player (phone verified, 0.00 EUR) on /<locale>/rewards/, with the list loaded and following events. */
async function onRewardsPage(page: Page, locale = 'en'): Promise<{ phone: string; tokens: Tokens }> {
  const player = await freshPlayer(page, BRAND, '+358');
  await page.goto(`${ORIGIN}/${locale}/rewards/`);
  await expect(page.locator('.rewards__section').first().locator('.rewards__empty')).toBeVisible();
  await expect(page.locator('.rewards')).toHaveAttribute('data-live', 'true');
  return player;
}

test.describe('rewards', () => {
  test('a reward given through the sandbox appears live and in the menu\'s count; a double-clicked claim credits once', async ({ page }) => {
    const { phone, tokens } = await onRewardsPage(page);
    await assign(page, phone, 'weekend-drop');
    const card = page.getByTestId('reward-card').filter({ hasText: '5.00 EUR weekend money drop' });
    await expect(card).toContainText('Ready to claim');
    await expect(card).toContainText('€5.00');
    await expect(page.getByRole('button', { name: 'My account Rewards to claim: 1' })).toBeVisible();

    await card.getByRole('button', { name: 'Claim', exact: true }).dblclick();
    await expect(card).toContainText('Claimed');
    await expect(page.getByTestId('balance')).toHaveText(/€5\.00/);
    await expect(page.getByTestId('reward-count-badge')).toHaveCount(0);
    expect((await balances(page, tokens)).balance).toBe('5.00');

    // A claimed reward can be taken off the list.
    await card.getByRole('button', { name: 'Remove 5.00 EUR weekend money drop from the list' }).click();
    await expect(page.getByTestId('reward-card')).toHaveCount(0);
  });

  test('a claim in two tabs at once credits once, and both tabs show it claimed', async ({ page }) => {
    const { phone, tokens } = await onRewardsPage(page);
    const second = await page.context().newPage();
    await second.goto(`${ORIGIN}/en/rewards/`);
    await expect(second.locator('.rewards')).toHaveAttribute('data-live', 'true');
    await assign(page, phone, 'weekend-drop');
    const buttons = [page, second].map((tab) => tab.getByTestId('reward-card').getByRole('button', { name: 'Claim', exact: true }));
    await Promise.all(buttons.map((button) => expect(button).toBeEnabled()));
    // Both clicks are sent together: neither tab has heard of the other's claim yet.
    await Promise.all(buttons.map((button) => button.evaluate((element: HTMLElement) => element.click())));
    for (const tab of [page, second]) {
      await expect(tab.getByTestId('reward-card')).toContainText('Claimed');
      await expect(tab.getByTestId('reward-card').getByRole('alert')).toHaveCount(0);
      await expect(tab.getByTestId('balance')).toHaveText(/€5\.00/);
    }
    expect((await balances(page, tokens)).balance).toBe('5.00');
  });

  test('a claimed bonus shows its wagering move with real rounds; the checker ignores Escape; Forfeit asks first', async ({ page }) => {
    await page.context().addCookies([{ name: 'testFeatures', value: 'BonusChecker', domain: `${BRAND}.localhost`, path: '/' }]);
    const { phone, tokens } = await onRewardsPage(page);
    await creditWallet(page.request, BRAND, phone, '50.00', 'EUR');
    await assign(page, phone, 'reload-bonus');
    const card = page.getByTestId('reward-card').filter({ hasText: '20.00 EUR reload bonus' });
    await expect(card).toContainText('10× the bonus');
    await expect(card.getByRole('link', { name: 'Bonus terms' })).toHaveAttribute('href', '/en/bonus-terms-and-conditions/');
    // Aurelia is under mga, whose challenges link to the full terms.
    await expect(card.getByRole('link', { name: 'Full terms and conditions' })).toBeVisible();
    await card.getByRole('button', { name: 'Claim', exact: true }).click();
    const bonus = page.getByTestId('bonus-card');
    await expect(bonus.getByRole('progressbar', { name: 'Wagering progress' })).toHaveAttribute('value', '0');

    // Real rounds in the demo game: 4 × 1.00 of the 200.00 to wager is 2 %.
    const token = await pageToken(page, tokens);
    const launched = await graphql<{ launchGame: { gameSessionId: string } }>(page.request, BRAND, 'mutation { launchGame(slug: "ancient-comet-deluxe", mode: REAL) { gameSessionId } }', {}, token);
    for (let round = 0; round < 4; round += 1) {
      const response = await page.request.post(`${GAME_ORIGIN}/games/api/${launched.launchGame.gameSessionId}/rounds`, { data: { roundId: `e2e-rewards-${unique()}-${round}`, bet: '1.00' } });
      expect(response.status(), await response.text()).toBe(200);
    }
    await expect(bonus.getByRole('progressbar', { name: 'Wagering progress' })).toHaveAttribute('value', '2');

    await page.getByRole('button', { name: 'Check my bonus' }).click();
    const checker = page.getByRole('dialog', { name: 'Bonus checker' });
    await expect(checker).toContainText('2%');
    await page.keyboard.press('Escape');
    await expect(checker).toBeVisible();
    await checker.getByRole('button', { name: 'Done' }).click();
    await expect(checker).toBeHidden();

    await bonus.getByRole('button', { name: 'Forfeit' }).click();
    const confirm = page.getByRole('dialog', { name: 'Forfeit this bonus?' });
    await confirm.getByRole('button', { name: 'Dismiss' }).click();
    await expect(bonus).toBeVisible();
    await bonus.getByRole('button', { name: 'Forfeit' }).click();
    await confirm.getByRole('button', { name: 'Forfeit bonus' }).click();
    await expect(page.getByTestId('bonus-card')).toHaveCount(0);
    expect((await balances(page, tokens)).bonusBalance).toBe('0.00');
  });

  test('a rewards-blocked player sees why instead of a claim button', async ({ page }) => {
    await bankSignIn(page, BRAND, 'restricted');
    await assign(page, 'restricted', 'weekend-drop');
    await page.goto(`${ORIGIN}/en/rewards/`);
    await expect(page.getByTestId('rewards-blocked')).toHaveText(/Rewards are blocked on your account/);
    await expect(page.getByTestId('reward-card').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Claim', exact: true })).toHaveCount(0);
  });

  test('a player without a verified phone verifies it first where the brand asks; DisablePhoneVerificationForRewards lifts that', async ({ page }) => {
    // A new Trustly person has no verified phone; aurelia has EnablePhoneVerification.
    const tokens = await bankTokens(page.request, BRAND, 'new');
    await addTokenCookies(page.context(), BRAND, tokens);
    const player = await graphql<{ viewer: { player: { id: string } } }>(page.request, BRAND, '{ viewer { player { id } } }', {}, tokens.accessToken);
    await assign(page, player.viewer.player.id, 'weekend-drop');
    await page.goto(`${ORIGIN}/en/rewards/`);
    await expect(page.getByTestId('rewards-phone').getByRole('link', { name: 'Verify phone number' })).toHaveAttribute('href', '/en/phone-verification/?returnTo=%2Fen%2Frewards%2F');
    await expect(page.getByTestId('reward-card')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Claim', exact: true })).toHaveCount(0);

    await page.context().addCookies([{ name: 'testFeatures', value: 'DisablePhoneVerificationForRewards', domain: `${BRAND}.localhost`, path: '/' }]);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Claim', exact: true })).toBeVisible();
    await expect(page.getByTestId('rewards-phone')).toHaveCount(0);
  });

  test('past rewards are listed newest first in the player\'s language', async ({ page }) => {
    const { phone, tokens } = await freshPlayer(page, BRAND, '+358');
    const first = await assign(page, phone, 'weekend-drop');
    const second = await assign(page, phone, 'welcome-spins');
    for (const id of [first, second]) {
      await graphql(page.request, BRAND, 'mutation($a: ID!) { claimReward(assignationId: $a) { status } }', { a: id }, await pageToken(page, tokens));
    }
    await page.goto(`${ORIGIN}/fi/profile/rewards-history/`);
    const rows = page.getByTestId('rewards-history').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('10 ilmaiskierrosta');
    await expect(rows.nth(0)).toContainText('Lunastettu');
    await expect(rows.nth(1)).toContainText('5,00');
  });

  for (const locale of ['en', 'fi']) {
    test(`the page with a reward and a bonus is axe-clean (${locale})`, async ({ page }) => {
      // No deposit first: its toast would be checked too, and it is the toast region's own matter.
      const { phone } = await onRewardsPage(page, locale);
      await assign(page, phone, 'welcome-spins');
      await assign(page, phone, 'reload-bonus');
      await expect(page.getByTestId('reward-card')).toHaveCount(2);
      await page.getByTestId('reward-card').last().getByRole('button').click();
      await expect(page.getByTestId('bonus-card')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the page is axe-clean on a phone, in Finnish @phone', async ({ page }) => {
    const { phone } = await onRewardsPage(page, 'fi');
    await assign(page, phone, 'welcome-spins');
    await expect(page.getByTestId('reward-card')).toContainText('10 ilmaiskierrosta');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
