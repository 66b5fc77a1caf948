/**
 * The one place internal URLs are built. Every link gets the locale prefix unless the brand has
 * localisation turned off, and a trailing slash, so no component concatenates paths by hand.
 */
import type { Locale } from './i18n/locales.ts';
import { routeById } from './routes.ts';

/** What a path builder needs to know about the request. */
export interface PathContext {
  locale: Locale;
  /** False when the brand turned localisation off: links carry no locale prefix. */
  localization: boolean;
}

/** The query parameter carrying where a sign-in goes once it is done (read by every sign-in flow). */
export const RETURN_TO_PARAM = 'returnTo';

/** Query parameters; undefined values are left out. */
export type Query = Record<string, string | number | undefined>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Prefixes a locale-relative path ("/games/") with the locale ("/fi/games/"). */
export function localePath(ctx: PathContext, path: string, query?: Query): string {
  const normalised = path.endsWith('/') ? path : `${path}/`;
  const prefixed = ctx.localization ? `/${ctx.locale}${normalised}` : normalised;
  return withQuery(prefixed, query);
}

/** The URL of a route of `routes.ts` by id, filling its slug. */
export function routePath(ctx: PathContext, id: string, options: { slug?: string; query?: Query } = {}): string {
  const { pattern } = routeById(id);
  if (pattern.includes(':slug') && !options.slug) throw new Error(`Route "${id}" needs a slug`);
  const path = options.slug ? pattern.replace(':slug', encodeURIComponent(options.slug)) : pattern;
  return localePath(ctx, path, options.query);
}

/** The locale's home page (the casino lobby). */
export function homePath(ctx: PathContext, query?: Query): string {
  return localePath(ctx, '/', query);
}

/**
 * The login page; autoSignIn=1 suppresses the loading spinner (spec section 2); `returnTo`, a path
 * of this site, is where the player lands once signed in (the login page guards it to this origin).
 */
export function loginPath(ctx: PathContext, options: { autoSignIn?: boolean; returnTo?: string } = {}): string {
  return routePath(ctx, 'login', { query: { autoSignIn: options.autoSignIn ? 1 : undefined, [RETURN_TO_PARAM]: options.returnTo } });
}

/** The same page in another locale, keeping the rest of the path. */
export function switchLocalePath(ctx: PathContext, currentPath: string, target: Locale): string {
  if (!ctx.localization) return currentPath;
  const rest = currentPath.replace(/^\/[^/]+/, '');
  return `/${target}${rest || '/'}`;
}

/** A file from a brand folder's assets/, or an absolute URL unchanged. */
export function brandAssetPath(brandId: string, ref: string): string {
  if (/^https:\/\//.test(ref)) return ref;
  return `/brand-assets/${brandId}/${ref.replace(/^assets\//, '')}`;
}
