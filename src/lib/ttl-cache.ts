/**
 * A small time-to-live cache with single-flight loading: concurrent misses for one key share one
 * load, and when a reload fails the last good value keeps being served (and the error is logged),
 * so a platform hiccup never blanks a page that rendered a second ago. A failure with nothing to
 * fall back to is remembered for `failureTtlMs`, so a broken source is not asked on every request.
 */
interface Entry<V> {
  value?: V;
  loadedAt: number;
  pending?: Promise<V>;
  /** The last failure when there was no good value, remembered briefly so callers do not hammer a failing source. */
  failure?: { error: unknown; at: number };
}

/** A bounded cache whose values expire after `ttlMs`. */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly failureTtlMs: number;

  constructor(ttlMs: number, maxEntries = 500, now: () => number = Date.now, failureTtlMs = 2000) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.now = now;
    this.failureTtlMs = failureTtlMs;
  }

  /** Returns the fresh value for a key, loading it (once, however many callers wait) when stale. */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.value !== undefined && this.now() - entry.loadedAt < this.ttlMs) return entry.value;
    if (entry?.pending) return entry.pending;
    if (entry?.failure && this.now() - entry.failure.at < this.failureTtlMs) throw entry.failure.error;
    const target: Entry<V> = entry ?? { loadedAt: 0 };
    target.pending = load().then(
      (value) => {
        target.value = value;
        target.loadedAt = this.now();
        target.pending = undefined;
        target.failure = undefined;
        return value;
      },
      (error: unknown) => {
        target.pending = undefined;
        if (target.value !== undefined) {
          console.warn(`[cache] reload of "${key}" failed, serving the last good value: ${(error as Error).message}`);
          return target.value;
        }
        target.failure = { error, at: this.now() };
        throw error;
      },
    );
    this.entries.set(key, target);
    this.evict();
    return target.pending;
  }

  /** Forgets every entry. */
  clear(): void {
    this.entries.clear();
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
