/**
 * Layout shifts in the end-to-end suite: what Lighthouse's CLS adds up, read from the page itself,
 * with what moved, so a failing check says which element shifted and when, not only by how much.
 */
import type { Page } from '@playwright/test';

/** Before the page loads: starts adding up the page's layout shifts that no input caused, and their sources. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const store = window as unknown as { layoutShift: number; layoutShiftSources: string[] };
    store.layoutShift = 0;
    store.layoutShiftSources = [];
    const describe = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return node ? node.nodeName : '(removed)';
      const block = node.closest('[data-block]')?.getAttribute('data-block');
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.classList.length ? `.${[...node.classList].join('.')}` : ''}${block ? ` in block ${block}` : ''}`;
    };
    const rect = (box: DOMRectReadOnly) => `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] })[]) {
        if (entry.hadRecentInput) continue;
        store.layoutShift += entry.value;
        if (entry.value < 0.001) continue;
        const sources = (entry.sources ?? []).map((source) => `${describe(source.node)} ${rect(source.previousRect)} -> ${rect(source.currentRect)}`);
        store.layoutShiftSources.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms, scrollY ${Math.round(scrollY)}: ${sources.join('; ') || '(no sources)'}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts added up since the page started loading. */
export function layoutShiftSoFar(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

/** Each shift worth naming (0.001 or more) since the page started loading: its size, time and what moved. */
export function layoutShiftSources(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { layoutShiftSources: string[] }).layoutShiftSources);
}
