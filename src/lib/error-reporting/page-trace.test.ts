import { parseEnvelope } from '@sentry/core';
import { describe, expect, it } from 'vitest';
import { pageLoadTransaction, transactionEnvelope, type PageTiming } from './page-trace.ts';

const ORIGIN = 'http://aurelia.localhost:4321';
const timing: PageTiming = {
  timeOrigin: 1_700_000_000_000,
  path: '/en/',
  navigation: { domainLookupStart: 1, domainLookupEnd: 3, connectStart: 3, connectEnd: 8, requestStart: 9, responseStart: 40, responseEnd: 55, domInteractive: 120, domContentLoadedEventEnd: 130, loadEventEnd: 400 },
  resources: [
    { name: `${ORIGIN}/_astro/react.abc.js`, initiatorType: 'script', startTime: 60, responseEnd: 90, transferSize: 57_000 },
    { name: `${ORIGIN}/_astro/site.css?v=1`, initiatorType: 'link', startTime: 200, responseEnd: 230, transferSize: 9_000 },
    { name: 'https://elsewhere.example/pixel.gif?user=1', initiatorType: 'img', startTime: 10, responseEnd: 20, transferSize: 0 },
  ],
  fcp: 180,
  lcp: 420,
  cls: 0.004,
  end: 5_000,
};

describe('page-load traces', () => {
  it('makes a pageload transaction of the navigation phases, the page\'s own resources and the vitals', () => {
    const transaction = pageLoadTransaction(timing, { brand: 'aurelia', locale: 'en', origin: ORIGIN });
    expect(transaction).toMatchObject({
      type: 'transaction',
      transaction: '/en/',
      start_timestamp: 1_700_000_000,
      timestamp: 1_700_000_005,
      contexts: { trace: { op: 'pageload', status: 'ok' } },
      measurements: { ttfb: { value: 40, unit: 'millisecond' }, fcp: { value: 180, unit: 'millisecond' }, lcp: { value: 420, unit: 'millisecond' }, cls: { value: 0.004, unit: '' } },
      tags: { brand: 'aurelia', locale: 'en' },
      request: { url: `${ORIGIN}/en/` },
    });
    expect(transaction.contexts.trace.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(transaction.spans.map((span) => [span.op, span.description])).toEqual([
      ['browser.domainLookup', 'domainLookup'], ['browser.connect', 'connect'], ['browser.request', 'request'], ['browser.response', 'response'],
      ['browser.domContentLoadedEvent', 'domContentLoaded'], ['browser.loadEvent', 'load'],
      // Only this origin's, by path: no query string and nothing of another site.
      ['resource.script', '/_astro/react.abc.js'], ['resource.css', '/_astro/site.css'],
    ]);
    const request = transaction.spans.find((span) => span.op === 'browser.request')!;
    expect([request.start_timestamp, request.timestamp]).toEqual([1_700_000_000.009, 1_700_000_000.04]);
    expect(transaction.spans.every((span) => span.trace_id === transaction.contexts.trace.trace_id && span.parent_span_id === transaction.contexts.trace.span_id)).toBe(true);
  });

  it('leaves out what the browser did not measure', () => {
    const transaction = pageLoadTransaction({ ...timing, navigation: null, resources: [], fcp: null, lcp: null }, { brand: 'aurelia', locale: 'en', origin: ORIGIN });
    expect(transaction.spans).toEqual([]);
    expect(Object.keys(transaction.measurements)).toEqual(['cls']);
  });

  it('serialises it as an envelope for the DSN, with the sample rate it was taken under', () => {
    const transaction = pageLoadTransaction(timing, { brand: 'aurelia', locale: 'en', origin: ORIGIN });
    const request = transactionEnvelope('http://atriumsandbox@aurelia.localhost:4321/platform/error-reports/1', transaction)!;
    expect(request.url).toBe('http://aurelia.localhost:4321/platform/error-reports/api/1/envelope/?sentry_version=7&sentry_key=atriumsandbox');
    const [headers, items] = parseEnvelope(request.body);
    expect(headers).toMatchObject({ event_id: transaction.event_id, trace: { trace_id: transaction.contexts.trace.trace_id, sample_rate: '0.5', sampled: 'true', public_key: 'atriumsandbox' } });
    expect(items[0]![0]).toEqual({ type: 'transaction' });
    expect(items[0]![1]).toMatchObject({ transaction: '/en/', spans: expect.any(Array) });
    expect(transactionEnvelope('not a dsn', transaction)).toBeNull();
  });
});

describe('DSNs', () => {
  it('posts to the project endpoint of DSNs with a path, a port and https', () => {
    const transaction = pageLoadTransaction(timing, { brand: 'aurelia', locale: 'en', origin: ORIGIN });
    expect(transactionEnvelope('https://abc123@o1.ingest.example.io/42', transaction)!.url).toBe('https://o1.ingest.example.io/api/42/envelope/?sentry_version=7&sentry_key=abc123');
    expect(transactionEnvelope('http://key@localhost:9000/sentry/7', transaction)!.url).toBe('http://localhost:9000/sentry/api/7/envelope/?sentry_version=7&sentry_key=key');
    expect(transactionEnvelope('https://o1.ingest.example.io/42', transaction)).toBeNull();
  });
});
