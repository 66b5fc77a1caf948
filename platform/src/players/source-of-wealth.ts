/**
 * Source of wealth (spec sections 3 and 4): the operator asks a player where their money comes from
 * (`sow_status` Required, a due date, and perhaps documents for named funding types); the player
 * declares it per funding type, ticking options from shared/source-of-wealth.ts and uploading
 * documents (POST /platform/documents with kind SourceOfWealth); submitting a complete declaration
 * moves the status to Pending and clears the requests, and the player's devices hear PlayerUpdated so
 * the banner goes at once. The operator's review of a document (documents.ts's statuses) then moves
 * KYC or source of wealth on: approving every document of the declaration makes it Done, rejecting
 * one asks the player for another.
 */
import { FUNDING_TYPES, isFundingType, MAX_SOW_FILES_PER_TYPE, SOW_OPTIONS, sowMessageKey, type FundingType } from '../../../shared/source-of-wealth.ts';
import type { Queryable } from '../db/db.ts';
import type { PlatformServices } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';

/** One funding type as the player declared it. */
export interface Declaration {
  type: FundingType;
  optionIds: readonly string[];
  documentIds: readonly string[];
}

/** One funding type of the player's declaration as stored, with its uploaded documents. */
export interface DeclarationState {
  type: FundingType;
  checked: ReadonlySet<string>;
  files: { documentId: string; fileName: string; status: string }[];
  completed: boolean;
  submittedAt: string | null;
}

type Request = { comment: string; requestedFundingType: string };

/** The player's declaration, one entry per funding type in the form's order. */
export async function declarationOf(on: Queryable, playerId: string): Promise<DeclarationState[]> {
  const [declared, files] = await Promise.all([
    on.query<{ funding_type: FundingType; option_ids: string[]; submitted_at: Date | string }>(
      'select funding_type, option_ids, submitted_at from player_source_of_wealth where player_id = $1', [playerId],
    ),
    on.query<{ id: string; funding_type: FundingType; file_name: string; status: string }>(
      `select id, funding_type, file_name, status from player_documents
        where player_id = $1 and kind = 'SourceOfWealth' and status <> 'Rejected' order by uploaded_at desc, id`, [playerId],
    ),
  ]);
  return FUNDING_TYPES.map((type) => {
    const row = declared.rows.find((entry) => entry.funding_type === type);
    return {
      type,
      checked: new Set(row?.option_ids ?? []),
      files: files.rows.filter((file) => file.funding_type === type).map((file) => ({ documentId: file.id, fileName: file.file_name, status: file.status })),
      completed: row !== undefined,
      submittedAt: row ? (row.submitted_at instanceof Date ? row.submitted_at : new Date(row.submitted_at)).toISOString() : null,
    };
  });
}

/** Checks one declared funding type against the table: known options, at least one, no repeats. */
function checkDeclaration(entry: Declaration): void {
  if (!isFundingType(entry.type)) throw new PlatformError('BadUserInput', `type must be one of ${FUNDING_TYPES.join(', ')}`);
  const offered = SOW_OPTIONS[entry.type];
  if (entry.optionIds.length === 0) throw new PlatformError('BadUserInput', `Tick at least one option for ${entry.type}: ${offered.join(', ')}`, { field: entry.type });
  for (const option of entry.optionIds) {
    if (!offered.includes(option)) throw new PlatformError('BadUserInput', `"${option}" is not an option of ${entry.type}: use ${offered.join(', ')}`, { field: entry.type });
  }
  if (new Set(entry.optionIds).size !== entry.optionIds.length) throw new PlatformError('BadUserInput', `An option of ${entry.type} is given twice`, { field: entry.type });
  if (entry.documentIds.length === 0) throw new PlatformError('BadUserInput', `Upload at least one document proving ${entry.type}`, { field: entry.type, missing: 'document' });
  if (entry.documentIds.length > MAX_SOW_FILES_PER_TYPE) throw new PlatformError('BadUserInput', `At most ${MAX_SOW_FILES_PER_TYPE} documents per funding type`, { field: entry.type });
}

