/**
 * The game carousel island (spec section 2 "Game carousel"). The server renders the first slice,
 * so the rail is a plain scrollable list before (or without) JavaScript; hydrated, it adds:
 * - arrows (buttons) that hide at the start and at the end and scroll about two thirds of the
 *   visible width, smoothly unless the player prefers reduced motion;
 * - the lazy next slice (listOfGames first 10 after the end cursor) once the scroll is within
 *   200 px of the end, or at once when the slice does not fill a page at this width (see
 *   `pageSize` in carousel.ts); the scroll check is throttled to 100 ms;
 * - "Show more games" (to the list's page) after the second slice, where pagination stops.
 * Native scrolling with scroll-snap keeps touch swipes; tiles are links, so Tab walks the rail and
 * the browser scrolls each focused tile into view (which also triggers the lazy fetch).
 * The code that fetches a slice (the GraphQL client and documents, list-slice.ts) is downloaded
 * when it is first needed, and sooner as the visitor reaches for a rail (a touch, the pointer, focus
 * or a scroll), so a visit that only looks at the rails never loads it.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { showFeedback } from '../feedback/store.ts';
import { importOnce } from '../../lib/import-once.ts';
import type { PathContext } from '../../paths.ts';
import {
  arrowVisibility, GAME_LIST_SLICE, pageSize, placeholderCount, SCROLL_CHECK_THROTTLE_MS, scrollStep,
  shouldFetchNextSlice, shouldShowMore, throttle, type CarouselVariant,
} from './carousel.ts';
import { gamePath } from './game-paths.ts';
import { GameTile, GameTilePlaceholder } from './GameTile.tsx';
import { TileHeartSlot, type TileHearts } from '../player-games/TileHeartSlot.tsx';
import { initialTiles, type HandedSlice } from './tile-handoff.ts';
import type { GameFilters, GameTileData } from './types.ts';

/** Texts of a rail, translated on the server. */
export interface CarouselTexts {
  previous: string;
  next: string;
  showMore: string;
  loading: string;
  loadFailed: string;
}

/** Props of the carousel island. */
export interface GameCarouselProps {
  title: string;
  /** The list's page, linked from the rail's heading. */
  titleHref: string;
  /** The list the next slices come from; without it the rail shows only `initial` (a fixed set, such as a spotlight). */
  listOfGamesSlug?: string;
  variant: CarouselVariant;
  /** The first slice, rendered by the server; its games come back from the rendered tiles (tile-handoff.ts). */
  initial: HandedSlice;
  filters: GameFilters;
  showMoreHref: string;
  paths: PathContext;
  texts: CarouselTexts;
  /** How many leading tiles load their images eagerly (the rest are lazy). */
  eagerTiles: number;
  /** The id its heading and list are named from, unique on the page; React's useId by default. */
  idBase?: string;
  /** Hearts on the tiles: given only for signed-in players. */
  hearts?: TileHearts;
}

