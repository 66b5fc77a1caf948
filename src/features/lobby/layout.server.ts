/**
 * Loads the lobby layout (the CMS's ordered content blocks) for a page: the platform's layout
 * query by the visitor's country, with texts in the page's locale. A short cache keeps the last
 * good layout on screen if the platform stumbles; its key carries the brand's content generation,
 * so an editor's save shows on the next load once the lobby sees it (content-version.server.ts),
 * and within 500 ms on a platform that cannot tell. Blocks of a type this lobby does not know are left out and logged.
 */
import { platformQuery } from '../../lib/graphql.server.ts';
import { ContentProblemsDocument, LayoutDocument, type ContentProblemsQuery } from '../../lib/graphql/generated/graphql.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { contentGeneration } from '../render-cache/content-version.server.ts';
import type { PageContext } from '../page-context/page-context.server.ts';
import { isBlockType, type LayoutBlock } from './blocks.ts';
import { noteContentProblems } from './content-problems-log.server.ts';

/** A content file whose newest save is broken; the platform serves its last good version. */
export type ContentProblem = ContentProblemsQuery['contentProblems'][number];

/** The layout of one page render. */
export interface LobbyLayout {
  source: string;
  /** Whether this is an editor's draft (a preview token): the page says so and is never cached. */
  preview?: boolean;
  blocks: LayoutBlock[];
  problems: ContentProblem[];
}

const cache = new TtlCache<LobbyLayout>({ ttlMs: 500, maxEntries: 500 });

/** The brand's layout for the visitor's country and the page's locale. */
export async function loadLobbyLayout(ctx: PageContext): Promise<LobbyLayout> {
  const { brand, locale, country } = ctx;
  if (ctx.previewToken) {
    // An editor's draft: asked for afresh, never kept in the cache other visitors read.
    const data = await platformQuery(LayoutDocument, { countryCode: country.countryCode, locale }, { brand: brand.id, locale, previewToken: ctx.previewToken });
    return { source: data.layout.source, blocks: data.layout.blocks.filter((block) => isBlockType(block.type)) as LayoutBlock[], problems: data.layout.problems, preview: data.layout.preview };
  }
  const key = `${brand.id}|${contentGeneration(brand.id)}|${country.countryCode}|${locale}`;
  const layout = await cache.get(key, async () => {
    const data = await platformQuery(
      LayoutDocument, { countryCode: country.countryCode, locale }, { brand: brand.id, locale },
    );
    const blocks = data.layout.blocks.filter((block) => {
      if (isBlockType(block.type)) return true;
      console.warn(`[lobby] ${data.layout.source}: block "${block.id}" has type ${block.type}, which this lobby cannot render; it is left out`);
      return false;
    }) as LayoutBlock[];
    return { source: data.layout.source, blocks, problems: data.layout.problems };
  });
  noteContentProblems(brand.id, layout.problems);
  return layout;
}

/** The brand's content files whose newest save is broken (for the editors' status page). */
export async function loadContentProblems(ctx: PageContext): Promise<ContentProblem[]> {
  const data = await platformQuery(ContentProblemsDocument, {}, {
    brand: ctx.brand.id,
    locale: ctx.locale,
  });
  noteContentProblems(ctx.brand.id, data.contentProblems);
  return data.contentProblems;
}
