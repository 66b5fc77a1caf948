/**
 * The live jackpot end to end, against the real platform and its jackpot service: the JACKPOT block's
 * pots tick for a visitor as an opted-in player's real rounds feed them; a forced drop opens the
 * winner's count-up overlay, raises their balance once and tells a community winner; disabling
 * jackpotSettings in content/ removes the widget and the block; a cut jackpot socket comes back with
 * the right values. The widget is checked at phone and desktop sizes in two locales, axe-clean.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { waitForIslandOf, waitForLobbyRest } from './support/hydration.ts';
import { addTokenCookies, creditWallet, graphql, smsCode, smsTokens, unique, type Tokens } from './support/player.ts';
import { brandHost, brandOrigin, E2E_PORT, LOOPBACK } from './support/urls.ts';

const BRAND = 'aurelia';
const ORIGIN = brandOrigin(BRAND);
const GAME_ORIGIN = `http://127.0.0.1:${E2E_PORT + 1}`;
const INSTANCE = 'northstar-jackpot';

/** What each page's jackpot client logged (its warnings say why a fetch failed), for failure messages. */
const jackpotLogs = new WeakMap<Page, string[]>();

/** A new aurelia player (EUR) with 100.00, signed in in the page's context. */
async function fundedPlayer(page: Page): Promise<{ phone: string; tokens: Tokens }> {
  const logs: string[] = [];
  jackpotLogs.set(page, logs);
  page.on('console', (message) => {
    if (message.text().includes('[jackpot]')) logs.push(message.text());
  });
  const phone = `+35855${unique()}`;
  const tokens = await smsTokens(page.request, BRAND, phone);
  await addTokenCookies(page.context(), BRAND, tokens);
  await creditWallet(page.request, BRAND, phone, '100.00', 'EUR');
  return { phone, tokens };
}

/** The slug of the brand's first slot (not a live table). */
async function firstSlot(request: APIRequestContext): Promise<string> {
  const list = await graphql<{ listOfGames: { games: { edges: { node: { slug: string; isLiveCasino: boolean } }[] } } }>(
    request, BRAND, '{ listOfGames(listOfGamesSlug: "slots", first: 40) { games { edges { node { slug isLiveCasino } } } } }',
  );
  return list.listOfGames.games.edges.map((edge) => edge.node).find((game) => !game.isLiveCasino)!.slug;
}

/**
 * The player's access token as their page holds it now: tokens live 40 s in the test stack and the
 * lobby refreshes the cookie, so an API call made for the player takes the current one.
 */
async function pageToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies(ORIGIN)).find((found) => found.name === 'accessToken');
  if (!cookie) throw new Error('The page holds no access token: sign the player in first');
  return decodeURIComponent(cookie.value);
}

