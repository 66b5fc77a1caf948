/**
 * Loads a legal document (terms and conditions, privacy policy, bonus terms) from the platform's
 * CMS in the page's locale, current or in the version a player accepted (`?version=`). Like the
 * lobby layout, a short cache keyed by the brand's content generation shows an editor's save on the
 * next load once the lobby sees it (content-version.server.ts).
 */
import { platformQuery } from '../../lib/graphql.server.ts';
import { LegalDocumentDocument, type LegalDocumentQuery } from '../../lib/graphql/generated/graphql.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { contentGeneration } from '../render-cache/content-version.server.ts';
import type { PageContext } from '../page-context/page-context.server.ts';

/** The legal documents, by their route id (src/routes.ts). */
export const LEGAL_ROUTES = ['terms-and-conditions', 'privacy-policy', 'bonus-terms-and-conditions'] as const;
export type LegalRoute = (typeof LEGAL_ROUTES)[number];

/** A legal document as the page shows it (updated is YYYY-MM-DD); html is the content file's, sanitised when rendered. */
export type LegalDocument = NonNullable<LegalDocumentQuery['legalDocument']>;

const cache = new TtlCache<LegalDocument | null>({ ttlMs: 500, maxEntries: 500 });

/** A version name as the content files write them; anything else is not looked up. */
const VERSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

/** Whether a ?version= value has a version's shape (only such a value is looked up, or named back to the reader). */
export function isVersionName(value: string | null): value is string {
  return value !== null && VERSION.test(value);
}

/** The document in the page's locale: the version asked for when a player accepted it, else the current one; null when the brand has none. */
export function loadLegalDocument(ctx: PageContext, document: LegalRoute, version: string | null): Promise<LegalDocument | null> {
  const { brand, locale } = ctx;
  const wanted = isVersionName(version) ? version : null;
  return cache.get(`${brand.id}|${contentGeneration(brand.id)}|${locale}|${document}|${wanted ?? ''}`, async () => {
    const query = (asked: string | null) =>
      platformQuery(LegalDocumentDocument, { document, locale, version: asked }, { brand: brand.id, locale });
    const found = (await query(wanted)).legalDocument;
    // A version no one accepted (a mistyped link): show the current one, which the page says.
    return found ?? (wanted ? (await query(null)).legalDocument : null);
  });
}
