/**
 * `npm run bench`: prints the figures of the design budgets, measured in one run on this machine.
 * - Lighthouse (mobile emulation, simulated throttling) in Debian's Chromium, BENCH_LH_RUNS (5) runs
 *   per page, medians: LCP, TBT, CLS and the performance score of the anonymous casino lobby of each
 *   layout, a game-list page, a studio page and the sports page, beside a static floor page carrying
 *   the same hero image from the same server; LCP as a ratio to the floor; first-party JavaScript.
 * - The first-party JavaScript each page loads (raw, gzip, brotli), counted from what Chromium
 *   actually fetched plus the inline scripts of the page.
 * - Server-render throughput of the lobby beside a bare page of the same server at 50 connections,
 *   as requests per second and as a ratio (alternating rounds, medians, to damp a noisy machine).
 * - The first cashier open of a signed-in demo player (a fresh browser context each time, so nothing
 *   is cached): from the click on the header's balance (its Deposit entry) to the cashier's form usable
 *   (amount field on screen, submit enabled), measured in the page; on a phone with 4x CPU slowdown and on a desktop
 *   with the pointer resting on the entry first (hover prefetch). BENCH_CASHIER_RUNS (5) each, medians.
 * - A normal player's GraphQL query (a page of game tiles) through the lobby: p50 and p99 alone, beside
 *   a stream of hostile requests (alias, cost and depth bombs, 2 MB bodies, all refused; through the
 *   lobby and straight at the platform's port), and beside a
 *   stream of the costliest query the limits allow; each as a ratio to alone. BENCH_QUERY_RUNS (300).
 * - The host's noise in the same run (scripts/host-noise.ts): a fixed piece of CPU work timed before and
 *   after each section, beside the load average; sections measured on a busy host are named.
 * - The main thread on a phone's CPU (scripts/main-thread.ts): Chromium with a real 4x CPU slowdown loads
 *   each page of the Lighthouse section and the signed-in lobby, BENCH_MT_RUNS (3) fresh visits each;
 *   the longest task, the time past 50 ms summed over long tasks, and what the longest task ran.
 * - Interactions of the signed-in lobby at 4x CPU, timed as INP counts them (Event Timing, input to
 *   next paint): opening search, typing a query, moving a carousel a page, opening the account menu,
 *   opening the cashier. BENCH_INP_RUNS (3) fresh visits; medians and the worst.
 * - Sockets and event fan-out across two platform processes on the PostgreSQL server in DATABASE_URL
 *   (scripts/bench-sockets.ts): sockets held per process, memory per 1,000 sockets, and the p50 and
 *   p99 of a balance update's fan-out to 5,000 sockets over the two processes; and the jackpot's:
 *   from a real-money round of an opted-in player to each of 1,000 subscribed jackpot sockets having
 *   the new pot values. Skipped without DATABASE_URL.
 * - Scale-out on the PostgreSQL server in DATABASE_URL (scripts/cluster.ts: two lobbies, two platforms):
 *   lobby requests per second straight to one lobby process, and through HAProxy (deploy/haproxy/
 *   atrium.cfg) in front of one and of two; ledger transactions per second (sandbox credits with the
 *   operator key, spread over a brand's demo wallets, counted in the database) the same three ways;
 *   alternating rounds, medians, printed as ratios (HAProxy's own cost, two/one). Skipped, saying so,
 *   without DATABASE_URL.
 * BENCH_JS_FILES=1 lists every script of the JavaScript section's pages with its sizes.
 * BENCH_ONLY=lighthouse,js,mainthread,inp,render,cashier,hostile,sockets,scale runs only the named sections.
 * It prints figures and asserts nothing: budgets are judged by people, not by a timed test.
 */
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { CONSENT_POLICY_VERSION } from '../src/features/consent/consent.ts';
import { assertChromium, CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium.ts';
import { firstVisitFlags } from './lighthouse-first-visit.ts';
import { createHostNoise } from './host-noise.ts';
import { socketsSection } from './bench-sockets.ts';
import { interactionLatency, longTasks, median, openContext, settle, slowCpu, type MainThreadLoad } from './main-thread.ts';
import { ensureHaproxy, startHaproxy } from './haproxy.ts';
import { ALIAS_BOMB, COST_BOMB, HEAVIEST_ALLOWED, HUGE_BODY, NESTING_BOMB, NORMAL_QUERY, percentile } from '../tests/support/hostile.ts';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const PORT = Number(process.env.BENCH_PORT ?? 4800);
const BRAND = process.env.BENCH_BRAND ?? 'aurelia';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 5);
/** The anonymous casino lobby whose JavaScript and render throughput are measured. */
const lobbyPath = '/en/';
const CASHIER_RUNS = Number(process.env.BENCH_CASHIER_RUNS ?? 5);
const MT_RUNS = Number(process.env.BENCH_MT_RUNS ?? 3);
const INP_RUNS = Number(process.env.BENCH_INP_RUNS ?? 3);
const ONLY = new Set((process.env.BENCH_ONLY ?? 'lighthouse,js,mainthread,inp,render,cashier,hostile,sockets,scale').split(',').map((name) => name.trim()));
const QUERY_RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 300);

