/**
 * The account's game and session histories end to end, against the real platform: a new player's
 * game history is empty and leads to the lobby; real rounds played in a demo game then appear,
 * newest first, with their game, bet and win, 20 a page with "Show more"; the session history lists
 * the sign-in this page uses, marked, with the device its browser reported and the country the
 * platform placed it in. On a phone, in Finnish, the rows stack without sideways scrolling and say
 * Mobile. Every page is axe-clean.
 */
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { waitForIslands } from './support/hydration.ts';
import { creditWallet, freshPlayer, graphql, unique, type Tokens } from './support/player.ts';
import { brandOrigin, E2E_PORT } from './support/urls.ts';

const BRAND = 'aurelia';
const ORIGIN = brandOrigin(BRAND);
const GAME_ORIGIN = `http://127.0.0.1:${E2E_PORT + 1}`;

interface Slot { slug: string; name: string }
interface PlayedRound { bet: string; win: string | null }

/** The brand's first slot (not a live table), as its lobby lists it. */
async function firstSlot(request: APIRequestContext): Promise<Slot> {
  const data = await graphql<{ listOfGames: { games: { edges: { node: Slot & { isLiveCasino: boolean } }[] } } }>(
    request, BRAND, '{ listOfGames(listOfGamesSlug: "slots", first: 40) { games { edges { node { slug name isLiveCasino } } } } }',
  );
  return data.listOfGames.games.edges.map((edge) => edge.node).find((game) => !game.isLiveCasino)!;
}

/** Launches a slot for real and plays rounds of the given bets through the game server, as its page would. */
async function playRounds(request: APIRequestContext, tokens: Tokens, slug: string, bets: string[]): Promise<PlayedRound[]> {
  const launched = await graphql<{ launchGame: { gameSessionId: string } }>(
    request, BRAND, 'mutation($s: String!) { launchGame(slug: $s, mode: REAL) { gameSessionId } }', { s: slug }, tokens.accessToken,
  );
  const rounds: PlayedRound[] = [];
  for (const bet of bets) {
    const response = await request.post(`${GAME_ORIGIN}/games/api/${launched.launchGame.gameSessionId}/rounds`, { data: { roundId: `e2e-history-${unique()}`, bet } });
    expect(response.status(), await response.text()).toBe(200);
    rounds.push(((await response.json()) as { round: PlayedRound }).round);
  }
  return rounds;
}

/** A new aurelia player (EUR) with 100.00, signed in in the page's context. */
async function fundedPlayer(page: Page): Promise<Tokens> {
  const { phone, tokens } = await freshPlayer(page, BRAND, '+358');
  await creditWallet(page.request, BRAND, phone, '100.00', 'EUR');
  return tokens;
}

/** "€1.25" as the English pages write it; Finnish writes "1,25 €". */
const euros = (amount: string, locale: 'en' | 'fi' = 'en') => (locale === 'en' ? `€${amount}` : `${amount.replace('.', ',')}\u00a0€`);

test.describe('game and session history', () => {
  test('the game history lists the rounds played, newest first, paged with Show more; empty before the first', async ({ page }) => {
    const tokens = await fundedPlayer(page);
    await page.goto(`${ORIGIN}/en/profile/game-history/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Game history');
    await expect(page.getByRole('navigation', { name: 'Account pages' }).locator('[aria-current="page"]')).toHaveText('Game history');
    const history = page.getByTestId('game-history');
    await expect(history).toContainText('No rounds yet.');
    await expect(history.getByRole('link', { name: 'Go to Lobby' })).toHaveAttribute('href', '/en/');
    await waitForIslands(page);
    expect(await seriousViolations(page)).toEqual([]);

    // 21 rounds: 20 of 1.00, then the newest of 2.50.
    const slot = await firstSlot(page.request);
    await playRounds(page.request, tokens, slot.slug, Array.from({ length: 20 }, () => '1.00'));
    const [newest] = await playRounds(page.request, tokens, slot.slug, ['2.50']);
    await page.reload();
    const rows = history.getByTestId('round-row');
    await expect(rows).toHaveCount(20);
    const first = rows.first();
    await expect(first.getByRole('rowheader')).toHaveText(slot.name);
    await expect(first.getByRole('link', { name: slot.name })).toHaveAttribute('href', `/en/games/${slot.slug}/`);
    await expect(first.getByRole('cell').nth(0)).toHaveText(euros('2.50'));
    await expect(first.getByRole('cell').nth(1)).toHaveText(euros(newest!.win!));
    await expect(first.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expect(rows.nth(1).getByRole('cell').nth(0)).toHaveText(euros('1.00'));

    // Keyboard: the older page comes with Enter on Show more, which then goes (nothing older is left).
    const more = history.getByRole('button', { name: 'Show more' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(rows).toHaveCount(21);
    await expect(more).toHaveCount(0);
    // Focus does not fall back to the page when the button goes: it lands on the list.
    await expect(history).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the session history shows this session marked, on a Desktop in Finland', async ({ page }) => {
    await fundedPlayer(page);
    await page.goto(`${ORIGIN}/en/profile/session-history/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Session history');
    const rows = page.getByTestId('session-history').getByTestId('session-row');
    await expect(rows).toHaveCount(1);
    const current = rows.first();
    await expect(current).toHaveAttribute('aria-current', 'true');
    await expect(current.getByRole('rowheader')).toContainText('This session');
    await expect(current.getByRole('cell')).toHaveText(['Active', '—', 'Desktop', 'Finland']);
    await waitForIslands(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('on a phone, in Finnish, the histories stack their rows and the session says Mobile @phone', async ({ page }) => {
    const tokens = await fundedPlayer(page);
    const slot = await firstSlot(page.request);
    const [round] = await playRounds(page.request, tokens, slot.slug, ['1.50']);

    await page.goto(`${ORIGIN}/fi/profile/game-history/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pelihistoria');
    const row = page.getByTestId('game-history').getByTestId('round-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('rowheader')).toHaveText(slot.name);
    // Each value is labelled by its column on a phone: "Panos" (bet) beside the stake.
    await expect(row.getByRole('cell').nth(0)).toHaveText(euros('1.50', 'fi'));
    await expect(row.getByRole('cell').nth(1)).toHaveText(euros(round!.win!, 'fi'));
    expect(await row.getByRole('cell').nth(0).evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Panos"');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await waitForIslands(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${ORIGIN}/fi/profile/session-history/`);
    const session = page.getByTestId('session-history').getByTestId('session-row');
    await expect(session).toHaveCount(1);
    await expect(session.getByRole('rowheader')).toContainText('Tämä istunto');
    await expect(session.getByRole('cell')).toHaveText(['Aktiivinen', '—', 'Mobiili', 'Suomi']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
