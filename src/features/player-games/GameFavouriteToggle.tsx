/**
 * The game page's heart island (players only): loads the player's favourites once, then shows the
 * heart for this game.
 */
import { useEffect } from 'react';
import type { GameFilters, GameTileData } from '../games/types.ts';
import { FavouriteButton, type FavouriteTexts } from './FavouriteButton.tsx';
import { ensureFavourites } from './player-games-store.ts';

/** The heart of the game page. */
export default function GameFavouriteToggle({ game, filters, texts }: { game: GameTileData; filters: GameFilters; texts: FavouriteTexts }) {
  useEffect(() => ensureFavourites(filters), [filters]);
  return <FavouriteButton game={game} texts={texts} className="favourite-button--page" />;
}