assertChromium();
const data = mkdtempSync(path.join(tmpdir(), 'atrium-bench-'));
const server = spawn(process.execPath, ['scripts/start.ts'], {
  env: { ...process.env, PORT: String(PORT), PLATFORM_PORT: String(PORT + 1), PLATFORM_DATA_DIR: data },
  stdio: ['ignore', 'pipe', 'inherit'],
});
// A section that throws ends the bench: its server must not outlive it (a stray one holds the port
// and the next run cannot start).
process.on('exit', () => server.kill('SIGTERM'));
await new Promise<void>((resolve, reject) => {
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('Atrium is running')) resolve();
  });
  server.on('exit', (code) => reject(new Error(`start exited with ${code}:\n${output}`)));
});

const origin = `http://${BRAND}.localhost:${PORT}`;
const sizes = (body: Buffer) => ({
  raw: body.length,
  gzip: gzipSync(body, { level: 9 }).length,
  brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Partytown's runtime (the consented tags'): its worker and service worker, which never run on the
 * page's main thread, and its sandbox frame's script (which does: Partytown's own start-up and the
 * tags' DOM calls; until the build made it a file, the service worker carried it as a string and
 * it was counted here all the same). Counted apart from the page's JavaScript; Partytown's small
 * page script (partytown.js) and the page's own scripts count as ever.
 */
const partytownRuntime = (url: string) => url.startsWith('blob:') || (url.includes('/~partytown/') && !url.endsWith('/partytown.js'));

/**
 * The first-party JavaScript a page loads on a phone: every script fetched from its origin plus its
 * inline scripts; the tags' worker code (and the tag set-up Partytown runs there) is measured apart.
 */
async function measureJavaScript(pageUrl: string, cookies?: SignInCookie[]) {
  const pageOrigin = new URL(pageUrl).origin;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const context = await openContext(browser, { phone: true, cookies });
  const page = await context.newPage();
  const scripts: { url: string; body: Buffer }[] = [];
  // Bodies are read as the responses come; all of them are in before the browser closes.
  const reading: Promise<void>[] = [];
  const worker: { url: string; body: Buffer }[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    if (response.request().resourceType() === 'script' && new URL(response.url()).origin === pageOrigin) {
      const into = partytownRuntime(response.url()) ? worker : scripts;
      reading.push(response.body().then((body) => { into.push({ url: response.url(), body }); }, () => undefined));
    }
  };
  context.on('response', onResponse);
  // A page whose network never goes quiet for half a second within 30 s is measured as it stands then.
  await page.goto(pageUrl, { waitUntil: 'networkidle', timeout: 30_000 }).catch(async (error: Error) => {
    console.warn(`  (${pageUrl}: ${error.message.split('\n')[0]}; measured at 30 s)`);
  });
  await page.waitForTimeout(500);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src]):not([type^="text/partytown"])')].map((node) => node.textContent ?? '').join('\n'),
  );
  // Reads started while waiting are waited for too; then no new one starts, so none outlives the browser.
  for (let settled = -1; settled !== reading.length; ) {
    settled = reading.length;
    await Promise.all(reading);
  }
  context.off('response', onResponse);
  await browser.close();
  const files = scripts.map((script) => ({ name: new URL(script.url).pathname, ...sizes(script.body) }));
  const inlineSizes = sizes(Buffer.from(inline));
  const total = (key: 'raw' | 'gzip' | 'brotli') => files.reduce((sum, file) => sum + file[key], 0) + inlineSizes[key];
  const breakdown = [...files, { name: '(inline scripts)', ...inlineSizes }].sort((a, b) => b.brotli - a.brotli);
  const workerBrotli = worker.reduce((sum, script) => sum + sizes(script.body).brotli, 0);
  return { files: files.length, raw: total('raw'), gzip: total('gzip'), brotli: total('brotli'), breakdown, workerBrotli };
}

async function requestsPerSecond(pagePath: string): Promise<number> {
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}${pagePath}`,
    headers: { host: `${BRAND}.localhost:${PORT}` },
    connections: 50,
    duration: SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${pagePath}: ${result.non2xx} non-2xx answers and ${result.errors} errors during the load`);
  }
  return result.requests.average;
}

/** A page Lighthouse measures; `floor` names the floor page its LCP is compared with. */
interface BenchPage {
  name: string;
  url: string;
  floor?: string;
  /** The LCP ratio budget (1.15 for the lobby, 1.3 for other pages); none for floors. */
  lcpBudget?: number;
  /** Whether the lobby's own budgets (JS, TBT, CLS) apply. */
  lobby?: boolean;
  /** Cookies the visitor holds (the consented runs: every tag running). */
  cookies?: SignInCookie[];
}

/** The lobby's hero image (the preloaded first banner), for the floor page of that lobby. */
async function heroOf(url: string): Promise<{ mobile: string; desktop: string }> {
  // Node does not resolve *.localhost: ask the loopback address with the brand's Host header.
  const { host, pathname } = new URL(url);
  const html = await new Promise<string>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port: PORT, path: pathname, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(body));
    }).on('error', reject);
  });
  const preload = (media: string) => new RegExp(`<link rel="preload" as="image" href="([^"]+)" media="\\(${media}\\)"`).exec(html)?.[1];
  const mobile = preload('max-width: 767px');
  const desktop = preload('min-width: 768px');
  if (!mobile || !desktop) throw new Error(`${url} preloads no hero image: the floor page needs the lobby's first banner`);
  return { mobile, desktop };
}

