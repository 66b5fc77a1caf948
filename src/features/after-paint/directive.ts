/**
 * `client:afterpaint`: hydrates an island once the after-paint gate (gate.ts) has opened, so its
 * JavaScript never competes with the page's largest paint. With the value "visible" it then also
 * waits until the island scrolls into view (as `client:visible` does); otherwise it hydrates in
 * the next idle period. Bundled by Astro into a small inline script (addClientDirective).
 *
 * Islands that become due together (several rails scrolled into view in one frame, the header's
 * islands in one idle period) hydrate one per task, in the order they became due: each hands its
 * tree to React in its own task, so the browser can paint and answer input between them instead of
 * running every island's start-up in one long task. Each hand-over is marked in the performance
 * timeline (`atrium:hydrate`, detail: the component's name) for the tests and the bench.
 */
import type { ClientDirective } from 'astro';
import { afterPaintOpened } from './opened.ts';
import { whenIdle } from '../../lib/yield-to-browser.ts';

/** The performance mark set as each island is handed to its framework. */
export const HYDRATE_MARK = 'atrium:hydrate';

type Hydration = () => Promise<void>;
const due: Hydration[] = [];
let pumping = false;

/** Starts the next due hydration in a task of its own. */
function pump(): void {
  if (pumping) return;
  pumping = true;
  setTimeout(() => {
    const next = due.shift();
    const done = () => {
      pumping = false;
      if (due.length > 0) pump();
    };
    if (!next) return done();
    next().then(done, (error: unknown) => {
      console.error('[islands] An island failed to hydrate:', error);
      done();
    });
  });
}

const afterPaint: ClientDirective = (load, options, element) => {
  const enqueue = () => {
    // The island's code is fetched at once (islands due together download in parallel); only the
    // hand-over to React waits its turn.
    const loaded = load();
    due.push(async () => {
      const run = await loaded;
      performance.mark(HYDRATE_MARK, { detail: options.name });
      await run();
    });
    pump();
  };
  const whenVisible = () => {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      enqueue();
    });
    // <astro-island> is display: contents; watch what it renders.
    for (const child of element.children) observer.observe(child);
  };
  void afterPaintOpened().then(options.value === 'visible' ? whenVisible : () => whenIdle().then(enqueue));
};

export default afterPaint;
