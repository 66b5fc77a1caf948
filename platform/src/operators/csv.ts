/**
 * CSV for the console's exports (RFC 4180, streamed): every field quoted when it holds a comma, a
 * quote, a line break or leading/trailing space, quotes doubled; and a field a spreadsheet would take
 * for a formula (starting with =, +, -, @, a tab or a carriage return: CSV injection, OWASP) gets a
 * leading apostrophe so it stays text. Lines end CRLF; the file starts with a UTF-8 BOM so
 * spreadsheets read accents right.
 */
import type { ServerResponse } from 'node:http';
import { create as contentDisposition } from 'content-disposition';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, escaped. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, CRLF-terminated. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * Streams a CSV download: the header line, then the rows of each page `next` returns until it returns
 * none (keyset paging, so a large export never sits in memory), waiting for the socket to drain.
 */
export async function streamCsv<T>(res: ServerResponse, fileName: string, header: readonly string[], next: (after: T | null) => Promise<T[]>, line: (row: T) => unknown[]): Promise<void> {
  res.writeHead(200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': contentDisposition(fileName, { type: 'attachment' }),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  });
  const write = (text: string) => (res.write(text) ? Promise.resolve() : new Promise<void>((resolve) => res.once('drain', resolve)));
  await write(`\uFEFF${csvLine(header)}`);
  let last: T | null = null;
  for (;;) {
    const rows = await next(last);
    if (rows.length === 0) break;
    await write(rows.map((row) => csvLine(line(row))).join(''));
    last = rows[rows.length - 1] as T;
  }
  res.end();
}