/**
 * Submits the player's declaration: every declared type complete (options and documents of that
 * type, the player's own, not rejected) and every requested type among them. Replaces any earlier
 * declaration, moves the status to Pending, clears the requests and tells the player's devices.
 */
export async function submitSourceOfWealth(services: PlatformServices, playerId: string, declarations: readonly Declaration[]): Promise<void> {
  if (declarations.length === 0) throw new PlatformError('BadUserInput', 'Declare at least one source of wealth: tick its options and upload a document');
  for (const entry of declarations) checkDeclaration(entry);
  const types = declarations.map((entry) => entry.type);
  if (new Set(types).size !== types.length) throw new PlatformError('BadUserInput', 'A funding type is declared twice: declare each once');
  await services.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ sow_status: string; sow_documents_required: Request[] }>(
      'select sow_status, sow_documents_required from players where id = $1 for update', [playerId],
    );
    const player = rows[0];
    if (!player) throw new PlatformError('AuthenticationFailure', 'The signed-in player no longer exists: sign in again');
    const requests = player.sow_documents_required;
    if (player.sow_status === 'Done' || (player.sow_status === 'NotNeed' && requests.length === 0)) {
      throw new PlatformError('SourceOfWealthNotRequested', player.sow_status === 'Done'
        ? 'Your source of wealth is already verified: there is nothing to send'
        : 'We have not asked for your source of wealth: there is nothing to send');
    }
    const missing = requests.filter((request) => !types.includes(request.requestedFundingType as FundingType));
    if (missing.length > 0) {
      throw new PlatformError('BadUserInput', `Documents were asked for ${missing.map((request) => request.requestedFundingType).join(', ')}: declare ${missing.length === 1 ? 'it' : 'them'} too`, { field: missing[0]?.requestedFundingType });
    }
    const documentIds = declarations.flatMap((entry) => entry.documentIds);
    const { rows: documents } = await tx.query<{ id: string; funding_type: string | null; status: string }>(
      `select id, funding_type, status from player_documents where player_id = $1 and kind = 'SourceOfWealth' and id = any($2::text[])`,
      [playerId, documentIds],
    );
    for (const entry of declarations) {
      for (const id of entry.documentIds) {
        const document = documents.find((row) => row.id === id);
        if (!document) throw new PlatformError('BadUserInput', `Document ${id} is not one of your source-of-wealth uploads: upload it again`, { field: entry.type });
        if (document.funding_type !== entry.type) throw new PlatformError('BadUserInput', `Document ${id} was uploaded for ${document.funding_type}, not ${entry.type}`, { field: entry.type });
        if (document.status === 'Rejected') throw new PlatformError('BadUserInput', `Document ${id} was not accepted: upload another one for ${entry.type}`, { field: entry.type });
      }
    }
    await tx.query('delete from player_source_of_wealth where player_id = $1', [playerId]);
    for (const entry of declarations) {
      await tx.query(
        'insert into player_source_of_wealth (player_id, funding_type, option_ids, document_ids, submitted_at) values ($1, $2, $3, $4, $5)',
        [playerId, entry.type, [...entry.optionIds], [...entry.documentIds], services.clock()],
      );
    }
    // Sent: nothing is due any more while the operator reviews it.
    await tx.query(`update players set sow_status = 'Pending', sow_due_date = null, sow_documents_required = '[]'::jsonb where id = $1`, [playerId]);
  });
  services.events.publish(playerId, 'playerUpdated', { isAccountClosed: false });
}

