/**
 * Links of the games feature, built on `paths.ts`: a game's page, a list's page (the fixed route
 * for the ten fixed lists, /game-list/<slug>/ for editorial ones), a studio's and a category's.
 */
import { loginPath, routePath, type PathContext, type Query } from '../../paths.ts';
import { FIXED_GAME_LISTS } from '../../routes.ts';

/** One of the ten fixed game lists. */
export type FixedGameList = (typeof FIXED_GAME_LISTS)[number];

/** Whether a list slug is one of the ten fixed lists (they have routes of their own). */
export function isFixedGameList(slug: string): slug is FixedGameList {
  return (FIXED_GAME_LISTS as readonly string[]).includes(slug);
}

/** A game's page: /games/<slug>/. */
export function gamePath(paths: PathContext, slug: string): string {
  return routePath(paths, 'game', { slug });
}

/**
 * A visitor's way to play a game for real: the login page, returning to the game's page once signed
 * in. This is the job of the spec's gameInit cookie (section 3): the game the visitor chose is
 * opened after the sign-in, carried in the address every sign-in flow already passes along.
 */
export function gameSignInPath(paths: PathContext, slug: string): string {
  return loginPath(paths, { returnTo: gamePath(paths, slug) });
}

/** A list's page: /<slug>/ for fixed lists, else /game-list/<slug>/. */
export function gameListPath(paths: PathContext, slug: string, query?: Query): string {
  return isFixedGameList(slug) ? routePath(paths, `fixed-${slug}`, { query }) : routePath(paths, 'game-list', { slug, query });
}

/** A studio's page: /game-studio/<slug>/. */
export function studioPath(paths: PathContext, slug: string, query?: Query): string {
  return routePath(paths, 'game-studio', { slug, query });
}

/** A category's page: /game-category/<slug>/. */
export function categoryPath(paths: PathContext, slug: string, query?: Query): string {
  return routePath(paths, 'game-category', { slug, query });
}
