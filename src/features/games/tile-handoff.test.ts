import { describe, expect, it } from 'vitest';
import { HANDED_FOR_MS, handOverSlice, initialTiles } from './tile-handoff.ts';
import type { GameSlice } from './types.ts';

const slice: GameSlice = {
  games: [
    { slug: 'rusty-cherries', name: 'Rusty Cherries', imageUrl: '/media/games/rusty-cherries.svg', studioName: 'Saffron Circuit' },
    { slug: 'thunder-owls', name: 'Thunder Owls', imageUrl: '/media/games/thunder-owls.svg', studioName: 'Quartzline' },
  ],
  endCursor: 'Z2MxOjI=',
  hasNextPage: true,
  totalCount: 40,
};

describe('tile hand-over (server side)', () => {
  it('gives the island a key and the paging, never the games, and the render takes the games back by the key', () => {
    const handed = handOverSlice(slice);
    expect(handed).toEqual({ tiles: expect.stringMatching(/^t[0-9a-z]+$/), endCursor: 'Z2MxOjI=', hasNextPage: true, totalCount: 40 });
    expect(JSON.stringify(handed)).not.toContain('rusty-cherries');
    expect(initialTiles(handed.tiles)).toEqual(slice.games);
    // Astro renders an island twice on the server (once to find its renderer): both see the games.
    expect(initialTiles(handed.tiles)).toEqual(slice.games);
  });

  it('keys every hand-over apart, so two rails of one page never swap games', () => {
    const first = handOverSlice(slice);
    const second = handOverSlice({ ...slice, games: slice.games.slice(1) });
    expect(first.tiles).not.toBe(second.tiles);
    expect(initialTiles(second.tiles).map((game) => game.slug)).toEqual(['thunder-owls']);
  });

  it('forgets old hand-overs, and says so if a render asks for one', () => {
    const old = handOverSlice(slice);
    handOverSlice(slice, Date.now() + HANDED_FOR_MS + 1);
    expect(() => initialTiles(old.tiles)).toThrow(/No games were handed over/);
  });
});
