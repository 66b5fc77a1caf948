/**
 * Loads the more-casinos page's list (the CMS's `content/<brand>/more-casinos.json`) in the page's
 * locale. Like the lobby layout, a short cache keyed by the brand's content generation shows an
 * editor's save on the next load once the lobby sees it (content-version.server.ts).
 */
import { platformQuery } from '../../lib/graphql.server.ts';
import { MoreCasinosDocument, type MoreCasinosQuery } from '../../lib/graphql/generated/graphql.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { contentGeneration } from '../render-cache/content-version.server.ts';
import type { PageContext } from '../page-context/page-context.server.ts';

/** A sister casino as the page shows it: its site (an external https URL) and its logo (a /media/logos/ path or an https URL, with its intrinsic size). */
export type SisterCasino = MoreCasinosQuery['moreCasinos'][number];

const cache = new TtlCache<SisterCasino[]>({ ttlMs: 500, maxEntries: 500 });

/** The brand's sister casinos, lines in the page's locale. */
export function loadMoreCasinos(ctx: PageContext): Promise<SisterCasino[]> {
  const { brand, locale } = ctx;
  return cache.get(`${brand.id}|${contentGeneration(brand.id)}|${locale}`, async () => {
    const data = await platformQuery(MoreCasinosDocument, { locale }, { brand: brand.id, locale });
    // Only https sites leave the lobby; the platform checks this too, but a link is no place to trust.
    return data.moreCasinos.filter((casino) => /^https:\/\//.test(casino.url));
  });
}
