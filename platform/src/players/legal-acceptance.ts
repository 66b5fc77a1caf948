/**
 * What a new player accepted: the current version of each registration document (terms and
 * conditions, privacy policy) is recorded with the player in the transaction that creates them,
 * together with a copy of that version's text as the player read it, placeholders filled (the first
 * copy of a version is kept: an editor who changes the meaning bumps the version). A brand that has
 * not written a document yet has the starter one, so there is always a version to record.
 */
import type { Queryable } from '../db/db.ts';
import { REGISTRATION_DOCUMENTS, type LegalBrand, type LegalDocumentContent, type LegalDocumentKind } from '../content/legal.ts';
import type { ContentStore } from '../content/store.ts';

/** A document version a player accepts. */
export interface AcceptedDocument {
  document: LegalDocumentKind;
  content: LegalDocumentContent;
}

/** How the player accepted: the identity provider's checkbox, or the notice of a passwordless sign-up. */
export type AcceptanceSource = 'idp-registration' | 'sms-registration' | 'pay-and-play';

/** The registration documents of a brand in their current versions, filled as the player reads them (the starter ones where the brand has not written its own). */
export async function registrationDocuments(content: Pick<ContentStore, 'currentLegal'>, brand: LegalBrand): Promise<AcceptedDocument[]> {
  const found = await Promise.all(REGISTRATION_DOCUMENTS.map(async (document): Promise<AcceptedDocument | null> => {
    const current = await content.currentLegal(brand, document);
    return current ? { document, content: current } : null;
  }));
  return found.filter((entry) => entry !== null);
}

/** "terms-and-conditions@2026.2,privacy-policy@2026.1": the versions a form showed, to compare on submit. */
export function versionsToken(documents: readonly AcceptedDocument[]): string {
  return documents.map((entry) => `${entry.document}@${entry.content.version}`).join(',');
}

/** Records the player's acceptance of each document, keeping a copy of each version's text. */
export async function recordAcceptances(tx: Queryable, playerId: string, brand: string, documents: readonly AcceptedDocument[], source: AcceptanceSource): Promise<void> {
  for (const { document, content } of documents) {
    await tx.query(
      `insert into legal_document_versions (brand, document, version, updated, content) values ($1, $2, $3, $4, $5)
       on conflict (brand, document, version) do nothing`,
      [brand, document, content.version, content.updated, JSON.stringify({ title: content.title, body: content.body })],
    );
    await tx.query(
      `insert into legal_acceptances (player_id, brand, document, version, source) values ($1, $2, $3, $4, $5)
       on conflict (player_id, document, version) do nothing`,
      [playerId, brand, document, content.version, source],
    );
  }
}

/** An accepted version's copy, for links to what a player agreed to; null when no one accepted that version. */
export async function archivedDocument(db: Queryable, brand: string, document: LegalDocumentKind, version: string): Promise<LegalDocumentContent | null> {
  const { rows } = await db.query<{ updated: string; content: string | { title: LegalDocumentContent['title']; body: LegalDocumentContent['body'] } }>(
    `select to_char(updated, 'YYYY-MM-DD') as updated, content from legal_document_versions where brand = $1 and document = $2 and version = $3`,
    [brand, document, version],
  );
  const row = rows[0];
  if (!row) return null;
  const stored = typeof row.content === 'string' ? (JSON.parse(row.content) as { title: LegalDocumentContent['title']; body: LegalDocumentContent['body'] }) : row.content;
  return { version, updated: row.updated, title: stored.title, body: stored.body };
}

/** The documents a player accepted, newest first. */
export async function playerAcceptances(db: Queryable, playerId: string): Promise<{ document: string; version: string; source: string; accepted_at: string }[]> {
  const { rows } = await db.query<{ document: string; version: string; source: string; accepted_at: string }>(
    `select document, version, source, to_char(accepted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as accepted_at
       from legal_acceptances where player_id = $1 order by accepted_at desc, document`,
    [playerId],
  );
  return rows;
}
