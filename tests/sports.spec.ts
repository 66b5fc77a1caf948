/**
 * Sports end to end against the platform's sandbox sportsbook: switching products from the quick
 * menu (and the stored preference with consent), the sportsbook framed on /sports/ from its own
 * origin, a visitor's "Sign in to bet" leading to sign-in and back to the same picks on the slip,
 * a player's bet debiting the balance in
 * the header (their session id only in the frame address's fragment, never its query), and the live
 * events of the lobby's TOP_SPORTS block.
 */
import { expect, test } from './support/test.ts';
import { waitForLobbyRest } from './support/hydration.ts';
import { seriousViolations } from './support/axe.ts';
import { addTokenCookies, creditWallet, graphql, smsCode, smsTokens, unique } from './support/player.ts';
import { brandOrigin, E2E_PORT } from './support/urls.ts';
import { lineCount, spillsOutOfCards } from './support/layout.ts';

const SPORTSBOOK_ORIGIN = `http://127.0.0.1:${E2E_PORT + 1}`;

test.describe('product mode', () => {
  test('the quick menu switches between Casino and Sports, and the preference sticks with consent', async ({ page, context }) => {
    await context.addCookies([{ name: 'consent', value: 'preferences', url: brandOrigin('aurelia') }]);
    await page.goto(`${brandOrigin('aurelia')}/en/promotions/`);
    await expect(page.locator('html')).toHaveAttribute('data-product', 'casino');
    const quick = page.getByRole('navigation', { name: 'Products' }).first();

    await quick.getByRole('link', { name: 'Sports' }).click();
    await expect(page).toHaveURL(/\/en\/sports\/\?productMode=sports$/);
    await expect(page.locator('html')).toHaveAttribute('data-product', 'sports');
    await expect(page.getByRole('navigation', { name: 'Products' }).first().getByRole('link', { name: 'Sports' })).toHaveAttribute('aria-current', 'page');
    // A page of neither product now follows the stored preference.
    await page.goto(`${brandOrigin('aurelia')}/en/promotions/`);
    await expect(page.locator('html')).toHaveAttribute('data-product', 'sports');

    await page.getByRole('navigation', { name: 'Products' }).first().getByRole('link', { name: 'Casino' }).click();
    await expect(page).toHaveURL(/\/en\/\?productMode=casino$/);
    await expect(page.locator('html')).toHaveAttribute('data-product', 'casino');
    await page.goto(`${brandOrigin('aurelia')}/en/promotions/`);
    await expect(page.locator('html')).toHaveAttribute('data-product', 'casino');
    // The query wins over the preference.
    await page.goto(`${brandOrigin('aurelia')}/en/promotions/?productMode=sports`);
    await expect(page.locator('html')).toHaveAttribute('data-product', 'sports');
  });
});