/** What the operator asks for (sandbox powers): a due date and documents for named funding types. */
export async function requestSourceOfWealth(services: PlatformServices, playerId: string, dueInDays: number, requests: readonly Request[]): Promise<void> {
  if (!Number.isInteger(dueInDays) || dueInDays < 1 || dueInDays > 365) throw new PlatformError('BadUserInput', `dueInDays must be 1 to 365, not ${dueInDays}`);
  for (const request of requests) {
    if (!isFundingType(request.requestedFundingType)) throw new PlatformError('BadUserInput', `requestedFundingType must be one of ${FUNDING_TYPES.join(', ')}`);
  }
  const due = new Date(services.clock().getTime() + dueInDays * 86_400_000);
  await services.db.query(
    `update players set sow_status = 'Required', sow_due_date = $2, sow_documents_required = $3::jsonb where id = $1`,
    [playerId, due, JSON.stringify(requests)],
  );
  services.events.publish(playerId, 'playerUpdated', { isAccountClosed: false });
}

/** The KYC verifications an approved document of each kind completes. */
const KYC_VERIFICATION: Record<string, string> = { Identity: 'IdentityDocument', Address: 'ProofOfAddress' };

/** A player's KYC and source-of-wealth state, as a review changes it (the audit log's before and after). */
export interface ReviewState {
  documentStatus: string;
  kycStatus: string;
  kycVerificationsDone: string[];
  kycVerificationsMissing: string[];
  sowStatus: string;
  sowDocumentsRequired: Request[];
}

/** The document's and its player's review state. */
async function reviewState(tx: Queryable, documentId: string): Promise<ReviewState & { playerId: string; brand: string }> {
  const { rows } = await tx.query<{ player_id: string; brand: string; status: string; kyc_status: string; kyc_verifications_done: string[]; kyc_verifications_missing: string[]; sow_status: string; sow_documents_required: Request[] }>(
    `select d.player_id, p.brand, d.status, p.kyc_status, p.kyc_verifications_done, p.kyc_verifications_missing, p.sow_status, p.sow_documents_required
       from player_documents d join players p on p.id = d.player_id where d.id = $1`,
    [documentId],
  );
  const row = rows[0];
  if (!row) throw new PlatformError('NotFound', `No document "${documentId}": use an id from viewer.documents`);
  return {
    playerId: row.player_id,
    brand: row.brand,
    documentStatus: row.status,
    kycStatus: row.kyc_status,
    kycVerificationsDone: [...row.kyc_verifications_done],
    kycVerificationsMissing: [...row.kyc_verifications_missing],
    sowStatus: row.sow_status,
    sowDocumentsRequired: row.sow_documents_required,
  };
}

/**
 * The operator's review of one document (the console's compliance review, and the sandbox's stand-in
 * for it). Approving an identity or address document completes that verification, and KYC is Done once
 * both are and nothing else is missing; rejecting one puts it back among the missing. Approving the last
 * pending document of a submitted declaration makes source of wealth Done; rejecting one of its documents
 * (before Done) asks again for that funding type, with the comment. Other documents change only their
 * own status. Publishes PlayerUpdated once committed.
 */
export async function reviewDocument(services: PlatformServices, documentId: string, status: 'Approved' | 'Rejected', comment: string | null): Promise<{ playerId: string }> {
  const { playerId } = await services.db.transaction((tx) => reviewDocumentIn(tx, documentId, status, comment));
  services.events.publish(playerId, 'playerUpdated', { isAccountClosed: false });
  return { playerId };
}

/**
 * reviewDocument's work inside the caller's transaction (the console writes its audit entry in the
 * same one), with the state before and after; the caller publishes PlayerUpdated once committed.
 * With `brand`, a document of another brand's player is not found.
 */
