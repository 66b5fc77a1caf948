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

/**
 * Resolves in a task of its own, ahead of other queued work where the browser can
 * (`scheduler.yield`): a long piece of start-up work split at these points lets input and frames in
 * between instead of holding the main thread in one long task.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
