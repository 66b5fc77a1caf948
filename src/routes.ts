/**
 * Every locale-prefixed route of the spec (section 2), with the layout it renders in and the
 * translation keys of its title and empty state. This table is the one place that knows which
 * paths exist: the catch-all page renders from it and `paths.ts` builds links from it.
 */

/** The layouts of spec section 2; `sports` picks logged-in or basic-with-Sign-In per request. */
export type LayoutKind = 'basic' | 'main' | 'loggedIn' | 'sports';

/** The product a route belongs to, when the route decides it (spec: product mode). */
export type RouteProduct = 'casino' | 'sports' | undefined;

/** One route of the lobby. */
export interface RouteDefinition {
  /** Stable id, used by `paths.ts` and tests. */
  id: string;
  /** Path after the locale prefix, with a trailing slash; `:slug` marks the one dynamic segment. */
  pattern: string;
  layout: LayoutKind;
  /** Translation key of the page title. */
  titleKey: string;
  /** Translation key of the empty state shown until the page's feature has content. */
  emptyKey: string;
  /** Hide the header's Sign In button (login-type pages of the basic layout). */
  hideSignIn?: boolean;
  /** Hide the quick menu (login and enter-code pages). */
  hideQuickMenu?: boolean;
  /** Product mode the path implies. */
  product?: RouteProduct;
  /** Needs a signed-in player; visitors see a sign-in prompt as the empty state. */
  playerOnly?: boolean;
}

/** The ten fixed game lists of the spec. */
export const FIXED_GAME_LISTS = [
  'blackjack', 'bonus', 'hot-games', 'jackpots', 'live-casino', 'megaways', 'new', 'roulette', 'slots', 'table-games',
] as const;

/** The sub-pages of /profile/. */
export const PROFILE_SUBPAGES = [
  'dashboard', 'deposit-history', 'documents', 'game-history', 'limits', 'global-limits', 'rewards-history',
  'self-exclusion', 'session-history', 'withdrawal-history',
] as const;

/** Payment-provider logins; each has a `-handler` route in the main layout. */
export const PROVIDER_LOGINS = ['trustly-login', 'zimpler-login', 'piq-login', 'keycloak-login'] as const;

/** Handler routes: where identity and payment providers return the player to. */
export const HANDLER_ROUTES = [
  'login-handler', 'keycloak-login-handler', 'redirection-handler', 'trustly-login-handler', 'zimpler-login-handler',
  'piq-login-handler',
] as const;

const route = (id: string, pattern: string, layout: LayoutKind, extra: Partial<RouteDefinition> = {}): RouteDefinition => ({
  id,
  pattern,
  layout,
  titleKey: `page.${id}.title`,
  emptyKey: 'empty.content',
  ...extra,
});

