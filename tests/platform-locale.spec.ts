/**
 * Issue 14, pages in the wrong language: every page a player reaches from a non-English lobby speaks
 * the lobby's language, the platform's own pages included. From the lobby of each brand, in
 * Chromium against the real platform: the identity provider's sign-in (Solenne fr, Vantor et_EE),
 * the sandbox bank (Nordvik no), a demo game (Kororā Play ja) and the sportsbook frame (Nordvik no).
 */
import { expect, test, type APIRequestContext } from './support/test.ts';
import { graphql } from './support/player.ts';
import { brandOrigin } from './support/urls.ts';

/** A play-for-fun slot of the brand's catalogue. */
async function funSlot(request: APIRequestContext, brand: string): Promise<string> {
  const data = await graphql<{ listOfGames: { games: { edges: { node: { slug: string; playForFun: boolean; isLiveCasino: boolean } }[] } } }>(
    request, brand, '{ listOfGames(listOfGamesSlug: "slots", first: 40) { games { edges { node { slug playForFun isLiveCasino } } } } }',
  );
  const game = data.listOfGames.games.edges.map((edge) => edge.node).find((node) => node.playForFun && !node.isLiveCasino);
  expect(game, `a play-for-fun slot in ${brand}'s catalogue`).toBeTruthy();
  return game!.slug;
}

test.describe('platform pages in the lobby’s language', () => {
  test('the identity provider signs a Solenne player in in French', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'x-debug-country': 'FR' });
    await page.goto(`${brandOrigin('solenne')}/fr/login/`);
    await page.getByRole('button', { name: 'Continuer vers la connexion' }).click();
    await expect(page).toHaveURL(/\/auth\/realms\/solenne\/login-actions\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Se connecter à Solenne' })).toBeVisible();
    await page.getByLabel('E-mail ou nom d’utilisateur').fill('verified');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    // A missing password is said in French too.
    await expect(page.getByRole('alert')).toContainText('Saisissez votre mot de passe.');
    await page.getByLabel('Mot de passe').fill('Demo-pass-1');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(`${brandOrigin('solenne')}/fr/`);
  });

  test('the identity provider greets a Vantor visitor in Estonian', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'x-debug-country': 'EE' });
    await page.goto(`${brandOrigin('vantor')}/et_EE/login/`);
    await page.getByRole('button', { name: 'Jätka sisselogimisega' }).click();
    await expect(page).toHaveURL(/\/auth\/realms\/vantor\/login-actions\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'et-EE');
    await expect(page.getByRole('heading', { level: 1, name: 'Logi sisse: Vantor' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tühista ja mine tagasi' })).toBeVisible();
    await page.getByRole('link', { name: 'Loo konto' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Liitu: Vantor' })).toBeVisible();
    await expect(page.getByLabel('Sünnikuupäev')).toBeVisible();
  });

  test('the sandbox bank speaks Norwegian to a Nordvik visitor', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'x-debug-country': 'NO' });
    await page.goto(`${brandOrigin('nordvik')}/no/login/`);
    await page.getByRole('button', { name: 'Fortsett med Trustly' }).click();
    await expect(page).toHaveURL(/\/platform\/sandbox\/trustly\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb-NO');
    await expect(page.getByRole('heading', { level: 1, name: 'Logg inn på Nordvik med Trustly' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Identifiser deg med banken din' })).toBeVisible();
    await expect(page.getByLabel(/En ny person/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bekreft med Trustly' })).toBeVisible();
  });

  test('the sandbox bank says du to a German-speaking Nordvik visitor, as the lobby does', async ({ page }) => {
    // Issue 27: the platform's German pages said Sie where the lobby's German says du.
    // Nordvik's Austrian players sign in with the identity provider; elsewhere (here DE) its default is the bank.
    await page.setExtraHTTPHeaders({ 'x-debug-country': 'DE' });
    await page.goto(`${brandOrigin('nordvik')}/de_AT/login/`);
    await page.getByRole('button', { name: 'Weiter mit Trustly' }).click();
    await expect(page).toHaveURL(/\/platform\/sandbox\/trustly\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-AT');
    await expect(page.getByRole('group', { name: 'Mit deiner Bank identifizieren' })).toBeVisible();
    await expect(page.getByText('Wähle, wer du bist')).toBeVisible();
    await expect(page.locator('body')).not.toContainText(/\b(Sie|Ihre?[mnrs]?|Ihnen)\b/);
  });

  test('a demo game opened from the Japanese lobby plays in Japanese', async ({ page }) => {
    const slug = await funSlot(page.request, 'kororaa');
    await page.goto(`${brandOrigin('kororaa')}/ja/games/${slug}/`);
    await page.getByTestId('game-play-fun').click();
    await expect(page.getByTestId('game-stage')).toHaveAttribute('data-ready', 'true');
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await expect(frame.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(frame.getByRole('button', { name: 'スピン' })).toBeEnabled();
    await expect(frame.getByLabel(/^ベット額/)).toBeVisible();
    await frame.getByRole('button', { name: 'スピン' }).click();
    // The round's announcement is Japanese as well (a payline, then a win or 今回は当たりなし).
    await expect(frame.getByRole('status').filter({ hasText: 'ペイライン：' })).toBeVisible();
  });

  test('the sportsbook frame on the Norwegian lobby is in Norwegian', async ({ page }) => {
    await page.goto(`${brandOrigin('nordvik')}/no/sports/`);
    await expect(page.getByTestId('sportsbook')).toHaveAttribute('data-ready', 'true');
    const frame = page.frameLocator('[data-testid="sportsbook-frame"]');
    await expect(frame.locator('html')).toHaveAttribute('lang', 'nb-NO');
    await expect(frame.getByRole('heading', { level: 2, name: 'Kupong' })).toBeVisible();
    await expect(frame.getByRole('navigation', { name: 'Idretter' }).getByRole('link', { name: /^Alle idretter/ })).toBeVisible();
    await frame.locator('button.odds:not([disabled])').first().click();
    await expect(frame.getByRole('status').filter({ hasText: 'er lagt til kupongen (1 valg).' })).toBeVisible();
    // Odds and money in Norwegian format: a space between thousands, a decimal comma, kroner after the amount.
    await expect(frame.getByRole('status').filter({ hasText: /\skr$/ })).toHaveText(/^\d{1,3}(\s\d{3})*,\d{2}\skr$/);
    await expect(frame.getByRole('button', { name: 'Logg inn for å spille' })).toBeEnabled();
  });
});
