/**
 * Loads the operator's account banners (the CMS's `content/<brand>/banners.json`) for a signed-in
 * player's page, texts in the page's locale and links made lobby paths of that locale. Like the
 * lobby layout, a short cache keyed by the brand's content generation shows an editor's save on the
 * next load once the lobby sees it (content-version.server.ts). A platform that cannot answer costs
 * the page its banners, never the page.
 */
import { platformQuery, PlatformError } from '../../lib/graphql.server.ts';
import { AccountBannersDocument } from '../../lib/graphql/generated/graphql.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { localePath, type PathContext } from '../../paths.ts';
import { contentGeneration } from '../render-cache/content-version.server.ts';
import type { PageContext } from '../page-context/page-context.server.ts';
import type { OperatorBanner } from './banners.ts';

const cache = new TtlCache<OperatorBanner[]>({ ttlMs: 500, maxEntries: 500 });

/** A banner's link for the page: a lobby path gets the locale prefix; only https leaves the lobby (the platform checks this too). */
function linkOf(link: { href: string; label: string }, paths: PathContext): OperatorBanner['link'] {
  if (/^https:\/\//.test(link.href)) return link;
  if (!link.href.startsWith('/')) return null;
  const [, path = '/', rest = ''] = /^([^?#]*)(.*)$/.exec(link.href) ?? [];
  return { href: `${localePath(paths, path)}${rest}`, label: link.label };
}

/** The brand's operator banners for the page's locale (the island picks the player's by country and time). */
export function loadOperatorBanners(ctx: PageContext): Promise<OperatorBanner[]> {
  const { brand, locale, paths } = ctx;
  return cache
    .get(`${brand.id}|${contentGeneration(brand.id)}|${locale}`, async () => {
      const data = await platformQuery(AccountBannersDocument, { locale }, { brand: brand.id, locale });
      return data.accountBanners.map((banner) => ({
        id: banner.id,
        type: banner.type,
        text: banner.text,
        link: banner.link ? linkOf(banner.link, paths) : null,
        countries: banner.countries,
        from: banner.from,
        until: banner.until,
      }));
    })
    .catch((error: unknown) => {
      const traceId = error instanceof PlatformError && error.traceId ? ` (traceId ${error.traceId})` : '';
      console.warn(`[lobby] account banners unavailable, rendering without them: ${(error as Error).message}${traceId}`);
      return [];
    });
}
