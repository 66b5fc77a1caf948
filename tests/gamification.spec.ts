/**
 * Gamification end to end (issue 30), against the real platform and its gamification provider: a
 * player opts in on /loyalty-program/ through the provider's widget, plays real rounds and sees a
 * mission move in the widget on /missions/; the loyalty page's parts, its FAQ and info overlay by
 * keyboard, axe-clean at phone and desktop sizes in two locales; the widget ignores a message from
 * another origin; a failing widget is reloaded; a disabling condition (a player's KYC, missing
 * consent) hides the pages and their menu links.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { addTokenCookies, bankSignIn, creditWallet, graphql, smsTokens, unique } from './support/player.ts';
import { brandOrigin, E2E_PORT } from './support/urls.ts';
import { CONSENT_POLICY_VERSION } from '../src/features/consent/consent.ts';

const BRAND = 'aurelia';
const ORIGIN = brandOrigin(BRAND);
const GAME_ORIGIN = `http://127.0.0.1:${E2E_PORT + 1}`;
/** Gamification needs the preferences and analytics consent (spec section 6). */
const FULL_CONSENT = `necessary,preferences,analytics,policy:${CONSENT_POLICY_VERSION}`;

async function consentToGamification(page: Page, origin = ORIGIN): Promise<void> {
  await page.context().addCookies([{ name: 'consent', value: encodeURIComponent(FULL_CONSENT), url: origin }]);
}

/** A new funded aurelia player (EUR), signed in in the page's context, who consented to gamification. */
async function gamer(page: Page): Promise<{ phone: string; accessToken: string }> {
  const phone = `+35856${unique()}`;
  const tokens = await smsTokens(page.request, BRAND, phone);
  await addTokenCookies(page.context(), BRAND, tokens);
  await creditWallet(page.request, BRAND, phone, '100.00', 'EUR');
  await consentToGamification(page);
  return { phone, accessToken: tokens.accessToken };
}

async function pageToken(page: Page, origin = ORIGIN): Promise<string> {
  const cookie = (await page.context().cookies(origin)).find((found) => found.name === 'accessToken');
  if (!cookie) throw new Error('The page holds no access token: sign the player in first');
  return decodeURIComponent(cookie.value);
}

/** A non-negative decimal string in hundredths, exactly. */
const cents = (amount: string): bigint => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
};

/**
 * Plays real rounds (1.00 each unless said) of the brand's first Megaways game through the game
 * server; answers what they won less what they staked, in hundredths.
 */
async function playMegaways(page: Page, count: number, options: { brand?: string; bet?: string } = {}): Promise<bigint> {
  const brand = options.brand ?? BRAND;
  const list = await graphql<{ listOfGames: { games: { edges: { node: { slug: string } }[] } } }>(
    page.request, brand, '{ listOfGames(listOfGamesSlug: "megaways", first: 5) { games { edges { node { slug } } } } }',
  );
  const slug = list.listOfGames.games.edges[0]!.node.slug;
  const launched = await graphql<{ launchGame: { gameSessionId: string } }>(page.request, brand, 'mutation($s: String!) { launchGame(slug: $s, mode: REAL) { gameSessionId } }', { s: slug }, await pageToken(page, brandOrigin(brand)));
  let net = 0n;
  for (let round = 0; round < count; round += 1) {
    const response = await page.request.post(`${GAME_ORIGIN}/games/api/${launched.launchGame.gameSessionId}/rounds`, { data: { roundId: `e2e-gamification-${unique()}`, bet: options.bet ?? '1.00' } });
    expect(response.status(), await response.text()).toBe(200);
    const { round: played } = (await response.json()) as { round: { status: string; bet: string; win: string | null } };
    expect(played.status).toBe('settled');
    net += cents(played.win ?? '0') - cents(played.bet);
  }
  return net;
}

const widget = (page: Page, title: string) => page.frameLocator(`iframe[title="${title}"]`);

const NORDVIK = brandOrigin('nordvik');

/** A new funded nordvik player (NOK) who consented to gamification and opted in at the provider; answers the player's id. */
async function nordvikGamer(page: Page): Promise<string> {
  const phone = `+4755${unique()}`;
  const tokens = await smsTokens(page.request, 'nordvik', phone);
  await addTokenCookies(page.context(), 'nordvik', tokens);
  await creditWallet(page.request, 'nordvik', phone, '2000.00', 'NOK');
  await consentToGamification(page, NORDVIK);
  const issued = await page.request.post(`${GAME_ORIGIN}/gamification-service/v1/token`, { data: { clientId: 'nordvik-lobby', identityToken: tokens.accessToken } });
  expect(issued.status(), await issued.text()).toBe(200);
  const { accessToken } = (await issued.json()) as { accessToken: string };
  const opted = await page.request.post(`${GAME_ORIGIN}/gamification-service/v1/player/gamification-opt`, { headers: { authorization: `Bearer ${accessToken}` }, data: { enable: true } });
  expect(opted.status(), await opted.text()).toBe(200);
  return ((await opted.json()) as { id: string }).id;
}

