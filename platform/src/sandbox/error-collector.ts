/**
 * The sandbox error-report collector: a stand-in for an operator's error-reporting service that
 * speaks the Sentry envelope protocol, so the lobby's stock client (@sentry/browser) posts to it
 * unchanged. An operator switches to a real service by pointing the lobby's ERROR_REPORTING_DSN at
 * it; nothing in the client changes.
 *
 * - POST /platform/error-reports/api/<project>/envelope/?sentry_key=<key> (or the X-Sentry-Auth
 *   header): each `event` item (an error) and `transaction` item (a sampled page-load trace, kind
 *   `transaction`, level `info`) of the envelope is scrubbed again (shared/error-scrub.ts) and stored;
 *   the newest MAX_REPORTS_PER_BRAND per brand are kept. Bodies over 256 KB are a 413, a wrong key
 *   a 401, a broken envelope a 400 naming what was wrong. Only in sandbox mode (404 otherwise).
 * - GET /platform/error-reports.json?brand=&limit= (sandbox operator key): the stored reports,
 *   newest first.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseEnvelope } from '@sentry/core';
import { scrubEvent, scrubText, scrubUrl, type ScrubbableEvent } from '../../../shared/error-scrub.ts';
import { ERROR_REPORTS_PREFIX, SANDBOX_ERROR_KEY } from '../../../shared/error-reporting.ts';
import type { BrandRegistry } from '../brands/brands.ts';
import type { Db } from '../db/db.ts';
import { readBodyBytes } from '../web/body.ts';
import { sendJson } from '../web/json.ts';
import { SANDBOX_KEY_HEADER, SANDBOX_KEY_PATH, type SandboxGate } from './gate.ts';

/** The stored reports, as JSON. */
export const ERROR_REPORTS_JSON = '/platform/error-reports.json';
/** Rows kept per brand: enough to debug, never a disk to fill. */
export const MAX_REPORTS_PER_BRAND = 500;
const MAX_ENVELOPE_BYTES = 256 * 1024;
const ENVELOPE_PATH = /^\/platform\/error-reports\/api\/(\d{1,12})\/envelope\/?$/;

/** One stored report as the JSON view gives it. */
export interface ErrorReport {
  receivedAt: string;
  brand: string;
  project: string;
  eventId: string;
  level: string;
  kind: string;
  message: string;
  url: string | null;
  traceId: string | null;
  event: Record<string, unknown>;
}

interface SentryEventShape extends ScrubbableEvent {
  event_id?: string;
  transaction?: string;
  level?: string;
  message?: string | { formatted?: string };
  exception?: { values?: { type?: string; value?: string }[] };
  contexts?: { trace?: { trace_id?: string } };
  tags?: Record<string, unknown>;
}

/** The key a request presents: ?sentry_key= or X-Sentry-Auth's sentry_key. */
function presentedKey(req: IncomingMessage, url: URL): string | null {
  const fromQuery = url.searchParams.get('sentry_key');
  if (fromQuery) return fromQuery;
  const header = req.headers['x-sentry-auth'];
  return (typeof header === 'string' ? /sentry_key=([^,\s]+)/.exec(header)?.[1] : undefined) ?? null;
}

/** What the report is about, in one line: the exception's type and value, else the message. */
function summary(event: SentryEventShape): { kind: string; message: string } {
  const exception = event.exception?.values?.at(-1);
  const message = typeof event.message === 'string' ? event.message : event.message?.formatted;
  return {
    kind: String(event.tags?.kind ?? exception?.type ?? 'Message').slice(0, 100),
    message: String(exception?.value ?? message ?? '(no message)').slice(0, 1000),
  };
}

