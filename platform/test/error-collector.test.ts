/**
 * The sandbox error-report collector speaks the Sentry envelope protocol: envelopes serialised by
 * Sentry's own code are stored (scrubbed again), a wrong key, a broken envelope and an oversized one
 * are refused with a reason, the reports are read back only with the operator key, and the collector
 * does not exist outside sandbox mode.
 */
import { randomUUID } from 'node:crypto';
import { createEnvelope, serializeEnvelope } from '@sentry/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, SANDBOX_KEY, startPlatform, type TestPlatform } from './helpers.ts';
import { MAX_REPORTS_PER_BRAND, type ErrorReport } from '../src/sandbox/error-collector.ts';
import { SANDBOX_ERROR_KEY } from '../../shared/error-reporting.ts';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIrMzU4NTU1MDAwMSJ9.c2lnbmF0dXJlLXBhcnQ';

function envelope(eventId: string, value: string): string {
  const serialized = serializeEnvelope(createEnvelope({ event_id: eventId, sent_at: new Date().toISOString() }, [
    [{ type: 'event' }, {
      event_id: eventId,
      level: 'error',
      exception: { values: [{ type: 'GraphqlClientError', value }] },
      request: { url: `http://aurelia.localhost/en/?accessToken=${JWT}`, headers: { 'User-Agent': 'Chromium', Cookie: `refreshToken=${JWT}` } },
      user: { email: 'anna@example.fi' },
      contexts: { trace: { trace_id: '0123456789abcdef0123456789abcdef', span_id: '0123456789abcdef' } },
      tags: { kind: 'InternalError' },
    }],
    [{ type: 'client_report' }, { timestamp: 1, discarded_events: [] }],
  ] as never));
  return typeof serialized === 'string' ? serialized : new TextDecoder().decode(serialized);
}