/** Plays real 1.00 rounds of a game (the brand's first slot by default) through the game server, as the player's page would. */
async function playRounds(page: Page, count: number, game?: string): Promise<void> {
  const request = page.request;
  const slug = game ?? (await firstSlot(request));
  const launched = await graphql<{ launchGame: { gameSessionId: string } }>(request, BRAND, 'mutation($s: String!) { launchGame(slug: $s, mode: REAL) { gameSessionId } }', { s: slug }, await pageToken(page));
  for (let round = 0; round < count; round += 1) {
    const response = await request.post(`${GAME_ORIGIN}/games/api/${launched.launchGame.gameSessionId}/rounds`, { data: { roundId: `e2e-jackpot-${unique()}`, bet: '1.00' } });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** The pots now, as the service gives them (with the player's part when a token is given). */
async function instance(request: APIRequestContext, token?: string) {
  const response = await request.get(`${LOOPBACK}/jackpot-service/v1/instances?source=casino&brand=${BRAND}&currency=EUR`, { headers: { ...brandHost(BRAND), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const body = (await response.json()) as { instances: { id: string; pots: { id: string; current_value: string }[]; player?: { opted_in: boolean; preferred_contribution_value: number | null } }[] };
  return body.instances.find((found) => found.id === INSTANCE);
}

/** Opens the widget and opts in with a contribution (its option value, EUR per bet). */
async function optIn(page: Page, value: string): Promise<void> {
  const widget = page.getByRole('complementary', { name: 'Jackpot' });
  // The widget's bar is server markup until its island hydrates after the first paint: a click
  // before that opens nothing (a loaded host hydrates late).
  const bar = widget.getByRole('button', { name: /Jackpot/ });
  await waitForIslandOf(bar);
  await bar.click();
  const choice = widget.getByRole('combobox', { name: 'Contribution per bet' });
  try {
    await expect(choice).toBeVisible({ timeout: 30_000 });
  } catch (error) {
    throw new Error(`The opt-in controls did not show; the jackpot client logged: ${(jackpotLogs.get(page) ?? []).join(' | ') || 'nothing'}`, { cause: error });
  }
  await choice.selectOption(value);
  const toggle = widget.getByRole('switch', { name: 'Take part in the jackpot' });
  await expect(toggle).toBeEnabled();
  await toggle.check();
  await expect(widget.getByRole('status')).toHaveText("You're in the draw!");
}

const blockPot = (page: Page, pot: string) => page.locator(`[data-jackpot-live] [data-jackpot-pot="${pot}"]`);

/** Scrolls the lobby until its JACKPOT block (among the later blocks) is on screen and ticking. */
async function showJackpotBlock(page: Page): Promise<void> {
  const live = page.locator('[data-jackpot-live]');
  await expect(async () => {
    await page.mouse.wheel(0, 600);
    await expect(live).toHaveCount(1, { timeout: 200 });
  }).toPass();
  await live.scrollIntoViewIfNeeded();
  await expect(live).toHaveAttribute('data-jackpot-state', 'open');
}

test.describe('the live jackpot', () => {
  // One after another in one worker: they share aurelia's pots and its demo players' sockets.
  test.describe.configure({ mode: 'default' });

  test('an opted-in player\'s rounds grow the pots a visitor watches within a second', async ({ page, browser }) => {
    await fundedPlayer(page);
    await page.goto(`${ORIGIN}/en/`);
    await optIn(page, '0.2');
    await expect.poll(async () => (await instance(page.request, await pageToken(page)))?.player).toEqual(expect.objectContaining({ opted_in: true, preferred_contribution_value: 0.2 }));
    expect(await seriousViolations(page)).toEqual([]);

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${ORIGIN}/en/`);
    const mega = blockPot(visitor, 'mega');
    await showJackpotBlock(visitor);
    const before = Number(await mega.getAttribute('data-value'));
    await playRounds(page, 1);
    // 40 % of the 0.20 contribution goes to the mega pot: on screen within a second.
    await expect.poll(async () => Number(await mega.getAttribute('data-value')), { timeout: 1_000, intervals: [50] }).toBeGreaterThanOrEqual(before + 0.08);
    await expect(mega).toHaveText(/€[\d,]+\.\d\d/);
    await visitor.context().close();
  });

  test('the jackpot page\'s opt-in section opens the widget\'s panel for a signed-in player', async ({ page }) => {
    await fundedPlayer(page);
    await page.goto(`${ORIGIN}/en/jackpot/`);
    const section = page.getByRole('region', { name: 'Jackpot Opt-In Settings' });
    const widget = page.getByRole('complementary', { name: 'Jackpot' });
    await expect(widget).toBeVisible();
    await waitForIslandOf(widget.getByRole('button', { name: /Jackpot/ }));
    await section.getByRole('button', { name: 'Show jackpot details' }).click();
    await expect(widget.getByRole('switch', { name: 'Take part in the jackpot' })).toBeVisible();
    await expect(widget.getByRole('button', { name: /Jackpot/ })).toBeFocused();
  });

  test('a forced drop counts up for its winner, raises the balance once, and tells a community winner', async ({ page, browser }) => {
    const winner = await fundedPlayer(page);
    const otherPage = await (await browser.newContext()).newPage();
    await fundedPlayer(otherPage);
    for (const who of [page, otherPage]) {
      await who.goto(`${ORIGIN}/en/`);
      await optIn(who, '0.5');
      await playRounds(who, 2);
    }
    const balanceOf = async () => Number(((await page.getByTestId('balance').textContent()) ?? '').replace(/[^\d.]/g, ''));
    const wallet = await graphql<{ viewer: { wallet: { balance: string } } }>(page.request, BRAND, '{ viewer { wallet { balance } } }', {}, await pageToken(page));
    const before = Number(wallet.viewer.wallet.balance);
    await expect.poll(balanceOf).toBe(before);

    const drop = await graphql<{ sandboxForceJackpotWin: { winId: string | null } }>(page.request, BRAND, 'mutation($i: ID!, $p: ID) { sandboxForceJackpotWin(instanceId: $i, potId: "shared", playerId: $p) { winId } }', { i: INSTANCE, p: winner.phone });
    expect(drop.sandboxForceJackpotWin.winId).toBeTruthy();

    // The other opted-in player fed the shared pot too: their share, told for 6 s.
    await expect(otherPage.getByRole('complementary', { name: 'Jackpot' }).getByRole('status')).toContainText('The shared pot dropped: your share is €');
    const overlay = page.getByRole('dialog', { name: 'Jackpot win!' });
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText('You won the Shared pot');
    const amount = overlay.locator('.win-celebration__amount');
    const first = await amount.textContent();
    await expect(amount).not.toHaveText(first!);
    await expect(amount).toHaveAttribute('data-final', 'true', { timeout: 12_000 });
    const won = Number((await amount.textContent())!.replace(/[^\d.]/g, ''));
    expect(won).toBeGreaterThan(0);
    // Shown without decimals from 0.5 up (the cents are cut, never rounded up past the win).
    const after = async () => Number((await graphql<{ viewer: { wallet: { balance: string } } }>(page.request, BRAND, '{ viewer { wallet { balance } } }', {}, await pageToken(page))).viewer.wallet.balance);
    const paid = (await after()) - before;
    expect(paid).toBeGreaterThanOrEqual(won);
    expect(paid).toBeLessThan(won + 1);
    await expect.poll(balanceOf).toBeCloseTo(before + paid, 2);
    await overlay.getByRole('button', { name: 'Back to game' }).click();
    await expect(overlay).toBeHidden();
    // Once: after the whole count-up the balance is still the one the single payout put there.
    expect(await balanceOf()).toBeCloseTo(before + paid, 2);
    expect(await after()).toBeCloseTo(before + paid, 2);

    await otherPage.context().close();
  });

  test('a raffle prize opens the raffle-win overlay for its winner and raises the balance once', async ({ page }) => {
    await fundedPlayer(page);
    const drawWeekly = () => graphql<{ sandboxRunRaffleDraw: { raffleId: string | null; winners: number } }>(page.request, BRAND, 'mutation { sandboxRunRaffleDraw(type: "weekly") { raffleId winners } }');
    // The weekly drop (no other test draws it) counts the provider of the week's games. This week's
    // draw so far is closed first (a draw before the window's end ends it): the next bet opens a new
    // one that only this player (or the odd other test's player) has tickets in, and its five prizes
    // leave no one out.
    const week = await graphql<{ providerOfTheWeek: { spotlightGames: { slug: string; isLiveCasino: boolean }[] } }>(page.request, BRAND, '{ providerOfTheWeek { spotlightGames { slug isLiveCasino } } }');
    const game = week.providerOfTheWeek.spotlightGames.find((found) => !found.isLiveCasino)!.slug;
    await drawWeekly();
    await playRounds(page, 2, game);
    await page.goto(`${ORIGIN}/en/`);
    const widget = page.getByRole('complementary', { name: 'Jackpot' });
    await expect(widget).toHaveAttribute('data-status', 'false');
    const balance = async () => Number((await graphql<{ viewer: { wallet: { balance: string } } }>(page.request, BRAND, '{ viewer { wallet { balance } } }', {}, await pageToken(page))).viewer.wallet.balance);
    const before = await balance();
    const drawn = await drawWeekly();
    expect(drawn.sandboxRunRaffleDraw.winners).toBeGreaterThanOrEqual(1);
    const overlay = page.getByRole('dialog', { name: 'Raffle win!' });
    await expect(overlay).toBeVisible();
    const amount = overlay.locator('.win-celebration__amount');
    await expect(amount).toHaveAttribute('data-final', 'true', { timeout: 12_000 });
    const won = Number((await amount.textContent())!.replace(/[^\d.]/g, ''));
    expect(won).toBeGreaterThanOrEqual(50);
    expect(await balance()).toBeCloseTo(before + won, 2);
    await overlay.getByRole('button', { name: 'Back to game' }).click();
    await expect(overlay).toBeHidden();
    // Another draw now (of a window with no tickets yet) pays nothing more.
    await drawWeekly();
    expect(await balance()).toBeCloseTo(before + won, 2);
  });

  test('a cut jackpot socket comes back with the values that changed while it was down', async ({ page, browser }) => {
    const player = await (await browser.newContext()).newPage();
    await fundedPlayer(player);
    await player.goto(`${ORIGIN}/en/`);
    await optIn(player, '0.5');

    const cuts: (() => Promise<void>)[] = [];
    await page.routeWebSocket(/\/jackpot-service\/v1\/ws/, (ws) => {
      ws.connectToServer();
      cuts.push(() => ws.close({ code: 1006 as never }).catch(() => ws.close()));
    });
    await page.goto(`${ORIGIN}/en/`);
    const live = page.locator('[data-jackpot-live]');
    await showJackpotBlock(page);
    await cuts.at(-1)!();
    await expect(live).toHaveAttribute('data-jackpot-state', 'reconnecting');
    await playRounds(player, 1);
    const now = (await instance(page.request))!.pots.find((pot) => pot.id === 'mega')!.current_value;
    await expect(live).toHaveAttribute('data-jackpot-state', 'open', { timeout: 5_000 });
    await expect(blockPot(page, 'mega')).toHaveAttribute('data-value', now);
    await player.context().close();
  });

  for (const [locale, size] of [['en', { width: 390, height: 844 }], ['fi', { width: 1280, height: 800 }]] as const) {
    test(`the widget at ${size.width}x${size.height} in ${locale} fits and is axe-clean`, async ({ page }) => {
      await page.setViewportSize(size);
      await fundedPlayer(page);
      await page.goto(`${ORIGIN}/${locale}/`);
      const widget = page.getByRole('complementary', { name: locale === 'en' ? 'Jackpot' : 'Jättipotti' });
      await waitForIslandOf(widget.getByRole('button').first());
      await widget.getByRole('button').first().click();
      await expect(widget.getByRole('switch')).toBeEnabled();
      // The panel slides in over 400 ms, and not at all for a player who asks for less motion.
      const panel = widget.locator('.jackpot-widget__panel');
      await expect(panel).toHaveCSS('animation-name', 'jackpot-panel-in');
      await expect(panel).toHaveCSS('animation-duration', '0.4s');
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await expect(panel).toHaveCSS('animation-name', 'none');
      const box = (await widget.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('JackpotAutoOptIn: a new player is in the draw with the smallest option without a click', async ({ page }) => {
    // Nordvik has the toggle; aurelia's players choose for themselves, so the tester's cookie turns it on here.
    await page.context().addCookies([{ name: 'testFeatures', value: 'JackpotAutoOptIn', url: ORIGIN }]);
    const { tokens } = await fundedPlayer(page);
    await page.goto(`${ORIGIN}/en/`);
    const widget = page.getByRole('complementary', { name: 'Jackpot' });
    await expect(widget).toHaveAttribute('data-status', 'true');
    await expect.poll(async () => (await instance(page.request, tokens.accessToken))?.player).toMatchObject({ opted_in: true, preferred_contribution_value: 0.05 });
  });

  test('the status fetch failing ten times says so with Reload, and Reload brings the opt-in back', async ({ page }) => {
    await fundedPlayer(page);
    // The jackpot service out of the browser's reach: its ten attempts 2 s apart, on the page's clock.
    const instances = '**/jackpot-service/v1/instances?**';
    await page.route(instances, (route) => route.abort('connectionrefused'));
    await page.clock.install();
    await page.goto(`${ORIGIN}/en/`);
    const widget = page.getByRole('complementary', { name: 'Jackpot' });
    const bar = widget.getByRole('button', { name: /Jackpot/ });
    await waitForIslandOf(bar);
    await bar.click();
    const failed = widget.getByRole('alert');
    await expect(async () => {
      await page.clock.runFor(2_000);
      await expect(failed).toContainText('Error fetching the status', { timeout: 250 });
    }).toPass({ timeout: 30_000 });
    await expect(widget.getByRole('switch', { name: 'Take part in the jackpot' })).toHaveCount(0);
    await page.unroute(instances);
    await failed.getByRole('button', { name: 'Reload' }).click();
    await waitForIslandOf(widget.getByRole('button', { name: /Jackpot/ }));
    await widget.getByRole('button', { name: /Jackpot/ }).click();
    await expect(widget.getByRole('switch', { name: 'Take part in the jackpot' })).toBeEnabled();
  });

  test('JackpotInRegistrationFlow: the sign-up offers the jackpot unticked, and a ticked box puts the new player in the draw', async ({ page }) => {
    const kororaa = brandOrigin('kororaa');
    await page.context().addCookies([{ name: 'testFeatures', value: 'JackpotInRegistrationFlow', url: kororaa }]);
    await page.goto(`${kororaa}/en/register/`);
    const join = page.getByRole('checkbox', { name: /^Join the jackpot/ });
    await waitForIslandOf(join);
    await expect(join).not.toBeChecked();
    await join.check();
    const phone = `+6456${unique()}`;
    await page.getByLabel('Mobile number').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/en\/enter-code\//);
    await page.getByLabel('Code from the text message').fill(await smsCode(page.request, 'kororaa', phone));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('balance')).toBeVisible({ timeout: 15_000 });
    // The widget opts the new player in at the brand's initial option once they are signed in.
    const token = async () => decodeURIComponent((await page.context().cookies(kororaa)).find((cookie) => cookie.name === 'accessToken')?.value ?? '');
    const status = async () => {
      const response = await page.request.get(`${LOOPBACK}/jackpot-service/v1/instances?source=casino&brand=kororaa&currency=USD`, { headers: { ...brandHost('kororaa'), authorization: `Bearer ${await token()}` } });
      const body = (await response.json()) as { instances: { id: string; player?: { opted_in: boolean; preferred_contribution_value: number | null } }[] };
      return body.instances.find((found) => found.id === 'tidewater-jackpot')?.player;
    };
    await expect.poll(status, { timeout: 15_000 }).toMatchObject({ opted_in: true, preferred_contribution_value: 0.1 });
  });

  test('on a game page on a phone the widget is a bar along the bottom, opening to its panel', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await fundedPlayer(page);
    await page.goto(`${ORIGIN}/en/games/${await firstSlot(page.request)}/`);
    const widget = page.getByRole('complementary', { name: 'Jackpot' });
    await expect(widget).toHaveClass(/jackpot-widget--mobile-game/);
    const bar = (await widget.boundingBox())!;
    expect(bar.width).toBe(390);
    expect(bar.y + bar.height).toBe(844);
    await widget.getByRole('button', { name: /Jackpot/ }).click();
    await expect(widget.getByRole('switch', { name: 'Take part in the jackpot' })).toBeEnabled();
    await widget.getByRole('button', { name: /Jackpot/ }).press('Enter');
    await expect(widget).toHaveClass(/jackpot-widget--mobile-game/);
  });
});

test.describe('the jackpot switched off in content/', () => {
  // A visitor's country of its own: the switch-off is a jackpot.<CC>.json variant that only this test's
  // browser sees, so the specs that show aurelia's jackpot beside it (the live jackpot above, the
  // jackpot page, the menu's Jackpot link) keep theirs. It switched jackpot.json itself before, and a
  // test running beside it lost its JACKPOT block (a full run on 2026-11-29).
  const COUNTRY = 'MT';

  test('disabling jackpotSettings in content/ removes the widget and the JACKPOT block', async ({ page, browser }) => {
    await fundedPlayer(page);
    // The page's own requests only (the sign-in above used the context's request API).
    await page.setExtraHTTPHeaders({ 'x-debug-country': COUNTRY });
    await page.goto(`${ORIGIN}/en/`);
    const widgetIsland = page.locator('astro-island[component-url*="JackpotWidget"]');
    await expect(page.getByRole('complementary', { name: 'Jackpot' })).toBeVisible();
    await showJackpotBlock(page);
    // The test stack's own copy of content/ (as lobby-content.spec edits it): the brand's settings,
    // switched off in a variant for this browser's country only.
    const folder = path.join(`.data/e2e-${E2E_PORT}-content`, BRAND);
    const variant = path.join(folder, `jackpot.${COUNTRY}.json`);
    try {
      const json = JSON.parse(readFileSync(path.join(folder, 'jackpot.json'), 'utf8')) as { jackpotSettings: { enabled: boolean } };
      json.jackpotSettings.enabled = false;
      writeFileSync(variant, JSON.stringify(json, null, 2));
      await expect.poll(async () => {
        await page.reload();
        return widgetIsland.count();
      }, { timeout: 10_000 }).toBe(0);
      // The lobby's later blocks are in, and the JACKPOT block is not among them.
      await waitForLobbyRest(page);
      await expect(page.locator('.teaser--raffle')).toHaveCount(1);
      await expect(page.locator('.teaser--jackpot')).toHaveCount(0);
      // A visitor from the brand's own country still has the brand's jackpot.
      const elsewhere = await browser.newPage();
      await elsewhere.goto(`${ORIGIN}/en/`);
      await waitForLobbyRest(elsewhere);
      await expect(elsewhere.locator('.teaser--jackpot')).toHaveCount(1);
      await elsewhere.close();
    } finally {
      rmSync(variant, { force: true });
    }
  });
});
