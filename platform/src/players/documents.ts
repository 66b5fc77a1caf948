/**
 * Documents a player uploads (KYC identity and address, source-of-wealth proofs; spec section 5:
 * jpeg/jpg, png and pdf only). A document is recognised by its bytes with file-type (MIT), never by
 * its name or the declared content type: a renamed executable or a script saved as .pdf is refused,
 * and so is a file whose name claims another type than its bytes. Names are at most 100 characters
 * with no control characters; files are at most MAX_DOCUMENT_BYTES. A refused upload stores nothing.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** Checks a file name: 1 to 100 characters, no control characters, ending .jpg, .jpeg, .png or .pdf. */
export function checkFileName(name: string): { name: string; extension: string } {
  const trimmed = name.trim();
  if (!trimmed) throw new PlatformError('BadUserInput', 'The file has no name: give it one ending .jpg, .jpeg, .png or .pdf');
  if ([...trimmed].length > 100) throw new PlatformError('BadUserInput', 'The file name is longer than 100 characters: rename the file and upload it again');
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) throw new PlatformError('BadUserInput', 'The file name contains control characters: rename the file and upload it again');
  const extension = /\.([A-Za-z0-9]+)$/.exec(trimmed)?.[1]?.toLowerCase() ?? '';
  if (!Object.values(ACCEPTED).some((endings) => endings.includes(extension))) {
    throw new PlatformError('UnsupportedFile', 'Upload a JPEG, PNG or PDF file (.jpg, .jpeg, .png or .pdf)', { accepted: 'jpg,jpeg,png,pdf' });
  }
  return { name: trimmed, extension };
}

/** What the bytes are, when they are one of the accepted types and match the name; UnsupportedFile otherwise. */
export async function sniffDocument(bytes: Uint8Array, extension: string): Promise<string> {
  if (bytes.length === 0) throw new PlatformError('BadUserInput', 'The file is empty: choose the document again');
  const detected = await fileTypeFromBuffer(bytes);
  const endings = detected ? ACCEPTED[detected.mime] : undefined;
  if (!detected || !endings) {
    throw new PlatformError('UnsupportedFile', `This file is not a JPEG, PNG or PDF${detected ? ` (it is ${detected.ext})` : ''}: upload a photo or a scan in one of those formats`, { accepted: 'jpg,jpeg,png,pdf' });
  }
  if (!endings.includes(extension)) {
    throw new PlatformError('UnsupportedFile', `The file is named .${extension} but is a ${detected.ext.toUpperCase()}: rename it to end .${endings[0]} and upload it again`, { accepted: 'jpg,jpeg,png,pdf' });
  }
  return detected.mime;
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
  const { name, extension } = checkFileName(input.fileName);
  const contentType = await sniffDocument(input.bytes, extension);
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
