/**
 * The hand-over to error reporting that every page carries: a few lines that load the reporting
 * module (report.ts) and its client only when a page has an error to report. Uncaught errors,
 * island crashes (ErrorBoundary) and failed GraphQL calls (graphql-errors.ts decides which) come
 * through here. It also picks the page views that send a page-load trace (page-trace.ts).
 */
import { ERROR_DSN_ATTRIBUTE, ERROR_TRACE_SAMPLE_RATE, resolveDsn } from '../../../shared/error-reporting.ts';

/** Reports an error: loads the reporting module on first use. Never throws. */
export function reportLater(error: unknown, tags: Record<string, string> = {}): void {
  if (typeof document === 'undefined') return;
  void import('./report.ts').then(({ reportError }) => reportError(error, tags), () => undefined);
}

let installed = false;

/** Reports what nothing caught: uncaught errors and unhandled promise rejections. Once per page. */
export function reportUncaughtErrors(): void {
  const dsn = document.documentElement.getAttribute(ERROR_DSN_ATTRIBUTE);
  if (installed || !dsn || dsn === 'off') return;
  installed = true;
  addEventListener('error', (event) => reportLater(event.error ?? event.message, { mechanism: 'onerror' }));
  addEventListener('unhandledrejection', (event) => reportLater(event.reason, { mechanism: 'onunhandledrejection' }));
  // Half the page views send a page-load trace (page-trace.ts), its code fetched once the page has loaded.
  const reportTo = resolveDsn(dsn, location);
  if (reportTo && Math.random() < ERROR_TRACE_SAMPLE_RATE) {
    const start = () => setTimeout(() => void import('./page-trace.ts').then(({ tracePageLoad }) => tracePageLoad(reportTo), () => undefined), 1000);
    if (document.readyState === 'complete') start();
    else addEventListener('load', start, { once: true });
  }
}
