/**
 * The error-reporting client, loaded only when a page has something to report (report.ts): a stock
 * @sentry/browser client (MIT) with the few integrations a report needs (the page URL and user
 * agent, linked causes, no duplicates) and no breadcrumbs, replay or tracing. Every event is
 * scrubbed of tokens, cookies and personal data before it leaves (shared/error-scrub.ts).
 *
 * Sentry's tracing integration is not loaded (about 30 KB brotli more on every page, past the
 * lobby's JavaScript budget): page-load traces, sampled at the spec's rate (0.5), come from
 * page-trace.ts instead, in the same protocol. Each report carries the platform's trace id of the
 * failed call, so an operator can follow it into the platform's log.
 */
import { BrowserClient, captureException, dedupeIntegration, defaultStackParser, getCurrentScope, httpContextIntegration, linkedErrorsIntegration, makeFetchTransport } from '@sentry/browser';
import { ERROR_TRACE_SAMPLE_RATE } from '../../../shared/error-reporting.ts';
import { scrubEvent } from '../../../shared/error-scrub.ts';
import type { QueuedReport } from './report.ts';

/** Starts the client for a DSN and returns the function that sends one report. */
export function startErrorClient(dsn: string, page: { brand: string; locale: string }): (report: QueuedReport) => void {
  const client = new BrowserClient({
    dsn,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [dedupeIntegration(), linkedErrorsIntegration(), httpContextIntegration()],
    // The SDK's own collection switched down too; the scrubber below is the guarantee.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: { request: { allow: ['User-Agent', 'Referer'] }, response: false }, httpBodies: [], urlQueryParams: false },
    tracesSampleRate: ERROR_TRACE_SAMPLE_RATE,
    maxBreadcrumbs: 0,
    environment: location.hostname.endsWith('.localhost') || location.hostname === 'localhost' ? 'development' : 'production',
    beforeSend: (event) => scrubEvent(event),
  });
  getCurrentScope().setClient(client);
  getCurrentScope().setTags({ brand: page.brand, locale: page.locale });
  client.init();
  return ({ error, tags }) => {
    // A failed GraphQL call (graphql-errors.ts's GraphqlCallError, read by its shape: importing the
    // class would tie this lazily loaded module back to the page's own).
    const call = error as { name?: unknown; kind?: unknown; traceId?: unknown } | null;
    const callTags: Record<string, string> = {};
    if (typeof call?.kind === 'string' && typeof call.name === 'string' && call.name.endsWith('Error')) {
      callTags.kind = call.kind;
      if (typeof call.traceId === 'string') callTags.platformTraceId = call.traceId;
    }
    captureException(error, { tags: { ...tags, ...callTags } });
  };
}
