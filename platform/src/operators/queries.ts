/**
 * The console's reads, shared by its GraphQL fields and its CSV exports: the document queue, consent
 * records, the self-exclusion register and the support look-up. Every read is scoped to one brand.
 */
import type { Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { CONSENT_COLUMNS, toConsentRecord, type ConsentRecordRow } from '../consent/graphql.ts';
import { formatMinor } from '../ledger/money.ts';
import { dateArgument } from './audit.ts';

/** A page size argument checked against its bounds. */
export function pageSize(value: number | null | undefined, fallback = 50, max = 500): number {
  const limit = value ?? fallback;
  if (!Number.isInteger(limit) || limit < 1 || limit > max) throw new PlatformError('BadUserInput', `limit must be a whole number from 1 to ${max}, not ${limit}`, { field: 'limit' });
  return limit;
}

/** One document of the review queue, with whose it is. */
export interface QueuedDocument {
  id: string;
  kind: string;
  fundingType: string | null;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  status: string;
  uploadedAt: string;
  player: { id: string; playerNumber: string; name: string; email: string; kycStatus: string; sowStatus: string };
}

/** The brand's documents of a status (Pending by default), oldest first (the queue's order), after the cursor (a document id). */
export async function documentQueue(db: Queryable, brand: string, filter: { status?: string | null; kind?: string | null; limit: number; after?: string | null }): Promise<QueuedDocument[]> {
  const { rows } = await db.query<{
    id: string; kind: string; funding_type: string | null; file_name: string; content_type: string; size_bytes: number; status: string; uploaded_at: Date | string;
    player_id: string; player_number: string; first_name: string | null; last_name: string | null; username: string; email: string; kyc_status: string; sow_status: string;
  }>(
    `select d.id, d.kind, d.funding_type, d.file_name, d.content_type, d.size_bytes, d.status, d.uploaded_at,
            p.id as player_id, p.player_number::text as player_number, p.first_name, p.last_name, p.username, p.email, p.kyc_status, p.sow_status
       from player_documents d join players p on p.id = d.player_id
      where p.brand = $1 and d.status = $2 and ($3::text is null or d.kind = $3)
        and ($4::text is null or (d.uploaded_at, d.id) > (select uploaded_at, id from player_documents where id = $4))
      order by d.uploaded_at, d.id limit $5`,
    [brand, filter.status ?? 'Pending', filter.kind ?? null, filter.after ?? null, filter.limit],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    fundingType: row.funding_type,
    fileName: row.file_name,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    status: row.status,
    uploadedAt: new Date(row.uploaded_at).toISOString(),
    player: {
      id: row.player_id,
      playerNumber: row.player_number,
      name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.username,
      email: row.email,
      kycStatus: row.kyc_status,
      sowStatus: row.sow_status,
    },
  }));
}

/** Which consent records to read. */
export interface ConsentFilter {
  playerId?: string | null;
  visitorId?: string | null;
  from?: string | null;
  to?: string | null;
}

/** The brand's consent records matching the filter, newest first, after the cursor (a record id). */
export async function consentRecords(db: Queryable, brand: string, filter: ConsentFilter, page: { limit: number; before?: string | null }) {
  const from = dateArgument('from', filter.from);
  const to = dateArgument('to', filter.to);
  if (!filter.playerId && !filter.visitorId && !from && !to) {
    throw new PlatformError('BadUserInput', 'Give playerId, visitorId or a date range (from, to) to search consent records', { field: 'playerId' });
  }
  const { rows } = await db.query<ConsentRecordRow>(
    `select ${CONSENT_COLUMNS} from consent_records
      where brand = $1 and ($2::text is null or player_id = $2) and ($3::text is null or visitor_id = $3)
        and ($4::timestamptz is null or recorded_at >= $4) and ($5::timestamptz is null or recorded_at < $5)
        and ($6::bigint is null or id < $6)
      order by id desc limit $7`,
    [brand, filter.playerId ?? null, filter.visitorId?.toLowerCase() ?? null, from, to, page.before ?? null, page.limit],
  );
  return rows.map(toConsentRecord);
}

/** The brand's self-exclusion register: every player who self-excluded or took a timeout, latest end first. */
export async function selfExclusionRegister(db: Queryable, brand: string, now: Date) {
  const { rows } = await db.query<{ id: string; player_number: string; username: string; email: string; first_name: string | null; last_name: string | null; self_exclusion_ends_at: Date | string | null; timeout_ends_at: Date | string | null }>(
    `select id, player_number::text as player_number, username, email, first_name, last_name, self_exclusion_ends_at, timeout_ends_at
       from players where brand = $1 and (self_exclusion_ends_at is not null or timeout_ends_at is not null)
      order by greatest(coalesce(self_exclusion_ends_at, '-infinity'), coalesce(timeout_ends_at, '-infinity')) desc, id`,
    [brand],
  );
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return rows.map((row) => ({
    playerId: row.id,
    playerNumber: row.player_number,
    name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.username,
    email: row.email,
    selfExclusionEndsAt: iso(row.self_exclusion_ends_at),
    timeoutEndsAt: iso(row.timeout_ends_at),
    active: [row.self_exclusion_ends_at, row.timeout_ends_at].some((value) => value !== null && new Date(value) > now),
  }));
}

