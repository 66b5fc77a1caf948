/**
 * What the artwork's format costs a phone's main thread: an A/B of the same pages with each game
 * tile, studio logo and banner answered as the platform's WebP (what the catalogue and the content link) or as
 * the same art's SVG, alternating fresh loads in one run. Chromium's trace of each load at a real
 * 4x CPU slowdown on a phone viewport is summed per kind of work (paint, layout, style, all
 * tasks), which a noisy host moves far less than the longest task; the page's long tasks are read
 * too. Medians; tracing inflates every figure alike. Prints figures and asserts nothing.
 *
 *   npm start   # in another terminal
 *   node scripts/bench-artwork.ts http://aurelia.localhost:4321/en/game-list/slots/ http://kororaa.localhost:4321/en/
 *
 * BENCH_ARTWORK_RUNS (5) loads of each page in each format; BENCH_ARTWORK_KINDS
 * (games,studios,banners) which artwork the SVG loads swap, e.g. `banners` to see the hero's share alone.
 */
import { chromium, type Browser } from 'playwright-core';
import { assertChromium, CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium.ts';
import { longTasks, median, openContext, settle, slowCpu } from './main-thread.ts';

const RUNS = Number(process.env.BENCH_ARTWORK_RUNS ?? 5);
const ARTWORK = ['games', 'studios', 'banners'];
const KINDS = (process.env.BENCH_ARTWORK_KINDS ?? ARTWORK.join(',')).split(',').map((kind) => kind.trim());
if (KINDS.length === 0 || KINDS.some((kind) => !ARTWORK.includes(kind))) throw new Error(`BENCH_ARTWORK_KINDS is a list of ${ARTWORK.join(', ')}, not "${process.env.BENCH_ARTWORK_KINDS}"`);
const SWAPPED = new RegExp(`/media/(${KINDS.join('|')})/[a-z0-9-]+\\.webp$`);
const WORK = { Paint: 'paint', Layout: 'layout', UpdateLayoutTree: 'style', RunTask: 'all tasks' } as const;
type Format = 'svg' | 'webp';
type Figures = Record<string, number>;

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

async function load(browser: Browser, url: string, format: Format): Promise<Figures> {
  const context = await openContext(browser, { phone: true });
  if (format === 'svg') await context.route(SWAPPED, (route) => route.continue({ url: route.request().url().replace(/\.webp$/, '.svg') }));
  try {
    const page = await context.newPage();
    await slowCpu(page);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.goto(url);
    await settle(page, 1500);
    const tasks = await longTasks(page);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const main = new Set(traceEvents.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`));
    const figures: Figures = { longest: tasks.longest, 'past 50 ms': tasks.blocking };
    for (const event of traceEvents) {
      const kind = WORK[event.name as keyof typeof WORK];
      if (kind && event.ph === 'X' && event.dur && main.has(`${event.pid}:${event.tid}`)) figures[kind] = (figures[kind] ?? 0) + event.dur / 1000;
    }
    return figures;
  } finally {
    await context.close();
  }
}


assertChromium();
const urls = process.argv.slice(2);
if (urls.length === 0) throw new Error('Name the pages to load, e.g. node scripts/bench-artwork.ts http://aurelia.localhost:4321/en/');
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  console.log(`Artwork (${KINDS.join(' and ')}) as SVG and as WebP, phone, real 4x CPU slowdown, ${RUNS} alternating loads each (medians, ms of main-thread time with tracing on):`);
  const columns = [...Object.values(WORK), 'longest', 'past 50 ms'];
  console.log(`  ${'page'.padEnd(48)} ${'format'.padEnd(6)} ${columns.map((column) => column.padStart(10)).join(' ')}`);
  for (const url of urls) {
    // One load of each first: the server renders and caches the tiles, the browser compiles nothing twice.
    await load(browser, url, 'webp');
    await load(browser, url, 'svg');
    const runs: Record<Format, Figures[]> = { svg: [], webp: [] };
    for (let round = 0; round < RUNS; round += 1) for (const format of ['svg', 'webp'] as const) runs[format].push(await load(browser, url, format));
    for (const format of ['svg', 'webp'] as const) {
      const cells = columns.map((column) => median(runs[format].map((figures) => figures[column] ?? 0)).toFixed(0).padStart(10));
      console.log(`  ${new URL(url).host.split('.')[0]} ${new URL(url).pathname}`.padEnd(50) + ` ${format.padEnd(6)} ${cells.join(' ')}`);
    }
  }
} finally {
  await browser.close();
}