const nokBalance = async (page: Page) =>
  (await graphql<{ viewer: { wallet: { balance: string } } }>(page.request, 'nordvik', '{ viewer { wallet { balance } } }', {}, await pageToken(page, NORDVIK))).viewer.wallet.balance;

test.describe('gamification', () => {
  test('a player opts in on the loyalty page, plays real rounds and sees the mission move on /missions/ and complete, its reward paid once', async ({ page }) => {
    await gamer(page);
    await page.goto(`${ORIGIN}/en/loyalty-program/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Loyalty program' })).toBeVisible();
    const settings = widget(page, 'Gamification Opt-In Settings');
    const optIn = settings.getByRole('checkbox', { name: 'Take part in loyalty points, missions and tournaments' });
    await expect(optIn).not.toBeChecked();
    await optIn.check();
    await expect(settings.getByText('You are taking part')).toBeVisible();
    // The player's status is read again 2 s after the switch (spec section 9).
    await expect(page.locator('[data-gamification-status]')).toHaveText(/Your level: 1 \(Bronze\), 0 points/, { timeout: 5000 });
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Missions' })).toBeVisible();

    let net = await playMegaways(page, 3);
    await page.goto(`${ORIGIN}/en/missions/`);
    const missions = widget(page, 'Missions');
    const marathon = missions.locator('[data-mission="megaways-marathon"]');
    await expect(marathon.getByText('3 of 30 (10%)')).toBeVisible();
    await expect(marathon.getByRole('progressbar')).toHaveAttribute('value', '10');
    net += await playMegaways(page, 2);
    await page.reload();
    await expect(widget(page, 'Missions').locator('[data-mission="megaways-marathon"]').getByText('5 of 30 (16%)')).toBeVisible();
    // The 30th round completes it: its 5.00 reward is paid once, whatever rounds follow.
    net += await playMegaways(page, 27);
    await page.reload();
    const done = widget(page, 'Missions').locator('[data-mission="megaways-marathon"]');
    await expect(done).toHaveAttribute('data-completed', 'true');
    await expect(done.getByText('Completed: reward paid')).toBeVisible();
    const balance = async () => cents((await graphql<{ viewer: { wallet: { balance: string } } }>(page.request, BRAND, '{ viewer { wallet { balance } } }', {}, await pageToken(page))).viewer.wallet.balance);
    expect(await balance(), 'the 100.00 credited, the rounds, and the reward once').toBe(10_000n + net + 500n);
    expect(await seriousViolations(page), 'axe on the missions widget, desktop').toEqual([]);
    // The widget speaks the page's language and fits a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${ORIGIN}/fi/tournaments/`);
    const tournaments = widget(page, 'Turnaukset');
    await expect(tournaments.getByRole('heading', { level: 1, name: 'Turnaukset' })).toBeVisible();
    await expect(tournaments.locator('[data-countdown]').first()).toHaveText(/^(Päättyy|Alkaa) .+ kuluttua$/);
    await expect(page.getByTestId('gamification-widget-tournaments')).toHaveAttribute('data-state', 'loaded');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll').toBe(true);
    expect(await seriousViolations(page), 'axe on the tournaments widget, phone, fi').toEqual([]);
  });

  test('the widget takes messages only from the lobby that opened it, and is reloaded when it fails', async ({ page }) => {
    await gamer(page);
    let failures = 1;
    await page.route(`${GAME_ORIGIN}/gamification-service/v1/missions**`, async (route) => {
      if (failures-- > 0) await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"message":"down"}}' });
      else await route.continue();
    });
    await page.goto(`${ORIGIN}/en/missions/`);
    const holder = page.getByTestId('gamification-widget-missions');
    await expect(holder).toHaveAttribute('data-state', 'loaded');
    await expect(holder).toHaveAttribute('data-reloads', '1');
    const missions = widget(page, 'Missions');
    await expect(missions.locator('[data-mission="megaways-marathon"]')).toBeVisible();
    const frame = page.frames().find((found) => found.url().startsWith(`${GAME_ORIGIN}/gamification-service/widget/`))!;
    // A message from another origin is ignored…
    await frame.evaluate(() => window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', source: window.parent, data: { type: 'atrium:gamification', event: 'signed-out' } })));
    await expect(missions.locator('[data-mission="megaways-marathon"]')).toBeVisible();
    // …the same message from the lobby is not.
    await page.evaluate((origin) => document.querySelector<HTMLIFrameElement>('iframe[title="Missions"]')!.contentWindow!.postMessage({ type: 'atrium:gamification', event: 'signed-out' }, origin), GAME_ORIGIN);
    await expect(missions.getByText('Sign in to take part in missions and tournaments.')).toBeVisible();
    await expect(missions.locator('[data-mission]')).toHaveCount(0);
  });

  test('a tournament leaderboard moves live in two browsers, with each player\'s own place, and its prizes are paid once at the close', async ({ page, browser }) => {
    test.slow();
    // A tournament of this run's own in the test stack's copy of content/ (editors add one the same
    // way), so closing it early touches no other test's tournament.
    const file = path.join(`.data/e2e-${E2E_PORT}-content`, 'nordvik', 'tournaments.json');
    const original = readFileSync(file, 'utf8');
    const id = `e2e-race-${unique()}`;
    const json = JSON.parse(original) as { tournaments: object[] };
    json.tournaments.unshift({
      id, title: { en: 'Test race' }, description: { en: 'Every krone wagered counts.' }, image: '/media/banners/raffle.svg', scoring: 'wagered',
      schedule: { startsAt: new Date(Date.now() - 3_600_000).toISOString(), endsAt: new Date(Date.now() + 3_600_000).toISOString() }, games: 'any', prizes: ['40.00', '20.00'],
    });
    writeFileSync(file, JSON.stringify(json, null, 2));
    const rivalContext = await browser.newContext();
    try {
      const rival = await rivalContext.newPage();
      const [leader, second] = [await nordvikGamer(page), await nordvikGamer(rival)];
      await playMegaways(rival, 1, { brand: 'nordvik', bet: '20.00' });
      const card = (on: Page) => widget(on, 'Tournaments').locator(`[data-tournament="${id}"]`);
      for (const on of [page, rival]) {
        await on.goto(`${NORDVIK}/en/tournaments/`);
        await expect(on.getByTestId('gamification-widget-tournaments')).toHaveAttribute('data-state', 'loaded');
        await expect(card(on).locator('tbody tr')).toHaveCount(1);
      }
      await expect(card(rival).locator('[data-own-line]')).toHaveText(/^You: place 1, /);
      await expect(card(page).locator('[data-own-line]')).toHaveCount(0);

      // The leader's rounds reach both open pages without a reload, each with its own place.
      await playMegaways(page, 2, { brand: 'nordvik', bet: '50.00' });
      for (const on of [page, rival]) await expect(card(on).locator('tbody tr')).toHaveCount(2);
      await expect(card(page).locator('[data-own-line]')).toHaveText(/^You: place 1, /);
      await expect(card(rival).locator('[data-own-line]')).toHaveText(/^You: place 2, /);

      // The sandbox ends the window now, as its end would: both pages see it finish, the prizes are
      // paid in NOK once, and closing again pays nothing.
      const before = await nokBalance(page);
      const CLOSE = 'mutation ($t: ID!) { sandboxCloseTournament(tournamentId: $t) { rank playerId currency amount } }';
      const paid = (await graphql<{ sandboxCloseTournament: { rank: number; playerId: string; currency: string; amount: string }[] }>(page.request, 'nordvik', CLOSE, { t: id })).sandboxCloseTournament;
      expect(paid).toEqual([
        { rank: 1, playerId: leader, currency: 'NOK', amount: '460.00' },
        { rank: 2, playerId: second, currency: 'NOK', amount: '230.00' },
      ]);
      for (const on of [page, rival]) await expect(card(on).locator('[data-countdown]')).toHaveText('Finished');
      expect((await graphql<{ sandboxCloseTournament: unknown[] }>(page.request, 'nordvik', CLOSE, { t: id })).sandboxCloseTournament).toEqual([]);
      await expect.poll(() => nokBalance(page)).toBe((Number(before) + 460).toFixed(2));
      expect(await seriousViolations(rival), 'axe on the tournaments widget with two lines').toEqual([]);
    } finally {
      writeFileSync(file, original);
      await rivalContext.close();
    }
  });

  test('the loyalty page has every part, its FAQ and info overlay work by keyboard, axe-clean on phone and desktop in two locales', async ({ page }) => {
    await consentToGamification(page);
    const locales = [
      ['en', { title: 'Loyalty program', shop: 'SHOP NOW', play: /PLAY NOW/, faq: 'Frequently asked questions' }],
      ['fi', { title: 'Kanta-asiakasohjelma', shop: 'SIIRRY KAUPPAAN', play: /PELAA NYT/, faq: 'Usein kysytyt kysymykset' }],
    ] as const;
    for (const [locale, texts] of locales) {
      for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
        await page.setViewportSize(size);
        await page.goto(`${ORIGIN}/${locale}/loyalty-program/`);
        const loyalty = page.getByTestId('loyalty-page');
        await expect(loyalty.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
        await expect(loyalty.getByTestId('loyalty-rank-card')).toHaveCount(4);
        await expect(loyalty.getByTestId('loyalty-step').first()).toBeVisible();
        await expect(loyalty.getByRole('link', { name: texts.shop })).toHaveAttribute('href', `/${locale}/rewards-shop/`);
        await expect(loyalty.getByTestId('loyalty-reward-card').first().getByRole('link', { name: texts.play })).toHaveAttribute('href', `/${locale}/`);
        await expect(loyalty.getByTestId('loyalty-faq-item')).toHaveCount(8);
        await expect(loyalty.getByRole('heading', { name: texts.faq })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll').toBe(true);
        expect(await seriousViolations(page), `axe on ${locale} ${size.width}px`).toEqual([]);
      }
    }
    await page.goto(`${ORIGIN}/en/loyalty-program/`);
    const loyalty = page.getByTestId('loyalty-page');
    await expect(loyalty.getByRole('heading', { name: 'Gamification Opt-In Settings' })).toBeVisible();
    await expect(loyalty.getByText('Sign in to take part in the loyalty program, missions and tournaments.')).toBeVisible();
    await expect(loyalty.getByRole('heading', { name: 'Terms and conditions' })).toBeVisible();
    await expect(loyalty.getByRole('link', { name: 'Go to Lobby' }).last()).toHaveAttribute('href', '/en/');
    // The FAQ by keyboard: Enter opens an answer, Enter again closes it.
    const first = loyalty.getByTestId('loyalty-faq-item').first();
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('open', '');
    await expect(first.getByRole('paragraph')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(first).not.toHaveAttribute('open', '');
    // The info link opens the description over the page; Escape closes it.
    await loyalty.getByRole('button', { name: 'What is the loyalty program?' }).focus();
    await page.keyboard.press('Enter');
    const overlay = page.getByRole('dialog', { name: 'Loyalty program' });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByText(/earn 1 point for every 1\.00 EUR wagered/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
  });

  test('a disabling condition hides the pages and their menu links', async ({ page }) => {
    // Without the analytics consent the server renders neither the pages nor the links.
    const notFound = await page.goto(`${ORIGIN}/en/missions/`);
    expect(notFound?.status()).toBe(404);
    await page.goto(`${ORIGIN}/en/`);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Jackpot' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Missions' })).toHaveCount(0);
    // With it, a player whose KYC is Required sees them go once the browser has read the account.
    await consentToGamification(page);
    await bankSignIn(page, BRAND, 'kyc-required');
    await page.goto(`${ORIGIN}/en/loyalty-program/`);
    await expect(page.locator('html')).toHaveAttribute('data-gamification', 'off:kyc');
    await expect(page.getByTestId('loyalty-page')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Loyalty program' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Jackpot' })).toBeVisible();
  });

  test("each of the player's disabling conditions hides the pages and their menu links, and a player with none sees them", async ({ browser }) => {
    test.slow();
    // One demo player per condition (platform/DEMO-PLAYERS.md), each in a browser of their own.
    const cases = [
      ['gamification-blocked', 'off:blocked'],
      ['self-excluded', 'off:selfExclusion'],
      ['sow-expired', 'off:sourceOfWealth'],
      ['kyc-required', 'off:kyc'],
      ['closed-reopenable', 'off:accountClosed'],
      ['verified', 'on'],
    ] as const;
    for (const [username, state] of cases) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await consentToGamification(page);
        await bankSignIn(page, BRAND, username);
        await page.goto(`${ORIGIN}/en/loyalty-program/`);
        await expect(page.locator('html'), username).toHaveAttribute('data-gamification', state);
        await expect(page.getByTestId('loyalty-page'), username).toHaveCount(state === 'on' ? 1 : 0);
        await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Missions' }), username).toHaveCount(state === 'on' ? 1 : 0);
      } finally {
        await context.close();
      }
    }
  });
});
