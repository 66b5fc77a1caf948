/**
 * Documents a player uploads (KYC identity and address, source-of-wealth proofs; spec section 5:
 * jpeg/jpg, png and pdf only). A document is recognised by its bytes with file-type (MIT), never by
 * its name or the declared content type: a renamed executable or a script saved as .pdf is refused,
 * and so is a file whose name claims another type than its bytes. Files are at most MAX_DOCUMENT_BYTES.
 * A refused upload stores nothing.
 *
 * What is stored is inert, because a back office will open it in a browser one day:
 * - the name is reduced to a safe display name (safeFileName: no path, no control, invisible or
 *   bidirectional-override characters, at most 100 characters, the extension kept or taken from the bytes);
 * - a file whose bytes also read as HTML (a PNG, JPEG or PDF carrying `<script`, `<svg`, `<html`…
 *   anywhere: a text chunk, a comment, after the image's end) is refused, so no browser sniffing it
 *   can run it as a page;
 * - a PDF with active content (JavaScript, launch or additional actions, embedded files, rich media;
 *   names compared after decoding their #xx escapes, object streams inflated) is refused.
 * documentDownloadHeaders gives the headers a stored file must be served with.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as zlib, inflateSync } from 'node:zlib';
import { create as contentDisposition } from 'content-disposition';
import { fileTypeFromBuffer } from 'file-type';
import { MAX_DOCUMENT_BYTES } from '../../../shared/http-limits.ts';
import { FUNDING_TYPES, isFundingType } from '../../../shared/source-of-wealth.ts';
import type { AuthService } from '../auth/sessions.ts';
import type { Db, Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { readBodyBytes } from '../web/body.ts';
import { sendApiError, sendJson } from '../web/json.ts';

/** What a document proves. */
export const DOCUMENT_KINDS = ['Identity', 'Address', 'SourceOfWealth'] as const;
/** One kind of document. */
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The types a document may be, by what its bytes are, with the name endings each allows. */
const ACCEPTED: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'application/pdf': ['pdf'],
};

/** A stored document as the player sees it. */
export interface DocumentView {
  id: string;
  kind: DocumentKind;
  fundingType: string | null;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  status: 'Pending' | 'Approved' | 'Rejected';
  uploadedAt: string;
}

/** The longest stored name, in characters, extension included. */
export const MAX_FILE_NAME_LENGTH = 100;
/** The name of a document whose own name leaves nothing safe to show. */
export const DEFAULT_FILE_NAME = 'document';

