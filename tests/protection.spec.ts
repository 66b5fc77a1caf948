/**
 * A self-excluded or timed-out player cannot put money in, whichever way they try: the cashier says
 * why and until when instead of offering a form, a deposit sent straight to GraphQL is refused, the
 * sandbox bank's pay-and-play sign-in refuses a first deposit, and a real-money game launch and the
 * sportsbook say why, until when and what they can do rather than "try again". Their balance never moves.
 */
import { expect, test, type Page } from './support/test.ts';
import { bankSignIn, claims, freshPlayer, graphql, unique, type Tokens } from './support/player.ts';
import { brandOrigin } from './support/urls.ts';

const BRAND = 'aurelia';
const ORIGIN = brandOrigin(BRAND);
const cashier = (page: Page) => page.getByRole('dialog', { name: 'Cashier' });

/** A seeded demo player of aurelia, signed in through the sandbox bank (tokens returned, cookies set). */
const demoPlayer = (page: Page, username: string) => bankSignIn(page, BRAND, username);

/** A slot's slug (not a live-casino table), for a real-money launch. */
async function slotSlug(page: Page): Promise<string> {
  const data = await graphql<{ listOfGames: { games: { edges: { node: { slug: string; isLiveCasino: boolean } }[] } } }>(
    page.request, BRAND, '{ listOfGames(listOfGamesSlug: "slots", first: 40) { games { edges { node { slug isLiveCasino } } } } }',
  );
  return data.listOfGames.games.edges.map((edge) => edge.node).find((game) => !game.isLiveCasino)!.slug;
}

const balanceOf = async (page: Page, tokens: Tokens) =>
  (await graphql<{ viewer: { wallet: { balance: string } } }>(page.request, BRAND, '{ viewer { wallet { balance } } }', {}, tokens.accessToken)).viewer.wallet.balance;

