/**
 * The game carousel's decisions as pure functions (spec section 2 "Game carousel", section 9
 * "Games" and "Timers"), so they are unit-tested apart from the DOM: how many games fill a page
 * at a viewport width, when the next slice is fetched, when the arrows show, how far an arrow
 * scrolls and when the "Show more games" link appears.
 */

/** Games per list slice: the first slice the server renders and every lazy slice after it. */
export const GAME_LIST_SLICE = 10;
/** A rail stops paginating after this many slices and offers "Show more games" instead. */
export const MAX_RAIL_SLICES = 2;
/** The next slice is fetched once the scroll is this close to the end of the rail. */
export const FETCH_THRESHOLD_PX = 200;
/** The rail's scroll check runs at most this often. */
export const SCROLL_CHECK_THROTTLE_MS = 100;
/** An arrow click scrolls this share of the visible width. */
export const SCROLL_STEP_RATIO = 2 / 3;
/** Tiles whose images load eagerly by default: what a player sees before scrolling on a phone. */
export const EAGER_TILES = 4;

/** The two rail sizes: the lobby's main rails and the compact rails of secondary placements. */
export type CarouselVariant = 'default' | 'small';

/** Viewport breakpoints of spec section 9 (tablet, desktop, wide), in px. */
export const BREAKPOINTS = { tablet: 768, desktop: 1024, wide: 1280 } as const;

/**
 * Page sizes by viewport width (spec section 2), index 0..3 for the bands
 * < 768 (phone), 768–1023 (tablet), 1024–1279 (desktop) and ≥ 1280 (wide).
 */
const PAGE_SIZES: Record<CarouselVariant, readonly [number, number, number, number]> = {
  default: [8, 12, 14, 18],
  small: [8, 10, 12, 14],
};

/**
 * How many games make one page of a rail at a viewport width: the tiles on screen plus the next
 * arrow step of tiles. The stylesheet shows half a page per view (`--rail-per-view` in
 * `_games.scss` is page size / 2 minus a peek of the next tile), so a rail holding fewer games
 * than a page would show its end at once; the carousel then fetches its next slice on arrival.
 * Mapping: < 768 → 8 (small 8); 768–1023 → 12 (10); 1024–1279 → 14 (12); ≥ 1280 → 18 (14).
 */
export function pageSize(viewportWidth: number, variant: CarouselVariant = 'default'): number {
  const sizes = PAGE_SIZES[variant];
  if (viewportWidth >= BREAKPOINTS.wide) return sizes[3];
  if (viewportWidth >= BREAKPOINTS.desktop) return sizes[2];
  if (viewportWidth >= BREAKPOINTS.tablet) return sizes[1];
  return sizes[0];
}

/** Where a rail's scroller stands: the three numbers every decision below reads. */
export interface ScrollPosition {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}

/** What the rail knows about its paging. */
export interface RailPaging {
  /** Games the rail holds. */
  loadedGames: number;
  /** Slices loaded so far, the server's first slice included. */
  slicesLoaded: number;
  hasNextPage: boolean;
  /** A slice is on its way. */
  loading: boolean;
  /** The last fetch failed; the rail stops fetching and offers the list page instead. */
  failed: boolean;
}

/** Pixels between the right edge of the visible area and the end of the rail. */
export function distanceToEnd(position: ScrollPosition): number {
  return Math.max(0, position.scrollWidth - position.clientWidth - position.scrollLeft);
}

/**
 * Whether to fetch the next slice now: the list has more, the rail is under its slice cap, nothing
 * is in flight, and either the scroll is within 200 px of the end or the games do not fill a page.
 */
export function shouldFetchNextSlice(position: ScrollPosition, paging: RailPaging, pageSizeNow: number): boolean {
  if (!paging.hasNextPage || paging.loading || paging.failed) return false;
  if (paging.slicesLoaded >= MAX_RAIL_SLICES) return false;
  return distanceToEnd(position) <= FETCH_THRESHOLD_PX || paging.loadedGames < pageSizeNow;
}

/**
 * Whether "Show more games" shows: after the second slice, when the list holds more than the rail
 * (a rail that already shows the whole list has nothing more to show), or when a fetch failed so
 * the player still has a way on to the list.
 */
export function shouldShowMore(paging: Pick<RailPaging, 'slicesLoaded' | 'hasNextPage' | 'failed'>): boolean {
  if (paging.failed) return true;
  return paging.slicesLoaded >= MAX_RAIL_SLICES && paging.hasNextPage;
}

/** Which arrows show: none at the start for "previous", none at the end for "next" (1 px slack for sub-pixel scroll). */
export function arrowVisibility(position: ScrollPosition): { previous: boolean; next: boolean } {
  return {
    previous: position.scrollLeft > 1,
    next: distanceToEnd(position) > 1,
  };
}

/** How far one arrow click scrolls: about two thirds of the visible width. */
export function scrollStep(clientWidth: number): number {
  return Math.round(clientWidth * SCROLL_STEP_RATIO);
}

/** Placeholder tiles shown while a slice loads: one view's worth (half a page), at most a slice. */
export function placeholderCount(pageSizeNow: number): number {
  return Math.min(GAME_LIST_SLICE, Math.ceil(pageSizeNow / 2));
}

/** A throttled function and the means to drop its pending trailing call. */
export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/** Timer functions, injectable so tests drive time by hand. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Runs `fn` at most once per `waitMs`: the first call runs at once, later calls inside the window
 * collapse into one trailing call with the latest arguments, so the final scroll position is
 * always checked.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, waitMs: number, clock: Clock = realClock): Throttled<A> {
  let lastRun = -Infinity;
  let pending: unknown = undefined;
  let pendingArgs: A | undefined;

  const run = (args: A) => {
    lastRun = clock.now();
    fn(...args);
  };
  const throttled = ((...args: A) => {
    const wait = waitMs - (clock.now() - lastRun);
    if (wait <= 0 && pending === undefined) {
      run(args);
      return;
    }
    pendingArgs = args;
    if (pending !== undefined) return;
    pending = clock.setTimeout(() => {
      pending = undefined;
      const latest = pendingArgs as A;
      pendingArgs = undefined;
      run(latest);
    }, Math.max(0, wait));
  }) as Throttled<A>;
  throttled.cancel = () => {
    if (pending !== undefined) clock.clearTimeout(pending);
    pending = undefined;
    pendingArgs = undefined;
  };
  return throttled;
}
