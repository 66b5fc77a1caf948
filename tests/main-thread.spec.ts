/**
 * The main thread while a page loads, checked without timing anything (the times are the bench's):
 *
 * - the islands hydrate one per task: the after-paint directive hands each island to React in a
 *   task of its own (features/after-paint/directive.ts marks each hand-over), read from Chromium's
 *   trace, where every task the page's main thread ran is an event;
 * - every style the first screen needs is in the first paint: the site's stylesheets, which load
 *   after it, change no computed style of anything on the first screen (the page inlines the rules
 *   its markup uses, features/critical-css/), so their arrival restyles nothing the visitor sees;
 * - no page builds an Intl formatter while it loads (ICU's start-up is one long task on a phone):
 *   money and counts come from the server's number pattern;
 * - the game tiles, banners and studio logos are raster images: an SVG image is a document of its
 *   own, whose text the page's main thread shapes, lays out and paints (a page of SVG tiles cost a
 *   phone 100-150 ms at 4x CPU);
 * - what the network brings (a balance over the socket) is rendered in a transition, in the tasks
 *   after the one that brought it, so React can give way between slices;
 * - no page script (an .astro component's `<script>`) statically imports React's module or the
 *   islands' shell: React's module, the one long task the budget accepts, runs for the first island
 *   that needs it, not as early as the chat button's script (client-chunks/chunk-groups.ts);
 * - Partytown's sandbox loads its code as a file (compiled off the main thread while it downloads)
 *   and reads the browser's interfaces for its worker in slices, giving way to the page between
 *   them (features/tags/partytown-start-up.ts); the library as shipped compiled its inline code and
 *   read the interfaces in three tasks of 50-150 ms each at 4x CPU.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CDPSession, Frame, Locator, Page } from '@playwright/test';
import { HYDRATE_MARK } from '../src/features/after-paint/directive.ts';
import { SANDBOX_PAGE_FILE, SANDBOX_SCRIPT_FILE, shippedSandboxScript } from '../src/features/tags/partytown-start-up.ts';
import { addTokenCookies, creditWallet, freshPlayer, smsTokens, unique } from './support/player.ts';
import { scrollThroughIslands, waitForIslands, waitForLobbyRest } from './support/hydration.ts';
import { expect, test } from './support/test.ts';
import { brandOrigin, LOOPBACK } from './support/urls.ts';

// Measured as a first visit sees it: with the consent prompt on the page (issue 18).
test.use({ consentAnswered: false });

/** The lobbies of the three layouts, and the other pages with islands. */
const PAGES = [
  { name: 'aurelia lobby (default layout)', url: `${brandOrigin('aurelia')}/en/` },
  { name: 'kororaa lobby (layout1)', url: `${brandOrigin('kororaa')}/en/` },
  { name: 'nordvik lobby (layout2)', url: `${brandOrigin('nordvik')}/no/` },
  { name: 'game list', url: `${brandOrigin('aurelia')}/en/game-list/slots/` },
  { name: 'sports', url: `${brandOrigin('aurelia')}/en/sports/` },
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { detail?: string; callTime?: number }; elementCount?: number };
}

async function startTrace(page: Page, categories = ['toplevel', 'blink.user_timing', '__metadata']): Promise<{ stop(): Promise<TraceEvent[]> }> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: categories }, transferMode: 'ReportEvents' });
  return {
    async stop() {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await complete;
      return events;
    },
  };
}

