/**
 * The jackpot and raffle pages end to end, against the real platform and its jackpot service: the
 * /jackpot/ page (banner, title rows, rich text, opt-in section, live leaderboard, terms) and its
 * terms page, the /raffle/ page (drops with countdowns, how to take part, provider of the week,
 * terms), tickets collected by playing real rounds, a draw and its winner in the carousel, and the
 * pages and the RAFFLE block gone when an editor disables their settings.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { waitForIslandOf, waitForLobbyRest } from './support/hydration.ts';
import { addTokenCookies, claims, creditWallet, graphql, smsTokens, unique, type Tokens } from './support/player.ts';
import { brandHost, brandOrigin, E2E_PORT, LOOPBACK } from './support/urls.ts';

const ORIGIN = brandOrigin('aurelia');
const PLATFORM = `127.0.0.1:${E2E_PORT + 1}`;
const CONTENT = `.data/e2e-${E2E_PORT}-content`;

/** The brand's first slot (not a live table). */
async function firstSlot(request: APIRequestContext, brand: string): Promise<string> {
  const data = await graphql<{ listOfGames: { games: { edges: { node: { slug: string; isLiveCasino: boolean } }[] } } }>(
    request, brand, '{ listOfGames(listOfGamesSlug: "slots", first: 40) { games { edges { node { slug isLiveCasino } } } } }',
  );
  return data.listOfGames.games.edges.map((edge) => edge.node).find((game) => !game.isLiveCasino)!.slug;
}