/** A player as support finds them. */
export interface PlayerMatch {
  id: string;
  playerNumber: string;
  name: string;
  username: string;
  email: string;
  phoneNumber: string | null;
  accountStatus: string;
}

/** Players of the brand by id, number, e-mail, username, phone (spaces ignored) or part of their name; at most 20. */
export async function findPlayers(db: Queryable, brand: string, query: string): Promise<PlayerMatch[]> {
  const text = query.trim();
  if (text.length < 2) throw new PlatformError('BadUserInput', 'Type at least two characters: a name, e-mail, phone number, player number or id', { field: 'query' });
  const like = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const { rows } = await db.query<{ id: string; player_number: string; first_name: string | null; last_name: string | null; username: string; email: string; phone_number: string | null; account_status: string }>(
    `select id, player_number::text as player_number, first_name, last_name, username, email, phone_number, account_status from players
      where brand = $1 and (id = $2 or player_number::text = $2 or lower(email) = lower($2) or lower(username) = lower($2)
            or phone_number = $3 or lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) like lower($4))
      order by player_number limit 20`,
    [brand, text, text.replace(/[\s()-]/g, ''), like],
  );
  return rows.map((row) => ({
    id: row.id,
    playerNumber: row.player_number,
    name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.username,
    username: row.username,
    email: row.email,
    phoneNumber: row.phone_number,
    accountStatus: row.account_status,
  }));
}

/** What support reads of one player: statuses (what the player's banners say), limits, recent sessions and payments. */
export async function playerDetails(db: Queryable, brand: string, playerId: string) {
  const { rows } = await db.query<{
    id: string; player_number: string; first_name: string | null; last_name: string | null; username: string; email: string; phone_number: string | null; account_status: string;
    kyc_status: string; sow_status: string; self_exclusion_ends_at: Date | string | null; timeout_ends_at: Date | string | null; currency: string; country_code: string;
  }>(
    `select p.id, p.player_number::text as player_number, p.first_name, p.last_name, p.username, p.email, p.phone_number, p.account_status,
            p.kyc_status, p.sow_status, p.self_exclusion_ends_at, p.timeout_ends_at, w.currency, p.country_code
       from players p join wallets w on w.player_id = p.id where p.brand = $1 and p.id = $2 limit 1`,
    [brand, playerId],
  );
  const player = rows[0];
  if (!player) throw new PlatformError('NotFound', `No player "${playerId}" on brand ${brand}: find them with operatorFindPlayers first`);
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  const [limits, sessions, payments] = await Promise.all([
    db.query<{ kind: string; period: string; value: string | null; pending_value: string | null; pending_effective_at: Date | string | null }>(
      'select kind, period, value::text, pending_value::text, pending_effective_at from player_limits where player_id = $1 order by kind, period', [player.id],
    ),
    db.query<{ sid: string; flow: string; device: string | null; country_code: string | null; created_at: Date | string; revoked_at: Date | string | null; revoked_reason: string | null }>(
      'select sid, flow, device, country_code, created_at, revoked_at, revoked_reason from sessions where player_id = $1 order by created_at desc limit 20', [player.id],
    ),
    db.query<{ id: string; type: string; status: string; provider: string; amount_minor: string; currency: string; created_at: Date | string }>(
      'select id, type, status, provider, amount_minor::text, currency, created_at from payments where player_id = $1 order by seq desc limit 20', [player.id],
    ),
  ]);
  // A session limit is minutes; the money limits are minor units of the wallet's currency.
  const amount = (kind: string, value: string | null) => (value === null ? null : kind === 'Session' ? value : formatMinor(BigInt(value), player.currency));
  return {
    id: player.id,
    playerNumber: player.player_number,
    name: [player.first_name, player.last_name].filter(Boolean).join(' ') || player.username,
    username: player.username,
    email: player.email,
    phoneNumber: player.phone_number,
    countryCode: player.country_code,
    currency: player.currency,
    accountStatus: player.account_status,
    kycStatus: player.kyc_status,
    sowStatus: player.sow_status,
    selfExclusionEndsAt: iso(player.self_exclusion_ends_at),
    timeoutEndsAt: iso(player.timeout_ends_at),
    limits: limits.rows.map((row) => ({ kind: row.kind, period: row.period, value: amount(row.kind, row.value), pendingValue: amount(row.kind, row.pending_value), pendingEffectiveAt: iso(row.pending_effective_at) })),
    sessions: sessions.rows.map((row) => ({ sessionId: row.sid, flow: row.flow, device: row.device, countryCode: row.country_code, startedAt: iso(row.created_at) as string, endedAt: iso(row.revoked_at), endReason: row.revoked_reason })),
    payments: payments.rows.map((row) => ({ id: row.id, type: row.type, status: row.status, provider: row.provider, amount: formatMinor(BigInt(row.amount_minor), row.currency), currency: row.currency, createdAt: iso(row.created_at) as string })),
  };
}
