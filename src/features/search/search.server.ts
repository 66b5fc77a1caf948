/**
 * Search for a server render: the games page's `?q=` form, which works without JavaScript. A query
 * over 100 characters is refused with the limit named (the input's maxlength stops it in a
 * browser; a hand-made URL can still carry one), never sent on.
 */
import { platformQuery } from '../../lib/graphql.server.ts';
import { gameFilters } from '../games/games.server.ts';
import type { PageContext } from '../page-context/page-context.server.ts';
import { SearchGamesDocument } from '../../lib/graphql/generated/graphql.ts';
import { MAX_SEARCH_LENGTH, SEARCH_RESULTS, searchQueryOf, toSearchHits, type SearchHits } from './search.ts';

/** A server-side search: what was asked, and the hits or the reason there are none. */
export interface ServerSearch {
  query: string;
  hits: SearchHits | null;
  problem: 'tooLong' | 'failed' | null;
}

/** Runs the games page's search; never throws (a failure is a `problem`). */
export async function searchGamesOnServer(ctx: PageContext, input: string): Promise<ServerSearch> {
  if (input.length > MAX_SEARCH_LENGTH) return { query: input.slice(0, MAX_SEARCH_LENGTH), hits: null, problem: 'tooLong' };
  const query = searchQueryOf(input);
  if (!query) return { query: input, hits: null, problem: null };
  try {
    const data = await platformQuery(
      SearchGamesDocument, { query, first: SEARCH_RESULTS, ...gameFilters(ctx) }, { brand: ctx.brand.id, locale: ctx.locale },
    );
    return { query, hits: toSearchHits(data), problem: null };
  } catch (error) {
    console.warn(`[search] games page search failed: ${(error as Error).message}`);
    return { query, hits: null, problem: 'failed' };
  }
}
