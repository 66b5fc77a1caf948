/**
 * Page-load traces for error reporting (spec section 9: trace sample rate 0.5): half the page views,
 * picked at random (hand-over.ts), send one Sentry `transaction` to the error-reporting service
 * when the page is hidden or left, so an operator sees how pages load on players' devices beside
 * the errors. Sentry's own tracing integration costs about 30 KB brotli on every page, past the
 * lobby's JavaScript budget; this module (about 1.5 KB, loaded only for a sampled page view once it
 * has loaded) reads what the browser measured itself and speaks the same envelope protocol, so any
 * Sentry-compatible service takes it (the collector parses it with Sentry's own code).
 *
 * The transaction: op `pageload`, named by the path (no query string, so no token can ride along),
 * with spans for the navigation's phases (DNS, connect, request, response, DOM, load) and for the
 * page's own scripts, styles and images (paths only; 40 at most, scripts and styles first), and measurements ttfb, fcp, lcp
 * and cls. Tags: brand, locale.
 */
import { ERROR_TRACE_SAMPLE_RATE } from '../../../shared/error-reporting.ts';

/** A random 32-digit hex id, as Sentry's trace and event ids are. */
const uuid4 = () => crypto.randomUUID().replaceAll('-', '');

/** Resource spans kept per trace. */
const MAX_RESOURCE_SPANS = 40;

/** What a trace is built from (the browser's timing entries, in milliseconds since the time origin). */
export interface PageTiming {
  timeOrigin: number;
  path: string;
  navigation: Pick<PerformanceNavigationTiming, 'domainLookupStart' | 'domainLookupEnd' | 'connectStart' | 'connectEnd' | 'requestStart' | 'responseStart' | 'responseEnd' | 'domInteractive' | 'domContentLoadedEventEnd' | 'loadEventEnd'> | null;
  resources: { name: string; initiatorType: string; startTime: number; responseEnd: number; transferSize: number }[];
  fcp: number | null;
  lcp: number | null;
  cls: number;
  /** When the trace ends (now). */
  end: number;
}

interface Span {
  span_id: string;
  parent_span_id: string;
  trace_id: string;
  op: string;
  description: string;
  start_timestamp: number;
  timestamp: number;
  origin: string;
  data?: Record<string, number>;
}

/** The Sentry transaction event of a page's load. */
export function pageLoadTransaction(timing: PageTiming, page: { brand: string; locale: string; origin: string }) {
  const traceId = uuid4();
  const rootId = uuid4().slice(16);
  const at = (ms: number) => (timing.timeOrigin + ms) / 1000;
  const spans: Span[] = [];
  const span = (op: string, description: string, start: number, end: number, data?: Record<string, number>) => {
    if (!(end >= start) || start < 0) return;
    spans.push({ span_id: uuid4().slice(16), parent_span_id: rootId, trace_id: traceId, op, description, start_timestamp: at(start), timestamp: at(end), origin: 'auto.ui.atrium', ...(data ? { data } : {}) });
  };
  const nav = timing.navigation;
  if (nav) {
    span('browser.domainLookup', 'domainLookup', nav.domainLookupStart, nav.domainLookupEnd);
    span('browser.connect', 'connect', nav.connectStart, nav.connectEnd);
    span('browser.request', 'request', nav.requestStart, nav.responseStart);
    span('browser.response', 'response', nav.responseStart, nav.responseEnd);
    span('browser.domContentLoadedEvent', 'domContentLoaded', nav.responseEnd, nav.domContentLoadedEventEnd);
    span('browser.loadEvent', 'load', nav.domContentLoadedEventEnd, nav.loadEventEnd);
  }
  // Scripts and styles first (they decide when the page works), then the rest, each in load order.
  const weight = (type: string) => (type === 'script' ? 0 : type === 'link' || type === 'css' ? 1 : 2);
  const own = timing.resources.filter((entry) => entry.name.startsWith(page.origin));
  own.sort((a, b) => weight(a.initiatorType) - weight(b.initiatorType) || a.startTime - b.startTime);
  for (const resource of own.slice(0, MAX_RESOURCE_SPANS)) {
    const kind = resource.initiatorType === 'link' ? 'css' : resource.initiatorType;
    span(`resource.${kind}`, new URL(resource.name).pathname, resource.startTime, resource.responseEnd, { 'http.response_transfer_size': resource.transferSize });
  }
  const measurements: Record<string, { value: number; unit: string }> = { cls: { value: timing.cls, unit: '' } };
  if (nav) measurements.ttfb = { value: nav.responseStart, unit: 'millisecond' };
  if (timing.fcp !== null) measurements.fcp = { value: timing.fcp, unit: 'millisecond' };
  if (timing.lcp !== null) measurements.lcp = { value: timing.lcp, unit: 'millisecond' };
  return {
    type: 'transaction' as const,
    event_id: uuid4(),
    platform: 'javascript',
    transaction: timing.path,
    transaction_info: { source: 'url' },
    start_timestamp: at(0),
    timestamp: at(timing.end),
    contexts: { trace: { trace_id: traceId, span_id: rootId, op: 'pageload', status: 'ok', origin: 'auto.pageload.atrium' } },
    spans,
    measurements,
    tags: { brand: page.brand, locale: page.locale },
    request: { url: `${page.origin}${timing.path}` },
    sdk: { name: 'atrium.page-trace', version: '1' },
  };
}

