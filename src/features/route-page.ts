/**
 * What a feature page is: a loader and an Astro component for a route of `src/routes.ts`. The
 * catch-all page picks the layout the spec assigns the route, runs the loader (null means "no such
 * thing": the not-found page, 404) and renders the component inside the layout.
 */
import type { PageContext } from './page-context/page-context.server.ts';

/** What a loader returns: the page title (else the route's own) and the data for the component. */
export interface LoadedPage<D> {
  title?: string;
  data: D;
  /** The page's largest paint, when it is an image: preloaded from the head so it starts with the HTML. */
  heroImage?: { mobile: string; desktop: string };
  /**
   * Hashes ('sha256-…') of inline scripts the component writes. The page adds them to the CSP
   * header before it starts rendering: a component's own insertScriptHash can come after the
   * streamed response's headers have gone out, and the browser then blocks the script.
   */
  scriptHashes?: `sha256-${string}`[];
}

/** A feature page: its loader and its Astro component (props `{ ctx, slug, data }`). */
export interface RoutePage<D = unknown> {
  load(ctx: PageContext, slug: string | undefined, url: URL): Promise<LoadedPage<D> | null>;
  /**
   * Whether the page is there for this visitor, where it can be switched off (its settings disabled
   * for the country, say): menus leave out links to a page that would answer "not found".
   */
  shown?(ctx: PageContext): Promise<boolean>;
  // Astro components are functions the compiler produces; their props are checked where they are written.
  component: (props: { ctx: PageContext; slug?: string; data: D }) => unknown;
}

/** Declares a feature page with its data type tied between loader and component. */
export function routePage<D>(page: RoutePage<D>): RoutePage<unknown> {
  return page as RoutePage<unknown>;
}