/** The lobby pages and their floors: one floor per hero image, on the same brand's host. */
async function benchPages(): Promise<BenchPage[]> {
  const lobbies = [
    { name: 'casino lobby, default layout (aurelia)', brand: 'aurelia', path: '/en/' },
    { name: 'casino lobby, layout1 (kororaa)', brand: 'kororaa', path: '/en/' },
    { name: 'casino lobby, layout2 (nordvik)', brand: 'nordvik', path: '/no/' },
  ];
  const pages: BenchPage[] = [];
  for (const lobby of lobbies) {
    const brandOrigin = `http://${lobby.brand}.localhost:${PORT}`;
    const hero = await heroOf(`${brandOrigin}${lobby.path}`);
    const floor = `floor (${lobby.brand} hero)`;
    pages.push({ name: floor, url: `${brandOrigin}/internal/floor/?mobile=${encodeURIComponent(hero.mobile)}&desktop=${encodeURIComponent(hero.desktop)}` });
    pages.push({ name: lobby.name, url: `${brandOrigin}${lobby.path}`, floor, lcpBudget: 1.15, lobby: true });
  }
  const aureliaFloor = 'floor (aurelia hero)';
  pages.push({ name: 'game list (slots)', url: `${origin}/en/game-list/slots/`, floor: aureliaFloor, lcpBudget: 1.3 });
  pages.push({ name: 'studio (northwind-forge)', url: `${origin}/en/game-studio/northwind-forge/`, floor: aureliaFloor, lcpBudget: 1.3 });
  pages.push({ name: 'sports', url: `${origin}/en/sports/`, floor: aureliaFloor, lcpBudget: 1.3 });
  return pages;
}

/** One Lighthouse performance run (default config: mobile emulation, simulated throttling). */
async function lighthouseRun(url: string, port: number) {
  const result = await lighthouse(url, { ...firstVisitFlags(port), output: 'json' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { audits, categories, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  return {
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    score: (categories.performance?.score ?? NaN) * 100,
    lcpElement: (audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
  };
}

/** Lighthouse medians of every page (runs interleaved page by page, so machine noise spreads evenly). */
async function measureLighthouse(pages: BenchPage[], cookies: SignInCookie[] = []) {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  const runs = new Map<string, Awaited<ReturnType<typeof lighthouseRun>>[]>();
  try {
    // Lighthouse keeps cookies between runs (firstVisitFlags clears storage, not cookies): set once, they hold for every run.
    if (cookies.length > 0) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      await browser.setCookie(...cookies.map((cookie) => ({ ...cookie, path: '/' })));
      await browser.disconnect();
    }
    for (const page of pages) await lighthouseRun(page.url, chrome.port); // warm the server and the render cache
    for (let round = 0; round < LH_RUNS; round += 1) {
      for (const page of pages) runs.set(page.name, [...(runs.get(page.name) ?? []), await lighthouseRun(page.url, chrome.port)]);
    }
  } finally {
    chrome.kill();
  }
  return new Map(
    pages.map((page) => {
      const all = runs.get(page.name)!;
      return [page.name, {
        lcp: median(all.map((run) => run.lcp)),
        tbt: median(all.map((run) => run.tbt)),
        cls: median(all.map((run) => run.cls)),
        score: median(all.map((run) => run.score)),
        lcpElement: all[0]?.lcpElement ?? '',
      }];
    }),
  );
}

/** Signs a seeded demo player in through the Trustly sandbox bank and returns the tokens. */
async function demoTokens(brand: string, username: string): Promise<{ accessToken: string; refreshToken: string }> {
  const brandOrigin = `http://${brand}.localhost:${PORT}`;
  const response = await fetch(`http://127.0.0.1:${PORT}/platform/sandbox/trustly/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { host: `${brand}.localhost:${PORT}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ brand, locale: 'en', returnUrl: `${brandOrigin}/en/trustly-login-handler/`, person: `${brand}-${username}`, orderId: `bench-${Date.now()}-${Math.random()}` }),
  });
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) throw new Error(`The sandbox bank did not sign ${brand}-${username} in: ${response.status}`);
  const back = new URL(location);
  return { accessToken: back.searchParams.get('accessToken') ?? '', refreshToken: back.searchParams.get('refreshToken') ?? '' };
}

/** A cookie that signs a browser in (the lobby reads the tokens from cookies). */
type SignInCookie = { name: string; value: string; domain: string };

/** The cookies of a signed-in demo player on the bench brand's host. */
function signInCookies(tokens: { accessToken: string; refreshToken: string }): SignInCookie[] {
  return (['accessToken', 'refreshToken'] as const).map((name) => ({ name, value: tokens[name], domain: `${BRAND}.localhost` }));
}

/**
 * A visitor who allowed every cookie category (the `consent` cookie the prompt's Allow all writes)
 * on the lobby brands whose tags (trackingOptions) run through Partytown: GTM, GA4 and FullStory on
 * aurelia, GTM and Adform on nordvik.
 */
const CONSENTED_LOBBIES = [
  { name: 'casino lobby, all tags (aurelia)', brand: 'aurelia', path: '/en/' },
  { name: 'casino lobby, all tags (nordvik)', brand: 'nordvik', path: '/no/' },
];
function consentCookies(): SignInCookie[] {
  return CONSENTED_LOBBIES.map(({ brand }) => ({ name: 'consent', value: encodeURIComponent(`all,policy:${CONSENT_POLICY_VERSION}`), domain: `${brand}.localhost` }));
}

