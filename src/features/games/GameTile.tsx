/**
 * One game tile: the 3:4 artwork with its size reserved (width, height and aspect-ratio), so a
 * rail or grid never shifts while images load, and the game's name and studio under it. The whole
 * tile is one link to the game's page, marked with the game's slug so an island can read its first
 * games back from the HTML (tile-handoff.ts).
 */
import type { GameTileData } from './types.ts';

/**
 * A game tile; `eager` loads its image at once (tiles on screen at first paint). `priority` is the
 * image's fetch priority: `low` for the tiles of rails (the page's hero goes first) and for all
 * but the first tile of a grid, whose first tile (the page's largest paint) is `high`. Left to
 * itself, the browser fetches a grid's first five images alike, each on a connection of its own.
 */
export function GameTile({ game, href, eager, priority }: { game: GameTileData; href: string; eager: boolean; priority?: 'high' | 'low' }) {
  return (
    <a className="game-tile" href={href} data-slug={game.slug}>
      <img
        className="game-tile__image"
        src={game.imageUrl}
        width={300}
        height={400}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={priority}
        decoding="async"
      />
      <span className="game-tile__name">{game.name}</span>
      <span className="game-tile__studio">{game.studioName}</span>
    </a>
  );
}

/** A tile-sized placeholder while games load; hidden from assistive tech (the list announces instead). */
export function GameTilePlaceholder() {
  return (
    <span className="game-tile game-tile--placeholder" aria-hidden="true">
      <span className="game-tile__image" />
      <span className="game-tile__name" />
      <span className="game-tile__studio" />
    </span>
  );
}