test.describe('sportsbook', () => {
  test('a visitor gets the sportsbook framed from its origin; "Sign in to bet" leads to sign-in', async ({ page }) => {
    await page.goto(`${brandOrigin('aurelia')}/en/sports/`);
    const frameElement = page.getByTestId('sportsbook-frame');
    await expect(frameElement).toHaveAttribute('title', 'Sportsbook');
    const src = new URL((await frameElement.getAttribute('src'))!);
    expect(src.origin).toBe(SPORTSBOOK_ORIGIN);
    expect(src.searchParams.get('origin')).toBe(brandOrigin('aurelia'));
    expect(src.searchParams.has('session')).toBe(false);
    expect(src.hash).toBe('');
    await expect(page.getByTestId('sportsbook')).toHaveAttribute('data-ready', 'true');

    const frame = page.frameLocator('[data-testid="sportsbook-frame"]');
    await frame.locator('button.odds:not([disabled])').first().click();
    await frame.getByRole('button', { name: 'Sign in to bet' }).click();
    await expect(page).toHaveURL(/\/en\/login\/\?autoSignIn=1&returnTo=%2Fen%2Fsports%2F$/);
  });

  test('a visitor who signs in from the sports page comes back to it', async ({ page }) => {
    const origin = brandOrigin('kororaa');
    await page.goto(`${origin}/en/sports/?sport=tennis`);
    await page.getByRole('link', { name: 'Sign In', exact: true }).click();
    const phone = `+6457${unique()}`;
    await page.getByLabel('Mobile number').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/en\/enter-code\//);
    await page.getByLabel('Code from the text message').fill(await smsCode(page.request, 'kororaa', phone));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${origin}/en/sports/`);
    await expect(page.getByTestId('balance')).toBeVisible();
  });

  test('a visitor\'s pick and stake are still on the slip after "Sign in to bet" and signing in, and the bet places', async ({ page }) => {
    const brand = 'kororaa';
    const origin = brandOrigin(brand);
    await page.goto(`${origin}/en/sports/?sport=tennis`);
    await expect(page.getByTestId('sportsbook')).toHaveAttribute('data-ready', 'true');
    const frame = page.frameLocator('[data-testid="sportsbook-frame"]');
    const pick = frame.locator('button.odds:not([disabled])').first();
    const [outcome, eventId] = [await pick.getAttribute('data-outcome-name'), await pick.getAttribute('data-event')];
    await pick.click();
    await frame.getByLabel(/^Stake/).fill('2.00');
    await frame.getByRole('button', { name: 'Sign in to bet' }).click();
    await expect(page).toHaveURL(/\/en\/login\/\?autoSignIn=1&returnTo=%2Fen%2Fsports%2F%3Fsport%3Dtennis$/);

    const phone = `+6457${unique()}`;
    await page.getByLabel('Mobile number').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/en\/enter-code\//);
    await page.getByLabel('Code from the text message').fill(await smsCode(page.request, brand, phone));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${origin}/en/sports/?sport=tennis`);
    await creditWallet(page.request, brand, phone, '20.00', 'USD');
    await expect(page.getByTestId('balance')).toContainText('$20.00', { timeout: 15_000 });
    await expect(page.getByTestId('sportsbook')).toHaveAttribute('data-ready', 'true');

    // Back on the sport, signed in: the same pick at the page's odds, and the stake as typed.
    const picks = frame.locator('#slip-list li');
    await expect(picks).toHaveCount(1);
    await expect(picks).toContainText(outcome!);
    await expect(frame.locator(`button.odds[data-event="${eventId}"][aria-pressed="true"]`)).toHaveCount(1);
    await expect(frame.getByLabel(/^Stake/)).toHaveValue('2.00');
    await frame.getByRole('button', { name: 'Place bet' }).click();
    await expect(page.getByTestId('balance')).toContainText('$18.00', { timeout: 15_000 });
    // A placed bet empties the slip, on the next page too.
    await expect(picks).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('sportsbook')).toHaveAttribute('data-ready', 'true');
    await expect(frame.locator('#slip-empty')).toBeVisible();
    await expect(frame.locator('button.odds[aria-pressed="true"]')).toHaveCount(0);
  });

  test("the slip follows the frame's own sport tabs and the lobby's, a pick from another sport keeps its Remove, and a logout forgets it", async ({ page }) => {
    const origin = brandOrigin('aurelia');
    await page.goto(`${origin}/en/sports/?sport=tennis`);
    await expect(page.getByTestId('sportsbook')).toHaveAttribute('data-ready', 'true');
    const frame = page.frameLocator('[data-testid="sportsbook-frame"]');
    const pick = frame.locator('button.odds:not([disabled])').first();
    const outcome = (await pick.getAttribute('data-outcome-name'))!;
    await pick.click();
    const picks = frame.locator('#slip-list li');
    await expect(picks).toHaveCount(1);
    // The frame's own tab to another sport: the slip goes with it.
    await frame.getByRole('navigation', { name: 'Sports' }).getByRole('link', { name: 'Football' }).click();
    await expect(frame.locator('.event[data-event-id^="football-"]').first()).toBeVisible();
    await expect(picks).toHaveCount(1);
    await expect(picks).toContainText(outcome);
    await expect(frame.locator('button.odds[aria-pressed="true"]')).toHaveCount(0);
    // The lobby's own page for another sport too (the frame's report has reached the lobby by now).
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('sportsCoupon'))).toContain(outcome);
    await page.goto(`${origin}/en/sports/?sport=basketball`);
    await expect(page.getByTestId('sportsbook')).toHaveAttribute('data-ready', 'true');
    await expect(picks).toHaveCount(1);
    await picks.getByRole('button', { name: new RegExp(`^Remove ${outcome.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
    await expect(picks).toHaveCount(0);
    await expect(frame.locator('#slip-empty')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('sportsbook')).toHaveAttribute('data-ready', 'true');
    await expect(frame.locator('#slip-empty')).toBeVisible();

    // A player's picks are not left for the next person at the browser.
    await frame.locator('button.odds:not([disabled])').first().click();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('sportsCoupon'))).not.toBeNull();
    const phone = `+35699${unique()}`;
    await addTokenCookies(page.context(), 'aurelia', await smsTokens(page.request, 'aurelia', phone));
    await page.reload();
    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    // In sports mode a logout lands back on the sports page, signed out, with an empty slip.
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByTestId('sportsbook')).toHaveAttribute('data-ready', 'true');
    await expect(frame.locator('#slip-empty')).toBeVisible();
    await expect(frame.locator('button.odds[aria-pressed="true"]')).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('sportsCoupon'))).toBeNull();
  });

  test('a sport from the URL opens that sport', async ({ page }) => {
    await page.goto(`${brandOrigin('aurelia')}/en/sports/?sport=tennis`);
    const src = new URL((await page.getByTestId('sportsbook-frame').getAttribute('src'))!);
    expect(src.searchParams.get('sport')).toBe('tennis');
  });

  test('a player\'s bet in the embedded sportsbook debits the balance in the header', async ({ page }) => {
    const brand = 'kororaa';
    const phone = `+6455${unique()}`;
    const tokens = await smsTokens(page.request, brand, phone);
    await addTokenCookies(page.context(), brand, tokens);
    await creditWallet(page.request, brand, phone, '50.00', 'USD');

    await page.goto(`${brandOrigin(brand)}/en/sports/`);
    await expect(page.getByTestId('balance')).toContainText('$50.00');
    // The session id is a bearer capability: in the fragment only, which no server, log or Referer sees.
    const frameElement = page.getByTestId('sportsbook-frame');
    await expect(frameElement).toHaveAttribute('src', /#session=/);
    const src = new URL((await frameElement.getAttribute('src'))!);
    expect(src.origin).toBe(SPORTSBOOK_ORIGIN);
    expect(src.searchParams.has('session')).toBe(false);
    expect(src.search).not.toContain('session=');
    const sessionId = new URLSearchParams(src.hash.slice(1)).get('session');
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(src.search).not.toContain(sessionId!);
    await expect(page.getByTestId('sportsbook')).toHaveAttribute('data-ready', 'true');
    // The frame's script took the id off its own address (history keeps none) and loaded the player's wallet.
    await expect.poll(() => page.frames().find((candidate) => candidate.url().startsWith(`${SPORTSBOOK_ORIGIN}/sportsbook/`))?.url()).toMatch(/^[^#]*$/);
    const frame = page.frameLocator('[data-testid="sportsbook-frame"]');
    await expect(frame.locator('output#balance')).toHaveText('$50.00');
    await frame.locator('button.odds:not([disabled])').first().click();
    await frame.getByLabel(/^Stake/).fill('5.00');
    await frame.getByRole('button', { name: 'Place bet' }).click();

    await expect(page.getByTestId('balance')).toContainText('$45.00', { timeout: 15_000 });
    await expect(page.getByText('Your bet was placed.')).toBeVisible();
    await expect(frame.locator('output#balance')).toHaveText('$45.00');
    const bets = await graphql<{ viewer: { sportsBets: { stake: string; status: string }[] } }>(
      page.request, brand, '{ viewer { sportsBets { stake status } } }', {}, tokens.accessToken,
    );
    expect(bets.viewer.sportsBets).toEqual([{ stake: '5.00', status: 'OPEN' }]);
  });

  test('the sports page with its frame is axe-clean on a phone @phone', async ({ page }) => {
    await page.goto(`${brandOrigin('aurelia')}/en/sports/`);
    await expect(page.getByTestId('sportsbook')).toHaveAttribute('data-ready', 'true');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('the TOP_SPORTS block shows live events from the sportsbook', async ({ page }) => {
  await page.goto(`${brandOrigin('aurelia')}/en/`);
  await waitForLobbyRest(page);
  const live = page.getByTestId('live-events');
  await live.scrollIntoViewIfNeeded();
  await expect(live.getByRole('heading', { name: 'Live now' })).toBeVisible();
  const ids = await live.locator('[data-event-id]').evaluateAll((items) => items.map((item) => item.getAttribute('data-event-id')!));
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) {
    const { sportsEvent } = await graphql<{ sportsEvent: { status: string; home: string; score: { home: number } | null } }>(
      page.request, 'aurelia', 'query($id: ID!) { sportsEvent(id: $id) { status home score { home } } }', { id },
    );
    // Cached up to 10 s on the lobby: an event may have just finished since.
    expect(['LIVE', 'FINISHED']).toContain(sportsEvent.status);
    await expect(live.locator(`[data-event-id="${id}"]`)).toContainText(sportsEvent.home);
    // A book's clock and prices: a football minute up to 90, ice hockey's up to 60, no clock in
    // tennis (its sets are the score); prices on the ladder from 1.01 to 31.00, and no market priced
    // as already decided (1.01 against 31.00: such a market is suspended and shows no prices).
    const meta = await live.locator(`[data-event-id="${id}"] .live-event__meta`).innerText();
    const minute = /(\d+)'/.exec(meta)?.[1];
    const sport = id.replace(/-\d+$/, '');
    if (sport === 'tennis') expect(minute, meta).toBeUndefined();
    else if (minute) expect(Number(minute), meta).toBeLessThanOrEqual(sport === 'football' ? 90 : 60);
    const prices = (await live.locator(`[data-event-id="${id}"] .live-event__price`).allInnerTexts()).map((text) => Number(/(\d+\.\d{2})\s*$/.exec(text)?.[1]));
    for (const price of prices) expect(price).toBeGreaterThanOrEqual(1.01);
    for (const price of prices) expect(price).toBeLessThanOrEqual(31);
    expect(prices.includes(1.01) && prices.includes(31), `${id}: ${prices.join(' / ')}`).toBe(false);
  }
  const first = live.locator('[data-event-id]').first();
  await expect(first.getByRole('link')).toHaveAttribute('href', /\/en\/sports\/\?sport=[a-z-]+$/);
});

test('live sports cards keep team names, scores and odds inside the card, on a desktop and on a phone', async ({ page }) => {
  // kororaa's teaser sits beside its artwork next to layout1's sidebar: the narrowest text column of the brands.
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await page.goto(`${brandOrigin('kororaa')}/en/`);
    await waitForLobbyRest(page);
    const cards = page.getByTestId('live-events').locator('.live-event');
    await cards.first().scrollIntoViewIfNeeded();
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await spillsOutOfCards(cards), `at ${viewport.width}×${viewport.height}`).toEqual([]);
    for (const score of await page.getByTestId('live-event-score').locator('[aria-hidden="true"]').all()) {
      expect(await lineCount(score), `the score "${await score.textContent()}" stays on one line at ${viewport.width}`).toBe(1);
    }
    // The sports page's own event cards (the sportsbook in its frame) too.
    await page.goto(`${brandOrigin('kororaa')}/en/sports/`);
    const events = page.frameLocator('[data-testid="sportsbook-frame"]').locator('.event');
    await expect(events.first()).toBeVisible();
    expect(await spillsOutOfCards(events), `the sportsbook at ${viewport.width}`).toEqual([]);
  }
});
