/**
 * Provider of the week on the lobby, against the real platform's pick: the studio's top 10 in a
 * spotlight carousel, the next 10 as a list, and "Discover all {gameStudio} games" leading to the
 * studio page.
 */
import { expect, test } from './support/test.ts';
import { waitForLobbyRest } from './support/hydration.ts';
import { graphql } from './support/player.ts';
import { brandOrigin } from './support/urls.ts';

interface Pick {
  providerOfTheWeek: { studio: { slug: string; name: string }; spotlightGames: { name: string }[]; moreGames: { name: string }[] };
}

test('the lobby shows the provider of the week: top 10 carousel, next 10 list, link to the studio', async ({ page }) => {
  const { providerOfTheWeek: pick } = await graphql<Pick>(
    page.request, 'aurelia',
    '{ providerOfTheWeek(license: "mga", ipCountryCode: "FI") { studio { slug name } spotlightGames { name } moreGames { name } } }',
  );
  expect(pick.spotlightGames).toHaveLength(10);

  await page.goto(`${brandOrigin('aurelia')}/en/`);
  await waitForLobbyRest(page);
  const block = page.getByTestId('provider-of-the-week');
  await block.scrollIntoViewIfNeeded();
  await expect(block.getByText('Provider of the week')).toBeVisible();
  await expect(block.getByRole('heading', { name: pick.studio.name, exact: true })).toBeVisible();

  const carousel = block.getByRole('region', { name: `Top 10 ${pick.studio.name} games` });
  await expect(carousel.locator('.game-tile__name')).toHaveText(pick.spotlightGames.map((game) => game.name));
  // A fixed set: scrolling to its end fetches nothing more and offers no "Show more games".
  await carousel.locator('.game-rail__viewport').evaluate((viewport) => viewport.scrollTo({ left: viewport.scrollWidth }));
  await expect(carousel.getByRole('button', { name: 'Next games' })).toBeHidden();
  await expect(carousel.locator('.game-tile')).toHaveCount(10);

  const list = block.getByTestId('provider-of-the-week-list');
  await expect(list.locator('.game-tile__name')).toHaveText(pick.moreGames.map((game) => game.name));

  const discover = block.getByRole('link', { name: `Discover all ${pick.studio.name} games` });
  await expect(discover).toHaveAttribute('href', `/en/game-studio/${pick.studio.slug}/`);
  await discover.click();
  await expect(page.getByRole('heading', { level: 1, name: pick.studio.name })).toBeVisible();
});
