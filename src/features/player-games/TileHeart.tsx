/**
 * A tile's heart in the catalogue's rails and grids, for signed-in players only. Loaded lazily by
 * TileHeartSlot after hydration, so visitors never download it (it brings the player's Apollo
 * client with the favourites store).
 */
import { useEffect } from 'react';
import type { GameFilters, GameTileData } from '../games/types.ts';
import { FavouriteButton, type FavouriteTexts } from './FavouriteButton.tsx';
import { ensureFavourites } from './player-games-store.ts';

/** The heart on one tile; the first one on a page loads the player's favourites. */
export default function TileHeart({ game, texts, filters }: { game: GameTileData; texts: FavouriteTexts; filters: GameFilters }) {
  useEffect(() => ensureFavourites(filters), [filters]);
  return <FavouriteButton game={game} texts={texts} className="favourite-button--tile" />;
}