/**
 * Characters a display name never keeps: controls (C0, DEL, C1), format characters (the bidirectional
 * embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069, the marks U+200E, U+200F and
 * U+061C, zero-width characters, the BOM), line and paragraph separators and lone surrogates.
 */
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;
/** Characters Windows and the Content-Disposition header's quoted form do not take. */
const AWKWARD_CHARACTERS = /["*:<>?|]/g;

/**
 * A safe display name for an uploaded file: the last part of a path (`../../etc/passwd` → `passwd`,
 * `C:\\scans\\id.png` → `id.png`), without unsafe characters, with runs of spaces folded and leading
 * dots and trailing dots and spaces gone, at most MAX_FILE_NAME_LENGTH characters with the extension
 * kept. Returns the base and the extension as written ('' when there is none); an empty base is DEFAULT_FILE_NAME.
 */
export function safeFileName(raw: string): { base: string; extension: string } {
  const cleaned = raw.normalize('NFC').replace(UNSAFE_CHARACTERS, '');
  const last = cleaned.split(/[\\/]/).pop() ?? '';
  const name = last
    .replace(/^[A-Za-z]:/, '')
    .replace(AWKWARD_CHARACTERS, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && /^[A-Za-z0-9]{1,10}$/.test(name.slice(dot + 1)) ? name.slice(dot + 1) : '';
  const base = (extension ? name.slice(0, dot) : name).replace(/[\s.]+$/, '');
  const room = MAX_FILE_NAME_LENGTH - (extension ? extension.length + 1 : 0);
  const kept = [...base].slice(0, room).join('').replace(/[\s.]+$/, '');
  return { base: kept || DEFAULT_FILE_NAME, extension };
}

/**
 * The name a document is stored under: safeFileName's, ending in an extension the bytes' type
 * allows (a name with none gets the type's). A name ending in another type's extension is refused.
 */
export function checkFileName(raw: string): { base: string; extension: string } {
  const safe = safeFileName(raw);
  if (safe.extension && !Object.values(ACCEPTED).some((endings) => endings.includes(safe.extension.toLowerCase()))) {
    throw new PlatformError('UnsupportedFile', `"${safe.base}.${safe.extension}" is not a JPEG, PNG or PDF file name: upload a file ending .jpg, .jpeg, .png or .pdf`, { accepted: 'jpg,jpeg,png,pdf' });
  }
  return safe;
}

/** What the bytes are, when they are one of the accepted types and match the name's extension (if any); UnsupportedFile otherwise. */
export async function sniffDocument(bytes: Uint8Array, extension: string): Promise<string> {
  if (bytes.length === 0) throw new PlatformError('BadUserInput', 'The file is empty: choose the document again');
  const detected = await fileTypeFromBuffer(bytes);
  const endings = detected ? ACCEPTED[detected.mime] : undefined;
  if (!detected || !endings) {
    throw new PlatformError('UnsupportedFile', `This file is not a JPEG, PNG or PDF${detected ? ` (it is ${detected.ext})` : ''}: upload a photo or a scan in one of those formats`, { accepted: 'jpg,jpeg,png,pdf' });
  }
  if (extension && !endings.includes(extension.toLowerCase())) {
    throw new PlatformError('UnsupportedFile', `The file is named .${extension} but is a ${detected.ext.toUpperCase()}: rename it to end .${endings[0]} and upload it again`, { accepted: 'jpg,jpeg,png,pdf' });
  }
  return detected.mime;
}

/**
 * Markup a browser sniffing the bytes would take for a page (or a script in one). Compared on the raw
 * bytes, as a browser would see them; each needs the character after the tag name, so chance matches
 * in compressed image data are vanishingly rare.
 */
const HTML_MARKERS = /<(?:!doctype|html|head|body|script|svg|iframe|object|embed|meta|style|link|form|base|img|frame|frameset)[\s/>]|javascript:/i;

/** Type names for messages. */
const TYPE_NAMES: Record<string, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'application/pdf': 'PDF' };

/** Refuses a document whose bytes also carry HTML (a polyglot a browser could run as a page). */
export function assertNoHtml(bytes: Uint8Array, contentType: string): void {
  const found = HTML_MARKERS.exec(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
  if (!found) return;
  const marker = found[0].replace(/[\s/>]$/, '');
  throw new PlatformError(
    'UnsupportedFile',
    `This ${TYPE_NAMES[contentType] ?? 'file'} also contains web page code (${marker}), which a document must not: save the photo or scan again (a screenshot or an export from an image editor or your scanner) and upload that`,
    { accepted: 'jpg,jpeg,png,pdf', found: marker },
  );
}

/** PDF names that make a document active (run code, start programs, carry files or media). */
const ACTIVE_PDF_NAMES = new Set(['JavaScript', 'JS', 'AA', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia']);
/** How much an object stream may inflate to (all of them together); a PDF past it cannot be checked. */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

/** The active-content name in a stretch of PDF text (names compared after decoding #xx escapes), or null. */
function activePdfName(text: string): string | null {
  for (const match of text.matchAll(/\/([^\s/[\]()<>{}%]+)/g)) {
    const decoded = (match[1] as string).replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (ACTIVE_PDF_NAMES.has(decoded)) return decoded;
  }
  return null;
}

/**
 * Refuses a PDF carrying active content: an action or key named in ACTIVE_PDF_NAMES in its objects,
 * including objects packed in compressed object streams (/Type /ObjStm, inflated here). An object
 * stream that cannot be inflated (encrypted, another filter) cannot be checked, so it is refused too.
 */
export function assertInertPdf(bytes: Uint8Array): void {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const refuse = (name: string) =>
    new PlatformError('UnsupportedFile', `This PDF contains active content (/${name}): a document must be a plain PDF. Print it to a new PDF or upload a photo or scan of it instead`, { accepted: 'jpg,jpeg,png,pdf', found: name });
  const direct = activePdfName(text);
  if (direct) throw refuse(direct);
  let inflated = 0;
  for (const stream of text.matchAll(/<<((?:(?!>>\s*stream)[\s\S]){0,2000})>>\s*stream\r?\n/g)) {
    const dictionary = stream[1] as string;
    if (!/\/Type\s*\/ObjStm/.test(dictionary.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))))) continue;
    const start = (stream.index ?? 0) + stream[0].length;
    const end = text.indexOf('endstream', start);
    const unreadable = new PlatformError('UnsupportedFile', 'This PDF is encrypted or packed in a way that cannot be checked: print it to a new PDF (or save a copy without protection) and upload that', { accepted: 'jpg,jpeg,png,pdf' });
    if (end < 0 || !/\/Filter\s*(?:\[\s*)?\/FlateDecode(?:\s*\])?/.test(dictionary)) throw unreadable;
    let objects: Buffer;
    try {
      objects = inflateSync(Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start), { maxOutputLength: MAX_INFLATED_BYTES - inflated, finishFlush: zlib.Z_SYNC_FLUSH });
    } catch {
      throw unreadable;
    }
    inflated += objects.length;
    const packed = activePdfName(objects.toString('latin1'));
    if (packed) throw refuse(packed);
  }
}

/**
 * The headers a stored document must be served with, wherever a back office shows it (from an origin
 * of its own, never the lobby's or the platform's): a download under its safe name (RFC 6266 with the
 * RFC 5987 UTF-8 form and an ASCII fallback), its sniffed type with no sniffing by the browser, and a
 * sandboxed policy that runs nothing should a browser render it anyway.
 */