/**
 * One first open of the cashier in a fresh context: the signed-in lobby loads and hydrates, then the
 * balance (the header's Deposit entry) is clicked; returns the milliseconds, measured in the page,
 * from the click to the form usable (the amount field shown, its submit button enabled).
 */
async function firstCashierOpen(browser: import('playwright-core').Browser, tokens: { accessToken: string; refreshToken: string }, phone: boolean): Promise<number> {
  const context = await openContext(browser, { phone, cookies: signInCookies(tokens) });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/en/`, { waitUntil: 'load', timeout: 60_000 });
    const entry = page.locator('a.account-menu__balance');
    await entry.locator('[data-testid="balance"]').waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.querySelector('.account-menu')?.getAttribute('data-player-status') === 'LOGGED_IN', undefined, { timeout: 30_000 });
    // On the phone the tap comes as soon as the live balance shows (the worst case: islands may still be
    // hydrating); on the desktop the pointer rests on the entry first, as a mouse does.
    if (phone) {
      await slowCpu(page);
    } else {
      await entry.hover();
      await page.waitForTimeout(300);
    }
    const opened = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let clickedAt = 0;
          addEventListener('click', () => { clickedAt = performance.now(); }, { capture: true, once: true });
          // Usable: the amount field on screen and the submit button enabled (the wallet is known).
          const ready = () => {
            const input = document.querySelector<HTMLInputElement>('dialog[open] input[name="amount"]');
            const submit = document.querySelector<HTMLButtonElement>('dialog[open] form button[type="submit"]');
            return input !== null && submit !== null && !submit.disabled && input.getBoundingClientRect().height > 0;
          };
          const check = () => (clickedAt && ready() ? resolve(performance.now() - clickedAt) : requestAnimationFrame(check));
          requestAnimationFrame(check);
        }),
    );
    if (phone) await entry.tap();
    else await entry.click();
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the cashier did not open within 30 s')), 30_000));
    return await Promise.race([opened, timeout]);
  } finally {
    await context.close();
  }
}

/** Medians (and the slowest) of the first cashier open on a phone at 4x CPU and on a desktop after a hover. */
async function measureFirstCashierOpen() {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    // One sign-in for every run (the access token outlives the measurement; sign-ins are rate-limited).
    const tokens = await demoTokens(BRAND, 'verified');
    await firstCashierOpen(browser, tokens, false); // warm the server and its render cache
    const runs = { phone: [] as number[], desktop: [] as number[] };
    for (let round = 0; round < CASHIER_RUNS; round += 1) {
      runs.phone.push(await firstCashierOpen(browser, tokens, true));
      runs.desktop.push(await firstCashierOpen(browser, tokens, false));
    }
    return runs;
  } finally {
    await browser.close();
  }
}

const host = createHostNoise();
try {
  if (ONLY.has('lighthouse')) await host.around('lighthouse', lighthouseSection);
  if (ONLY.has('js')) await host.around('js', javascriptSection);
  if (ONLY.has('mainthread')) await host.around('mainthread', mainThreadSection);
  if (ONLY.has('inp')) await host.around('inp', interactionSection);
  if (ONLY.has('render')) await host.around('render', renderSection);
  if (ONLY.has('cashier')) await host.around('cashier', async () => {
    const runs = await measureFirstCashierOpen();
    const line = (name: string, values: number[]) =>
      console.log(`  ${name.padEnd(44)} median ${`${median(values).toFixed(0)} ms`.padStart(7)}   slowest ${`${Math.max(...values).toFixed(0)} ms`.padStart(7)}   (runs: ${values.map((value) => value.toFixed(0)).join(', ')})`);
    console.log(`\nFirst cashier open, signed-in demo player, fresh browser context each run (${CASHIER_RUNS} runs; budget: under 1000 ms):`);
    line('phone, 4x CPU slowdown, tap on the balance', runs.phone);
    line('desktop, hover then click on the balance', runs.desktop);
  });
  if (ONLY.has('hostile')) await host.around('hostile', hostileSection);
  if (ONLY.has('sockets')) await host.around('sockets', socketsSection);
  if (ONLY.has('scale')) await host.around('scale', scaleSection);
  for (const line of host.report()) console.log(line);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(data, { recursive: true, force: true });
}

/** The consented lobbies and their floors (a browser of their own, holding the consent cookie). */
async function consentedBenchPages(): Promise<BenchPage[]> {
  const pages: BenchPage[] = [];
  for (const lobby of CONSENTED_LOBBIES) {
    const brandOrigin = `http://${lobby.brand}.localhost:${PORT}`;
    const hero = await heroOf(`${brandOrigin}${lobby.path}`);
    const floor = `floor (${lobby.brand} hero, consented)`;
    pages.push({ name: floor, url: `${brandOrigin}/internal/floor/?mobile=${encodeURIComponent(hero.mobile)}&desktop=${encodeURIComponent(hero.desktop)}` });
    pages.push({ name: lobby.name, url: `${brandOrigin}${lobby.path}`, floor, lcpBudget: 1.15, lobby: true, cookies: consentCookies() });
  }
  return pages;
}

