/**
 * Live events for TOP_SPORTS blocks: the sportsbook's live events in the block's sports, with the
 * score, the minute and the winner market's prices. Cached ten seconds per brand, locale and
 * sports: live prices move every minute, and the lobby should not ask for every visitor.
 */
import { platformQuery } from '../../lib/graphql.server.ts';
import { TopSportsLiveEventsDocument, type TopSportsLiveEventsQuery } from '../../lib/graphql/generated/graphql.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { PageContext } from '../page-context/page-context.server.ts';

/** Live events a TOP_SPORTS block shows at most. */
export const TOP_SPORTS_LIVE_EVENTS = 6;

type LiveEventData = TopSportsLiveEventsQuery['sportsEvents'][number];

/** A live event as the block shows it. */
export type LiveEvent = Omit<LiveEventData, 'markets'> & {
  /** The winner market's outcomes (home, draw, away), or none while it is suspended. */
  prices: LiveEventData['markets'][number]['outcomes'];
};

const cache = new TtlCache<LiveEvent[]>({ ttlMs: 10_000, maxEntries: 3000 });

/** The live events of these sports, best first as the sportsbook orders them. */
export function loadLiveEvents(ctx: PageContext, sports: readonly string[]): Promise<LiveEvent[]> {
  return cache.get([ctx.brand.id, ctx.locale, ...sports].join('|'), async () => {
    const data = await platformQuery(
      TopSportsLiveEventsDocument, { sports: [...sports], first: TOP_SPORTS_LIVE_EVENTS, locale: ctx.locale }, { brand: ctx.brand.id, locale: ctx.locale },
    );
    return data.sportsEvents.map(({ markets, ...event }) => {
      const winner = markets.find((market) => market.id === 'winner');
      return { ...event, prices: winner && !winner.suspended ? winner.outcomes : [] };
    });
  });
}
