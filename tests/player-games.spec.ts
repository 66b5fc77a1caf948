/**
 * The signed-in player's own games end to end, against the real platform: recently played (a real
 * round in a demo game puts it on the lobby's rail; more rounds keep the rail at the five latest,
 * refreshed live as the balance changes) and favourites (a heart on the game page, the Favourites
 * rail, hearts on catalogue tiles, un-hearting from the rail). Visitors see no heart. The lobby with both rails is axe-clean.
 */
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { addTokenCookies, creditWallet, graphql, smsTokens, unique, type Tokens } from './support/player.ts';
import { brandOrigin, E2E_PORT } from './support/urls.ts';

const BRAND = 'kororaa';
const GAME_ORIGIN = `http://127.0.0.1:${E2E_PORT + 1}`;

interface Slot { slug: string; name: string }

/** Slots (not live tables) of the brand's catalogue, as its lobby lists them. */
async function slots(request: APIRequestContext): Promise<Slot[]> {
  const data = await graphql<{ listOfGames: { games: { edges: { node: Slot & { isLiveCasino: boolean } }[] } } }>(
    request, BRAND, '{ listOfGames(listOfGamesSlug: "slots", first: 40) { games { edges { node { slug name isLiveCasino } } } } }',
  );
  return data.listOfGames.games.edges.map((edge) => edge.node).filter((game) => !game.isLiveCasino);
}

/** A new signed-in player with 100 USD, on no page yet. */
async function fundedPlayer(page: Page): Promise<{ phone: string; tokens: Tokens }> {
  const phone = `+6455${unique()}`;
  const tokens = await smsTokens(page.request, BRAND, phone);
  await addTokenCookies(page.context(), BRAND, tokens);
  await creditWallet(page.request, BRAND, phone, '100.00', 'USD');
  return { phone, tokens };
}

