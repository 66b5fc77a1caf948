import { describe, expect, it } from 'vitest';
import { lobbyRestPath, parseShown } from './lobby-rest-path.ts';

describe('the lobby later blocks path', () => {
  it('names the shown blocks in the locale of the page, and reads them back', () => {
    const path = lobbyRestPath({ locale: 'en', localization: true }, ['hero', 'hot-games']);
    expect(path).toBe('/en/lobby-blocks/?shown=hero%2Chot-games');
    expect(parseShown(new URL(path, 'http://x').searchParams.get('shown'))).toEqual(['hero', 'hot-games']);
    expect(lobbyRestPath({ locale: 'en', localization: false }, ['hero'])).toBe('/lobby-blocks/?shown=hero');
  });

  it('refuses a missing list and anything that is not a list of block ids', () => {
    for (const bad of [null, '', 'hero,', 'Hero', 'a b', '<script>', 'x'.repeat(2001)]) expect(parseShown(bad)).toBeNull();
  });
});