/** All routes, in match order (static before dynamic). */
export const ROUTES: readonly RouteDefinition[] = [
  route('lobby', '/', 'loggedIn'),
  // Login and entry.
  route('login', '/login/', 'basic', { hideSignIn: true, hideQuickMenu: true }),
  route('register', '/register/', 'basic', { hideSignIn: true }),
  route('enter-code', '/enter-code/', 'basic', { hideSignIn: true, hideQuickMenu: true }),
  route('quick-deposit-sign-in', '/quick-deposit-sign-in/', 'basic', { hideSignIn: true }),
  route('resend-code', '/resend-code/', 'basic', { hideSignIn: true }),
  route('verify-email', '/verify-email/', 'basic'),
  route('phone-verification', '/phone-verification/', 'basic'),
  // Payment-provider logins: zimpler in the basic layout, the others in the logged-in layout.
  route('trustly-login', '/trustly-login/', 'loggedIn'),
  route('zimpler-login', '/zimpler-login/', 'basic'),
  route('piq-login', '/piq-login/', 'loggedIn'),
  route('keycloak-login', '/keycloak-login/', 'loggedIn'),
  ...HANDLER_ROUTES.map((id) => route(id, `/${id}/`, 'main', { titleKey: 'page.handler.title', emptyKey: 'empty.handler' })),
  // Cashier.
  route('deposit', '/deposit/', 'loggedIn', { playerOnly: true, emptyKey: 'empty.signIn' }),
  route('withdraw', '/withdraw/', 'loggedIn', { playerOnly: true, emptyKey: 'empty.signIn' }),
  // Games.
  route('games', '/games/', 'loggedIn', { product: 'casino', emptyKey: 'empty.games' }),
  route('game', '/games/:slug/', 'loggedIn', { product: 'casino', emptyKey: 'empty.games' }),
  route('game-categories', '/game-category/', 'loggedIn', { product: 'casino', emptyKey: 'empty.games' }),
  route('game-category', '/game-category/:slug/', 'loggedIn', { product: 'casino', emptyKey: 'empty.games' }),
  route('game-lists', '/game-list/', 'loggedIn', { product: 'casino', emptyKey: 'empty.games' }),
  route('game-list', '/game-list/:slug/', 'loggedIn', { product: 'casino', emptyKey: 'empty.games' }),
  route('game-studios', '/game-studio/', 'loggedIn', { product: 'casino', emptyKey: 'empty.games' }),
  route('game-studio', '/game-studio/:slug/', 'loggedIn', { product: 'casino', emptyKey: 'empty.games' }),
  ...FIXED_GAME_LISTS.map((slug) =>
    route(`fixed-${slug}`, `/${slug}/`, 'loggedIn', { titleKey: `gameList.${slug}`, product: 'casino', emptyKey: 'empty.games' }),
  ),
  // Sports.
  route('sports', '/sports/', 'sports', { product: 'sports' }),
  route('more-casinos', '/more-casinos/', 'sports'),
  // Rewards.
  route('rewards', '/rewards/', 'loggedIn', { playerOnly: true, emptyKey: 'empty.signIn' }),
  route('rewards-shop', '/rewards-shop/', 'loggedIn'),
  route('cashback', '/cashback/', 'loggedIn'),
  route('christmas-2024', '/christmas-2024/', 'loggedIn'),
  route('promotions', '/promotions/', 'loggedIn'),
  route('bonus-terms-and-conditions', '/bonus-terms-and-conditions/', 'loggedIn'),
  // Jackpot and raffle.
  route('jackpot', '/jackpot/', 'loggedIn'),
  route('jackpot-terms', '/promotions/jackpots/', 'loggedIn'),
  route('raffle', '/raffle/', 'loggedIn'),
  // Gamification.
  route('loyalty-program', '/loyalty-program/', 'loggedIn'),
  route('missions', '/missions/', 'loggedIn'),
  route('tournaments', '/tournaments/', 'loggedIn'),
  // Account.
  route('profile', '/profile/', 'loggedIn', { playerOnly: true, emptyKey: 'empty.signIn' }),
  ...PROFILE_SUBPAGES.map((sub) => route(`profile-${sub}`, `/profile/${sub}/`, 'loggedIn', { playerOnly: true, emptyKey: 'empty.signIn' })),
  route('additional-information', '/additional-information/', 'loggedIn', { playerOnly: true, emptyKey: 'empty.signIn' }),
  route('source-of-wealth', '/source-of-wealth/', 'loggedIn', { playerOnly: true, emptyKey: 'empty.signIn' }),
  // Legal.
  route('terms-and-conditions', '/terms-and-conditions/', 'basic'),
  route('privacy-policy', '/privacy-policy/', 'basic'),
  // Internal.
  route('internal-cookie', '/internal-cookie/', 'basic'),
];

/** A route matched against a path, with its dynamic segment. */
export interface RouteMatch {
  route: RouteDefinition;
  slug?: string;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** Finds the route for a path after the locale prefix ("/games/book-of-x/"), or undefined. */
export function matchRoute(path: string): RouteMatch | undefined {
  for (const candidate of ROUTES) {
    if (!candidate.pattern.includes(':slug')) {
      if (candidate.pattern === path) return { route: candidate };
      continue;
    }
    const [prefix, suffix] = candidate.pattern.split(':slug') as [string, string];
    if (!path.startsWith(prefix) || !path.endsWith(suffix)) continue;
    const slug = path.slice(prefix.length, path.length - suffix.length);
    if (SLUG.test(slug)) return { route: candidate, slug };
  }
  return undefined;
}

/** Looks a route up by id; throws for an id no route has (a programming error). */
export function routeById(id: string): RouteDefinition {
  const found = ROUTES.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No route with id "${id}" in src/routes.ts`);
  return found;
}