export async function reviewDocumentIn(tx: Queryable, documentId: string, status: 'Approved' | 'Rejected', comment: string | null, brand?: string): Promise<{ playerId: string; before: ReviewState; after: ReviewState }> {
  const { brand: owner, ...before } = await reviewState(tx, documentId);
  if (brand !== undefined && owner !== brand) throw new PlatformError('NotFound', `No document "${documentId}" on brand ${brand}`);
  const { rows } = await tx.query<{ player_id: string; kind: string; funding_type: string | null; file_name: string }>(
    'update player_documents set status = $2 where id = $1 returning player_id, kind, funding_type, file_name', [documentId, status],
  );
  const document = rows[0];
  if (!document) throw new PlatformError('NotFound', `No document "${documentId}": use an id from viewer.documents`);
  const { rows: players } = await tx.query<{ kyc_status: string; kyc_verifications_done: string[]; kyc_verifications_missing: string[]; sow_status: string; sow_documents_required: Request[] }>(
    'select kyc_status, kyc_verifications_done, kyc_verifications_missing, sow_status, sow_documents_required from players where id = $1 for update', [document.player_id],
  );
  const player = players[0];
  if (!player) throw new PlatformError('NotFound', 'The document\'s player no longer exists');
  const verification = KYC_VERIFICATION[document.kind];
  if (verification) {
    const done = new Set(player.kyc_verifications_done);
    const missing = new Set(player.kyc_verifications_missing);
    if (status === 'Approved') { done.add(verification); missing.delete(verification); } else { done.delete(verification); missing.add(verification); }
    // Done once both documents are approved and nothing else is listed as missing.
    const complete = Object.values(KYC_VERIFICATION).every((name) => done.has(name)) && missing.size === 0;
    await tx.query(
      `update players set kyc_verifications_done = $2, kyc_verifications_missing = $3,
              kyc_status = case when $4 then 'Done' when kyc_status = 'Done' then 'Required' else kyc_status end,
              kyc_deadline = case when $4 then null else kyc_deadline end
        where id = $1`,
      [document.player_id, [...done], [...missing], complete],
    );
  } else if (document.funding_type && status === 'Rejected' && player.sow_status !== 'Done' && (await inDeclaration(tx, document.player_id, documentId))) {
    const request = { comment: comment?.trim() || `${document.file_name} was not accepted: upload another document proving ${document.funding_type}`, requestedFundingType: document.funding_type };
    const requests = [...player.sow_documents_required.filter((entry) => entry.requestedFundingType !== document.funding_type), request];
    await tx.query(`update players set sow_status = 'Required', sow_documents_required = $2::jsonb where id = $1`, [document.player_id, JSON.stringify(requests)]);
  } else if (document.funding_type && player.sow_status === 'Pending') {
    // Done once every document the declaration names is approved.
    const { rows: open } = await tx.query<{ id: string }>(
      `select d.id from player_source_of_wealth s cross join lateral unnest(s.document_ids) as ids(id)
         join player_documents d on d.id = ids.id where s.player_id = $1 and d.status <> 'Approved'`,
      [document.player_id],
    );
    if (open.length === 0) await tx.query(`update players set sow_status = 'Done', sow_due_date = null where id = $1`, [document.player_id]);
  }
  const { brand: _owner, ...after } = await reviewState(tx, documentId);
  return { playerId: after.playerId, before, after };
}

/** Whether a document is one of the player's submitted declaration's (only those move the status). */
async function inDeclaration(tx: Queryable, playerId: string, documentId: string): Promise<boolean> {
  const { rows } = await tx.query('select 1 from player_source_of_wealth where player_id = $1 and $2 = any(document_ids)', [playerId, documentId]);
  return rows.length > 0;
}

/** The translated names and hints of the form, in a locale (the translation files hold every locale's words). */
export async function sowTexts(services: PlatformServices, locale: string): Promise<(key: string) => string> {
  const keys = FUNDING_TYPES.flatMap((type) => [
    sowMessageKey(type), sowMessageKey(type, undefined, 'tooltip'),
    ...SOW_OPTIONS[type].flatMap((option) => [sowMessageKey(type, option), sowMessageKey(type, option, 'tooltip')]),
  ]);
  const [texts, english] = await Promise.all([services.translations.pick(locale, keys), services.translations.pick('en', keys)]);
  return (key) => texts[key] ?? english[key] ?? key;
}
