/**
 * `client:afterpaint`: hydrates an island once the after-paint gate (gate.ts) has opened, so its
 * JavaScript never competes with the page's largest paint. With the value "visible" it then also
 * waits until the island scrolls into view (as `client:visible` does); otherwise it hydrates in
 * the next idle period. Bundled by Astro into a small inline script (addClientDirective).
 */
import type { ClientDirective } from 'astro';
import { afterPaintOpened } from './opened.ts';

const afterPaint: ClientDirective = (load, options, element) => {
  const hydrate = async () => {
    const run = await load();
    await run();
  };
  const whenVisible = () => {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void hydrate();
    });
    // <astro-island> is display: contents; watch what it renders.
    for (const child of element.children) observer.observe(child);
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void hydrate(), { timeout: 1000 });
    else setTimeout(() => void hydrate(), 200);
  };
  void afterPaintOpened().then(options.value === 'visible' ? whenVisible : whenIdle);
};

export default afterPaint;
