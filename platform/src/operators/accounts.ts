/**
 * Operators: the console's people (issue 32). An operator signs in through the operator realm of the
 * platform's identity provider (oidc/operator-realm.ts) with an e-mail and a password (scrypt, as
 * players' passwords), and holds roles per brand ('*' for every brand): editor, compliance, support,
 * admin (admin implies the others). Holding compliance or admin on any brand asks for a second factor
 * at every sign-in: a TOTP code (otpauth, MIT), enrolled at the first sign-in (the secret and its
 * otpauth:// URI are shown once, confirmed by the first code) and good once (totp_last_step). The
 * secret is stored sealed (totp_secret_sealed: a compact JWE, dir + A256GCM, with jose, under the
 * platform_secrets key 'operator-totp-key'), never in plain text.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { compactDecrypt, CompactEncrypt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import type { Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { hashPassword } from '../players/password.ts';

/** The roles an operator holds per brand. */
export const OPERATOR_ROLES = ['editor', 'compliance', 'support', 'admin'] as const;
/** One role. */
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
/** Roles whose holder signs in with a second factor. */
export const SECOND_FACTOR_ROLES: readonly OperatorRole[] = ['compliance', 'admin'];
/** The brand value of a role held on every brand. */
export const EVERY_BRAND = '*';
/** The issuer name authenticator apps show beside the account. */
const TOTP_ISSUER = 'Atrium operators';

/** An operator as stored. */
export interface OperatorRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  /** A secret from before migration 067, in plain text until the next start seals it (sealPlainTotpSecrets); null after. */
  totp_secret: string | null;
  /** The TOTP secret, sealed (openTotpSecret reads it). */
  totp_secret_sealed: string | null;
  totp_confirmed_at: Date | string | null;
  totp_last_step: string | number | null;
  disabled: boolean;
  demo_key: string | null;
}

/** One role grant. */
export interface RoleGrant {
  brand: string;
  role: OperatorRole;
}

/** Whether a string is a role. */
export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** An operator by id. */
export async function operatorById(db: Queryable, id: string): Promise<OperatorRow | null> {
  const { rows } = await db.query<OperatorRow>('select * from operators where id = $1', [id]);
  return rows[0] ?? null;
}

/** An operator by e-mail (any case). */
export async function operatorByEmail(db: Queryable, email: string): Promise<OperatorRow | null> {
  const { rows } = await db.query<OperatorRow>('select * from operators where lower(email) = lower($1)', [email.trim()]);
  return rows[0] ?? null;
}

/** Every role the operator holds, in a stable order. */
export async function rolesOf(db: Queryable, operatorId: string): Promise<RoleGrant[]> {
  const { rows } = await db.query<RoleGrant>('select brand, role from operator_roles where operator_id = $1 order by brand, role', [operatorId]);
  return rows;
}

/** Whether the grants give `role` on `brand`: the role itself or admin, on the brand or on every brand. */
export function grantsRole(grants: readonly RoleGrant[], brand: string, role: OperatorRole): boolean {
  return grants.some((grant) => (grant.brand === brand || grant.brand === EVERY_BRAND) && (grant.role === role || grant.role === 'admin'));
}

/** Whether the grants make a second factor necessary at sign-in. */
export function needsSecondFactor(grants: readonly RoleGrant[]): boolean {
  return grants.some((grant) => SECOND_FACTOR_ROLES.includes(grant.role));
}

/** The key that seals TOTP secrets, made once per database (platform_secrets) so every process reads them. */
async function totpKey(db: Queryable): Promise<Uint8Array> {
  await db.query(`insert into platform_secrets (name, value) values ('operator-totp-key', $1) on conflict (name) do nothing`, [JSON.stringify(randomBytes(32).toString('base64url'))]);
  const { rows } = await db.query<{ value: unknown }>(`select value from platform_secrets where name = 'operator-totp-key'`);
  const value = rows[0]?.value;
  const text = typeof value === 'string' && value.startsWith('"') ? (JSON.parse(value) as string) : String(value);
  return Buffer.from(text, 'base64url');
}

/** Seals a TOTP secret for storage (a compact JWE only this database's key opens). */
export async function sealTotpSecret(db: Queryable, secret: string): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(secret)).setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: 'totp-secret' }).encrypt(await totpKey(db));
}

