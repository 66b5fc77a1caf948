import { describe, expect, it } from 'vitest';
import { gameSignInPath } from './game-paths.ts';

describe('gameSignInPath (the gameInit cookie\'s job, spec section 3)', () => {
  it('sends a visitor to the login page, returning to the game once signed in', () => {
    expect(gameSignInPath({ locale: 'fi', localization: true }, 'book-of-aurelia')).toBe('/fi/login/?returnTo=%2Ffi%2Fgames%2Fbook-of-aurelia%2F');
    expect(gameSignInPath({ locale: 'en', localization: false }, 'lucky-7')).toBe('/login/?returnTo=%2Fgames%2Flucky-7%2F');
  });

  it('carries a slug with reserved characters intact to the game page', () => {
    const returnTo = new URL(gameSignInPath({ locale: 'en', localization: true }, 'a&b?c'), 'https://lobby.example').searchParams.get('returnTo');
    expect(returnTo).toBe('/en/games/a%26b%3Fc/');
  });
});
