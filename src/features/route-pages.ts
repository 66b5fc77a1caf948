/**
 * The feature pages: which loader and component render a route of `src/routes.ts` once its
 * feature exists. The catch-all page picks the layout the spec assigns the route, runs the loader
 * (null means "no such thing": the not-found page, 404) and renders the component inside the
 * layout. A route with no entry renders its page frame and empty state.
 */
import type { PageContext } from './page-context/page-context.server.ts';

/** What a loader returns: the page title (else the route's own) and the data for the component. */
export interface LoadedPage<D> {
  title?: string;
  data: D;
}

/** A feature page: its loader and its Astro component (props `{ ctx, slug, data }`). */
export interface RoutePage<D = unknown> {
  load(ctx: PageContext, slug: string | undefined, url: URL): Promise<LoadedPage<D> | null>;
  // Astro components are functions the compiler produces; their props are checked where they are written.
  component: (props: { ctx: PageContext; slug?: string; data: D }) => unknown;
}

/** Declares a feature page with its data type tied between loader and component. */
export function routePage<D>(page: RoutePage<D>): RoutePage<unknown> {
  return page as RoutePage<unknown>;
}

/** Route id → its feature page. Features add their entries here. */
export const ROUTE_PAGES: Partial<Record<string, RoutePage>> = {};