/** Plays one real 1.00 round of a slot through the game server's API, as the game page would. */
async function playRound(request: APIRequestContext, tokens: Tokens, slug: string): Promise<void> {
  const launched = await graphql<{ launchGame: { gameSessionId: string } }>(
    request, BRAND, 'mutation($s: String!) { launchGame(slug: $s, mode: REAL) { gameSessionId } }', { s: slug }, tokens.accessToken,
  );
  const response = await request.post(`${GAME_ORIGIN}/games/api/${launched.launchGame.gameSessionId}/rounds`, {
    data: { roundId: `e2e-round-${unique()}`, bet: '1.00' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const railNames = (page: Page, testId: string) => page.getByTestId(testId).locator('.game-tile__name');

test.describe('recently played', () => {
  test('a round in a demo game puts it on the lobby rail; the rail keeps the 5 latest and follows the balance', async ({ page }) => {
    const { phone, tokens } = await fundedPlayer(page);
    const games = (await slots(page.request)).slice(0, 6);
    expect(games).toHaveLength(6);

    // A new player has played nothing: no rail.
    await page.goto(`${brandOrigin(BRAND)}/en/`);
    await expect(page.getByTestId('balance')).toContainText('$100.00');
    await expect(page.getByTestId('recently-played-rail')).toHaveCount(0);

    // Play the first game for real on its page.
    await page.goto(`${brandOrigin(BRAND)}/en/games/${games[0]!.slug}/`);
    await page.getByTestId('game-play').click();
    await expect(page.getByTestId('game-stage')).toHaveAttribute('data-ready', 'true');
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await expect(frame.locator('#play')).toBeEnabled();
    await frame.locator('#play').click();
    // The round settles (its outcome announced, no error); a win can give the stake back exactly, so
    // the header is held to the platform's balance after the round, not to "not 100.00".
    await expect(frame.locator('#announcer')).not.toBeEmpty({ timeout: 15_000 });
    await expect(frame.locator('#error')).toBeEmpty();
    const after = await graphql<{ viewer: { wallet: { balance: string } } }>(page.request, BRAND, '{ viewer { wallet { balance } } }', {}, tokens.accessToken);
    await expect(page.getByTestId('balance')).toContainText(`$${after.viewer.wallet.balance}`);

    await page.goto(`${brandOrigin(BRAND)}/en/`);
    const rail = page.getByTestId('recently-played-rail');
    await expect(rail.getByRole('heading', { name: 'Recently played' })).toBeVisible();
    await expect(railNames(page, 'recently-played-rail')).toHaveText([games[0]!.name]);
    await expect(rail.getByRole('link', { name: new RegExp(games[0]!.name) })).toHaveAttribute('href', `/en/games/${games[0]!.slug}/`);

    // Five more games while the lobby stays open, then three deposits (balance changes) to be sure a
    // sync falls after the last round: the rail shows the five latest, newest first, without a reload.
    for (const game of games.slice(1)) await playRound(page.request, tokens, game.slug);
    for (let index = 0; index < 3; index += 1) await creditWallet(page.request, BRAND, phone, '1.00', 'USD');
    await expect(railNames(page, 'recently-played-rail')).toHaveText(games.slice(1).reverse().map((game) => game.name), { timeout: 15_000 });
  });
});

test.describe('favourites', () => {
  test('a visitor sees no heart on a game page', async ({ page }) => {
    const [game] = await slots(page.request);
    await page.goto(`${brandOrigin(BRAND)}/en/games/${game!.slug}/`);
    await expect(page.getByRole('heading', { level: 1, name: game!.name })).toBeVisible();
    await expect(page.getByRole('button', { name: `Favourite: ${game!.name}` })).toHaveCount(0);
  });

  test('a heart on the game page adds the Favourites rail; un-hearting on the rail removes it', async ({ page }) => {
    const { tokens } = await fundedPlayer(page);
    const [first, second] = await slots(page.request);

    for (const game of [first!, second!]) {
      await page.goto(`${brandOrigin(BRAND)}/en/games/${game.slug}/`);
      const heart = page.getByRole('button', { name: `Favourite: ${game.name}` });
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await expect(heart).toBeEnabled();
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
    }

    await page.goto(`${brandOrigin(BRAND)}/en/`);
    const rail = page.getByTestId('favourites-rail');
    await expect(rail.getByRole('heading', { name: 'Favourites' })).toBeVisible();
    // Most recently hearted first.
    await expect(railNames(page, 'favourites-rail')).toHaveText([second!.name, first!.name]);

    // Un-heart the second game from its tile (by keyboard): it leaves the rail and the platform.
    const tileHeart = rail.getByRole('button', { name: `Favourite: ${second!.name}` });
    await expect(tileHeart).toHaveAttribute('aria-pressed', 'true');
    await tileHeart.focus();
    await page.keyboard.press('Enter');
    await expect(railNames(page, 'favourites-rail')).toHaveText([first!.name]);
    await expect.poll(async () => (await graphql<{ viewer: { favouriteGames: { slug: string }[] } }>(
      page.request, BRAND, '{ viewer { favouriteGames { slug } } }', {}, tokens.accessToken,
    )).viewer.favouriteGames.map((game) => game.slug)).toEqual([first!.slug]);

    // The last one: the rail goes, and stays gone after a reload.
    await rail.getByRole('button', { name: `Favourite: ${first!.name}` }).click();
    await expect(page.getByTestId('favourites-rail')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('balance')).toContainText('$');
    await expect(page.getByTestId('favourites-rail')).toHaveCount(0);
  });

  test('a heart on a catalogue rail tile adds the game to Favourites; hearts agree across rails', async ({ page }) => {
    await fundedPlayer(page);
    await page.goto(`${brandOrigin(BRAND)}/en/`);
    const firstRail = page.locator('.game-rail').filter({ has: page.locator('.game-rail__arrows') }).first();
    const name = (await firstRail.locator('.game-tile__name').first().textContent())!;
    const heart = firstRail.getByRole('button', { name: `Favourite: ${name}` });
    await expect(heart).toBeEnabled();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    const favourites = page.getByTestId('favourites-rail');
    await expect(railNames(page, 'favourites-rail')).toHaveText([name]);
    await expect(favourites.getByRole('button', { name: `Favourite: ${name}` })).toHaveAttribute('aria-pressed', 'true');
    // Un-hearting in the Favourites rail clears the heart on the catalogue tile too.
    await favourites.getByRole('button', { name: `Favourite: ${name}` }).click();
    await expect(page.getByTestId('favourites-rail')).toHaveCount(0);
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  test('visitors get no hearts on catalogue tiles, and never load the heart code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${brandOrigin(BRAND)}/en/`);
    // The rail's island has hydrated (its arrows work), so a heart would have had its chance to appear.
    const island = page.locator('astro-island:has(.game-rail)').first();
    await island.scrollIntoViewIfNeeded();
    await expect(island).not.toHaveAttribute('ssr');
    const firstRail = island.locator('.game-rail');
    await expect(firstRail.locator('.game-tile').first()).toBeVisible();
    await expect(firstRail.getByRole('button', { name: /^Favourite: / })).toHaveCount(0);
    expect(scripts.filter((path) => /TileHeart|PlayerGameRails|player-runtime/.test(path))).toEqual([]);
  });

  for (const phone of [false, true]) {
    test(`the lobby with the player's rails is axe-clean on a ${phone ? 'phone @phone' : 'desktop'}`, async ({ page }) => {
      const { tokens } = await fundedPlayer(page);
      const [game] = await slots(page.request);
      await graphql(page.request, BRAND, 'mutation($s: String!) { addFavouriteGame(slug: $s) { isFavourite } }', { s: game!.slug }, tokens.accessToken);
      await playRound(page.request, tokens, game!.slug);
      await page.goto(`${brandOrigin(BRAND)}/en/`);
      await expect(page.getByTestId('favourites-rail').getByRole('button', { name: `Favourite: ${game!.name}` })).toBeVisible();
      await expect(railNames(page, 'recently-played-rail')).toHaveText([game!.name]);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