/** For each island handed to React (its mark), the task of the page's main thread it happened in. */
function hydrationTasks(events: TraceEvent[]): { island: string; task: number }[] {
  const marks = events.filter((event) => event.name === HYDRATE_MARK);
  expect(marks.length, 'the trace holds the hydration marks').toBeGreaterThan(0);
  const tasks = events
    .filter((event) => event.ph === 'X' && (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask'))
    .sort((a, b) => a.ts - b.ts);
  return marks.map((mark) => {
    // The moment performance.mark() was called (the event's own ts is the mark's start time). A
    // task's microtasks are traced right after its RunTask event, so the mark belongs to the last
    // task that began on its thread before it (tasks of one thread never overlap).
    const at = mark.args?.data?.callTime ?? mark.ts;
    const task = tasks.filter((candidate) => candidate.pid === mark.pid && candidate.tid === mark.tid && candidate.ts <= at).at(-1);
    expect(task, `the hand-over of ${mark.args?.data?.detail} follows a task of the main thread`).toBeDefined();
    return { island: JSON.parse(mark.args?.data?.detail ?? '"?"') as string, task: task!.ts };
  });
}

/** Loads the page with tracing on, scrolls through it so every island hydrates, and returns the hand-overs. */
async function hydrationsOf(page: Page, url: string): Promise<{ island: string; task: number }[]> {
  const trace = await startTrace(page);
  await page.goto(url);
  // A lobby's later blocks first (they come in at the first scroll), then a screen at a time.
  await waitForLobbyRest(page);
  await scrollThroughIslands(page);
  // Islands that render nothing (the cashier host) have no box to scroll to: wait for them too.
  await waitForIslands(page);
  // Every hydrated island was handed over by the directive (an island hydrated any other way would
  // leave more hydrated islands than hand-overs); one handed over a moment ago drops `ssr` shortly.
  const counts = () => page.evaluate((mark) => ({ marks: performance.getEntriesByName(mark).length, hydrated: document.querySelectorAll('astro-island:not([ssr])').length }), HYDRATE_MARK);
  await expect
    .poll(async () => { const { marks, hydrated } = await counts(); return hydrated - marks; }, { message: 'every hydrated island was handed over by the after-paint directive' })
    .toBe(0);
  const handedOver = (await counts()).marks;
  const hydrations = hydrationTasks(await trace.stop());
  expect(hydrations, 'the trace holds every hand-over').toHaveLength(handedOver);
  return hydrations;
}

test.describe('islands hydrate one per task', () => {
  for (const { name, url } of PAGES) {
    test(`${name} @phone`, async ({ page }) => {
      const hydrations = await hydrationsOf(page, url);
      expect(hydrations.length, `${name} has islands`).toBeGreaterThan(1);
      expect(new Set(hydrations.map((hydration) => hydration.task)).size, JSON.stringify(hydrations)).toBe(hydrations.length);
    });
  }

  test('the signed-in lobby too @phone', async ({ page }) => {
    await addTokenCookies(page.context(), 'aurelia', await smsTokens(page.request, 'aurelia', `+35699${unique()}`));
    const hydrations = await hydrationsOf(page, `${brandOrigin('aurelia')}/en/`);
    expect(hydrations.map((hydration) => hydration.island)).toEqual(expect.arrayContaining(['AccountMenu', 'CashierHost']));
    expect(new Set(hydrations.map((hydration) => hydration.task)).size, JSON.stringify(hydrations)).toBe(hydrations.length);
  });
});

test('the after-paint gate puts what it parked in one template per task @phone', async ({ page }) => {
  // A MutationObserver's records are delivered at the end of the task that made them: templates
  // taken out in one task arrive in one batch (they were one 60-120 ms task at 4x, issue 27).
  await page.addInitScript(() => {
    const batches: number[] = [];
    (window as unknown as { __unparkBatches: number[] }).__unparkBatches = batches;
    new MutationObserver((records) => {
      const removed = records.flatMap((record) => [...record.removedNodes]).filter((node) => node instanceof HTMLTemplateElement && node.hasAttribute('data-after-paint'));
      if (removed.length > 0) batches.push(removed.length);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${brandOrigin('nordvik')}/no/`);
  await expect(page.locator('template[data-after-paint]')).toHaveCount(0);
  const batches = await page.evaluate(() => (window as unknown as { __unparkBatches: number[] }).__unparkBatches);
  // Icons, stylesheets, the lobby's later blocks' script, the session's: four, each in a task of its own.
  expect(batches.length, JSON.stringify(batches)).toBeGreaterThanOrEqual(4);
  expect(Math.max(...batches), JSON.stringify(batches)).toBe(1);
});

/**
 * An element that goes in or out restyles itself, not its neighbours: while any rule of the site
 * had a `+` before a bare element (`.lobby > * + *`, `legend + *`, `li + li`), Chromium restyled
 * every laid-out lobby block, whole, at each block lobby-rest put in between (about 300 elements,
 * 20-40 ms on a phone at 4x CPU, _lobby.scss); while one had `~ *` after the header, every element
 * put in or taken out of <body> (a toast, the after-paint gate's templates) restyled the whole page
 * (global.scss). Read from the element counts of Chromium's style recalculations in a trace.
 */
test.describe('an element going in or out restyles only itself', () => {
  for (const { name, url } of PAGES.slice(0, 3)) {
    test(`${name} @phone`, async ({ page }) => {
      await page.goto(url);
      await waitForLobbyRest(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await waitForIslands(page);
      // The blocks near the first screen are laid out (their content-visibility is not skipping them).
      await expect.poll(() => page.locator('.lobby > :nth-child(3) *').evaluateAll((nodes) => nodes.filter((node) => node.checkVisibility({ contentVisibilityAuto: true })).length)).toBeGreaterThan(5);
      const trace = await startTrace(page, ['devtools.timeline', '__metadata']);
      await page.evaluate(async () => {
        const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const block = document.createElement('section');
        block.textContent = 'A block that came later';
        document.querySelector('.lobby > :nth-child(3)')!.after(block);
        await frames();
        // As a toast comes and goes in <body>, or the after-paint gate takes its templates out of it.
        const toast = document.createElement('div');
        toast.textContent = 'A toast';
        document.querySelector('body > footer')!.before(toast);
        await frames();
        toast.remove();
        await frames();
      });
      const restyles = (await trace.stop()).filter((event) => event.name === 'UpdateLayoutTree' && event.ph === 'X').map((event) => event.args?.elementCount ?? 0);
      expect(Math.max(0, ...restyles), 'the insertion was styled (the trace counts elements)').toBeGreaterThan(0);
      expect(Math.max(...restyles), `elements restyled per recalculation: ${restyles.join(', ')} (see _lobby.scss and global.scss on \`+\` and \`~\` rules)`).toBeLessThanOrEqual(10);
    });
  }
});

/**
 * Records, in the page, the computed style of every element on the first screen twice: as the
 * after-paint gate puts the site's stylesheets in (still loading), and as the last of them has
 * loaded (in the same task as its load event, before anything hydrates). The font family is
 * among them: a first visit keeps its fallback fonts for the whole page (a swap would lay it out
 * again in one long task).
 */
async function recordFirstScreenStyles(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const PROPERTIES = [
      'display', 'position', 'float', 'visibility', 'opacity', 'z-index', 'overflow-x', 'overflow-y',
      'color', 'background-color', 'background-image', 'border-top-width', 'border-right-width', 'border-bottom-width',
      'border-left-width', 'border-top-color', 'border-top-style', 'border-radius', 'box-shadow', 'outline-style',
      'padding-top', 'padding-right', 'padding-bottom', 'padding-left', 'margin-top', 'margin-bottom',
      'font-family', 'font-size', 'font-weight', 'font-style', 'text-transform', 'text-decoration-line', 'text-align', 'white-space',
      'flex-direction', 'flex-wrap', 'justify-content', 'align-items', 'gap', 'grid-auto-flow', 'list-style-type',
      'object-fit', 'aspect-ratio', 'content-visibility', 'transform',
    ];
    const state = window as unknown as { firstScreen: { element: Element; label: string }[]; styles: { before?: string[]; after?: string[] } };
    state.styles = {};
    const snapshot = () => state.firstScreen.map(({ element, label }) => {
      const style = getComputedStyle(element);
      return `${label}\t${PROPERTIES.map((property) => `${property}:${style.getPropertyValue(property)}`).join('\n')}`;
    });
    const labelOf = (element: Element) => {
      const path: string[] = [];
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        path.unshift(`${node.localName}${node.className && typeof node.className === 'string' ? `.${node.className.trim().split(/\s+/).join('.')}` : ''}`);
      }
      return path.join(' > ');
    };
    new MutationObserver((records, observer) => {
      const links = records.flatMap((record) => [...record.addedNodes]).filter((node): node is HTMLLinkElement => node instanceof HTMLLinkElement && node.rel === 'stylesheet');
      if (links.length === 0) return;
      observer.disconnect();
      state.firstScreen = [...document.body.querySelectorAll('*')]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
        })
        .map((element) => ({ element, label: labelOf(element) }));
      state.styles.before = snapshot();
      let waiting = links.length;
      for (const link of links) {
        link.addEventListener('load', () => {
          waiting -= 1;
          if (waiting === 0) state.styles.after = snapshot();
        });
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Each element whose style changed, with the properties that did ("label: property a → b"). */
function restyled(before: string[], after: string[]): string[] {
  const properties = (snapshot: string) => new Map(snapshot.split('\t')[1]!.split('\n').map((pair) => {
    const colon = pair.indexOf(':');
    return [pair.slice(0, colon), pair.slice(colon + 1)] as const;
  }));
  return after.flatMap((style, index) => {
    const was = before[index]!;
    if (style === was) return [];
    const [old, now] = [properties(was), properties(style)];
    const label = style.split('\t')[0];
    return [...now].filter(([name, value]) => old.get(name) !== value).map(([name, value]) => `${label}: ${name} ${old.get(name)} → ${value}`);
  });
}

test.describe('the first screen is styled in the first paint', () => {
  for (const { name, url } of PAGES.slice(0, 4)) {
    for (const size of ['phone', 'desktop'] as const) {
      test(`${name}: the stylesheets restyle nothing on it (${size})${size === 'phone' ? ' @phone' : ''}`, async ({ page }) => {
        await recordFirstScreenStyles(page);
        await page.goto(url);
        await page.waitForFunction(() => (window as unknown as { styles: { after?: string[] } }).styles.after !== undefined);
        const { before, after } = await page.evaluate(() => (window as unknown as { styles: { before: string[]; after: string[] } }).styles);
        expect(before.length, 'elements on the first screen').toBeGreaterThan(20);
        expect(after).toHaveLength(before.length);
        expect(restyled(before, after)).toEqual([]);
      });
    }
  }
});

/**
 * What a page loads after its first paint is the rest of each stylesheet, not the whole sheet again
 * (features/critical-css/: a sheet whose rules were already inline restyled nearly every element,
 * a 38-50 ms task on a phone at 4x). Rules that follow the inline ones come after them in the
 * cascade, where in the whole sheet some came before: once a page is whole (its later blocks in, its
 * islands hydrated), every element's computed style must be what the whole sheets, in their own
 * order, give it. Appending the whole sheets last restores that order; an element they restyle, and
 * that goes back once they are removed, met a rule the split put out of order. What changes by
 * itself meanwhile (a ticker, a rail that grows) is left out.
 */
async function cascadeChanges(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.head.querySelector('template[data-after-paint]') === null);
  await waitForLobbyRest(page);
  await scrollThroughIslands(page);
  return page.evaluate(async () => {
    const frames = (count: number) => new Promise<void>((done) => {
      const next = (left: number) => (left === 0 ? done() : requestAnimationFrame(() => next(left - 1)));
      next(count);
    });
    // Nothing animates, and every block is laid out: a skipped block's sizes would read as none.
    const still = document.createElement('style');
    still.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; content-visibility: visible !important; }';
    document.head.append(still);
    // Every property (a computed style's cssText is empty), and a pseudo-element's where it has content.
    const serialise = (style: CSSStyleDeclaration) => {
      let text = '';
      for (let index = 0; index < style.length; index += 1) text += `${style[index]}: ${style.getPropertyValue(style[index]!)}; `;
      return text;
    };
    const snapshot = () => {
      const styles = new Map<Element, string>();
      for (const element of document.body.querySelectorAll('*')) {
        let text = serialise(getComputedStyle(element));
        for (const pseudo of ['::before', '::after']) {
          const style = getComputedStyle(element, pseudo);
          if (style.content !== 'none' && style.content !== 'normal') text += `${pseudo} { ${serialise(style)}}`;
        }
        styles.set(element, text);
      }
      return styles;
    };
    await frames(2);
    const split = snapshot();
    await frames(3);
    const again = snapshot();
    const whole = [...document.querySelectorAll('noscript')].flatMap((noscript) => [...(noscript.textContent ?? '').matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!));
    const links = whole.map((href) => Object.assign(document.createElement('link'), { rel: 'stylesheet', href }));
    await Promise.all(links.map((link) => new Promise((done, fail) => {
      link.onload = done;
      link.onerror = () => fail(new Error(`${link.href} did not load`));
      document.head.append(link);
    })));
    await frames(2);
    const ordered = snapshot();
    // And back: a difference the whole sheets make goes with them; what changed by itself meanwhile does not.
    for (const link of links) link.remove();
    await frames(2);
    const back = snapshot();
    const changes: string[] = [`whole sheets: ${whole.length}`, `elements: ${split.size}`];
    const declarations = (text: string) => text.split(/;\s*/);
    for (const [element, text] of split) {
      const now = ordered.get(element);
      if (now === undefined || now === text || again.get(element) !== text || back.get(element) !== text) continue;
      const was = new Set(declarations(text));
      const moved = declarations(now).filter((declaration) => !was.has(declaration));
      changes.push(`${element.localName}.${[...element.classList].join('.')}: now ${moved.slice(0, 3).join('; ')}`);
    }
    return changes;
  });
}

test.describe('the rest of the stylesheets keeps the whole sheets\' cascade', () => {
  for (const { name, url } of PAGES) {
    test(`${name}, whole`, async ({ page }) => {
      await page.goto(url);
      const [sheets, elements, ...changed] = await cascadeChanges(page);
      expect(sheets, 'the page has its stylesheets in <noscript>').not.toBe('whole sheets: 0');
      expect(Number(elements!.split(': ')[1]), 'elements compared').toBeGreaterThan(50);
      expect(changed).toEqual([]);
    });
  }

  // Two brands are light: their account pages' light rules come after the rules they override.
  test("a light brand's account pages, whole", async ({ page }) => {
    await freshPlayer(page, 'vantor', '+372');
    for (const [path, ready] of [['/en/profile/', '.account-card'], ['/en/profile/limits/', '.player-limits__kind'], ['/en/profile/session-history/', '.history-table td']] as const) {
      await page.goto(`${brandOrigin('vantor')}${path}`);
      await expect(page.locator(ready).first()).toBeVisible();
      const [, elements, ...changed] = await cascadeChanges(page);
      expect(Number(elements!.split(': ')[1]), `${path}: elements compared`).toBeGreaterThan(50);
      expect(changed, path).toEqual([]);
    }
  });

  test('the signed-in lobby on a phone, whole @phone', async ({ page }) => {
    await addTokenCookies(page.context(), 'aurelia', await smsTokens(page.request, 'aurelia', `+35699${unique()}`));
    await page.goto(`${brandOrigin('aurelia')}/en/`);
    const [, , ...changed] = await cascadeChanges(page);
    expect(changed).toEqual([]);
  });
});

/**
 * A page's first Intl number or date format starts ICU, 120-240 ms in one task on a phone's CPU:
 * the pages format their money and counts from the server's number pattern instead
 * (i18n/number-pattern.ts). Counts every Intl formatter a page builds while it loads.
 */
test.describe('no Intl formatter while a page loads', () => {
  const countIntl = () => {
    const built = { count: 0 };
    (window as unknown as { intlBuilt: typeof built }).intlBuilt = built;
    for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
      const Original = Intl[name];
      Intl[name] = new Proxy(Original, {
        construct(target, args: unknown[]) {
          built.count += 1;
          return Reflect.construct(target, args) as object;
        },
        apply(target, self, args: unknown[]) {
          built.count += 1;
          return Reflect.apply(target, self, args) as unknown;
        },
      }) as never;
    }
  };
  const built = (page: Page) => page.evaluate(() => (window as unknown as { intlBuilt: { count: number } }).intlBuilt.count);

  test('the signed-in lobby writes its balance without one @phone', async ({ page }) => {
    await page.addInitScript(countIntl);
    const phone = `+35699${unique()}`;
    const tokens = await smsTokens(page.request, 'aurelia', phone);
    await addTokenCookies(page.context(), 'aurelia', tokens);
    await creditWallet(page.request, 'aurelia', phone, '1234.50', 'EUR');
    await page.goto(`${brandOrigin('aurelia')}/en/`);
    await expect(page.getByTestId('balance')).toHaveText(/€1,234\.50/, { timeout: 15_000 });
    await waitForIslands(page);
    expect(await built(page)).toBe(0);
    // The check can fail: a formatter the page builds is counted.
    await page.evaluate(() => new Intl.NumberFormat('en').format(1));
    expect(await built(page)).toBe(1);
  });

  test('the game list writes its count without one @phone', async ({ page }) => {
    await page.addInitScript(countIntl);
    await page.goto(`${brandOrigin('aurelia')}/en/game-list/slots/`);
    await waitForIslands(page);
    await expect(page.locator('.game-grid__status')).toHaveText(/\d/);
    expect(await built(page)).toBe(0);
  });
});

/**
 * Tags the task a socket message is handled in: `inSocketTask` is true from the first listener of
 * each message (put ahead of the page's own) until a message posted from there runs, which is before
 * any task the page's handler starts. A MutationObserver notes, for each change it sees, whether it
 * came in that task (a render the handler did at once) or in a later one.
 */
function tagSocketTasks() {
  const state = { inSocketTask: false, messages: 0 };
  (window as unknown as { socketTasks: typeof state }).socketTasks = state;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => { state.inSocketTask = false; };
  const tag = () => {
    state.inSocketTask = true;
    state.messages += 1;
    channel.port2.postMessage(null);
  };
  const wrap = (handler: unknown) => (typeof handler === 'function' ? function (this: WebSocket, event: MessageEvent) { tag(); return (handler as (event: MessageEvent) => unknown).call(this, event); } : handler);
  const onmessage = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage')!;
  Object.defineProperty(WebSocket.prototype, 'onmessage', { ...onmessage, set(handler: unknown) { onmessage.set!.call(this, wrap(handler)); } });
  const addEventListener = WebSocket.prototype.addEventListener;
  WebSocket.prototype.addEventListener = function (this: WebSocket, type: string, listener: unknown, options?: unknown) {
    return addEventListener.call(this, type, (type === 'message' ? wrap(listener) : listener) as EventListener, options as AddEventListenerOptions);
  } as typeof addEventListener;
}

test.describe('what the network brings renders in a transition, not in the task that brought it', () => {
  // useSyncExternalStore renders a store's change at once, in the task that made it: the signed-in
  // lobby's first answers re-rendered the account menu and the player's rails in tasks of 45-100 ms
  // at 4x CPU. In a transition React renders in slices and gives way between them
  // (session/use-hydrated.ts, useStoreInTransition).
  test('a balance pushed over the socket is written after the message’s task @phone', async ({ page }) => {
    await page.addInitScript(tagSocketTasks);
    const { phone } = await freshPlayer(page, 'aurelia', '+356');
    await creditWallet(page.request, 'aurelia', phone, '10.00', 'EUR');
    const balance = page.getByTestId('balance');
    await expect(balance).toHaveText(/€10\.00/, { timeout: 15_000 });
    await waitForIslands(page);
    // Nothing left for React to do: the page is idle (two idle periods in a row).
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))));
    await page.evaluate(() => {
      const writes: boolean[] = [];
      (window as unknown as { balanceWrites: boolean[] }).balanceWrites = writes;
      const { socketTasks } = window as unknown as { socketTasks: { inSocketTask: boolean } };
      new MutationObserver(() => writes.push(socketTasks.inSocketTask)).observe(document.querySelector('.account-menu__balance')!, { subtree: true, childList: true, characterData: true });
    });
    const messagesBefore = await page.evaluate(() => (window as unknown as { socketTasks: { messages: number } }).socketTasks.messages);
    await creditWallet(page.request, 'aurelia', phone, '5.25', 'EUR');
    await expect(balance).toHaveText(/€15\.25/, { timeout: 15_000 });
    const { writes, messages } = await page.evaluate(() => ({
      writes: (window as unknown as { balanceWrites: boolean[] }).balanceWrites,
      messages: (window as unknown as { socketTasks: { messages: number } }).socketTasks.messages,
    }));
    expect(messages, 'the balance came over the socket').toBeGreaterThan(messagesBefore);
    expect(writes.length, 'the balance was written').toBeGreaterThan(0);
    expect(writes, 'no write in the socket message’s own task').not.toContain(true);
  });
});