/** The TOTP secret of an operator (opened from its seal), or null when they have none. */
export async function openTotpSecret(db: Queryable, operator: Pick<OperatorRow, 'totp_secret_sealed'>): Promise<string | null> {
  if (!operator.totp_secret_sealed) return null;
  const { plaintext } = await compactDecrypt(operator.totp_secret_sealed, await totpKey(db), { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] });
  return new TextDecoder().decode(plaintext);
}

/** Seals every TOTP secret still in plain text (written before migration 067) and clears it; how many it sealed. Safe to run in every process at once. */
export async function sealPlainTotpSecrets(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ id: string; totp_secret: string }>('select id, totp_secret from operators where totp_secret is not null');
  let sealed = 0;
  for (const row of rows) {
    const { rows: updated } = await db.query(
      'update operators set totp_secret_sealed = $2, totp_secret = null where id = $1 and totp_secret = $3 returning id',
      [row.id, await sealTotpSecret(db, row.totp_secret), row.totp_secret],
    );
    sealed += updated.length;
  }
  return sealed;
}

/** Creates an operator (its roles added with grantRole); returns its id. */
export async function createOperator(db: Queryable, input: { email: string; name: string; password: string; id?: string; totpSecret?: string | null; demoKey?: string | null; passwordHash?: string }): Promise<string> {
  const email = input.email.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new PlatformError('BadUserInput', `"${email}" is not an e-mail address: give the operator's work address`, { field: 'email' });
  if (!input.passwordHash && input.password.length < 12) throw new PlatformError('BadUserInput', 'An operator password needs at least 12 characters', { field: 'password' });
  const id = input.id ?? randomUUID();
  await db.query(
    `insert into operators (id, email, name, password_hash, totp_secret_sealed, totp_confirmed_at, demo_key)
     values ($1, $2, $3, $4, $5, case when $5::text is null then null else now() end, $6)`,
    [id, email, input.name.trim() || email, input.passwordHash ?? (await hashPassword(input.password)), input.totpSecret ? await sealTotpSecret(db, input.totpSecret) : null, input.demoKey ?? null],
  );
  return id;
}

/** The TOTP of a secret (RFC 6238 defaults: SHA-1, 6 digits, 30 s, as every authenticator app reads them). */
function totpOf(secret: string, label: string): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
}

/** A fresh enrolment: a new secret stored unconfirmed (replacing any earlier unconfirmed one), and what to show once. */
export async function startTotpEnrolment(db: Queryable, operator: Pick<OperatorRow, 'id' | 'email'>): Promise<{ secret: string; uri: string }> {
  const secret = new Secret({ size: 20 }).base32;
  await db.query('update operators set totp_secret_sealed = $2, totp_secret = null, totp_confirmed_at = null, totp_last_step = null where id = $1 and totp_confirmed_at is null', [operator.id, await sealTotpSecret(db, secret)]);
  return { secret, uri: totpUri(secret, operator.email) };
}

/** The otpauth:// URI an authenticator app reads (a QR code of it, or typed). */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/**
 * Checks a code against the operator's secret (one step of clock drift either way) and spends it: a
 * code is good once, and never one older than the last accepted. Confirms an enrolment. Returns
 * whether the code was good.
 */
export async function verifyTotp(db: Queryable, operatorId: string, code: string, now = Date.now()): Promise<boolean> {
  const operator = await operatorById(db, operatorId);
  const secret = operator ? await openTotpSecret(db, operator) : null;
  if (!operator || !secret || !/^\d{6}$/.test(code)) return false;
  const delta = totpOf(secret, operator.email).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now / 30_000) + delta;
  // The update wins only for a newer step, so two requests with one code cannot both pass.
  const { rows } = await db.query(
    `update operators set totp_last_step = $2, totp_confirmed_at = coalesce(totp_confirmed_at, now())
      where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id`,
    [operatorId, step],
  );
  return rows.length > 0;
}

/** The current code of a secret (the demo and the tests type it as an authenticator app would show it). */
export function currentTotp(secret: string, now = Date.now()): string {
  return totpOf(secret, 'code').generate({ timestamp: now });
}
