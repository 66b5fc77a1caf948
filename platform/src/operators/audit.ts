/**
 * The operator audit log (migration 060): who did what, when, on which brand and target, with the
 * state before and after. Entries are written by operatorOperation (access.ts) in the same transaction
 * as the action's effect, and the database refuses to change or remove them. Admins read it paged and
 * filtered, and export it as CSV (csv.ts).
 */
import type { Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';

/** One entry as written. */
export interface AuditEntryInput {
  operatorId: string;
  operatorEmail: string;
  brand: string;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
}

/** One entry as read. */
export interface AuditEntry {
  id: string;
  at: string;
  operatorId: string;
  operatorEmail: string;
  brand: string;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
}

/** Appends an entry (in the caller's transaction). */
export async function appendAudit(tx: Queryable, entry: AuditEntryInput): Promise<void> {
  await tx.query(
    `insert into operator_audit_log (operator_id, operator_email, brand, action, target, before, after)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [entry.operatorId, entry.operatorEmail, entry.brand, entry.action, entry.target, jsonOrNull(entry.before), jsonOrNull(entry.after)],
  );
}

/** JSON text for a jsonb column; null stays SQL null. */
function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/** Which entries to read: a brand, and optionally an operator, an action and a time range. */
export interface AuditFilter {
  brand: string;
  operatorId?: string | null;
  action?: string | null;
  from?: string | null;
  to?: string | null;
}

interface AuditRow {
  id: string | number;
  at: Date | string;
  operator_id: string;
  operator_email: string;
  brand: string;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
}

/** A date argument as a Date; BadUserInput naming the argument otherwise. */
export function dateArgument(name: string, value: string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new PlatformError('BadUserInput', `${name} must be an ISO 8601 date or time (2025-01-31 or 2025-01-31T12:00:00Z), not "${value}"`, { field: name });
  return date;
}

/** Entries newest first, `limit` of them after the `before` cursor (an entry id). */
export async function readAudit(db: Queryable, filter: AuditFilter, page: { limit: number; beforeId?: string | null }): Promise<AuditEntry[]> {
  const from = dateArgument('from', filter.from);
  const to = dateArgument('to', filter.to);
  const { rows } = await db.query<AuditRow>(
    `select id::text as id, at, operator_id, operator_email, brand, action, target, before, after from operator_audit_log
      where (brand = $1 or $1 = '*')
        and ($2::text is null or operator_id = $2 or lower(operator_email) = lower($2))
        and ($3::text is null or action = $3)
        and ($4::timestamptz is null or at >= $4) and ($5::timestamptz is null or at < $5)
        and ($6::bigint is null or id < $6)
      order by id desc limit $7`,
    [filter.brand, filter.operatorId ?? null, filter.action ?? null, from, to, page.beforeId ?? null, page.limit],
  );
  return rows.map((row) => ({
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    operatorId: row.operator_id,
    operatorEmail: row.operator_email,
    brand: row.brand,
    action: row.action,
    target: row.target,
    before: parsed(row.before),
    after: parsed(row.after),
  }));
}

/** jsonb as a value (a driver that hands back text gets it parsed). */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
