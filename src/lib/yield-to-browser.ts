/**
 * Browser: ways to let the page paint or answer input before doing more work, shared by the code
 * that defers work off a visitor's interaction or out of a busy task.
 */

/** Resolves once the next frame has painted (what the visitor just did is on screen). */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

/** Resolves in the next idle period (within a second), in a task of its own. */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 200);
  });
}
