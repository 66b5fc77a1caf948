/**
 * The console's REST routes, under /platform/operator/, each through operatorOperation (access.ts),
 * with the brand in x-brand (or ?brand=) and the operator realm's bearer token:
 *
 *   GET /platform/operator/documents/<id>            compliance: the document's file, as an attachment
 *                                                    (documentDownloadHeaders: nosniff, CSP sandbox, never inline)
 *   GET /platform/operator/consent-records.csv       compliance: ?playerId=&visitorId=&from=&to=, streamed
 *   GET /platform/operator/audit-log.csv             admin: ?operator=&action=&from=&to=, streamed
 *
 * An export's audit entry is written (and committed) before its rows stream: the log shows every export
 * that started, with its filter.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformServices } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import { documentDownloadHeaders } from '../players/documents.ts';
import { sendApiError } from '../web/json.ts';
import { operatorOperation } from './access.ts';
import { readAudit, type AuditEntry } from './audit.ts';
import { streamCsv } from './csv.ts';
import { consentRecords } from './queries.ts';

/** Where the console's REST routes live. */
export const OPERATOR_REST_PREFIX = '/platform/operator/';
const PAGE = 500;

/** The request's brand: x-brand or ?brand=, a known one. */
function brandOf(services: PlatformServices, req: IncomingMessage, query: URLSearchParams): string {
  const header = req.headers['x-brand'];
  const id = (typeof header === 'string' ? header : null) ?? query.get('brand');
  if (id && services.brands.has(id)) return id;
  throw new PlatformError('UnknownBrand', `${id ? `Unknown brand "${id}"` : 'No brand'}: send x-brand (or ?brand=) naming one of ${[...services.brands.keys()].join(', ')}`);
}

/** The handler of /platform/operator/…; false for a path it does not serve. */
export function createOperatorRoutes(services: PlatformServices) {
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    const rest = path.slice(OPERATOR_REST_PREFIX.length);
    const document = /^documents\/([A-Za-z0-9-]{1,64})$/.exec(rest);
    if (!document && rest !== 'consent-records.csv' && rest !== 'audit-log.csv') return false;
    try {
      if (req.method !== 'GET') throw new PlatformError('BadRequest', `${path} answers GET only`);
      const query = new URL(req.url ?? '/', 'http://platform.invalid').searchParams;
      const brand = brandOf(services, req, query);
      if (document) {
        const id = document[1] as string;
        const file = await operatorOperation(services, req, { role: 'compliance', brand, action: 'document.download', target: id }, async (tx) => {
          const { rows } = await tx.query<{ file_name: string; content_type: string; size_bytes: number; bytes: Uint8Array }>(
            `select d.file_name, d.content_type, d.size_bytes, d.bytes from player_documents d join players p on p.id = d.player_id where d.id = $1 and p.brand = $2`,
            [id, brand],
          );
          if (!rows[0]) throw new PlatformError('NotFound', `No document "${id}" on brand ${brand}`);
          return { result: rows[0] };
        });
        res.writeHead(200, documentDownloadHeaders({ fileName: file.file_name, contentType: file.content_type, sizeBytes: file.size_bytes })).end(Buffer.from(file.bytes));
        return true;
      }
      if (rest === 'consent-records.csv') {
        const filter = { playerId: query.get('playerId'), visitorId: query.get('visitorId'), from: query.get('from'), to: query.get('to') };
        // Checked (and audited) before the first byte: a bad filter is a JSON error, not half a file.
        await operatorOperation(services, req, { role: 'compliance', brand, action: 'consent.export', target: JSON.stringify(filter) }, async (tx) => ({ result: await consentRecords(tx, brand, filter, { limit: 1 }) }));
        await streamCsv(
          res,
          `consent-records-${brand}.csv`,
          ['id', 'recordedAt', 'visitorId', 'playerId', 'categories', 'policyVersion', 'countryCode'],
          (last: { id: string } | null) => consentRecords(services.db, brand, filter, { limit: PAGE, before: last?.id ?? null }),
          (record) => [record.id, record.recordedAt, record.visitorId, record.playerId, record.categories.join(' '), record.policyVersion, record.countryCode],
        );
        return true;
      }
      const filter = { brand, operatorId: query.get('operator'), action: query.get('action'), from: query.get('from'), to: query.get('to') };
      await operatorOperation(services, req, { role: 'admin', brand, action: 'audit.export', target: JSON.stringify({ operator: filter.operatorId, action: filter.action, from: filter.from, to: filter.to }) }, async (tx) => ({
        result: await readAudit(tx, filter, { limit: 1 }),
      }));
      await streamCsv(
        res,
        `audit-log-${brand}.csv`,
        ['id', 'at', 'operatorId', 'operatorEmail', 'brand', 'action', 'target', 'before', 'after'],
        (last: AuditEntry | null) => readAudit(services.db, filter, { limit: PAGE, beforeId: last?.id ?? null }),
        (entry) => [entry.id, entry.at, entry.operatorId, entry.operatorEmail, entry.brand, entry.action, entry.target, entry.before, entry.after],
      );
      return true;
    } catch (error) {
      if (res.headersSent) {
        // Mid-stream: the file is cut short rather than ending as if complete.
        console.error('[platform] operator export failed mid-stream:', error);
        res.destroy();
        return true;
      }
      sendApiError(res, error, `operator ${rest}`);
      return true;
    }
  };
}