/**
 * The files a module imports statically (run with it, before it), found in its minified text:
 * `import ... from"./x.js"`, `import"./x.js"` and `export{...}from"./x.js"` (an island's file that
 * only passes its chunk's exports on); `import(...)` loads later and is not followed.
 */
const staticImports = (code: string, base: string) =>
  [...code.matchAll(/\b(?:import|export)\s*(?:[\w${}\s,*]+?from\s*)?["']([^"']+\.js)["']/g)].map((match) => new URL(match[1]!, base).href);

test.describe("no page script brings React's module: the first island does, as late as the page allows", () => {
  const pages: { name: string; url: string; signedIn?: boolean }[] = [...PAGES, { name: 'signed-in lobby, and the player runtime its session check starts', url: `${brandOrigin('aurelia')}/en/`, signedIn: true }];
  for (const { name, url, signedIn } of pages) {
    test(name, async ({ page }) => {
      const { host, pathname } = new URL(url);
      const headers: Record<string, string> = { host };
      if (signedIn) {
        const tokens = await smsTokens(page.request, 'aurelia', `+35699${unique()}`);
        headers.cookie = `accessToken=${tokens.accessToken}; refreshToken=${tokens.refreshToken}`;
      }
      const get = async (path: string) => {
        const response = await page.request.get(`${LOOPBACK}${path}`, { headers });
        expect(response.status(), path).toBe(200);
        return response.text();
      };
      /** The files these modules run with, themselves included, and their code. */
      const withImports = async (roots: string[]) => {
        const code = new Map<string, string>();
        const pending = [...roots];
        for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
          if (code.has(file)) continue;
          const text = await get(file);
          code.set(file, text);
          pending.push(...staticImports(text, `${LOOPBACK}${file}`).map((imported) => new URL(imported).pathname));
        }
        return code;
      };
      const bringsReact = (code: Map<string, string>) => [...code.keys()].map((file) => file.split('/').pop() ?? '').filter((file) => /^(react|shell|catalog)\./.test(file));
      const html = await get(pathname);
      // The page's own scripts, parked in the after-paint gate's templates too; not the islands' code.
      const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((match) => new URL(match[1]!, url).pathname);
      expect(scripts.length).toBeGreaterThan(0);
      const pageCode = await withImports(scripts);
      // The chat button's script read the consent store from the consent prompt's chunk, which imports React.
      expect(bringsReact(pageCode)).toEqual([]);
      expect([...pageCode.keys()].some((file) => file.includes('/session.'))).toBe(true);
      if (!signedIn) return;
      // The player runtime, loaded by the session check on every signed-in page, reached React's chunk through its sign-out's route table.
      const runtime = [...pageCode.values()].map((text) => /player-runtime\.[\w-]+\.js/.exec(text)?.[0]).find(Boolean);
      expect(runtime).toBeDefined();
      expect(bringsReact(await withImports([`/_astro/${runtime}`]))).toEqual([]);
    });
  }
});

