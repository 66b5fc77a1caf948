/**
 * The part of error reporting every page carries: a few lines that hand an error to report.ts,
 * which (with the client behind it) is downloaded only when there is an error to report.
 */
import { ERROR_DSN_ATTRIBUTE } from '../../../shared/error-reporting.ts';

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
}
