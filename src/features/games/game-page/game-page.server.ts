/**
 * The game page's loader: the game by slug (null → the not-found page) and the origin the game
 * frame is served from. Cached briefly per brand, slug and currency.
 */
import { platformQuery } from '../../../lib/graphql.server.ts';
import { TtlCache } from '../../../lib/ttl-cache.ts';
import type { LoadedPage } from '../../route-page.ts';
import type { PageContext } from '../../page-context/page-context.server.ts';
import { GamePageDocument, type GamePageQuery } from '../../../lib/graphql/generated/graphql.ts';
import type { GameDetails } from './queries.ts';

/** What the game page renders. */
export interface GamePageData {
  game: GameDetails;
  gameServerOrigin: string;
}

const gameCache = new TtlCache<GamePageQuery>({ ttlMs: 5000, maxEntries: 2000 });

/** Loads the game page, or null for an unknown game. */
export async function loadGamePage(ctx: PageContext, slug: string | undefined): Promise<LoadedPage<GamePageData> | null> {
  if (!slug) return null;
  const currencyCode = ctx.settings.currency;
  const data = await gameCache.get(`${ctx.brand.id}|${slug}|${currencyCode}`, () =>
    platformQuery(GamePageDocument, { slug, currencyCode }, { brand: ctx.brand.id, locale: ctx.locale }),
  );
  if (!data.game) return null;
  return { title: data.game.name, data: { game: data.game, gameServerOrigin: data.lobbySettings.gameServerOrigin } };
}