/** A DSN's parts: `<protocol>://<public key>@<host>[/<path>]/<project id>`. */
const DSN = /^(https?):\/\/([\w.-]+)(?::[\w.-]*)?@([\w.:[\]-]+)((?:\/[\w.-]+)*)\/(\d+)$/;

/**
 * Serialises a transaction as an envelope for a DSN, with the sampling it was taken under: the
 * envelope protocol's three JSON lines (envelope header, item header, the event) posted to the
 * project's envelope endpoint with the key in the query, as Sentry's clients do. (@sentry/core's
 * envelope functions would bring about 4 KB brotli of its runtime; the collector reads these with them.)
 */
export function transactionEnvelope(dsn: string, transaction: ReturnType<typeof pageLoadTransaction>): { url: string; body: string } | null {
  const [, protocol, publicKey, host, path, project] = DSN.exec(dsn) ?? [];
  if (!project) return null;
  const header = { event_id: transaction.event_id, sent_at: new Date().toISOString(), trace: { trace_id: transaction.contexts.trace.trace_id, public_key: publicKey, sample_rate: String(ERROR_TRACE_SAMPLE_RATE), sampled: 'true' } };
  return {
    url: `${protocol}://${host}${path}/api/${project}/envelope/?sentry_version=7&sentry_key=${publicKey}`,
    body: [header, { type: 'transaction' }, transaction].map((line) => JSON.stringify(line)).join('\n'),
  };
}

/** Watches this page's paints and shifts, and sends its trace once when it is hidden or left. */
export function tracePageLoad(dsn: string): void {
  let lcp: number | null = null;
  let cls = 0;
  const observe = (type: string, each: (entry: PerformanceEntry & { value?: number; hadRecentInput?: boolean }) => void) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true });
    } catch {
      // An entry type this browser does not measure.
    }
  };
  observe('largest-contentful-paint', (entry) => (lcp = entry.startTime));
  observe('layout-shift', (entry) => {
    if (!entry.hadRecentInput) cls += entry.value ?? 0;
  });
  let sent = false;
  const send = (leaving: boolean) => {
    if (sent || (!leaving && document.visibilityState !== 'hidden')) return;
    sent = true;
    const root = document.documentElement;
    const transaction = pageLoadTransaction({
      timeOrigin: performance.timeOrigin,
      path: location.pathname,
      navigation: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined) ?? null,
      resources: performance.getEntriesByType('resource') as PerformanceResourceTiming[],
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      lcp,
      cls,
      end: performance.now(),
    }, { brand: root.dataset.brand ?? 'unknown', locale: root.lang, origin: location.origin });
    const request = transactionEnvelope(dsn, transaction);
    if (request) void fetch(request.url, { method: 'POST', body: request.body, keepalive: true, headers: { 'content-type': 'text/plain;charset=UTF-8' } }).catch(() => undefined);
  };
  addEventListener('visibilitychange', () => send(false));
  // Leaving without the page going hidden first (some browsers): send then.
  addEventListener('pagehide', () => send(true));
}
