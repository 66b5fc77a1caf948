import { describe, expect, it } from 'vitest';
import { everyNth, MAX_RECENTLY_PLAYED_GAMES, recentlyPlayedTiles } from './recently-played.ts';

const entry = (slug: string, extra: Record<string, string> = {}) => ({
  gameId: `id-${slug}`,
  lastPlayedAt: '2026-01-01T00:00:00.000Z',
  gameDescriptorV2: { json: { id: `id-${slug}`, slug, name: `Game ${slug}`, studio: 'Nova', imageUrl: `/media/games/${slug}.svg`, ...extra } },
});

describe('recently played', () => {
  it('keeps the platform order and at most 5 games', () => {
    const tiles = recentlyPlayedTiles(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((slug) => entry(slug)));
    expect(MAX_RECENTLY_PLAYED_GAMES).toBe(5);
    expect(tiles.map((tile) => tile.slug)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(tiles[0]).toEqual({ slug: 'a', name: 'Game a', imageUrl: '/media/games/a.svg', studioName: 'Nova' });
  });

  it('leaves out descriptors without a slug or a name, and repeats', () => {
    const broken = { gameId: 'x', lastPlayedAt: '', gameDescriptorV2: { json: null } };
    const tiles = recentlyPlayedTiles([entry('a'), broken, entry('b', { name: '' }), entry('a'), entry('c')]);
    expect(tiles.map((tile) => tile.slug)).toEqual(['a', 'c']);
  });

  it('answers true on every third balance change', () => {
    const third = everyNth(3);
    expect(Array.from({ length: 7 }, () => third())).toEqual([false, false, true, false, false, true, false]);
    expect(() => everyNth(0)).toThrow(/at least 1/);
  });
});
