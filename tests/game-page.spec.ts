/**
 * The game page end to end, against the embedded platform and its cross-origin demo games: the
 * info sheet, play for fun in a frame served from the game origin (which posts `ready`), the
 * not-found page for an unknown slug, RTP only where the brand enables ShowRTP, and a signed-in
 * player's REAL round moving the header balance.
 */
import { expect, test, type APIRequestContext } from './support/test.ts';
import { addTokenCookies, creditWallet, graphql, smsTokens, unique } from './support/player.ts';
import { brandOrigin, E2E_PORT } from './support/urls.ts';

interface ListedGame {
  slug: string;
  name: string;
  playForFun: boolean;
  isLiveCasino: boolean;
  studio: { slug: string; name: string };
}

const GAME_ORIGIN = `http://127.0.0.1:${E2E_PORT + 1}`;
/** The slots of a brand's catalogue, as its lobby lists them. */
async function slots(request: APIRequestContext, brand: string): Promise<ListedGame[]> {
  const data = await graphql<{ listOfGames: { games: { edges: { node: ListedGame }[] } } }>(
    request, brand,
    '{ listOfGames(listOfGamesSlug: "slots", first: 40) { games { edges { node { slug name playForFun isLiveCasino studio { slug name } } } } } }',
  );
  return data.listOfGames.games.edges.map((edge) => edge.node);
}

async function funSlot(request: APIRequestContext, brand: string): Promise<ListedGame> {
  const game = (await slots(request, brand)).find((candidate) => candidate.playForFun && !candidate.isLiveCasino);
  expect(game, 'a play-for-fun slot in the catalogue').toBeTruthy();
  return game!;
}

test.describe('game page', () => {
  test('a visitor sees the info sheet and plays a slot for fun in a frame from the game origin', async ({ page }) => {
    const game = await funSlot(page.request, 'aurelia');
    const response = await page.goto(`${brandOrigin('aurelia')}/en/games/${game.slug}/`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(game.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(page.getByRole('heading', { level: 1, name: game.name })).toBeVisible();
    const info = page.getByTestId('game-info');
    await expect(info.getByTestId('game-studio')).toHaveText(game.studio.name);
    await expect(info.getByTestId('game-studio')).toHaveAttribute('href', `/en/game-studio/${game.studio.slug}/`);
    await expect(info.getByTestId('game-volatility')).toHaveText(/^(Low|Medium|High)$/);
    await expect(info.getByTestId('game-min-bet')).toContainText(/\d/);
    await expect(info.getByTestId('game-max-bet')).toContainText(/\d/);

    const messages: { origin: string; type?: string; event?: string }[] = [];
    await page.exposeFunction('__recordGameMessage', (message: { origin: string; type?: string; event?: string }) => messages.push(message));
    await page.evaluate(() => {
      window.addEventListener('message', (event) => {
        const data = event.data as { type?: string; event?: string } | null;
        (window as unknown as { __recordGameMessage(m: object): void }).__recordGameMessage({ origin: event.origin, type: data?.type, event: data?.event });
      });
    });

    await page.getByTestId('game-play-fun').click();
    const frame = page.getByTestId('game-frame');
    await expect(frame).toHaveAttribute('title', game.name);
    const src = await frame.getAttribute('src');
    expect(new URL(src!).origin).toBe(GAME_ORIGIN);
    await expect(page.getByTestId('game-stage')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('game-stage')).toHaveAttribute('data-mode', 'FUN');
    expect(messages).toContainEqual({ origin: GAME_ORIGIN, type: 'atrium:game', event: 'ready' });

    // The game's own close button removes the frame.
    await page.frameLocator('[data-testid="game-frame"]').locator('#close').click();
    await expect(page.getByTestId('game-frame')).toHaveCount(0);
    await expect(page.getByTestId('game-play-fun')).toBeVisible();
  });

  test('an unknown game is the not-found page', async ({ page }) => {
    const response = await page.goto(`${brandOrigin('aurelia')}/en/games/no-such-game-${unique()}/`);
    expect(response?.status()).toBe(404);
  });

  test('RTP shows only for brands with ShowRTP', async ({ page }) => {
    const aurelia = await funSlot(page.request, 'aurelia');
    await page.goto(`${brandOrigin('aurelia')}/en/games/${aurelia.slug}/`);
    await expect(page.getByTestId('game-rtp')).toContainText(/\d+[.,]\d{2}\s?%/);

    const solenne = await funSlot(page.request, 'solenne');
    const response = await page.goto(`${brandOrigin('solenne')}/en/games/${solenne.slug}/`);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('game-info')).toBeVisible();
    await expect(page.getByTestId('game-rtp')).toHaveCount(0);
  });

  test('a signed-in player plays for real and the header balance follows the round', async ({ page }) => {
    const brand = 'kororaa';
    const phone = `+6455${unique()}`;
    await addTokenCookies(page.context(), brand, await smsTokens(page.request, brand, phone));
    await creditWallet(page.request, brand, phone, '50.00', 'USD');

    const game = (await slots(page.request, brand)).find((candidate) => !candidate.isLiveCasino)!;
    await page.goto(`${brandOrigin(brand)}/en/games/${game.slug}/`);
    await expect(page.getByTestId('balance')).toContainText('$50.00');
    await page.getByTestId('game-play').click();
    await expect(page.getByTestId('game-stage')).toHaveAttribute('data-mode', 'REAL');
    await expect(page.getByTestId('game-stage')).toHaveAttribute('data-ready', 'true');
    const frame = page.frameLocator('[data-testid="game-frame"]');
    const gameBalance = frame.locator('#balance');
    // The game formats money as the lobby does (Intl, the lobby's locale).
    await expect(gameBalance).toHaveText('$50.00');
    // A two-heart line pays the stake back, so one spin may leave 50.00: spin until the balance moves.
    let after = '$50.00';
    for (let spin = 0; spin < 10 && after === '$50.00'; spin += 1) {
      await expect(frame.locator('#play')).toBeEnabled();
      await frame.locator('#play').click();
      await expect(frame.locator('#play')).toBeEnabled();
      after = (await gameBalance.textContent())!.trim();
    }
    expect(after).not.toBe('$50.00');
    await expect(page.getByTestId('balance')).toContainText(after, { timeout: 15_000 });
  });

  test('Play pressed before the session check has run still launches the game', async ({ page }) => {
    const brand = 'kororaa';
    const phone = `+6455${unique()}`;
    await addTokenCookies(page.context(), brand, await smsTokens(page.request, brand, phone));
    await creditWallet(page.request, brand, phone, '20.00', 'USD');
    // The session check is parked until after the first paint. Hold its script (the real file,
    // unaltered) until Play has been pressed, as a slow phone or a busy machine would.
    let releaseBoot!: () => void;
    const bootHeld = new Promise<void>((resolve) => { releaseBoot = resolve; });
    await page.route(/\/_astro\/SessionBoot\.astro_astro_type_script[^/]*\.js$/, async (route) => {
      await bootHeld;
      await route.continue();
    });
    const game = (await slots(page.request, brand)).find((candidate) => !candidate.isLiveCasino)!;
    await page.goto(`${brandOrigin(brand)}/en/games/${game.slug}/`);
    await page.getByTestId('game-play').click();
    await expect(page.getByTestId('game-play')).toHaveAttribute('aria-busy', 'true');
    releaseBoot();
    await expect(page.getByTestId('game-stage')).toHaveAttribute('data-mode', 'REAL');
    await expect(page.getByTestId('game-stage')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByTestId('balance')).toContainText('$20.00');
  });
});