async function lighthouseSection() {
  const anonymous = await benchPages();
  const consented = await consentedBenchPages();
  const lh = new Map([...(await measureLighthouse(anonymous)), ...(await measureLighthouse(consented, consentCookies()))]);
  const pages = [...anonymous, ...consented];
  console.log(`\nLighthouse ${LH_RUNS} runs per page (mobile, simulated throttling; medians), first-party JS in brotli:`);
  console.log(`  ${'page'.padEnd(40)} ${'LCP'.padStart(8)} ${'xfloor'.padStart(7)} ${'TBT'.padStart(7)} ${'CLS'.padStart(6)} ${'score'.padStart(5)} ${'JS'.padStart(9)}  budget`);
  for (const page of pages) {
    const figures = lh.get(page.name)!;
    const js = await measureJavaScript(page.url, page.cookies);
    const floor = page.floor ? lh.get(page.floor) : undefined;
    const ratio = floor ? figures.lcp / floor.lcp : undefined;
    const budget = page.lobby
      ? `LCP ≤ ${page.lcpBudget}x, TBT ≤ 50 ms, CLS ≤ 0.01, JS ≤ 80 KB`
      : page.lcpBudget ? `LCP ≤ ${page.lcpBudget}x` : 'floor';
    const held = page.lobby
      ? ratio! <= page.lcpBudget! && figures.tbt <= 50 && figures.cls <= 0.01 && js.brotli <= 80 * 1024
      : page.lcpBudget ? ratio! <= page.lcpBudget : true;
    console.log(
      `  ${page.name.padEnd(40)} ${`${figures.lcp.toFixed(0)} ms`.padStart(8)} ${(ratio ? ratio.toFixed(2) : '-').padStart(7)} ${`${figures.tbt.toFixed(0)} ms`.padStart(7)} ${figures.cls.toFixed(3).padStart(6)} ${figures.score.toFixed(0).padStart(5)} ${kb(js.brotli).padStart(9)}  ${budget}${page.lcpBudget ? (held ? '  (held)' : '  (MISSED)') : ''}`,
    );
    if (js.workerBrotli > 0) console.log(`      and ${kb(js.workerBrotli)} brotli of Partytown's runtime (worker, service worker and sandbox: the tags', apart from the page's)`);
    if (process.env.BENCH_VERBOSE) console.log(`      LCP element: ${figures.lcpElement}`);
  }
}

async function javascriptSection() {
  const js = await measureJavaScript(`${origin}${lobbyPath}`);
  console.log(`\nAnonymous casino lobby (${origin}${lobbyPath}), first-party JavaScript (${js.files} files + inline):`);
  console.log(`  raw ${kb(js.raw)}   gzip ${kb(js.gzip)}   brotli ${kb(js.brotli)}   (budget: 80 KB brotli)`);
  printBreakdown(js.breakdown);
  const signedIn = await measureJavaScript(`${origin}${lobbyPath}`, signInCookies(await demoTokens(BRAND, 'verified')));
  console.log(`Signed-in casino lobby (demo player "verified"), first-party JavaScript (${signedIn.files} files + inline):`);
  console.log(`  raw ${kb(signedIn.raw)}   gzip ${kb(signedIn.gzip)}   brotli ${kb(signedIn.brotli)}   (budget: 110 KB brotli)`);
  for (const lobby of CONSENTED_LOBBIES) {
    const consented = await measureJavaScript(`http://${lobby.brand}.localhost:${PORT}${lobby.path}`, consentCookies());
    console.log(`Anonymous ${lobby.name.replace('casino lobby, ', 'lobby with ')}, every category allowed (${consented.files} files + inline):`);
    console.log(`  raw ${kb(consented.raw)}   gzip ${kb(consented.gzip)}   brotli ${kb(consented.brotli)}   and Partytown's runtime (worker, service worker and sandbox) ${kb(consented.workerBrotli)} brotli`);
  }
  printBreakdown(signedIn.breakdown);
}

/** With BENCH_JS_FILES=1, every script of a measured page with its sizes, largest (brotli) first. */
function printBreakdown(breakdown: { name: string; raw: number; brotli: number }[]) {
  if (!process.env.BENCH_JS_FILES) return;
  for (const file of breakdown) console.log(`    ${kb(file.brotli).padStart(9)} brotli ${kb(file.raw).padStart(9)} raw  ${file.name}`);
}

/** One fresh visit of a page on a phone at 4x CPU: its long tasks once it has settled. */
async function loadOnPhone(browser: import('playwright-core').Browser, url: string, cookies?: SignInCookie[]): Promise<MainThreadLoad> {
  const context = await openContext(browser, { phone: true, cookies });
  try {
    const page = await context.newPage();
    await slowCpu(page);
    await page.goto(url, { timeout: 60_000 });
    await settle(page);
    return await longTasks(page);
  } finally {
    await context.close();
  }
}