for (const database of DATABASES) {
  describe(`error-report collector (${database.name})`, () => {
    let platform: TestPlatform;
    let production: TestPlatform;
    // Each platform runs on a database of its own: the brand's reports are this file's alone.
    const brand = 'aurelia';
    const post = (target: TestPlatform, body: string, key = SANDBOX_ERROR_KEY, project = '1', brandHeader = brand) =>
      fetch(`${target.url}/platform/error-reports/api/${project}/envelope/?sentry_key=${key}&sentry_version=7`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-brand': brandHeader },
        body,
      });
    const reports = async () =>
      ((await (await fetch(`${platform.url}/platform/error-reports.json?brand=${brand}`, { headers: SANDBOX_KEY })).json()) as { reports: ErrorReport[] }).reports;

    beforeAll(async () => {
      [platform, production] = await Promise.all([startPlatform(database), startPlatform(database, { auth: { enableSandboxAdmin: false } })]);
    });
    afterAll(async () => {
      await Promise.all([platform?.close(), production?.close()]);
    });

    it('stores each error event of an envelope, scrubbed, and reads it back with the operator key', async () => {
      const eventId = randomUUID().replaceAll('-', '');
      const response = await post(platform, envelope(eventId, `[Network] player +3585550001 failed with Bearer ${JWT}`));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ id: eventId });
      const [report] = await reports();
      expect(report).toMatchObject({
        brand,
        project: '1',
        eventId,
        level: 'error',
        kind: 'InternalError',
        message: '[Network] player [phone] failed with Bearer [Filtered]',
        url: 'http://aurelia.localhost/en/?accessToken=[Filtered]',
        traceId: '0123456789abcdef0123456789abcdef',
      });
      expect(report?.event.user).toBeUndefined();
      expect(JSON.stringify(report)).not.toMatch(/eyJ|anna@|refreshToken=/);
      // The client report item is acknowledged, not stored.
      expect(await reports()).toHaveLength(1);
    });

    it('refuses a wrong key, a broken envelope, an unknown path and a body over 256 KB, each saying why', async () => {
      const wrongKey = await post(platform, envelope('a'.repeat(32), 'x'), 'guess');
      expect(wrongKey.status).toBe(401);
      expect(await wrongKey.text()).toContain(SANDBOX_ERROR_KEY);
      const broken = await post(platform, '{"event_id":"x"}\n{"type":"event"}\n{not json');
      expect(broken.status).toBe(400);
      expect(await broken.text()).toMatch(/Not an envelope/);
      expect((await post(platform, envelope('b'.repeat(32), 'x'), SANDBOX_ERROR_KEY, 'abc')).status).toBe(404);
      expect((await post(platform, `{}\n{"type":"event"}\n"${'x'.repeat(300 * 1024)}"`)).status).toBe(413);
      expect(await reports()).toHaveLength(1);
    });

    it('stores a sampled page-load trace (a transaction item) as kind transaction, scrubbed', async () => {
      const eventId = randomUUID().replaceAll('-', '');
      const traceId = randomUUID().replaceAll('-', '');
      const serialized = serializeEnvelope(createEnvelope({ event_id: eventId, sent_at: new Date().toISOString(), trace: { trace_id: traceId, public_key: SANDBOX_ERROR_KEY, sample_rate: '0.5', sampled: 'true' } }, [
        [{ type: 'transaction' }, {
          type: 'transaction', event_id: eventId, transaction: '/en/', start_timestamp: 1, timestamp: 2,
          contexts: { trace: { trace_id: traceId, span_id: '0123456789abcdef', op: 'pageload' } },
          spans: [{ op: 'resource.script', description: '/_astro/react.js', start_timestamp: 1.1, timestamp: 1.2 }],
          measurements: { lcp: { value: 420, unit: 'millisecond' } },
          request: { url: `http://aurelia.localhost/en/?accessToken=${JWT}` },
        }],
      ] as never));
      const response = await post(platform, typeof serialized === 'string' ? serialized : new TextDecoder().decode(serialized));
      expect(response.status).toBe(200);
      const report = (await reports()).find((each) => each.eventId === eventId);
      expect(report).toMatchObject({ kind: 'transaction', level: 'info', message: 'pageload /en/', traceId, url: 'http://aurelia.localhost/en/?accessToken=[Filtered]' });
      expect(report!.event).toMatchObject({ spans: [{ op: 'resource.script', description: '/_astro/react.js' }], measurements: { lcp: { value: 420 } } });
    });

    it('files a report from a brand the platform does not know under "unknown"', async () => {
      const eventId = randomUUID().replaceAll('-', '');
      expect((await post(platform, envelope(eventId, 'from nowhere'), SANDBOX_ERROR_KEY, '1', `invented-${eventId.slice(0, 8)}`)).status).toBe(200);
      const { rows } = await platform.platform.db.query<{ brand: string }>('select brand from error_reports where event_id = $1', [eventId]);
      expect(rows).toEqual([{ brand: 'unknown' }]);
    });

    it('keeps the reports behind the operator key, and is not there at all outside sandbox mode', async () => {
      expect((await fetch(`${platform.url}/platform/error-reports.json?brand=${brand}`, { headers: { 'x-sandbox-key': '' } })).status).toBe(403);
      expect((await post(production, envelope('c'.repeat(32), 'x'))).status).toBe(404);
      expect((await fetch(`${production.url}/platform/error-reports.json`, { headers: SANDBOX_KEY })).status).toBe(404);
    });

    it(`keeps the newest ${MAX_REPORTS_PER_BRAND} reports of a brand`, async () => {
      const values = Array.from({ length: MAX_REPORTS_PER_BRAND + 3 }, (_, index) => `(${JSON.stringify(brand)}, '1', 'e${index}', 'error', 'Error', 'm${index}', '{}'::jsonb)`.replaceAll('"', "'"));
      await platform.platform.db.query(`insert into error_reports (brand, project, event_id, level, kind, message, event) values ${values.join(', ')}`);
      await post(platform, envelope('d'.repeat(32), 'the newest'));
      const { rows } = await platform.platform.db.query<{ count: number }>('select count(*)::int as count from error_reports where brand = $1', [brand]);
      expect(rows[0]?.count).toBe(MAX_REPORTS_PER_BRAND);
      expect((await reports())[0]?.message).toBe('the newest');
    });
  });
}
