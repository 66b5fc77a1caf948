import { describe, expect, it } from 'vitest';
import { FALLBACK_MESSAGES } from './i18n/messages.ts';
import { FIXED_GAME_LISTS, matchRoute, PROFILE_SUBPAGES, ROUTES, routeById } from './routes.ts';

describe('route table', () => {
  it('has every path of spec section 2 with a trailing slash', () => {
    const patterns = ROUTES.map((route) => route.pattern);
    for (const path of [
      '/', '/login/', '/register/', '/enter-code/', '/quick-deposit-sign-in/', '/resend-code/', '/verify-email/',
      '/phone-verification/', '/trustly-login/', '/zimpler-login/', '/piq-login/', '/login-handler/',
      '/keycloak-login-handler/', '/redirection-handler/', '/trustly-login-handler/', '/zimpler-login-handler/',
      '/piq-login-handler/', '/deposit/', '/withdraw/', '/games/', '/games/:slug/', '/game-category/',
      '/game-category/:slug/', '/game-list/', '/game-list/:slug/', '/game-studio/', '/game-studio/:slug/', '/sports/',
      '/more-casinos/', '/rewards/', '/rewards-shop/', '/cashback/', '/christmas-2024/', '/promotions/',
      '/bonus-terms-and-conditions/', '/jackpot/', '/promotions/jackpots/', '/raffle/', '/loyalty-program/',
      '/missions/', '/tournaments/', '/profile/', '/additional-information/', '/source-of-wealth/',
      '/terms-and-conditions/', '/privacy-policy/', '/internal-cookie/',
      ...FIXED_GAME_LISTS.map((slug) => `/${slug}/`),
      ...PROFILE_SUBPAGES.map((sub) => `/profile/${sub}/`),
    ]) {
      expect(patterns, path).toContain(path);
    }
    for (const pattern of patterns) expect(pattern.endsWith('/')).toBe(true);
  });

  it('gives every route a title and empty-state text', () => {
    for (const route of ROUTES) {
      expect(FALLBACK_MESSAGES, route.id).toHaveProperty([route.titleKey]);
      expect(FALLBACK_MESSAGES, route.id).toHaveProperty([route.emptyKey]);
    }
  });

  it('assigns the layouts the spec lists', () => {
    const layoutOf = (id: string) => routeById(id).layout;
    for (const id of ['login', 'enter-code', 'quick-deposit-sign-in', 'resend-code', 'privacy-policy', 'terms-and-conditions', 'verify-email', 'zimpler-login']) {
      expect(layoutOf(id), id).toBe('basic');
    }
    for (const id of ['login-handler', 'keycloak-login-handler', 'redirection-handler', 'trustly-login-handler', 'zimpler-login-handler', 'piq-login-handler']) {
      expect(layoutOf(id), id).toBe('main');
    }
    for (const id of ['lobby', 'profile', 'profile-limits', 'cashback', 'christmas-2024', 'deposit', 'withdraw', 'game', 'games', 'jackpot', 'raffle', 'loyalty-program', 'missions', 'tournaments', 'trustly-login', 'piq-login', 'source-of-wealth']) {
      expect(layoutOf(id), id).toBe('loggedIn');
    }
    expect(layoutOf('sports')).toBe('sports');
    expect(layoutOf('more-casinos')).toBe('sports');
    for (const id of ['login', 'enter-code', 'quick-deposit-sign-in', 'resend-code']) expect(routeById(id).hideSignIn, id).toBe(true);
    for (const id of ['login', 'enter-code']) expect(routeById(id).hideQuickMenu, id).toBe(true);
  });

  it('matches static and slug routes and rejects the rest', () => {
    expect(matchRoute('/')?.route.id).toBe('lobby');
    expect(matchRoute('/games/book-of-ra-7/')).toMatchObject({ route: { id: 'game' }, slug: 'book-of-ra-7' });
    expect(matchRoute('/game-studio/nordlight/')).toMatchObject({ route: { id: 'game-studio' }, slug: 'nordlight' });
    expect(matchRoute('/promotions/jackpots/')?.route.id).toBe('jackpot-terms');
    expect(matchRoute('/profile/limits/')?.route.id).toBe('profile-limits');
    expect(matchRoute('/megaways/')?.route.id).toBe('fixed-megaways');
    expect(matchRoute('/games/a/b/')).toBeUndefined();
    expect(matchRoute('/games/../')).toBeUndefined();
    expect(matchRoute('/nope/')).toBeUndefined();
    expect(matchRoute('/profile/unknown/')).toBeUndefined();
  });
});