async function mainThreadSection() {
  const pages = [
    ...(await benchPages()).map((page) => ({ name: page.name, url: page.url, cookies: undefined as SignInCookie[] | undefined })),
    { name: 'casino lobby, signed in (aurelia)', url: `${origin}${lobbyPath}`, cookies: signInCookies(await demoTokens(BRAND, 'verified')) },
    ...CONSENTED_LOBBIES.map((lobby) => ({ name: lobby.name, url: `http://${lobby.brand}.localhost:${PORT}${lobby.path}`, cookies: consentCookies() })),
  ];
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const runs = new Map<string, MainThreadLoad[]>();
  try {
    for (const page of pages) await loadOnPhone(browser, page.url, page.cookies); // warm the server and its caches
    for (let round = 0; round < MT_RUNS; round += 1) {
      for (const page of pages) runs.set(page.name, [...(runs.get(page.name) ?? []), await loadOnPhone(browser, page.url, page.cookies)]);
    }
  } finally {
    await browser.close();
  }
  console.log(`\nMain thread while each page loads on a phone, real 4x CPU slowdown, ${MT_RUNS} fresh visits (medians; budget: no task over 50 ms):`);
  console.log(`  ${'page'.padEnd(40)} ${'longest'.padStart(8)} ${'>50 ms'.padStart(7)} ${'tasks'.padStart(5)}  the longest task of the median run ran`);
  for (const page of pages) {
    const all = runs.get(page.name)!;
    const middle = [...all].sort((a, b) => a.longest - b.longest)[Math.floor(all.length / 2)]!;
    const longestTask = middle.longTasks.find((task) => task.duration === middle.longest);
    console.log(
      `  ${page.name.padEnd(40)} ${`${middle.longest} ms`.padStart(8)} ${`${median(all.map((run) => run.blocking))} ms`.padStart(7)} ${String(median(all.map((run) => run.longTasks.length))).padStart(5)}  ${longestTask?.blame ?? '-'}`,
    );
    if (process.env.BENCH_VERBOSE) for (const task of middle.longTasks) console.log(`      at ${task.start} ms: ${task.duration} ms, ${task.blame}`);
  }
}

/** The interactions timed in the signed-in lobby, each as one function of the page. */
function interactionsToTime(): { name: string; act: (page: import('playwright-core').Page) => Promise<number> }[] {
  return [
  {
    name: 'open search',
    act: (page) => interactionLatency(page, () => page.getByRole('button', { name: 'Search games' }).click()),
  },
  {
    name: 'type a query (slowest key of "star")',
    act: async (page) => {
      const input = page.getByRole('searchbox', { name: 'Search games and studios' });
      let slowest = 0;
      for (const key of 'star') slowest = Math.max(slowest, await interactionLatency(page, () => input.press(key)));
      // The search field's first Escape clears it, the second closes search.
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Search' }).waitFor({ state: 'hidden' });
      return slowest;
    },
  },
  {
    name: 'move a carousel a page',
    act: (page) => interactionLatency(page, () => page.getByRole('button', { name: 'Next games' }).first().click()),
  },
  {
    name: 'open the account menu',
    act: async (page) => {
      const toggle = page.locator('.account-menu__toggle');
      const latency = await interactionLatency(page, () => toggle.click());
      await toggle.click();
      return latency;
    },
  },
  {
    name: 'open the cashier',
    act: (page) => interactionLatency(page, () => page.locator('a.account-menu__balance').click()),
  },
  ];
}

