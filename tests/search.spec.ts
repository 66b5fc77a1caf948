/**
 * Search end to end against the real platform's searchGames: the header's search opens the search
 * overlay, results arrive as the player types (by game and by studio, in the platform's order),
 * the keyboard moves through them and follows one, the input takes at most 100 characters, the
 * open overlay is axe-clean on a desktop and a phone, and the games page searches without
 * JavaScript.
 */
import { expect, test, type Page } from './support/test.ts';
import { seriousViolations } from './support/axe.ts';
import { graphql } from './support/player.ts';
import { brandOrigin } from './support/urls.ts';

interface Found {
  searchGames: { games: { slug: string; name: string }[]; studios: { slug: string; name: string }[] };
}

async function platformSearch(page: Page, brand: string, query: string): Promise<Found['searchGames']> {
  const data = await graphql<Found>(page.request, brand, 'query($q: String!) { searchGames(query: $q, first: 20, license: "mga", ipCountryCode: "FI") { games { slug name } studios { slug name } } }', { q: query });
  return data.searchGames;
}

async function openSearch(page: Page): Promise<void> {
  await page.goto(`${brandOrigin('aurelia')}/en/`);
  const launcher = page.getByRole('button', { name: 'Search games' });
  await expect(launcher).toBeVisible();
  await launcher.click();
  await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
}

test.describe('search', () => {
  test('typing finds games in the platform order, and the keyboard follows a result', async ({ page }) => {
    const expected = await platformSearch(page, 'aurelia', 'sta');
    expect(expected.games.length, 'the catalogue has games matching "sta"').toBeGreaterThan(2);

    await openSearch(page);
    const input = page.getByRole('searchbox', { name: 'Search games and studios' });
    await expect(input).toBeFocused();
    await input.pressSequentially('sta', { delay: 40 });
    const games = page.getByTestId('search-games').getByRole('link');
    await expect(games.first()).toContainText(expected.games[0]!.name);
    await expect(games.nth(1)).toContainText(expected.games[1]!.name);
    await expect(page.getByTestId('search-status')).toContainText(/games and \d+ studios found/);

    // Down from the input into the results, down again, up back to the input.
    await input.press('ArrowDown');
    const firstHref = await page.getByRole('dialog').locator('a[data-search-result]').first().getAttribute('href');
    await expect(page.getByRole('dialog').locator('a[data-search-result]').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('dialog').locator('a[data-search-result]').nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(input).toBeFocused();
    // Enter in the input follows the first result.
    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${firstHref!.replace(/[/]/g, '\\/')}$`));
  });

  test('studios are found by name and lead to the studio page; Escape clears, then closes search', async ({ page }) => {
    const studios = await graphql<{ studios: { slug: string; name: string }[] }>(page.request, 'aurelia', '{ studios { slug name } }');
    const studio = studios.studios[0]!;
    const query = studio.name.split(' ')[0]!;
    const expected = await platformSearch(page, 'aurelia', query);
    expect(expected.studios.map((hit) => hit.slug)).toContain(studio.slug);

    await openSearch(page);
    await page.getByRole('searchbox', { name: 'Search games and studios' }).fill(query);
    const studioLink = page.getByTestId('search-studios').getByRole('link', { name: new RegExp(studio.name) });
    await expect(studioLink).toHaveAttribute('href', `/en/game-studio/${studio.slug}/`);

    // The browser's own search field: the first Escape clears it, the next one closes search.
    await page.getByRole('searchbox', { name: 'Search games and studios' }).press('Escape');
    await expect(page.getByRole('searchbox', { name: 'Search games and studios' })).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Search games' })).toBeFocused();
  });

  test('no match says so, and the input keeps at most 100 characters', async ({ page }) => {
    await openSearch(page);
    const input = page.getByRole('searchbox', { name: 'Search games and studios' });
    await input.fill('zzqxv');
    await expect(page.getByTestId('search-status')).toHaveText('No games or studios match “zzqxv”.');
    await input.fill('');
    await input.pressSequentially('a'.repeat(104));
    expect((await input.inputValue()).length).toBe(100);
    await expect(page.getByText('You have reached the limit of 100 characters.')).toBeVisible();
  });

  test('the open search overlay is axe-clean on a desktop', async ({ page }) => {
    await openSearch(page);
    await page.getByRole('searchbox', { name: 'Search games and studios' }).fill('sta');
    await expect(page.getByTestId('search-games')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the open search overlay is axe-clean and fills a phone @phone', async ({ page }) => {
    await openSearch(page);
    await page.getByRole('searchbox', { name: 'Search games and studios' }).fill('roul');
    await expect(page.getByTestId('search-games')).toBeVisible();
    const box = await page.getByRole('dialog').boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(page.viewportSize()!.width - 1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the search link leads to the games page form, which searches on the server', async ({ page }) => {
      await page.goto(`${brandOrigin('aurelia')}/en/`);
      await page.getByRole('link', { name: 'Search games' }).click();
      const input = page.getByRole('searchbox', { name: 'Search games and studios' });
      await expect(input).toHaveAttribute('maxlength', '100');
      await input.fill('sta');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(/\/en\/games\/\?q=sta$/);
      const expected = await platformSearch(page, 'aurelia', 'sta');
      const results = page.getByTestId('games-search-results');
      await expect(results.getByRole('heading', { name: 'Results for “sta”' })).toBeVisible();
      await expect(results.getByRole('link').filter({ hasText: expected.games[0]!.name }).first()).toBeVisible();
    });

    test('a hand-made query over 100 characters is refused with the limit named', async ({ page }) => {
      await page.goto(`${brandOrigin('aurelia')}/en/games/?q=${'b'.repeat(101)}`);
      await expect(page.getByRole('alert')).toHaveText('Your search is longer than 100 characters. Shorten it and try again.');
    });
  });
});
