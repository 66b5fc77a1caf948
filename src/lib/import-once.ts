/**
 * Browser: code fetched when it is first needed (a click, a scroll) rather than with the page, shared
 * by every caller on the page, and asked again after a failed download (a phone that was offline).
 */

/** Wraps a dynamic import: the first call starts it, later calls share it; a failed one is forgotten. */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