test.describe('game tiles, banners and studio logos are raster images, decoded off the main thread', () => {
  for (const { name, url } of PAGES.filter((page) => page.name !== 'sports')) {
    test(`${name} @phone`, async ({ page }) => {
      const types = new Map<string, string>();
      page.on('response', (response) => {
        if (/^\/media\/(games|banners)\//.test(new URL(response.url()).pathname)) types.set(response.url(), response.headers()['content-type'] ?? '');
      });
      await page.goto(url);
      const tiles = page.locator('img.game-tile__image');
      await expect(tiles.first()).toBeVisible();
      const sources = (images: Locator) => images.evaluateAll((elements) => elements.map((image) => (image as HTMLImageElement).currentSrc || (image as HTMLImageElement).src));
      const tileSources = await sources(tiles);
      expect(tileSources.length).toBeGreaterThan(3);
      for (const source of tileSources) expect(new URL(source).pathname).toMatch(/^\/media\/games\/[a-z0-9-]+\.webp$/);
      // A lobby's hero (its largest paint) and every banner art on the first screen.
      if (name.includes('lobby')) {
        const banners = await sources(page.locator('.block-image img[loading="eager"]'));
        expect(banners.length).toBeGreaterThan(0);
        for (const source of banners) expect(new URL(source).pathname).toMatch(/^\/media\/banners\/[a-z0-9-]+\.webp$/);
      }
      await expect.poll(() => types.size).toBeGreaterThan(0);
      for (const [source, type] of types) expect(type, source).toBe('image/webp');
    });
  }

  // A studio's logo carries its name as text: as SVG, its own document on the main thread, whose
  // first text waited on the font fallback (25-50 ms to parse, up to 70 ms more to lay out at 4x).
  test('studio logos on a studio page and on the studios index @phone', async ({ page }) => {
    const types = new Map<string, string>();
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/media/studios/')) types.set(response.url(), response.headers()['content-type'] ?? '');
    });
    const logoSources = (selector: string) => page.locator(selector).evaluateAll((images) => images.map((image) => new URL((image as HTMLImageElement).currentSrc).pathname));
    await page.goto(`${brandOrigin('aurelia')}/en/game-studio/northwind-forge/`);
    await expect(page.locator('img.games-heading__logo')).toBeVisible();
    expect(await logoSources('img.games-heading__logo')).toEqual(['/media/studios/northwind-forge.webp']);
    await page.goto(`${brandOrigin('aurelia')}/en/game-studio/`);
    await expect(page.locator('.studio-logo img').first()).toBeVisible();
    const index = await logoSources('.studio-logo img[loading="eager"]');
    expect(index.length).toBeGreaterThan(3);
    for (const source of index) expect(source).toMatch(/^\/media\/studios\/[a-z0-9-]+\.webp$/);
    await expect.poll(() => types.size).toBeGreaterThan(index.length);
    for (const [source, type] of types) expect(type, source).toBe('image/webp');
  });
});

