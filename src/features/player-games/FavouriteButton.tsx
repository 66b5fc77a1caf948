/**
 * The heart: a toggle button (aria-pressed) that favourites a game for the signed-in player. It is
 * rendered only for players (visitors see no heart: the lobby decides that on the server), reads
 * `$favourites`, and says so in a toast when the platform refuses the change.
 */
import { useStore } from '@nanostores/react';
import { showFeedback } from '../feedback/store.ts';
import type { GameTileData } from '../games/types.ts';
import { fillText } from '../../i18n/fill.ts';
import { $favourites, setFavourite } from './player-games-store.ts';

/** Texts of the heart, translated on the server. */
export interface FavouriteTexts {
  /** "Favourite {game}": the button's name, with the game's name. */
  toggle: string;
  failed: string;
}

/** The heart shape; filled when the game is a favourite. */
export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.7 4.5 7.1 4.5c2 0 3.7 1.1 4.9 2.8 1.2-1.7 2.9-2.8 4.9-2.8 3.4 0 5.6 3.3 4.4 6.6-1.8 4.8-9.3 9.4-9.3 9.4z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A heart toggle for one game. */
export function FavouriteButton({ game, texts, className = '' }: { game: GameTileData; texts: FavouriteTexts; className?: string }) {
  const favourites = useStore($favourites);
  const pressed = favourites.games.some((entry) => entry.slug === game.slug);
  const known = favourites.status !== 'loading';
  // Without the player's favourites (no session after all, or the platform failed) a heart would lie.
  if (favourites.status === 'failed') return null;
  return (
    <button
      type="button"
      className={`favourite-button ${className}`.trim()}
      aria-pressed={pressed}
      aria-label={fillText(texts.toggle, { game: game.name })}
      disabled={!known}
      onClick={() => {
        void setFavourite(game, !pressed).then((ok) => {
          if (!ok) showFeedback('error', texts.failed, { namespace: 'favourites' });
        });
      }}
    >
      <HeartIcon filled={pressed} />
    </button>
  );
}
