/**
 * Which menu links to show: a link to a page that is switched off for this visitor (the jackpot or
 * raffle settings disabled for the country, say) would lead to "not found", so it is left out. The
 * feature page decides (`RoutePage.shown`); a link to anything else stays.
 */
import type { PageContext } from './page-context/page-context.server.ts';
import { matchRoute } from '../routes.ts';
import { ROUTE_PAGES } from './route-pages.ts';

/** The items whose pages are there for this visitor, in their order. */
export async function shownMenuItems<T extends { href: string }>(ctx: PageContext, items: T[]): Promise<T[]> {
  const shown = await Promise.all(
    items.map(async (item) => {
      const match = matchRoute(item.href.split(/[?#]/)[0] ?? item.href);
      const page = match ? ROUTE_PAGES[match.route.id] : undefined;
      if (!page?.shown) return true;
      return page.shown(ctx).catch((error: unknown) => {
        console.warn(`[lobby] could not tell whether ${item.href} is on, keeping its link: ${(error as Error).message}`);
        return true;
      });
    }),
  );
  return items.filter((_, index) => shown[index]);
}
