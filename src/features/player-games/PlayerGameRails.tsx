/**
 * The signed-in player's own rails on the lobby: Recently played (at most 5, synced with
 * SyncRecentlyPlayedGames and again on every third balance change) and Favourites (with a heart
 * on each tile to un-heart it). Rendered only for players; a rail with no games is hidden, like
 * an empty game list (spec section 5).
 */
import { useEffect, useId } from 'react';
import type { PathContext } from '../../paths.ts';
import { gamePath } from '../games/game-paths.ts';
import { GameTile, GameTilePlaceholder } from '../games/GameTile.tsx';
import type { GameFilters, GameTileData } from '../games/types.ts';
import { FavouriteButton, type FavouriteTexts } from './FavouriteButton.tsx';
import { $favourites, $recentlyPlayed, startPlayerGames, type PlayerGameList } from './player-games-store.ts';
import { MAX_RECENTLY_PLAYED_GAMES } from './recently-played.ts';
import { useStoreInTransition } from '../session/use-hydrated.ts';

/** Texts of the rails, translated on the server. */
export interface PlayerRailsTexts {
  recentlyPlayed: string;
  favourites: string;
  favourite: FavouriteTexts;
}

function PlayerRail({ kind, title, list, paths, favourite }: {
  kind: 'recently-played' | 'favourites';
  title: string;
  list: PlayerGameList;
  paths: PathContext;
  favourite: FavouriteTexts;
}) {
  const headingId = `${useId()}-title`;
  if (list.status === 'failed' || (list.status === 'ready' && list.games.length === 0)) return null;
  const loading = list.status === 'loading';
  return (
    <section className={`game-rail game-rail--small player-rail player-rail--${kind}`} aria-labelledby={headingId} data-testid={`${kind}-rail`}>
      <div className="game-rail__header">
        <h2 className="game-rail__title" id={headingId}>{title}</h2>
      </div>
      <div className="game-rail__viewport">
        <ul className="game-rail__list" aria-busy={loading}>
          {loading
            ? Array.from({ length: kind === 'recently-played' ? MAX_RECENTLY_PLAYED_GAMES : 4 }, (_, index) => (
                <li key={index} className="game-rail__item" aria-hidden="true"><GameTilePlaceholder /></li>
              ))
            : list.games.map((game: GameTileData) => (
                <li key={game.slug} className="game-rail__item player-rail__item">
                  <GameTile game={game} href={gamePath(paths, game.slug)} eager={false} />
                  {kind === 'favourites' && <FavouriteButton game={game} texts={favourite} className="favourite-button--tile" />}
                </li>
              ))}
        </ul>
      </div>
    </section>
  );
}

/** What the server renders both rails from: still loading (the lists are fetched in the browser). */
const NOT_LOADED: PlayerGameList = { status: 'loading', games: [] };

/** Recently played and Favourites rails of the signed-in player. */
export default function PlayerGameRails({ paths, filters, texts }: { paths: PathContext; filters: GameFilters; texts: PlayerRailsTexts }) {
  const recentlyPlayed = useStoreInTransition($recentlyPlayed, NOT_LOADED);
  const favourites = useStoreInTransition($favourites, NOT_LOADED);
  useEffect(() => startPlayerGames(filters), [filters]);
  return (
    <div className="player-rails">
      <PlayerRail kind="recently-played" title={texts.recentlyPlayed} list={recentlyPlayed} paths={paths} favourite={texts.favourite} />
      <PlayerRail kind="favourites" title={texts.favourites} list={favourites} paths={paths} favourite={texts.favourite} />
    </div>
  );
}
