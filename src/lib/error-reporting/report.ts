/**
 * Error reporting (spec sections 7 and 8): uncaught errors, island crashes, network errors other
 * than 401 and GraphQL errors no screen handles go to an error-reporting service through a stock
 * client (@sentry/browser, speaking the Sentry envelope protocol).
 *
 * This module queues what happens and loads the client (about 20 KB brotli) only when there is
 * something to send; pages import it only when they have an error (hand-over.ts's reportLater), so a page
 * without errors downloads neither (the way Sentry's own loader script works). The DSN comes from the page's
 * `data-error-dsn` attribute: the platform's sandbox collector on this origin by default, an
 * operator's service through the lobby's ERROR_REPORTING_DSN, or `off`.
 */
import { ERROR_DSN_ATTRIBUTE, resolveDsn } from '../../../shared/error-reporting.ts';

/** Reports held while the client loads; older ones give way (a failing loop must not grow memory). */
const MAX_QUEUED = 20;

/** One report: the error and the tags that say where it came from. */
export interface QueuedReport {
  error: unknown;
  tags: Record<string, string>;
}

const queue: QueuedReport[] = [];
let send: ((report: QueuedReport) => void) | null = null;
let state: 'idle' | 'loading' | 'ready' | 'off' = 'idle';

/** Reports an error (queued until the client is loaded; dropped when reporting is off). */
export function reportError(error: unknown, tags: Record<string, string> = {}): void {
  if (typeof document === 'undefined' || state === 'off') return;
  const report = { error, tags };
  if (send) {
    send(report);
    return;
  }
  if (queue.length >= MAX_QUEUED) queue.shift();
  queue.push(report);
  if (state === 'idle') load();
}

function load(): void {
  const dsn = resolveDsn(document.documentElement.getAttribute(ERROR_DSN_ATTRIBUTE), location);
  if (!dsn) {
    state = 'off';
    queue.length = 0;
    return;
  }
  state = 'loading';
  import('./sentry-client.ts')
    .then(({ startErrorClient }) => {
      send = startErrorClient(dsn, { brand: document.documentElement.dataset.brand ?? 'unknown', locale: document.documentElement.lang });
      state = 'ready';
      for (const report of queue.splice(0)) send(report);
    })
    .catch(() => {
      // The client could not load (offline, blocked): nothing to report to.
      state = 'off';
      queue.length = 0;
    });
}

