/**
 * Promotions (issue 29) in Chromium against the built lobby and the real platform: /promotions/
 * lists the brand's promotions with their bonus actions, a DEPOSIT promotion opens the cashier, and
 * the deposit through the sandbox provider credits the promotion's bonus once; the rewards shop
 * buys with enough coins and refuses with too few; the countdown calendar opens today's door once
 * and explains a past and a future one, with the sandbox's day override standing in for the clock;
 * /cashback/ shows this week's figure after real rounds lost in a demo game.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { waitForIslandOf } from './support/hydration.ts';
import { addTokenCookies, claims, creditWallet, graphql, smsTokens, unique, type Tokens } from './support/player.ts';
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

/** Deposits 25.00 through the cashier a DEPOSIT promotion opened, and waits for the deposit boost's 10.00 bonus, once. */
async function depositForBoost(page: Page, tokens: Tokens): Promise<void> {
  const cashier = page.getByRole('dialog', { name: 'Cashier' });
  await cashier.getByLabel('Amount (EUR)').fill('25.00');
  await cashier.getByRole('button', { name: 'Continue to deposit' }).click();
  await page.getByRole('button', { name: 'Confirm payment of €25.00' }).click();
  await expect.poll(() => bonuses(page.request, tokens), { timeout: 15_000, message: 'the deposit boost credited' }).toEqual([{ amount: '10.00', status: 'Active' }]);
}

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
    await depositForBoost(page, tokens);

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

/** Scrolls the lobby until a control of its later blocks is in, then brings it on screen. */
async function scrollTo(page: Page, control: Locator): Promise<void> {
  await expect(async () => {
    await page.mouse.wheel(0, 600);
    await expect(control).toHaveCount(1, { timeout: 200 });
  }).toPass();
  await control.scrollIntoViewIfNeeded();
}

