import { describe, expect, it } from 'vitest';
import {
  arrowVisibility, distanceToEnd, FETCH_THRESHOLD_PX, MAX_RAIL_SLICES, pageSize, placeholderCount, scrollStep,
  shouldFetchNextSlice, shouldShowMore, throttle, type Clock, type RailPaging,
} from './carousel.ts';

describe('pageSize', () => {
  it.each([
    [320, 8, 8], [767, 8, 8],
    [768, 12, 10], [1023, 12, 10],
    [1024, 14, 12], [1279, 14, 12],
    [1280, 18, 14], [1920, 18, 14],
  ])('at %i px is %i (default) and %i (small)', (width, expectedDefault, expectedSmall) => {
    expect(pageSize(width, 'default')).toBe(expectedDefault);
    expect(pageSize(width, 'small')).toBe(expectedSmall);
  });

  it('uses the default variant when none is given', () => {
    expect(pageSize(1024)).toBe(14);
  });
});

describe('shouldFetchNextSlice', () => {
  const paging: RailPaging = { loadedGames: 10, slicesLoaded: 1, hasNextPage: true, loading: false, failed: false };
  // A phone rail: 10 tiles of about 110 px, 360 px visible.
  const at = (scrollLeft: number) => ({ scrollLeft, clientWidth: 360, scrollWidth: 1200 });

  it('waits while the end is more than 200 px away', () => {
    expect(distanceToEnd(at(639))).toBe(201);
    expect(shouldFetchNextSlice(at(639), paging, 8)).toBe(false);
  });

  it('fetches once the scroll is within 200 px of the end', () => {
    expect(distanceToEnd(at(640))).toBe(FETCH_THRESHOLD_PX);
    expect(shouldFetchNextSlice(at(640), paging, 8)).toBe(true);
    expect(shouldFetchNextSlice(at(840), paging, 8)).toBe(true);
  });

  it('fetches at once when the games do not fill a page at this width', () => {
    expect(shouldFetchNextSlice(at(0), paging, 18)).toBe(true);
    expect(shouldFetchNextSlice(at(0), { ...paging, loadedGames: 18 }, 18)).toBe(false);
  });

  it('never fetches past the second slice, twice at once, after a failure or at the end of the list', () => {
    expect(shouldFetchNextSlice(at(840), { ...paging, slicesLoaded: MAX_RAIL_SLICES }, 8)).toBe(false);
    expect(shouldFetchNextSlice(at(840), { ...paging, loading: true }, 8)).toBe(false);
    expect(shouldFetchNextSlice(at(840), { ...paging, failed: true }, 8)).toBe(false);
    expect(shouldFetchNextSlice(at(840), { ...paging, hasNextPage: false }, 8)).toBe(false);
  });
});

describe('shouldShowMore', () => {
  it('appears after the second slice when the list has more games', () => {
    expect(shouldShowMore({ slicesLoaded: 1, hasNextPage: true, failed: false })).toBe(false);
    expect(shouldShowMore({ slicesLoaded: 2, hasNextPage: true, failed: false })).toBe(true);
  });

  it('stays away when the rail already holds the whole list', () => {
    expect(shouldShowMore({ slicesLoaded: 2, hasNextPage: false, failed: false })).toBe(false);
    expect(shouldShowMore({ slicesLoaded: 1, hasNextPage: false, failed: false })).toBe(false);
  });

  it('appears when a fetch failed, so the player can still reach the list', () => {
    expect(shouldShowMore({ slicesLoaded: 1, hasNextPage: true, failed: true })).toBe(true);
  });
});

describe('arrows and steps', () => {
  it('hides "previous" at the start and "next" at the end', () => {
    expect(arrowVisibility({ scrollLeft: 0, clientWidth: 500, scrollWidth: 1500 })).toEqual({ previous: false, next: true });
    expect(arrowVisibility({ scrollLeft: 400, clientWidth: 500, scrollWidth: 1500 })).toEqual({ previous: true, next: true });
    expect(arrowVisibility({ scrollLeft: 1000, clientWidth: 500, scrollWidth: 1500 })).toEqual({ previous: true, next: false });
    expect(arrowVisibility({ scrollLeft: 999.5, clientWidth: 500, scrollWidth: 1500 })).toEqual({ previous: true, next: false });
    expect(arrowVisibility({ scrollLeft: 0, clientWidth: 500, scrollWidth: 500 })).toEqual({ previous: false, next: false });
  });

  it('scrolls about two thirds of the visible width', () => {
    expect(scrollStep(900)).toBe(600);
    expect(scrollStep(1000)).toBe(667);
  });

  it('shows one view of placeholders while a slice loads, at most a slice', () => {
    expect(placeholderCount(8)).toBe(4);
    expect(placeholderCount(18)).toBe(9);
    expect(placeholderCount(30)).toBe(10);
  });
});

describe('throttle', () => {
  /** A hand-driven clock: `advance` runs due timers in order. */
  function manualClock() {
    let now = 0;
    let timers: { at: number; run: () => void; id: number }[] = [];
    let nextId = 1;
    const clock: Clock = {
      now: () => now,
      setTimeout: (run, ms) => {
        const id = nextId++;
        timers.push({ at: now + ms, run, id });
        return id;
      },
      clearTimeout: (id) => {
        timers = timers.filter((timer) => timer.id !== id);
      },
    };
    const advance = (ms: number) => {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        now = due.at;
        due.run();
      }
      now = until;
    };
    return { clock, advance };
  }

  it('runs at once, then at most once per 100 ms with the latest arguments', () => {
    const { clock, advance } = manualClock();
    const calls: number[] = [];
    const check = throttle((position: number) => calls.push(position), 100, clock);
    check(1);
    expect(calls).toEqual([1]);
    advance(30);
    check(2);
    advance(30);
    check(3);
    expect(calls).toEqual([1]);
    advance(40);
    expect(calls).toEqual([1, 3]);
    advance(100);
    expect(calls).toEqual([1, 3]);
    check(4);
    expect(calls).toEqual([1, 3, 4]);
  });

  it('keeps at least 100 ms between runs under a steady stream of scroll events', () => {
    const { clock, advance } = manualClock();
    const runs: number[] = [];
    const check = throttle(() => runs.push(clock.now()), 100, clock);
    for (let ms = 0; ms < 1000; ms += 5) {
      check();
      advance(5);
    }
    const gaps = runs.slice(1).map((at, index) => at - (runs[index] ?? 0));
    expect(runs.length).toBeGreaterThanOrEqual(10);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(100);
  });

  it('drops the pending trailing call when cancelled', () => {
    const { clock, advance } = manualClock();
    const calls: string[] = [];
    const check = throttle((label: string) => calls.push(label), 100, clock);
    check('first');
    check('second');
    check.cancel();
    advance(200);
    expect(calls).toEqual(['first']);
  });
});
