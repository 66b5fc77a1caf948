import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_LENGTH, nextResultIndex, searchQueryOf, toSearchHits } from './search.ts';

describe('search input rules', () => {
  it('sends at most 100 characters and nothing for blank input', () => {
    expect(MAX_SEARCH_LENGTH).toBe(100);
    expect(searchQueryOf('x'.repeat(130))).toHaveLength(100);
    expect(searchQueryOf('   ')).toBeNull();
    expect(searchQueryOf('')).toBeNull();
    expect(searchQueryOf(' sta')).toBe(' sta');
  });

  it('moves through the results with the arrow keys, back to the input above the first', () => {
    expect(nextResultIndex(-1, 3, 'ArrowDown')).toBe(0);
    expect(nextResultIndex(2, 3, 'ArrowDown')).toBe(0);
    expect(nextResultIndex(1, 3, 'ArrowUp')).toBe(0);
    expect(nextResultIndex(0, 3, 'ArrowUp')).toBe(-1);
    expect(nextResultIndex(-1, 0, 'ArrowDown')).toBe(-1);
  });

  it('turns the platform answer into tiles and studio hits', () => {
    const hits = toSearchHits({
      searchGames: {
        query: 'sta', totalCount: 31,
        games: [{ slug: 'starlit-dragon', name: 'Starlit Dragon', imageUrl: '/media/games/starlit-dragon.svg', studio: { name: 'Nova' } }],
        studios: [{ slug: 'stellar', name: 'Stellar', gameCount: 24 }],
      },
    });
    expect(hits.games).toEqual([{ slug: 'starlit-dragon', name: 'Starlit Dragon', imageUrl: '/media/games/starlit-dragon.svg', studioName: 'Nova' }]);
    expect(hits.studios[0]?.slug).toBe('stellar');
    expect(hits.totalCount).toBe(31);
  });
});
