/**
 * Loads the more-casinos page's list (the CMS's `content/<brand>/more-casinos.json`) in the page's
 * locale. Like the lobby layout, a short cache keyed by the brand's content generation shows an
 * editor's save on the next load once the lobby sees it (content-version.server.ts).
 */
import { platformQuery } from '../../lib/graphql.server.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { contentGeneration } from '../render-cache/content-version.server.ts';
import type { PageContext } from '../page-context/page-context.server.ts';

/** A sister casino as the page shows it. */
export interface SisterCasino {
  id: string;
  name: string;
  line: string;
  /** The casino's site, an external https URL. */
  url: string;
  /** A /media/logos/ path or an https URL, with its intrinsic size. */
  logo: { url: string; width: number; height: number };
}

const MORE_CASINOS_QUERY = /* GraphQL */ `
  query MoreCasinos($locale: String) { moreCasinos(locale: $locale) { id name line url logo { url width height } } }`;

const cache = new TtlCache<SisterCasino[]>({ ttlMs: 500, maxEntries: 500 });

/** The brand's sister casinos, lines in the page's locale. */
export function loadMoreCasinos(ctx: PageContext): Promise<SisterCasino[]> {
  const { brand, locale } = ctx;
  return cache.get(`${brand.id}|${contentGeneration(brand.id)}|${locale}`, async () => {
    const data = await platformQuery<{ moreCasinos: SisterCasino[] }>('MoreCasinos', MORE_CASINOS_QUERY, { locale }, { brand: brand.id, locale });
    // Only https sites leave the lobby; the platform checks this too, but a link is no place to trust.
    return data.moreCasinos.filter((casino) => /^https:\/\//.test(casino.url));
  });
}
