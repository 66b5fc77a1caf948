/**
 * The documents page's calls: the list through GraphQL, the upload as the file itself to
 * POST /platform/documents (DOCUMENT_UPLOAD_PATH) with the player's bearer token, where the platform
 * recognises the file by its bytes.
 */
import { DOCUMENT_UPLOAD_PATH, MAX_DOCUMENT_BYTES } from '../../../shared/http-limits.ts';
import { PlayerDocumentsDocument, type PlayerDocumentsQuery } from '../../lib/graphql/generated/player.ts';
import { playerCall } from '../session/player-call.ts';
import { settledPlayerRuntime } from '../session/player-runtime.ts';

/** A document the player uploaded. */
export type PlayerDocument = NonNullable<PlayerDocumentsQuery['viewer']>['documents'][number];

/** Why an upload failed, as the page explains it. */
export type UploadProblem = 'type' | 'size' | 'name' | 'generic';

/** The player's documents, newest first. */
export function loadDocuments(): Promise<PlayerDocument[]> {
  return playerCall(async (client) => {
    const data = await client.query(PlayerDocumentsDocument, {});
    return data.viewer?.documents ?? [];
  });
}

/** What the browser can tell before sending: the size and the name's type. The platform checks the bytes. */
export function problemBeforeUpload(file: { name: string; size: number }): UploadProblem | null {
  if (file.size > MAX_DOCUMENT_BYTES) return 'size';
  if ([...file.name].length > 100) return 'name';
  if (!/\.(jpe?g|png|pdf)$/i.test(file.name)) return 'type';
  return null;
}

/** Uploads one file; resolves null when stored, else what went wrong. */
export async function uploadDocument(file: File, kind: 'Identity' | 'Address'): Promise<UploadProblem | null> {
  const result = await sendDocument(file, `kind=${kind}`);
  return 'problem' in result ? result.problem : null;
}

/** Uploads a source-of-wealth proof for a funding type; resolves the stored document's id, or what went wrong. */
export function uploadSourceOfWealthDocument(file: File, fundingType: string): Promise<{ id: string } | { problem: UploadProblem }> {
  return sendDocument(file, `kind=SourceOfWealth&fundingType=${encodeURIComponent(fundingType)}`);
}

/** Sends the file itself with the player's token; the platform answers 201 with the stored document. */
async function sendDocument(file: File, query: string): Promise<{ id: string } | { problem: UploadProblem }> {
  const early = problemBeforeUpload(file);
  if (early) return { problem: early };
  const runtime = await settledPlayerRuntime();
  const token = await runtime?.accessToken();
  if (!token) return { problem: 'generic' };
  const url = `${DOCUMENT_UPLOAD_PATH}?${query}&name=${encodeURIComponent(file.name)}`;
  try {
    const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': file.type || 'application/octet-stream' }, body: file });
    if (response.status === 201) {
      const stored = (await response.json()) as { document: { id: string } };
      return { id: stored.document.id };
    }
    if (response.status === 413) return { problem: 'size' };
    if (response.status === 415) return { problem: 'type' };
    const body = (await response.json().catch(() => null)) as { error?: { reason?: string } } | null;
    return { problem: body?.error?.reason === 'BadUserInput' ? 'name' : 'generic' };
  } catch {
    return { problem: 'generic' };
  }
}