test.describe('promotion blocks', () => {
  test("the lobby's promotion blocks carry the promotion's DEPOSIT action: a visitor signs in first, a player's deposit through it credits the bonus", async ({ page }) => {
    await page.goto(`${ORIGIN}/en/`);
    // The PROMOTION block names the first-deposit promotion: its button is the promotion's, not a link.
    const first = page.getByRole('button', { name: /^Make my first deposit\s?: Welcome offer$/ });
    await scrollTo(page, first);
    await waitForIslandOf(first);
    await first.click();
    await expect(page).toHaveURL(/\/en\/login\/\?returnTo=%2Fen%2F$/);

    const tokens = await newPlayer(page);
    await page.goto(`${ORIGIN}/en/`);
    // A PROMOTION_V2 card names the deposit boost: choosing it opens the cashier in place.
    const boost = page.getByRole('button', { name: /^Get the boost\s?: Deposit boost$/ });
    await scrollTo(page, boost);
    await waitForIslandOf(boost);
    // The block's other cards keep their plain links.
    await expect(page.getByRole('link', { name: /^Open\s?: Weekly cashback$/ })).toHaveAttribute('href', '/en/cashback/');
    await boost.click();
    await depositForBoost(page, tokens);
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

test.describe('countdown calendar', () => {
  test("opens today's door once; a past door is missed and a future one locked; the grid takes arrow keys; reduced motion stills it", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const tokens = await newPlayer(page);
    await graphql(page.request, BRAND, 'mutation ($p: ID!, $d: String) { sandboxSetCalendarDay(playerId: $p, day: $d) }', { p: claims(tokens.accessToken).player_id, d: '2024-12-05' });
    await page.goto(`${ORIGIN}/en/christmas-2024/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Christmas calendar' })).toBeVisible();
    const doors = page.getByRole('list', { name: 'Calendar doors' });
    const door = (day: number, state: string) => doors.getByRole('button', { name: `December ${day}, 2024: ${state}`, exact: true });
    await expect(door(4, 'Missed')).toBeVisible();
    await expect(door(6, 'Opens on December 6, 2024')).toHaveAttribute('aria-disabled', 'true');
    expect(await seriousViolations(page)).toEqual([]);
    expect(Number.parseFloat(await door(5, 'Open today').evaluate((element) => getComputedStyle(element).transitionDuration))).toBeLessThan(0.01);

    await door(4, 'Missed').focus();
    await page.keyboard.press('ArrowRight');
    await expect(door(5, 'Open today')).toBeFocused();
    await page.keyboard.press('Enter');
    const calendar = page.getByTestId('calendar');
    await expect(calendar.getByRole('status')).toContainText('Door 5 opened: 20.00 EUR reload bonus.');
    await expect(door(5, 'Claimed')).toBeVisible();
    // aria-disabled doors stay focusable and explain themselves; a claimed one gives nothing more.
    const press = async (locator: ReturnType<typeof door>) => {
      await locator.focus();
      await page.keyboard.press('Enter');
    };
    await press(door(5, 'Claimed'));
    await press(door(6, 'Opens on December 6, 2024'));
    await expect(calendar.getByRole('alert')).toHaveText('This door opens on December 6, 2024.');
    await press(door(4, 'Missed'));
    await expect(calendar.getByRole('alert')).toHaveText("This door's day has passed: a door opens on its own day only.");
    const rewards = await graphql<{ viewer: { rewards: { reason: string }[] } }>(page.request, BRAND, '{ viewer { rewards { reason } } }', {}, tokens.accessToken);
    expect(rewards.viewer.rewards.filter((reward) => reward.reason === 'Calendar christmas-2024')).toHaveLength(1);
  });
});

test.describe('weekly cashback', () => {
  test("shows this week's losses and cashback after real rounds lost", async ({ page }) => {
    const tokens = await newPlayer(page);
    await creditWallet(page.request, BRAND, claims(tokens.accessToken).player_id, '20.00', 'EUR');
    // A blackjack table, every hand hit until it ends: a bust loses the stake, and only a natural or 21
    // can win, so the week shows a net loss within a hand or two. (A slot's rare big win could cover ten
    // losing spins: 7 % of runs made no net loss in ten.)
    const data = await graphql<{ listOfGames: { games: { edges: { node: { slug: string; isLiveCasino: boolean } }[] } } }>(
      page.request, BRAND, '{ listOfGames(listOfGamesSlug: "blackjack", first: 40) { games { edges { node { slug isLiveCasino } } } } }',
    );
    const slug = data.listOfGames.games.edges.map((edge) => edge.node).find((game) => !game.isLiveCasino)!.slug;
    const week = async () => (await graphql<{ viewer: { cashback: { losses: string; running: string } } }>(page.request, BRAND, '{ viewer { cashback { losses running } } }', {}, tokens.accessToken)).viewer.cashback;
    await page.goto(`${ORIGIN}/en/games/${slug}/`);
    await page.getByTestId('game-play').click();
    await expect(page.getByTestId('game-stage')).toHaveAttribute('data-ready', 'true');
    const frame = page.frameLocator('[data-testid="game-frame"]');
    // While a hand is open only Hit and Stand show; Deal comes back when it is settled.
    const ready = frame.locator('#play:not([hidden]):enabled, #hit:not([hidden]):enabled');
    for (let hand = 0; hand < 20 && Number((await week()).losses) === 0; hand += 1) {
      await expect(ready).toHaveId('play', { timeout: 15_000 });
      await ready.click();
      for (let card = 0; card < 12; card += 1) {
        await expect(ready).toHaveCount(1, { timeout: 15_000 });
        if ((await ready.getAttribute('id')) === 'play') break;
        await ready.click();
      }
    }
    const figures = await week();
    expect(Number(figures.losses), 'the hands made a net loss').toBeGreaterThan(0);
    // 10 % of the loss, rounded down to the cent.
    expect(Math.round(Number(figures.running) * 100)).toBe(Math.floor(Math.round(Number(figures.losses) * 100) / 10));

    await page.goto(`${ORIGIN}/en/cashback/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Cashback' })).toBeVisible();
    await expect(page.getByTestId('cashback-losses')).toHaveText(`€${figures.losses}`);
    await expect(page.getByTestId('cashback-running')).toHaveText(`€${figures.running}`);
    await expect(page.getByTestId('cashback')).toContainText('Every week you get 10 % of your net casino losses back.');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
