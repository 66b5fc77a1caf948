/**
 * The /sports/ loader: where the sportsbook is served from (lobbySettings.gameServerOrigin) and the
 * sport to open (`?sport=`, from the TOP_SPORTS chips; an unknown one is ignored). Brands without
 * the Sportsbook feature get the page without a frame.
 */
import { platformQuery } from '../../lib/graphql.server.ts';
import { SportsbookOriginDocument } from '../../lib/graphql/generated/graphql.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { PageContext } from '../page-context/page-context.server.ts';
import type { LoadedPage } from '../route-page.ts';
import { isSport } from './sports.ts';

/** What the sports page renders. */
export interface SportsPageData {
  /** Null when the brand has no sportsbook or the platform cannot say where it is. */
  sportsbookOrigin: string | null;
  sport: string | null;
}

const originCache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 5000 });

/** Loads the sports page. */
export async function loadSportsPage(ctx: PageContext, _slug: string | undefined, url: URL): Promise<LoadedPage<SportsPageData>> {
  const requested = url.searchParams.get('sport');
  const sport = isSport(requested) ? requested : null;
  if (!ctx.hasFeature('Sportsbook')) return { data: { sportsbookOrigin: null, sport } };
  const sportsbookOrigin = await originCache
    .get(ctx.brand.id, () =>
      platformQuery(SportsbookOriginDocument, {}, { brand: ctx.brand.id, locale: ctx.locale })
        .then((data) => data.lobbySettings.gameServerOrigin),
    )
    .catch((error: Error) => {
      console.warn(`[sports] sportsbook origin unavailable: ${error.message}`);
      return null;
    });
  return { data: { sportsbookOrigin, sport } };
}