export function documentDownloadHeaders(document: Pick<DocumentView, 'fileName' | 'contentType' | 'sizeBytes'>): Record<string, string> {
  return {
    'content-type': document.contentType,
    'content-length': String(document.sizeBytes),
    'content-disposition': contentDisposition(document.fileName, { type: 'attachment' }),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'private, no-store',
    'referrer-policy': 'no-referrer',
  };
}

const VIEW_SQL = `select id, kind, funding_type, file_name, content_type, size_bytes, status, uploaded_at from player_documents`;

function view(row: { id: string; kind: DocumentKind; funding_type: string | null; file_name: string; content_type: string; size_bytes: number; status: DocumentView['status']; uploaded_at: Date | string }): DocumentView {
  return {
    id: row.id,
    kind: row.kind,
    fundingType: row.funding_type,
    fileName: row.file_name,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    status: row.status,
    uploadedAt: (row.uploaded_at instanceof Date ? row.uploaded_at : new Date(row.uploaded_at)).toISOString(),
  };
}

/** The player's documents, newest first. */
export async function documentsOf(on: Queryable, playerId: string): Promise<DocumentView[]> {
  const { rows } = await on.query<Parameters<typeof view>[0]>(`${VIEW_SQL} where player_id = $1 order by uploaded_at desc, id`, [playerId]);
  return rows.map(view);
}

/** Checks and stores one upload; nothing is stored when any check fails. */
export async function storeDocument(db: Db, input: { playerId: string; kind: string; fundingType: string | null; fileName: string; bytes: Uint8Array }): Promise<DocumentView> {
  if (!DOCUMENT_KINDS.includes(input.kind as DocumentKind)) throw new PlatformError('BadUserInput', `kind must be one of ${DOCUMENT_KINDS.join(', ')}`);
  const sow = input.kind === 'SourceOfWealth';
  if (sow && !isFundingType(input.fundingType)) {
    throw new PlatformError('BadUserInput', `fundingType must be one of ${FUNDING_TYPES.join(', ')} for a source-of-wealth document`);
  }
  const { base, extension } = checkFileName(input.fileName);
  const contentType = await sniffDocument(input.bytes, extension);
  assertNoHtml(input.bytes, contentType);
  if (contentType === 'application/pdf') assertInertPdf(input.bytes);
  const name = `${base}.${extension || ACCEPTED[contentType]?.[0]}`;
  const id = randomUUID();
  const { rows } = await db.query<Parameters<typeof view>[0]>(
    `insert into player_documents (id, player_id, kind, funding_type, file_name, content_type, size_bytes, sha256, bytes)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     returning id, kind, funding_type, file_name, content_type, size_bytes, status, uploaded_at`,
    [id, input.playerId, input.kind, sow ? input.fundingType : null, name, contentType, input.bytes.length, createHash('sha256').update(input.bytes).digest('hex'), Buffer.from(input.bytes)],
  );
  return view(rows[0] as Parameters<typeof view>[0]);
}

/**
 * POST /platform/documents?kind=Identity|Address|SourceOfWealth[&fundingType=Salary]&name=<file name>
 * with the file as the body and the player's bearer token: 201 with the stored document, 4xx with
 * `{ error: { reason, message } }` (413 past MAX_DOCUMENT_BYTES, 415 for a file that is not a JPEG,
 * PNG or PDF). The lobby's proxy lets this one path carry up to MAX_DOCUMENT_BYTES.
 */
export function createDocumentRoute(options: { db: Db; auth: AuthService }) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      if (req.method !== 'POST') throw new PlatformError('BadRequest', 'Upload a document with POST');
      const header = req.headers.authorization;
      const bearer = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
      const brand = typeof req.headers['x-brand'] === 'string' ? req.headers['x-brand'] : null;
      const auth = await options.auth.authenticate(bearer, brand);
      const url = new URL(req.url ?? '/', 'http://platform.invalid');
      if (Number(req.headers['content-length'] ?? 0) > MAX_DOCUMENT_BYTES) throw documentTooLarge();
      const bytes = await readBodyBytes(req, MAX_DOCUMENT_BYTES, documentTooLarge);
      const document = await storeDocument(options.db, {
        playerId: auth.playerId,
        kind: url.searchParams.get('kind') ?? '',
        fundingType: url.searchParams.get('fundingType'),
        fileName: url.searchParams.get('name') ?? '',
        bytes,
      });
      sendJson(res, 201, { document });
    } catch (error) {
      // An upload refused before it was read is cut off with the answer, not read to the end.
      if (error instanceof PlatformError && error.reason === 'DocumentTooLarge') res.setHeader('connection', 'close');
      sendApiError(res, error, 'document upload');
    }
  };
}

function documentTooLarge(): PlatformError {
  return new PlatformError('DocumentTooLarge', `The file is larger than ${MAX_DOCUMENT_BYTES / 1_000_000} MB: upload a smaller photo or scan`, { maxBytes: MAX_DOCUMENT_BYTES });
}
