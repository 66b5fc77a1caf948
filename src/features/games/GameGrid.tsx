/**
 * A paged game grid island for list, studio and category pages. The server renders the games
 * through `?page=N`, and "Load more" is a real link to the next page, so it works without
 * JavaScript; hydrated, the link appends the next page in place (10 for lists, 30 for studios
 * and categories), keeps the address in step so a reload shows the same games, and moves focus
 * to the first new game so keyboard and screen-reader users continue where the new games start.
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { showFeedback } from '../feedback/store.ts';
import { graphqlRequest } from '../../lib/graphql-client.ts';
import { routePath, type PathContext } from '../../paths.ts';
import { gamePath } from './game-paths.ts';
import { GameTile } from './GameTile.tsx';
import { TileHeartSlot, type TileHearts } from '../player-games/TileHeartSlot.tsx';
import type { GridPaging } from './paging.ts';
import { fetchSourcePage, toSlice } from './queries.ts';
import { fillText } from '../../i18n/fill.ts';
import { formatNumber } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { initialTiles, type HandedSlice } from './tile-handoff.ts';
import type { GameFilters, GameSource, GameTileData } from './types.ts';

/** Texts of a grid, translated on the server. */
export interface GridTexts {
  loadMore: string;
  loading: string;
  /** "Showing {shown} of {total} games". */
  shown: string;
  loadFailed: string;
}

/** Props of the grid island. */
export interface GameGridProps {
  source: GameSource;
  /** The games through the server's page; they come back from the rendered tiles (tile-handoff.ts). */
  initial: HandedSlice;
  filters: GameFilters;
  paging: GridPaging;
  /** The page the server rendered (`?page=`). */
  page: number;
  /** The route the grid lives on, for the "Load more" link (`?page=N+1`). */
  pageRoute: { id: string; slug?: string };
  paths: PathContext;
  /** The page's locale, for number formatting. */
  locale: Locale;
  texts: GridTexts;
  eagerTiles: number;
  /** Id of the page heading that names the grid. */
  labelledBy: string;
  /** Hearts on the tiles: given only for signed-in players. */
  hearts?: TileHearts;
}

/** The anchor of the n-th game (1-based), so a no-JavaScript "Load more" lands on the first new game. */
const anchorOf = (position: number) => `game-${position}`;

/** A grid of games with "Load more". */
export default function GameGrid(props: GameGridProps) {
  const { source, initial, filters, paging, pageRoute, paths, locale, texts, eagerTiles, labelledBy, hearts } = props;
  const [games, setGames] = useState<GameTileData[]>(() => initialTiles(initial.tiles));
  const [page, setPage] = useState(props.page);
  const [cursor, setCursor] = useState({ endCursor: initial.endCursor, hasNextPage: initial.hasNextPage });
  const [total, setTotal] = useState(initial.totalCount);
  const [loading, setLoading] = useState(false);
  const focusPosition = useRef<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const position = focusPosition.current;
    focusPosition.current = null;
    if (position === null) return;
    listRef.current?.querySelector<HTMLAnchorElement>(`#${anchorOf(position)} a`)?.focus();
  }, [games.length]);

  const pageHref = (target: number) => routePath(paths, pageRoute.id, { slug: pageRoute.slug, query: { page: target } });
  const nextHref = `${pageHref(page + 1)}#${anchorOf(games.length + 1)}`;

  const loadMore = async (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks open the next page in a new tab, as links do.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    try {
      const found = await fetchSourcePage((document, variables) => graphqlRequest(document, variables), source, filters, paging.more, cursor.endCursor);
      if (!found) throw new Error(`${source.kind} "${source.slug}" is gone`);
      const slice = toSlice(found.connection);
      const known = new Set(games.map((game) => game.slug));
      const fresh = slice.games.filter((game) => !known.has(game.slug));
      focusPosition.current = fresh.length ? games.length + 1 : null;
      setGames([...games, ...fresh]);
      setCursor({ endCursor: slice.endCursor, hasNextPage: slice.hasNextPage });
      setTotal(slice.totalCount);
      setPage(page + 1);
      // The address follows the grid, so reload and back-forward show the same games.
      history.replaceState(history.state, '', pageHref(page + 1));
    } catch (error) {
      console.warn(`[games] load more of ${source.kind} "${source.slug}" failed: ${(error as Error).message}`);
      showFeedback('error', texts.loadFailed, { namespace: 'games-grid' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="game-grid-block">
      <ul className="game-grid" ref={listRef} aria-busy={loading} aria-labelledby={labelledBy} data-tiles={initial.tiles}>
        {games.map((game, index) => (
          <li key={game.slug} id={anchorOf(index + 1)} className="game-grid__item">
            <GameTile game={game} href={gamePath(paths, game.slug)} eager={index < eagerTiles} priority={eagerTiles > 0 && index === 0 ? 'high' : 'low'} />
            {hearts && <TileHeartSlot game={game} hearts={hearts} />}
          </li>
        ))}
      </ul>
      <div className="game-grid__footer">
        <p className="game-grid__status" aria-live="polite">
          {fillText(texts.shown, { shown: formatNumber(games.length, locale), total: formatNumber(Math.max(total, games.length), locale) })}
        </p>
        {cursor.hasNextPage && (
          <a className="button game-grid__more" href={nextHref} onClick={loadMore} aria-disabled={loading || undefined}>
            {loading ? texts.loading : texts.loadMore}
          </a>
        )}
      </div>
    </div>
  );
}
