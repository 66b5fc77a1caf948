/**
 * A small time-to-live cache with single-flight loading, kept in an LRU (lru-cache) with a bound
 * every caller names: concurrent misses for one key share one load, and when a reload fails the last
 * good value keeps being served (and the error is logged), so a platform hiccup never blanks a page
 * that rendered a second ago. A failure with nothing to fall back to is remembered for
 * `failureTtlMs`, so a broken source is not asked on every request. Beyond `maxEntries` the least
 * recently used key goes.
 */
import { LRUCache } from 'lru-cache';

interface Entry<V> {
  value?: V;
  loadedAt: number;
  pending?: Promise<V>;
  /** The last failure when there was no good value, remembered briefly so callers do not hammer a failing source. */
  failure?: { error: unknown; at: number };
}

/** How long values live and how many keys the cache may hold. */
export interface TtlCacheOptions {
  /** How long a loaded value is served before the next get reloads it. */
  ttlMs: number;
  /** The most keys kept; required, so no cache grows without bound. */
  maxEntries: number;
  /** The clock (tests). */
  now?: () => number;
  /** How long a failure with no good value to fall back to is remembered (default 2000 ms). */
  failureTtlMs?: number;
}

/** A bounded cache whose values expire after `ttlMs`. */
export class TtlCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly failureTtlMs: number;

  constructor(options: TtlCacheOptions) {
    if (!(options.maxEntries >= 1)) throw new Error(`A TtlCache needs a bound of at least one entry, not ${options.maxEntries}`);
    this.entries = new LRUCache<string, Entry<V>>({ max: options.maxEntries });
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
    this.failureTtlMs = options.failureTtlMs ?? 2000;
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
    return target.pending;
  }

  /** Forgets every entry. */
  clear(): void {
    this.entries.clear();
  }
}
