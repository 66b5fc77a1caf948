/**
 * Where a catalogue tile's heart goes. The server renders only for players a carousel or grid
 * with hearts; even then the heart's code (and the player's Apollo client) loads only after
 * hydration, through a lazy import, so it never weighs on a visitor's page.
 */
import { lazy, Suspense } from 'react';
import { useHydrated } from '../session/use-hydrated.ts';
import type { GameFilters, GameTileData } from '../games/types.ts';
import type { FavouriteTexts } from './FavouriteButton.tsx';

const TileHeart = lazy(() => import('./TileHeart.tsx'));

/** Texts and filters a rail or grid passes down to its tiles' hearts (players only). */
export interface TileHearts {
  texts: FavouriteTexts;
  filters: GameFilters;
}

/** The heart of one tile, once the island has hydrated. */
export function TileHeartSlot({ game, hearts }: { game: GameTileData; hearts: TileHearts }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <TileHeart game={game} texts={hearts.texts} filters={hearts.filters} />
    </Suspense>
  );
}
