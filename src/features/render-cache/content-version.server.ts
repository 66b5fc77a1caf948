/**
 * Knows when a brand's CMS content changed, so caches of rendered pages, layouts and menus can drop
 * what they hold at once instead of waiting out their time to live. For each brand the lobby serves,
 * it polls the platform's `contentVersion` (a fingerprint of the brand's content files) every
 * `ATRIUM_CONTENT_POLL_MS` (1000 ms by default, 0 turns polling off). When the fingerprint moves,
 * the brand's content generation goes up and every listener hears of it.
 *
 * A platform without `contentVersion` is told once in the log and no longer asked; the caches then
 * rely on their short lifetimes alone. A platform that is down is asked again on the next tick.
 */
import { platformQuery, PlatformError } from '../../lib/graphql.server.ts';
import { isBrandServed } from '../../brands/load.server.ts';
import { ContentVersionDocument } from '../../lib/graphql/generated/graphql.ts';

const pollMs = Number(process.env.ATRIUM_CONTENT_POLL_MS ?? 1000);

interface Watch {
  generation: number;
  version: string | null;
  /** idle until first asked for; unsupported once the platform turned out to lack contentVersion. */
  state: 'idle' | 'watching' | 'unsupported';
  timer: ReturnType<typeof setInterval> | null;
  failing: boolean;
}

const watches = new Map<string, Watch>();
const listeners = new Set<(brandId: string) => void>();

/** Calls listener with the brand's id whenever a brand's content changes; returns the unsubscribe. */
export function onContentChange(listener: (brandId: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Records what the platform answered; a new fingerprint after a known one is a change. */
export function noteContentVersion(brandId: string, version: string): void {
  const watch = watchOf(brandId);
  const changed = watch.version !== null && watch.version !== version;
  watch.version = version;
  watch.failing = false;
  if (!changed) return;
  watch.generation += 1;
  for (const listener of listeners) listener(brandId);
}

function watchOf(brandId: string): Watch {
  let watch = watches.get(brandId);
  if (!watch) {
    watch = { generation: 0, version: null, state: 'idle', timer: null, failing: false };
    watches.set(brandId, watch);
  }
  return watch;
}

async function poll(brandId: string, watch: Watch): Promise<void> {
  // A brand folder removed while running: stop asking; the first page of a re-added brand starts again.
  if (!isBrandServed(brandId)) {
    if (watch.timer) clearInterval(watch.timer);
    watch.timer = null;
    watch.state = 'idle';
    return;
  }
  try {
    const data = await platformQuery(ContentVersionDocument, {}, { brand: brandId, locale: 'en' });
    noteContentVersion(brandId, data.contentVersion);
  } catch (error) {
    if (error instanceof PlatformError && !error.isNetworkError && /contentVersion/.test(error.message)) {
      console.warn(`[lobby] the platform has no contentVersion query, so content edits reach cached pages only when they expire: ${error.message}`);
      if (watch.timer) clearInterval(watch.timer);
      watch.timer = null;
      watch.state = 'unsupported';
      return;
    }
    if (!watch.failing) console.warn(`[lobby] could not ask the platform whether ${brandId}'s content changed; asking again: ${(error as Error).message}`);
    watch.failing = true;
  }
}

/**
 * The brand's content generation: a number that goes up with every content change the lobby sees.
 * The first call for a brand starts watching it. Put it in cache keys of anything built from content.
 */
export function contentGeneration(brandId: string): number {
  const watch = watchOf(brandId);
  if (pollMs > 0 && watch.state === 'idle') {
    watch.state = 'watching';
    let running = false;
    watch.timer = setInterval(() => {
      if (running) return;
      running = true;
      void poll(brandId, watch).finally(() => (running = false));
    }, pollMs);
    watch.timer.unref?.();
    void poll(brandId, watch);
  }
  return watch.generation;
}
