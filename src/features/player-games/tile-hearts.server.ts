/** The hearts a server render gives its rails and grids: only for a signed-in player, else none. */
import { gameFilters } from '../games/games.server.ts';
import type { PageContext } from '../page-context/page-context.server.ts';
import type { TileHearts } from './TileHeartSlot.tsx';

/** Texts and filters for the tiles' hearts, or undefined for a visitor (who sees no heart). */
export function tileHeartsFor(ctx: PageContext): TileHearts | undefined {
  if (!ctx.isRefreshable) return undefined;
  return { texts: { toggle: ctx.t('favourites.toggle'), failed: ctx.t('favourites.failed') }, filters: gameFilters(ctx) };
}