test.describe('self-exclusion and timeouts', () => {
  test('the cashier tells a self-excluded player why and until when, and a direct deposit call is refused', async ({ page }) => {
    const tokens = await demoPlayer(page, 'self-excluded');
    const before = await balanceOf(page, tokens);
    await page.goto(`${ORIGIN}/en/deposit/`);
    const blocked = cashier(page).getByTestId('cashier-blocked');
    await expect(blocked).toHaveText(/^You are self-excluded until .*\d{4}.*, so you cannot deposit until then\. You can still withdraw your balance\.$/);
    await expect(cashier(page).getByRole('button', { name: 'Continue to deposit' })).toHaveCount(0);
    // The withdraw tab still works for them.
    await cashier(page).getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(cashier(page).getByRole('button', { name: 'Request withdrawal' })).toBeVisible();

    const direct = graphql(page.request, BRAND, 'mutation ($i: InitiateDepositInput!) { initiateDeposit(input: $i) { payment { id } } }', {
      i: { amount: '20', currency: 'EUR', provider: 'TRUSTLY', idempotencyKey: `e2e-${unique()}` },
    }, tokens.accessToken);
    await expect(direct).rejects.toMatchObject({ reason: 'DepositsBlocked', message: expect.stringMatching(/self-excluded until/) });
    expect(await balanceOf(page, tokens)).toBe(before);
  });

  test('a timed-out player reads the refusal in their language', async ({ page }) => {
    await demoPlayer(page, 'timeout');
    await page.goto(`${ORIGIN}/fi/deposit/`);
    await expect(page.getByTestId('cashier-blocked')).toHaveText(/^Pidät taukoa .+ asti, joten et voi tallettaa ennen sitä\. Voit silti nostaa saldosi\.$/);
  });

  test('the sandbox bank refuses a self-excluded player\'s first deposit and still signs them in without one', async ({ page }) => {
    await page.goto(`${ORIGIN}/platform/sandbox/trustly/?locale=en&amount=20&returnUrl=${encodeURIComponent(`${ORIGIN}/en/trustly-login-handler/`)}`);
    await page.getByRole('radio', { name: /Timo Laine/ }).check();
    await page.getByRole('button', { name: /^Confirm with/ }).click();
    await expect(page.getByText(/You are self-excluded until .+\d{4}.+ UTC, so you cannot deposit until then/).first()).toBeVisible();
    await page.getByRole('textbox', { name: /First deposit/ }).fill('');
    await page.getByRole('button', { name: /^Confirm with/ }).click();
    await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/en/`));
    await expect(page.getByText(/You are self-excluded until/).first()).toBeVisible();
  });

  test('a real-money launch tells a self-excluded player why, not "try again"', async ({ page }) => {
    const slug = await slotSlug(page);
    await demoPlayer(page, 'self-excluded');
    await page.goto(`${ORIGIN}/en/games/${slug}/`);
    await page.getByTestId('game-play').click();
    await expect(page.getByRole('alert').filter({ hasText: /You are self-excluded until .+, so you cannot play for real money until then\./ })).toBeVisible();
    await expect(page.getByText('We could not start the game. Please try again.')).toHaveCount(0);
    await expect(page.getByTestId('game-frame')).toHaveCount(0);
  });

  test('a spent session limit stops a real-money launch with the limit, when it ran out and what to do, in Finnish', async ({ page }) => {
    const { tokens } = await freshPlayer(page, BRAND, '+358');
    await graphql(page.request, BRAND, 'mutation { setLimit(input: { kind: Session, minutes: 30 }) { kind } }', {}, tokens.accessToken);
    const slug = await slotSlug(page);
    await page.goto(`${ORIGIN}/fi/games/${slug}/`);
    // Thirty-one minutes into the session, as far as the platform knows.
    await graphql(page.request, BRAND, 'mutation ($s: ID!) { sandboxAgeSession(sessionId: $s, minutes: 31) { startedAt } }', { s: claims(tokens.accessToken).sid });
    await page.getByTestId('game-play').click();
    const refusal = page.getByTestId('game-refusal');
    await expect(refusal).toHaveText(/^Istuntorajasi 30 minuuttia täyttyi \d{1,2}\. \S+ \d{4} klo \d{1,2}\.\d{2}\. Kirjaudu ulos ja pidä tauko ennen kuin pelaat uudelleen\. Katso rajasi$/);
    await expect(refusal).toHaveAttribute('role', 'alert');
    await expect(refusal.getByRole('link', { name: 'Katso rajasi' })).toHaveAttribute('href', '/fi/profile/limits/');
    await expect(page.getByTestId('game-frame')).toHaveCount(0);
  });

  test('the sportsbook tells a self-excluded player why, until when and where to withdraw, instead of loading for ever', async ({ page }) => {
    await demoPlayer(page, 'self-excluded');
    await page.goto(`${ORIGIN}/en/sports/`);
    const refusal = page.getByTestId('sportsbook-refusal');
    await expect(refusal).toHaveText(/^You are self-excluded until .*\d{4}.*, so you cannot bet until then\. Withdraw your balance$/);
    await expect(refusal).toHaveAttribute('role', 'alert');
    await expect(refusal.getByRole('link', { name: 'Withdraw your balance' })).toHaveAttribute('href', '/en/withdraw/');
    await expect(page.getByText('We could not open the sportsbook. Please reload the page.')).toHaveCount(0);
    await expect(page.getByTestId('sportsbook').getByText('Loading…')).toHaveCount(0);
    await expect(page.getByTestId('sportsbook-frame')).toHaveCount(0);
  });

  test('the sportsbook tells a timed-out player why in their language', async ({ page }) => {
    await demoPlayer(page, 'timeout');
    await page.goto(`${ORIGIN}/fi/sports/`);
    await expect(page.getByTestId('sportsbook-refusal')).toHaveText(/^Pidät taukoa .+ asti, joten et voi lyödä vetoa ennen sitä\. Nosta saldosi$/);
  });
});
