import { describe, expect, it } from 'vitest';
import { orderForGamesPage } from './pages.server.ts';

describe('orderForGamesPage', () => {
  it('leads with the most-played lists and keeps unknown lists in the platform order after them', () => {
    const slugs = ['blackjack', 'zeta', 'slots', 'alpha', 'hot-games', 'new'].map((slug) => ({ slug }));
    expect(orderForGamesPage(slugs).map((list) => list.slug)).toEqual(['hot-games', 'new', 'slots', 'blackjack', 'zeta', 'alpha']);
  });
});