interface Paging {
  endCursor: string | null;
  hasNextPage: boolean;
  slicesLoaded: number;
  loading: boolean;
  failed: boolean;
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The slice-fetching module, downloaded once for every rail of the page (and asked again after a failed download). */
const loadSliceFetcher = importOnce(() => import('./list-slice.ts'));
/** What shows a visitor reaching for a rail (its heading, arrows or tiles), so its slice code is fetched ahead of the slice. */
const REACHING = ['pointerenter', 'touchstart', 'focusin'] as const;

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

/** A horizontally scrolling rail of one game list. */
export default function GameCarousel(props: GameCarouselProps) {
  const { title, titleHref, listOfGamesSlug, variant, initial, filters, showMoreHref, paths, texts, eagerTiles, hearts } = props;
  const reactId = useId();
  // A rail that may arrive in a later fragment (the lobby's later blocks) brings its own id: React's
  // ids restart with every server render, so the page's and the fragment's would meet.
  const id = props.idBase ?? reactId;
  const headingId = `${id}-title`;
  const listId = `${id}-list`;
  const railRef = useRef<HTMLElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const [games, setGames] = useState<GameTileData[]>(() => initialTiles(initial.tiles));
  const [paging, setPaging] = useState<Paging>({
    endCursor: initial.endCursor, hasNextPage: initial.hasNextPage, slicesLoaded: 1, loading: false, failed: false,
  });
  // Hidden until measured: the server cannot know the scroll, and without JavaScript arrows do nothing.
  const [arrows, setArrows] = useState({ previous: false, next: false });
  const [placeholders, setPlaceholders] = useState(0);
  // The scroll handler is throttled and outlives renders, so it reads the latest state from refs.
  const latest = useRef({ games, paging });
  useLayoutEffect(() => {
    latest.current = { games, paging };
  });
  const refocus = useRef<'previous' | 'next' | null>(null);
  const abort = useRef<AbortController | null>(null);

  const fetchNextSlice = useCallback(
    async (pageSizeNow: number) => {
      // A rail without a list (a hand-picked block) has no next slice to ask for.
      if (!listOfGamesSlug) return;
      const current = latest.current.paging;
      // Marked at once so a scroll event before the re-render cannot start a second fetch.
      latest.current.paging = { ...current, loading: true };
      setPaging((state) => ({ ...state, loading: true }));
      setPlaceholders(placeholderCount(pageSizeNow));
      abort.current = new AbortController();
      const { signal } = abort.current;
      try {
        const { fetchListSlice } = await loadSliceFetcher();
        const slice = await fetchListSlice({ listOfGamesSlug, first: GAME_LIST_SLICE, after: current.endCursor, filters }, signal);
        setGames((known) => {
          const slugs = new Set(known.map((game) => game.slug));
          return [...known, ...slice.games.filter((game) => !slugs.has(game.slug))];
        });
        setPaging((state) => ({
          ...state,
          endCursor: slice.endCursor,
          hasNextPage: slice.hasNextPage,
          slicesLoaded: state.slicesLoaded + 1,
          loading: false,
        }));
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        console.warn(`[games] next slice of "${listOfGamesSlug}" failed: ${(error as Error).message}`);
        setPaging((state) => ({ ...state, loading: false, failed: true }));
        showFeedback('error', texts.loadFailed, { namespace: 'games-rail' });
      } finally {
        setPlaceholders(0);
      }
    },
    [listOfGamesSlug, filters, texts.loadFailed],
  );

  const check = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const position = { scrollLeft: scroller.scrollLeft, clientWidth: scroller.clientWidth, scrollWidth: scroller.scrollWidth };
    const visibility = arrowVisibility(position);
    // A focused arrow that is about to hide would drop focus to the page; hand it to the other arrow.
    if (document.activeElement === nextRef.current && !visibility.next) refocus.current = 'previous';
    if (document.activeElement === previousRef.current && !visibility.previous) refocus.current = 'next';
    setArrows((shown) => (shown.previous === visibility.previous && shown.next === visibility.next ? shown : visibility));
    const pageSizeNow = pageSize(window.innerWidth, variant);
    const { games: held, paging: now } = latest.current;
    if (listOfGamesSlug && shouldFetchNextSlice(position, { ...now, loadedGames: held.length }, pageSizeNow)) void fetchNextSlice(pageSizeNow);
  }, [variant, fetchNextSlice, listOfGamesSlug]);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const throttledCheck = throttle(check, SCROLL_CHECK_THROTTLE_MS);
    scroller.addEventListener('scroll', throttledCheck, { passive: true });
    window.addEventListener('resize', throttledCheck, { passive: true });
    return () => {
      scroller.removeEventListener('scroll', throttledCheck);
      window.removeEventListener('resize', throttledCheck);
      throttledCheck.cancel();
    };
  }, [check]);

  // A rail that can fetch gets its slice code as soon as the visitor reaches for it or scrolls it.
  useEffect(() => {
    const rail = railRef.current;
    const scroller = scrollerRef.current;
    if (!rail || !scroller || !listOfGamesSlug || !paging.hasNextPage) return;
    const stop = () => {
      for (const type of REACHING) rail.removeEventListener(type, reach);
      scroller.removeEventListener('scroll', reach);
    };
    function reach() {
      stop();
      void loadSliceFetcher().catch(() => undefined);
    }
    for (const type of REACHING) rail.addEventListener(type, reach, { passive: true });
    scroller.addEventListener('scroll', reach, { passive: true });
    return stop;
  }, [listOfGamesSlug, paging.hasNextPage]);

  // On hydration and whenever games arrive: the rail's length changed, so arrows and paging may too.
  useEffect(() => check(), [check, games.length]);

  useEffect(() => () => abort.current?.abort(), []);

  useEffect(() => {
    const target = refocus.current === 'previous' ? previousRef.current : refocus.current === 'next' ? nextRef.current : null;
    refocus.current = null;
    if (target && !target.hidden) target.focus();
  }, [arrows]);

  const scrollByStep = (direction: -1 | 1) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    scroller.scrollBy({ left: direction * scrollStep(scroller.clientWidth), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  const showMore = shouldShowMore(paging);

  return (
    <section ref={railRef} className={`game-rail game-rail--${variant}`} aria-labelledby={headingId}>
      <div className="game-rail__header">
        <h2 className="game-rail__title" id={headingId}>
          <a href={titleHref}>{title}</a>
        </h2>
        <div className="game-rail__arrows">
          <button
            ref={previousRef}
            type="button"
            className="game-rail__arrow"
            aria-label={texts.previous}
            aria-controls={listId}
            hidden={!arrows.previous}
            onClick={() => scrollByStep(-1)}
          >
            <Chevron direction="left" />
          </button>
          <button
            ref={nextRef}
            type="button"
            className="game-rail__arrow"
            aria-label={texts.next}
            aria-controls={listId}
            hidden={!arrows.next}
            onClick={() => scrollByStep(1)}
          >
            <Chevron direction="right" />
          </button>
        </div>
      </div>
      <div className="game-rail__viewport" ref={scrollerRef}>
        <ul className="game-rail__list" id={listId} aria-busy={paging.loading} data-tiles={initial.tiles}>
          {games.map((game, index) => (
            <li key={game.slug} className="game-rail__item">
              <GameTile game={game} href={gamePath(paths, game.slug)} eager={index < eagerTiles} priority="low" />
              {hearts && <TileHeartSlot game={game} hearts={hearts} />}
            </li>
          ))}
          {Array.from({ length: placeholders }, (_, index) => (
            <li key={`placeholder-${index}`} className="game-rail__item" aria-hidden="true">
              <GameTilePlaceholder />
            </li>
          ))}
        </ul>
        {showMore && (
          <a className="game-rail__more" href={showMoreHref}>
            <span>{texts.showMore}</span>
            <Chevron direction="right" />
          </a>
        )}
      </div>
      <span className="visually-hidden" aria-live="polite">{paging.loading ? texts.loading : ''}</span>
    </section>
  );
}