/** Launches a slot for real and plays rounds of the given bets through the game server, as its page would. */
async function playRounds(request: APIRequestContext, brand: string, tokens: Tokens, slug: string, bets: string[]): Promise<void> {
  const launched = await graphql<{ launchGame: { gameSessionId: string } }>(
    request, brand, 'mutation($s: String!) { launchGame(slug: $s, mode: REAL) { gameSessionId } }', { s: slug }, tokens.accessToken,
  );
  for (const bet of bets) {
    const response = await request.post(`http://${PLATFORM}/games/api/${launched.launchGame.gameSessionId}/rounds`, { data: { roundId: `e2e-raffle-${unique()}`, bet } });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** Opts a player in to a jackpot over the jackpot service's socket, as the widget does, and waits for the service's yes. */
async function optIn(brand: string, operator: string, instanceId: string, country: string, tokens: Tokens, contribution: number): Promise<void> {
  const socket = new WebSocket(`ws://${PLATFORM}/jackpot-service/v1/ws?brand=${brand}&token=${tokens.accessToken}`);
  try {
    await new Promise((resolve, reject) => { socket.onopen = resolve; socket.onerror = reject; });
    const answered = new Promise<void>((resolve, reject) => {
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { type: string; player?: { opted_in: boolean }; message?: string };
        if (message.type === 'JackpotUpdate' && message.player?.opted_in) resolve();
        if (message.type === 'Error') reject(new Error(message.message));
      };
    });
    socket.send(JSON.stringify({
      type: 'PlayerOptInRequest', instance_id: instanceId, player_id: claims(tokens.accessToken).player_id,
      brand_id: `${operator}:${brand}`, player_country: country, opt_in: true, contribution_value: contribution,
    }));
    await answered;
  } finally {
    socket.close();
  }
}

/** Whether the page scrolls sideways (nothing may on a phone). */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test.describe('jackpot and raffle pages', () => {
  test('/jackpot/ shows its banner, title rows, text, opt-in section, leaderboard and terms; /promotions/jackpots/ the terms', async ({ page }) => {
    await page.goto(`${ORIGIN}/en/jackpot/`);
    const jackpot = page.getByTestId('jackpot-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Aurelia Jackpot\s*Four pots, one bet/);
    await expect(jackpot.getByText('Opt in, pick your contribution, and every real-money spin can drop a pot.')).toBeVisible();
    await expect(jackpot.locator('picture source')).toHaveAttribute('srcset', '/media/banners/jackpot.webp');
    await expect(jackpot.locator('picture img')).toHaveAttribute('src', '/media/banners/jackpot-mobile.webp');
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

  test('a player collects raffle tickets by playing, a draw runs, and its winner shows in the carousel', async ({ page }) => {
    const phone = `+35855${unique()}`;
    const tokens = await smsTokens(page.request, 'aurelia', phone);
    await creditWallet(page.request, 'aurelia', phone, '100.00', 'EUR');
    // 1.50 + 2.00 + 1.75 = 5.25 EUR wagered: 5 tickets in each of this hour's, today's draws.
    await playRounds(page.request, 'aurelia', tokens, await firstSlot(page.request, 'aurelia'), ['1.50', '2.00', '1.75']);
    await addTokenCookies(page.context(), 'aurelia', tokens);
    await page.goto(`${ORIGIN}/en/raffle/`);
    const drops = page.getByTestId('raffle-drops');
    await expect(drops.locator('[data-drop="hourly"]').getByText('Your tickets: 5')).toBeVisible();
    await expect(drops.locator('[data-drop="daily"]').getByText('Your tickets: 5')).toBeVisible();

    const drawn = await graphql<{ sandboxRunRaffleDraw: { raffleId: string | null; winners: number } }>(
      page.request, 'aurelia', 'mutation { sandboxRunRaffleDraw(type: "hourly") { raffleId winners } }',
    );
    expect(drawn.sandboxRunRaffleDraw.winners).toBeGreaterThan(0);
    const { public: { raffleWinners } } = await graphql<{ public: { raffleWinners: { edges: { node: { instanceId: string; winners: { winnerInitials: string; winAmount: string }[] } }[] } } }>(
      page.request, 'aurelia', '{ public { raffleWinners(baseCurrency: "EUR", last: 15) { edges { node { instanceId winners { winnerInitials winAmount } } } } } }',
    );
    const draw = raffleWinners.edges.map((edge) => edge.node).find((node) => node.instanceId === drawn.sandboxRunRaffleDraw.raffleId)!;
    const [winner] = draw.winners;

    await page.reload();
    const carousel = page.getByTestId('raffle-winners');
    await expect(carousel.getByRole('heading', { name: 'Recent winners' })).toBeVisible();
    const shown = carousel.locator('ul:not([data-copy]) .raffle-winner').filter({ hasText: `${winner!.winnerInitials} won €${winner!.winAmount}` });
    await expect(shown.first()).toBeVisible();
    await expect(shown.first()).toContainText('Hourly drop');
    // It moves, stops while focus is in it, and can be paused with its switch.
    const belt = carousel.locator('.raffle-winners__belt');
    await expect(belt).toHaveCSS('animation-duration', '70s');
    await carousel.getByRole('region', { name: 'Recent winners' }).focus();
    await expect(belt).toHaveCSS('animation-play-state', 'paused');
    await page.keyboard.press('Tab');
    await carousel.getByLabel('Pause the winners').check();
    await page.mouse.move(0, 0);
    await page.getByRole('heading', { level: 1 }).click();
    await expect(belt).toHaveCSS('animation-play-state', 'paused');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(belt).toHaveCSS('animation-name', 'none');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an editor disables the jackpot page and the raffle: both pages and the RAFFLE block are gone, and come back', async ({ page }) => {
    const file = path.join(CONTENT, 'nordvik', 'jackpot.json');
    const original = readFileSync(file, 'utf8');
    const origin = brandOrigin('nordvik');
    const status = (route: string) => async () => (await page.request.get(`${LOOPBACK}/en${route}`, { headers: brandHost('nordvik') })).status();
    // The main menu links to both while they are on, and to neither while they are off (no link to a 404).
    const menuLinks = page.locator('nav.main-menu a[href="/en/jackpot/"], nav.main-menu a[href="/en/raffle/"]');
    await page.goto(`${origin}/en/`);
    await waitForLobbyRest(page);
    await expect(page.locator('[data-block="raffle"] [data-testid="raffle-drops"]')).toBeVisible();
    await expect(menuLinks).toHaveCount(2);
    try {
      const settings = JSON.parse(original) as { jackpotSettingsV2: { enabled: boolean }; raffleSettings: { enabled: boolean } };
      settings.jackpotSettingsV2.enabled = false;
      settings.raffleSettings.enabled = false;
      writeFileSync(file, JSON.stringify(settings, null, 2));
      await expect.poll(status('/raffle/'), { timeout: 5000 }).toBe(404);
      await expect.poll(status('/jackpot/'), { timeout: 5000 }).toBe(404);
      expect(await status('/promotions/jackpots/')()).toBe(404);
      await page.goto(`${origin}/en/raffle/`);
      await expect(page.getByTestId('raffle-page')).toHaveCount(0);
      await page.goto(`${origin}/en/`);
      await waitForLobbyRest(page);
      await expect(page.locator('[data-block="raffle"]')).toHaveCount(0);
      await expect(page.locator('nav.main-menu a')).not.toHaveCount(0);
      await expect(menuLinks).toHaveCount(0);
    } finally {
      writeFileSync(file, original);
    }
    await expect.poll(status('/raffle/'), { timeout: 5000 }).toBe(200);
    await expect.poll(status('/jackpot/'), { timeout: 5000 }).toBe(200);
  });

  test('the leaderboard lists the contributors, 12 first on a desktop and 10 on a phone, and Show More adds 10', async ({ page }) => {
    test.setTimeout(120_000);
    const slug = await firstSlot(page.request, 'kororaa');
    // 23 opted-in players each play a real round: each contributes to the pots' current cycle (0.50 EUR
    // a bet, so the shared pot's tenth is a whole cent).
    const base = unique().slice(0, 6);
    const contributors = Array.from({ length: 23 }, async (_, index) => {
      const phone = `+6421${base}${String(index).padStart(2, '0')}`;
      const tokens = await smsTokens(page.request, 'kororaa', phone);
      await creditWallet(page.request, 'kororaa', phone, '20.00', 'USD');
      await optIn('kororaa', 'tidewater-interactive', 'tidewater-jackpot', 'NZ', tokens, 0.5);
      await playRounds(page.request, 'kororaa', tokens, slug, ['1.00']);
    });
    await Promise.all(contributors);

    await page.goto(`${brandOrigin('kororaa')}/en/jackpot/`);
    const board = page.getByTestId('jackpot-leaderboard');
    await board.scrollIntoViewIfNeeded();
    const rows = board.locator('tbody tr');
    await expect(rows).toHaveCount(12);
    await expect(rows.first().locator('td').first()).toHaveText('1');
    await waitForIslandOf(board);
    await board.getByRole('button', { name: 'Show More' }).click();
    await expect(rows).toHaveCount(22);
    await expect(rows.nth(21).locator('td').first()).toHaveText('22');

    // A phone starts with 10 and goes on by 10.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await board.scrollIntoViewIfNeeded();
    await expect(rows.filter({ visible: true })).toHaveCount(10);
    await waitForIslandOf(board);
    await board.getByRole('button', { name: 'Show More' }).click();
    await expect(rows.filter({ visible: true })).toHaveCount(20);
  });
});