/** Creates the collector's handler; answers false for paths that are not its own. */
export function createErrorCollector(options: { db: Db; sandbox: SandboxGate; brands: BrandRegistry }) {
  const { db, sandbox, brands } = options;

  async function store(brand: string, project: string, raw: SentryEventShape, type: 'event' | 'transaction'): Promise<string> {
    const event = scrubEvent(raw);
    const eventId = String(event.event_id ?? '').replace(/[^0-9a-f]/gi, '').slice(0, 32) || 'unknown';
    const { kind, message } = type === 'transaction'
      ? { kind: 'transaction', message: `pageload ${String(event.transaction ?? '(unnamed)').slice(0, 900)}` }
      : summary(event);
    if (type === 'transaction') event.level = 'info';
    const url = typeof event.request?.url === 'string' ? scrubUrl(event.request.url).slice(0, 2000) : null;
    const traceId = event.contexts?.trace?.trace_id ?? null;
    await db.transaction(async (tx) => {
      await tx.query(
        'insert into error_reports (brand, project, event_id, level, kind, message, url, trace_id, event) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
        [brand, project, eventId, String(event.level ?? 'error').slice(0, 20), scrubText(kind), scrubText(message), url, traceId ? String(traceId).slice(0, 64) : null, JSON.stringify(event)],
      );
      await tx.query(
        'delete from error_reports where brand = $1 and id <= (select id from error_reports where brand = $1 order by id desc offset $2 limit 1)',
        [brand, MAX_REPORTS_PER_BRAND],
      );
    });
    return eventId;
  }

  async function receive(req: IncomingMessage, res: ServerResponse, project: string, url: URL): Promise<void> {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { allow: 'POST, OPTIONS' }).end();
      return;
    }
    if (req.method !== 'POST') return sendJson(res, 405, { error: 'Post an envelope here' }, { allow: 'POST, OPTIONS' });
    if (presentedKey(req, url) !== SANDBOX_ERROR_KEY) {
      return sendJson(res, 401, { error: `Unknown DSN key: the sandbox collector's DSN key is "${SANDBOX_ERROR_KEY}"` });
    }
    const brandHeader = req.headers['x-brand'];
    // A brand the platform knows, or 'unknown': an invented one must not get 500 rows of its own.
    const brand = typeof brandHeader === 'string' && brands.get(brandHeader) ? brandHeader : 'unknown';
    const body = await readBodyBytes(req, MAX_ENVELOPE_BYTES);
    let items: [{ type?: string }, unknown][];
    try {
      items = parseEnvelope(new Uint8Array(body))[1] as [{ type?: string }, unknown][];
    } catch (error) {
      return sendJson(res, 400, { error: `Not an envelope: ${(error as Error).message}. Send a JSON header line, then item header and payload lines.` });
    }
    let id: string | null = null;
    for (const [header, payload] of items) {
      // Errors and page-load traces are kept: sessions, client reports and the like are acknowledged and dropped.
      if ((header?.type !== 'event' && header?.type !== 'transaction') || !payload || typeof payload !== 'object') continue;
      id = await store(brand, project, payload as SentryEventShape, header.type);
    }
    sendJson(res, 200, { id });
  }

  async function list(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (!sandbox.allows(req)) {
      return sendJson(res, 403, { error: `The error reports need the sandbox operator key: open the link \`npm start\` prints (${SANDBOX_KEY_PATH}?key=…), or send it in the ${SANDBOX_KEY_HEADER} header.` });
    }
    const brand = url.searchParams.get('brand');
    const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 100) || 100, 1), MAX_REPORTS_PER_BRAND);
    const { rows } = await db.query<{ received_at: string; brand: string; project: string; event_id: string; level: string; kind: string; message: string; url: string | null; trace_id: string | null; event: Record<string, unknown> | string }>(
      `select received_at::text, brand, project, event_id, level, kind, message, url, trace_id, event
         from error_reports where ($1::text is null or brand = $1) order by id desc limit $2`,
      [brand, limit],
    );
    const reports: ErrorReport[] = rows.map((row) => ({
      receivedAt: new Date(row.received_at).toISOString(),
      brand: row.brand,
      project: row.project,
      eventId: row.event_id,
      level: row.level,
      kind: row.kind,
      message: row.message,
      url: row.url,
      traceId: row.trace_id,
      event: typeof row.event === 'string' ? (JSON.parse(row.event) as Record<string, unknown>) : row.event,
    }));
    sendJson(res, 200, { reports });
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    if (path !== ERROR_REPORTS_JSON && !path.startsWith(ERROR_REPORTS_PREFIX)) return false;
    const url = new URL(req.url ?? '/', 'http://platform');
    if (path === ERROR_REPORTS_JSON) {
      await list(req, res, url);
      return true;
    }
    const project = ENVELOPE_PATH.exec(path)?.[1];
    if (!project) {
      sendJson(res, 404, { error: `Nothing at ${path}: envelopes go to ${ERROR_REPORTS_PREFIX}api/<project>/envelope/` });
      return true;
    }
    await receive(req, res, project, url);
    return true;
  };
}