async function interactionSection() {
  const INTERACTIONS = interactionsToTime();
  const cookies = signInCookies(await demoTokens(BRAND, 'verified'));
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const runs = new Map<string, number[]>();
  try {
    for (let round = 0; round <= INP_RUNS; round += 1) {
      const context = await openContext(browser, { phone: true, cookies });
      try {
        const page = await context.newPage();
        await page.goto(`${origin}${lobbyPath}`, { timeout: 60_000 });
        await page.locator('.account-menu[data-player-status="LOGGED_IN"] [data-testid="balance"]').waitFor({ timeout: 30_000 });
        await page.getByRole('button', { name: 'Next games' }).first().waitFor({ timeout: 30_000 });
        await slowCpu(page);
        await settle(page);
        for (const interaction of INTERACTIONS) {
          const latency = await interaction.act(page);
          // The first round warms the server's caches and is not counted.
          if (round > 0) runs.set(interaction.name, [...(runs.get(interaction.name) ?? []), latency]);
          await settle(page, 500);
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`\nInteractions in the signed-in lobby on a phone, real 4x CPU slowdown, input to next paint (Event Timing, as INP), ${INP_RUNS} fresh visits (budget: 100 ms):`);
  for (const interaction of INTERACTIONS) {
    const values = runs.get(interaction.name)!;
    console.log(`  ${interaction.name.padEnd(40)} median ${`${median(values).toFixed(0)} ms`.padStart(7)}   worst ${`${Math.max(...values).toFixed(0)} ms`.padStart(7)}   (runs: ${values.map((value) => value.toFixed(0)).join(', ')})`);
  }
}

async function renderSection() {
  // Warm both pages so caches and JIT are in the same state, then alternate rounds.
  await requestsPerSecond('/internal/bare/');
  await requestsPerSecond(lobbyPath);
  const bare: number[] = [];
  const lobby: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    bare.push(await requestsPerSecond('/internal/bare/'));
    lobby.push(await requestsPerSecond(lobbyPath));
  }
  const bareRps = median(bare);
  const lobbyRps = median(lobby);
  console.log(`\nServer render, 50 connections, ${ROUNDS} alternating rounds of ${SECONDS} s (medians):`);
  console.log(`  bare page      ${bareRps.toFixed(0)} req/s   (rounds: ${bare.map((v) => v.toFixed(0)).join(', ')})`);
  console.log(`  casino lobby   ${lobbyRps.toFixed(0)} req/s   (rounds: ${lobby.map((v) => v.toFixed(0)).join(', ')})`);
  console.log(`  ratio lobby/bare ${(lobbyRps / bareRps).toFixed(2)}   (budget: at least 0.50)`);
}

/**
 * One GraphQL POST as the brand's site, through the lobby or straight to the platform's port (which
 * browsers reach too: games are served from it); resolves with the status once the answer is read.
 */
async function postGraphql(body: string, target: 'lobby' | 'platform' = 'lobby'): Promise<number> {
  const url = target === 'lobby' ? `http://127.0.0.1:${PORT}/graphql` : `http://127.0.0.1:${PORT + 1}/graphql`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { host: `${BRAND}.localhost:${PORT}`, 'x-brand': BRAND, 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** Milliseconds of each of `runs` normal queries in a row, while `beside` (if any) keeps sending its bodies. */
async function normalQueryTimes(runs: number, beside: string[] = [], attackTarget: 'lobby' | 'platform' = 'lobby'): Promise<{ times: number[]; sent: number }> {
  let running = true;
  let sent = 0;
  // Four attackers at once, each sending its next request as soon as the last is answered.
  const attackers = beside.length === 0 ? [] : Array.from({ length: 4 }, async (_, index) => {
    for (let next = index; running; next += 1) {
      // The platform refuses an oversized body with a 413 and closes the connection before the
      // body is all sent: for the attacker that is a failed write (EPIPE), a refusal all the same.
      await postGraphql(beside[next % beside.length] as string, attackTarget).catch(() => 0);
      sent += 1;
    }
  });
  const times: number[] = [];
  const normal = JSON.stringify({ query: NORMAL_QUERY });
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const status = await postGraphql(normal);
    if (status !== 200) throw new Error(`The normal query answered ${status}`);
    times.push(performance.now() - started);
  }
  running = false;
  await Promise.all(attackers);
  return { times, sent };
}

async function hostileSection() {
  await normalQueryTimes(30);
  const alone = await normalQueryTimes(QUERY_RUNS);
  const [p50, p99] = [percentile(alone.times, 50), percentile(alone.times, 99)];
  const row = (name: string, run: { times: number[]; sent: number }) => {
    const [r50, r99] = [percentile(run.times, 50), percentile(run.times, 99)];
    console.log(`  ${name.padEnd(34)} p50 ${`${r50.toFixed(1)} ms`.padStart(9)} (x${(r50 / p50).toFixed(2)})   p99 ${`${r99.toFixed(1)} ms`.padStart(9)} (x${(r99 / p99).toFixed(2)})${run.sent ? `   ${run.sent} sent beside` : ''}`);
  };
  console.log(`\nA normal player's query through the lobby, ${QUERY_RUNS} in a row, alone and beside 4 clients sending (ratios to alone, same run):`);
  row('alone', alone);
  const beside: [string, string][] = [
    ['alias bombs (refused)', JSON.stringify({ query: ALIAS_BOMB })],
    ['cost bombs (refused)', JSON.stringify({ query: COST_BOMB })],
    ['depth bombs (refused)', JSON.stringify({ query: NESTING_BOMB })],
    ['2 MB bodies (refused)', HUGE_BODY],
    ['the costliest allowed query', JSON.stringify({ query: HEAVIEST_ALLOWED })],
  ];
  for (const [name, body] of beside) row(name, await normalQueryTimes(QUERY_RUNS, [body]));
  // The same attacks sent straight to the platform's port, which browsers reach too (the game origin).
  for (const [name, body] of beside) row(`${name.replace(' (refused)', '')} at the platform port`, await normalQueryTimes(QUERY_RUNS, [body], 'platform'));
}


async function scaleSection() {
  /** Aurelia's demo players with EUR wallets (platform/DEMO-PLAYERS.md): credits spread over them, as many players' would. */
  const creditPlayers = ['verified', 'newcomer', 'kyc-required', 'sow-required', 'sow-upload-required', 'banking-cdd', 'instant-banking-grace', 'withdrawals-blocked', 'deposits-blocked', 'restricted', 'popups', 'wallet-eur'];
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log('\nScale-out: DATABASE_URL is not set, so there is no cluster to measure (set it to a PostgreSQL server: npm run bench runs `npm run cluster` on it).');
    return;
  }
  const base = PORT + 100;
  const sandboxKey = `bench-${randomUUID()}`;
  const cluster = spawn(process.execPath, ['scripts/cluster.ts'], {
    env: { ...process.env, PORT: String(base), ATRIUM_SKIP_BUILD: '1', PLATFORM_SANDBOX_KEY: sandboxKey },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    cluster.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Atrium cluster is running')) resolve();
    });
    cluster.on('exit', (code) => reject(new Error(`the cluster exited with ${code}:\n${output}`)));
  });
  const lobbies = [base + 10, base + 11].map((port) => `127.0.0.1:${port}`);
  const platforms = [base + 20, base + 21].map((port) => `127.0.0.1:${port}`);
  // HAProxy on deploy/haproxy/atrium.cfg in front of one process of each and of two, so only the
  // number of processes differs; and the processes straight, for what HAProxy itself costs.
  const haproxyBinary = ensureHaproxy();
  const quiet = () => undefined;
  const layout = (offset: number, count: number) => ({
    lobbyBind: `127.0.0.1:${base + offset}`,
    gameBind: `127.0.0.1:${base + offset + 1}`,
    platformBind: `127.0.0.1:${base + offset + 2}`,
    statsBind: `127.0.0.1:${base + offset + 3}`,
    lobbies: lobbies.slice(0, count),
    platforms: platforms.slice(0, count),
  });
  const one = await startHaproxy(haproxyBinary, layout(30, 1), quiet);
  const two = await startHaproxy(haproxyBinary, layout(40, 2), quiet);
  await Promise.all([one.inRotation(), two.inRotation()]);
  const urls = {
    directLobby: `http://${lobbies[0]}`,
    directPlatform: `http://${platforms[0]}`,
    oneLobby: `http://127.0.0.1:${base + 30}`,
    twoLobbies: `http://127.0.0.1:${base + 40}`,
    onePlatform: `http://127.0.0.1:${base + 32}`,
    twoPlatforms: `http://127.0.0.1:${base + 42}`,
  };
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const run = randomUUID();

  const lobbyRps = async (url: string): Promise<number> => {
    const result = await autocannon({ url: `${url}${lobbyPath}`, headers: { host: `${BRAND}.localhost:${base}` }, connections: 50, duration: SECONDS });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors during the load`);
    return result.requests.average;
  };
  let round = 0;
  /** Sandbox credits of 0.01 EUR with fresh idempotency keys at 20 connections; the rate is what the ledger recorded. */
  const ledgerTps = async (url: string): Promise<number> => {
    round += 1;
    const prefix = `bench:scale:${run}:${round}:`;
    let sent = 0;
    const result = await autocannon({
      url,
      connections: 20,
      duration: SECONDS,
      requests: [{
        method: 'POST',
        path: '/graphql',
        headers: { 'content-type': 'application/json', 'x-brand': 'aurelia', 'x-sandbox-key': sandboxKey },
        setupRequest: (request) => {
          sent += 1;
          const player = creditPlayers[sent % creditPlayers.length];
          const query = `mutation { sandboxCreditWallet(playerId: "${player}", amount: "0.01", currency: "EUR", idempotencyKey: "${prefix}${sent}") { balance } }`;
          return { ...request, body: JSON.stringify({ query }) };
        },
      }],
    });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors during the credits`);
    const recorded = await database.query<{ n: string }>('select count(*) as n from ledger_transactions where idempotency_key like $1', [`%${prefix}%`]);
    const count = Number(recorded.rows[0]!.n);
    // Every answered request is a credit; a 200 carrying a GraphQL error would show here as a shortfall.
    if (count < result.requests.total * 0.99) throw new Error(`${url}: ${result.requests.total} credits answered but only ${count} recorded`);
    return count / (result.duration || SECONDS);
  };

  try {
    await lobbyRps(urls.twoLobbies);
    await ledgerTps(urls.twoPlatforms);
    const rounds = { directLobby: [] as number[], oneLobby: [] as number[], twoLobbies: [] as number[], directPlatform: [] as number[], onePlatform: [] as number[], twoPlatforms: [] as number[] };
    for (let index = 0; index < ROUNDS; index += 1) {
      rounds.directLobby.push(await lobbyRps(urls.directLobby));
      rounds.oneLobby.push(await lobbyRps(urls.oneLobby));
      rounds.twoLobbies.push(await lobbyRps(urls.twoLobbies));
      rounds.directPlatform.push(await ledgerTps(urls.directPlatform));
      rounds.onePlatform.push(await ledgerTps(urls.onePlatform));
      rounds.twoPlatforms.push(await ledgerTps(urls.twoPlatforms));
    }
    const line = (name: string, values: number[], unit: string) =>
      console.log(`  ${name.padEnd(52)} ${median(values).toFixed(0).padStart(6)} ${unit}   (rounds: ${values.map((v) => v.toFixed(0)).join(', ')})`);
    console.log(`\nScale-out on PostgreSQL (npm run cluster), HAProxy (deploy/haproxy/atrium.cfg) in front of one process and of two, and one process straight, ${ROUNDS} alternating rounds of ${SECONDS} s (medians; this host has ${os.availableParallelism()} cores for every process, HAProxy, the load generator and PostgreSQL):`);
    line('anonymous lobby page, one lobby process straight', rounds.directLobby, 'req/s');
    line('anonymous lobby page, HAProxy + one lobby process', rounds.oneLobby, 'req/s');
    line('anonymous lobby page, HAProxy + two lobby processes', rounds.twoLobbies, 'req/s');
    console.log(`  ratio HAProxy + one / straight (HAProxy's own cost) ${(median(rounds.oneLobby) / median(rounds.directLobby)).toFixed(2)}; two/one lobby processes ${(median(rounds.twoLobbies) / median(rounds.oneLobby)).toFixed(2)}`);
    line('ledger credits, one platform process straight', rounds.directPlatform, 'tx/s');
    line('ledger credits, HAProxy + one platform process', rounds.onePlatform, 'tx/s');
    line('ledger credits, HAProxy + two platform processes', rounds.twoPlatforms, 'tx/s');
    console.log(`  ratio HAProxy + one / straight ${(median(rounds.onePlatform) / median(rounds.directPlatform)).toFixed(2)}; two/one platform processes ${(median(rounds.twoPlatforms) / median(rounds.onePlatform)).toFixed(2)}`);
  } finally {
    await database.end();
    await Promise.all([one.close(), two.close()]);
    const exited = new Promise((resolve) => cluster.once('exit', resolve));
    cluster.kill('SIGTERM');
    await exited;
  }
}
