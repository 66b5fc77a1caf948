/**
 * Browser: the after-paint gate's promise (gate.ts), for code that waits for it. It resolves once
 * the page's first screen has painted and the site's stylesheets have loaded; where no gate runs,
 * at once.
 */

/** The global the gate's promise lives under. */
export const GATE_GLOBAL = '__atriumAfterPaint';

type GatedWindow = Window & { [GATE_GLOBAL]?: Promise<void> };

/** Resolves once the after-paint gate has opened. */
export function afterPaintOpened(): Promise<void> {
  return (window as GatedWindow)[GATE_GLOBAL] ?? Promise.resolve();
}
