/**
 * Loads /promotions/'s list (the CMS's `content/<brand>/promotions.json`) in the page's locale.
 * Like the more-casinos page, a short cache keyed by the brand's content generation shows an
 * editor's save on the next load.
 */
import { platformQuery } from '../../lib/graphql.server.ts';
import { PromotionsDocument, type PromotionsQuery } from '../../lib/graphql/generated/graphql.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { contentGeneration } from '../render-cache/content-version.server.ts';
import type { PageContext } from '../page-context/page-context.server.ts';

/** A promotion as the page shows it. */
export type ShownPromotion = PromotionsQuery['promotions'][number];

const cache = new TtlCache<ShownPromotion[]>({ ttlMs: 500, maxEntries: 500 });

/** The brand's live promotions, texts in the page's locale. */
export function loadPromotions(ctx: PageContext): Promise<ShownPromotion[]> {
  const { brand, locale } = ctx;
  return cache.get(`${brand.id}|${contentGeneration(brand.id)}|${locale}`, async () => (await platformQuery(PromotionsDocument, { locale }, { brand: brand.id, locale })).promotions);
}
