/**
 * The main thread of a page as a phone's CPU runs it, for `npm run bench`: Chromium with a real 4x
 * CPU slowdown (CDP `Emulation.setCPUThrottlingRate`) on a phone viewport loads the page, and the
 * page's own Long Tasks and Long Animation Frames (with the scripts they ran) are read back once
 * it has settled. Interactions are timed the way INP is: the Event Timing entries of one
 * interaction, from the input to the next paint, the longest of them.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** A phone: the viewport and input of the bench's mobile figures. */
export const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true } as const;
/** The CPU slowdown Lighthouse's mobile preset applies, here applied for real. */
export const CPU_SLOWDOWN = 4;

/** One long task (over 50 ms) and what the long animation frame around it spent its time on. */
export interface LongTask {
  start: number;
  duration: number;
  /** The scripts of the frame that held this task, longest first ("style and layout" when none ran long). */
  blame: string;
}

/** What loading one page did to the main thread. */
export interface MainThreadLoad {
  longTasks: LongTask[];
  /** The sum over long tasks of their time past 50 ms (what TBT counts, here without a window). */
  blocking: number;
  longest: number;
}

/** Opens a context with the phone's viewport (or a desktop's) and signed-in cookies if given. */
export async function openContext(browser: Browser, options: { phone: boolean; cookies?: { name: string; value: string; domain: string }[] }): Promise<BrowserContext> {
  const context = await browser.newContext(options.phone ? PHONE : { viewport: { width: 1280, height: 900 } });
  if (options.cookies) await context.addCookies(options.cookies.map((cookie) => ({ ...cookie, path: '/', sameSite: 'Lax' as const })));
  // Every entry from the first byte on is kept (buffered observers see only the first ones of some types).
  await context.addInitScript(() => {
    const kept: { longtask: PerformanceEntry[]; loaf: PerformanceEntry[]; event: PerformanceEntry[] } = { longtask: [], loaf: [], event: [] };
    (window as unknown as { __mainThread: typeof kept }).__mainThread = kept;
    new PerformanceObserver((list) => kept.longtask.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
    if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
      new PerformanceObserver((list) => kept.loaf.push(...list.getEntries())).observe({ type: 'long-animation-frame', buffered: true });
    }
    new PerformanceObserver((list) => kept.event.push(...list.getEntries())).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  });
  return context;
}

/** Slows the page's CPU down as a phone's is. */
export async function slowCpu(page: Page, rate = CPU_SLOWDOWN): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Waits until the main thread has been free of long tasks for `quietMs` (the page has settled). */
export async function settle(page: Page, quietMs = 2000, timeoutMs = 30_000): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(
    ({ quietMs, timeoutMs }) =>
      new Promise<void>((resolve) => {
        const started = performance.now();
        const kept = (window as unknown as { __mainThread: { longtask: PerformanceEntry[] } }).__mainThread;
        const check = () => {
          const last = kept.longtask.at(-1);
          const lastEnd = last ? last.startTime + last.duration : 0;
          const now = performance.now();
          if (now - Math.max(lastEnd, started) >= quietMs || now - started > timeoutMs) resolve();
          else setTimeout(check, 100);
        };
        check();
      }),
    { quietMs, timeoutMs },
  );
}

/** The middle value of a run's figures (the upper middle of an even count); the benches print medians. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Reads the long tasks recorded so far, each with the scripts its frame ran. */
export async function longTasks(page: Page): Promise<MainThreadLoad> {
  const tasks = await page.evaluate(() => {
    const kept = (window as unknown as { __mainThread: { longtask: PerformanceEntry[]; loaf: PerformanceEntry[] } }).__mainThread;
    type Loaf = PerformanceEntry & { scripts: { sourceURL: string; sourceFunctionName: string; invoker: string; duration: number; invokerType: string }[]; styleAndLayoutStart: number; renderStart: number };
    const loafs = kept.loaf as Loaf[];
    type Attributed = PerformanceEntry & { attribution?: { containerType: string; containerSrc: string }[] };
    return (kept.longtask as Attributed[]).map((task) => {
      // A same-origin frame's task (Partytown's sandbox, which runs the tags' DOM calls) is reported
      // to the page too, with no animation frame of the page's own around it.
      const container = task.attribution?.[0];
      if (container && container.containerType !== 'window') {
        const source = container.containerSrc.split('?')[0] ?? '';
        return { start: Math.round(task.startTime), duration: Math.round(task.duration), blame: source.includes('partytown') ? `Partytown's sandbox frame (the tags' DOM work)` : `a frame (${source || container.containerType})` };
      }
      const frame = loafs.find((loaf) => loaf.startTime <= task.startTime + 1 && loaf.startTime + loaf.duration >= task.startTime + task.duration - 1);
      const scripts = (frame?.scripts ?? [])
        .filter((script) => script.duration >= 5)
        .sort((a, b) => b.duration - a.duration)
        .slice(0, 3)
        .map((script) => {
          const file = script.sourceURL.split('/').at(-1) || 'inline';
          const invoker = (script.invoker || script.invokerType).replace(/https?:\/\/[^/]+\/(_astro\/)?/g, '');
          return `${invoker.includes(file) ? invoker : `${invoker} (${file})`} ${Math.round(script.duration)} ms`;
        });
      const styleAndLayout = frame && frame.styleAndLayoutStart ? Math.round(frame.startTime + frame.duration - frame.styleAndLayoutStart) : 0;
      return {
        start: Math.round(task.startTime),
        duration: Math.round(task.duration),
        blame: [...scripts, ...(styleAndLayout >= 10 ? [`style and layout ${styleAndLayout} ms`] : [])].join('; ') || 'parsing, style or layout',
      };
    });
  });
  return {
    longTasks: tasks,
    blocking: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    longest: tasks.reduce((most, task) => Math.max(most, task.duration), 0),
  };
}

/**
 * Runs `act` (one interaction) and returns its latency as INP counts it: the longest Event Timing
 * duration among the entries of the interaction(s) it caused, input to next paint.
 */
export async function interactionLatency(page: Page, act: () => Promise<void>): Promise<number> {
  const before = await page.evaluate(() => (window as unknown as { __mainThread: { event: PerformanceEntry[] } }).__mainThread.event.length);
  await act();
  // The entries of an interaction are reported after its next paint: give the page frames to report them.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))));
  return page.evaluate((from) => {
    const events = (window as unknown as { __mainThread: { event: (PerformanceEntry & { interactionId?: number })[] } }).__mainThread.event.slice(from);
    return events.filter((entry) => (entry.interactionId ?? 0) > 0).reduce((most, entry) => Math.max(most, entry.duration), 0);
  }, before);
}