test.describe("Partytown's start-up", () => {
  /** Kororaa accepts cookies for New Zealand (the loopback's country), so its Google tag runs at once. */
  async function loadWithTags(page: Page): Promise<Frame> {
    await page.goto(`${brandOrigin('kororaa')}/en/`);
    // Partytown marks each script its worker ran: the worker had the interfaces it asked for.
    await expect(page.locator('script[data-atrium-tag="gtag"][type="text/partytown-x"]')).toHaveCount(2, { timeout: 15_000 });
    const sandbox = page.frames().find((frame) => frame.url().includes('/~partytown/partytown-sandbox'));
    expect(sandbox, "Partytown's sandbox frame").toBeDefined();
    return sandbox!;
  }

  test('the sandbox compiles its code off the main thread and reads the interfaces in slices, giving way to the page between them @phone', async ({ page }) => {
    // Every way the rewritten start-up gives way is a message-channel task: count them in the sandbox frame.
    await page.addInitScript(() => {
      if (!location.pathname.includes('partytown-sandbox')) return;
      const Channel = window.MessageChannel;
      const counted = window as unknown as { yields: number };
      counted.yields = 0;
      window.MessageChannel = class extends Channel {
        constructor() {
          super();
          counted.yields += 1;
        }
      };
    });
    const sandbox = await loadWithTags(page);
    // Its code is a file, which Chromium compiles while it downloads, off the main thread; never inline.
    expect(await sandbox.evaluate(() => [...document.scripts].map((script) => (script.src ? new URL(script.src).pathname : `inline, ${script.text.length} characters`)))).toEqual(['/~partytown/partytown-sandbox-sw.js']);
    // At least once before each of the two reads (the window's members, then the DOM's interfaces).
    expect(await sandbox.evaluate(() => (window as unknown as { yields: number }).yields)).toBeGreaterThanOrEqual(2);
  });

  test('the worker gets the same answers as from the library as shipped @phone', async ({ browser }) => {
    // The library's own sandbox code, as its page carries it inline, served in place of the rewritten file.
    const shipped = shippedSandboxScript(readFileSync(join(dirname(createRequire(import.meta.url).resolve('@qwik.dev/partytown/package.json')), 'lib', SANDBOX_PAGE_FILE), 'utf8'));
    const answers: Record<string, string[]> = {};
    let servedAsShipped = 0;
    for (const library of ['rewritten', 'as shipped'] as const) {
      const context = await browser.newContext();
      try {
        if (library === 'as shipped') {
          await context.route(`**/~partytown/${SANDBOX_SCRIPT_FILE}*`, (route) => {
            servedAsShipped += 1;
            return route.fulfill({ contentType: 'text/javascript', body: shipped });
          });
        }
        // What the sandbox sends the worker in answer to its two reads (the tab's id, a time, left out).
        await context.addInitScript(() => {
          if (!location.pathname.includes('partytown-sandbox')) return;
          const kept: string[] = [];
          (window as unknown as { answers: string[] }).answers = kept;
          const post = Worker.prototype.postMessage as (this: Worker, ...args: unknown[]) => void;
          Worker.prototype.postMessage = function postMessage(this: Worker, ...args: unknown[]) {
            const [message] = args;
            if (Array.isArray(message) && (message[0] === 1 || message[0] === 3)) kept.push(JSON.stringify(message, (key, value: unknown) => (key === '$tabId$' ? undefined : value)));
            post.apply(this, args);
          } as Worker['postMessage'];
        });
        const page = await context.newPage();
        const sandbox = await loadWithTags(page);
        answers[library] = await sandbox.evaluate(() => (window as unknown as { answers: string[] }).answers);
      } finally {
        await context.close();
      }
    }
    expect(servedAsShipped).toBe(1);
    expect(answers['as shipped']).toHaveLength(2);
    expect(answers['as shipped']![1]).toContain('"HTMLCanvasElement"');
    expect(answers.rewritten).toEqual(answers['as shipped']);
  });
});
