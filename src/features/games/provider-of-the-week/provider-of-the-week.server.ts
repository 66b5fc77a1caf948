/**
 * The provider of the week for a server render (spec section 2): the brand's studio of the week,
 * its top 10 games for the spotlight carousel and the next 10 for the list, with the visitor's
 * filters. Cached a minute per brand and filters: the pick changes once a week.
 */
import { platformQuery } from '../../../lib/graphql.server.ts';
import { TtlCache } from '../../../lib/ttl-cache.ts';
import type { PageContext } from '../../page-context/page-context.server.ts';
import { gameFilters } from '../games.server.ts';
import { ProviderOfTheWeekDocument } from '../../../lib/graphql/generated/graphql.ts';
import { gameTile } from '../queries.ts';
import type { GameTileData } from '../types.ts';

/** The spotlight carousel's games (spec section 9: provider of the week 10 spotlight plus 10 list). */
export const SPOTLIGHT_GAMES = 10;
/** The list's games under the carousel. */
export const LIST_GAMES = 10;

/** The studio of the week as the lobby shows it. */
export interface ProviderOfTheWeek {
  studio: { slug: string; name: string };
  weekEnd: string;
  spotlight: GameTileData[];
  more: GameTileData[];
}

const cache = new TtlCache<ProviderOfTheWeek | null>({ ttlMs: 60_000, maxEntries: 5000 });

/** Loads the provider of the week, or null when the platform has none (too few big studios). */
export function loadProviderOfTheWeek(ctx: PageContext, at?: string): Promise<ProviderOfTheWeek | null> {
  const filters = gameFilters(ctx);
  const key = [ctx.brand.id, at ?? '', ...Object.values(filters)].join('|');
  return cache.get(key, async () => {
    const data = await platformQuery(
      ProviderOfTheWeekDocument, { at, ...filters }, { brand: ctx.brand.id, locale: ctx.locale },
    );
    const pick = data.providerOfTheWeek;
    if (!pick) return null;
    return {
      studio: pick.studio,
      weekEnd: pick.weekEnd,
      spotlight: pick.spotlightGames.slice(0, SPOTLIGHT_GAMES).map(gameTile),
      more: pick.moreGames.slice(0, LIST_GAMES).map(gameTile),
    };
  });
}
