/**
 * Players, their customer record and their wallet. A player belongs to one brand; logins (email,
 * username, phone, bank identity) are unique per brand. Creating a player also opens its wallet and
 * the wallet's ledger accounts, in the caller's transaction.
 */
import { recordAcceptances, type AcceptanceSource, type AcceptedDocument } from './legal-acceptance.ts';
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { AccountState, SourceOfWealthState, VerificationState } from '../graphql/generated/resolvers-types.ts';
import { ensureWalletAccounts } from '../ledger/ledger.ts';
import { MIN_DEPOSIT_MAJOR, MIN_WITHDRAWAL_MAJOR, majorToMinor } from '../ledger/money.ts';

/** A players row joined with its customer and wallet (snake_case as stored; money as text). */
export interface PlayerRow {
  id: string;
  player_number: string;
  brand: string;
  username: string;
  email: string;
  email_verified: boolean;
  phone_number: string | null;
  phone_verified: boolean;
  password_hash: string | null;
  bank_identity: string | null;
  language: string;
  reality_check_period: number | null;
  country_code: string;
  account_status: AccountState;
  account_status_cause: string | null;
  reopen_by_customer_allowed: boolean;
  first_name: string | null;
  last_name: string | null;
  street: string | null;
  city: string | null;
  zip_code: string | null;
  state: string | null;
  date_of_birth: string | null;
  ssn: string | null;
  marketing_blocked: boolean;
  suppressed_in_any_communication_group: boolean;
  sms_marketing_accepted: boolean;
  email_marketing_accepted: boolean;
  phone_marketing_accepted: boolean;
  web_push_marketing_accepted: boolean;
  /** The version of the terms and conditions the player accepted last (legal_acceptances); null when none. */
  terms_accepted_version: string | null;
  /** The version of the privacy policy the player accepted last; null when none. */
  privacy_policy_accepted_version: string | null;
  instant_banking_block_active_from: string | null;
  self_exclusion_ends_at: string | null;
  timeout_ends_at: string | null;
  withdrawals_blocked: boolean;
  kyc_status: VerificationState;
  kyc_deadline: string | null;
  kyc_verifications_done: string[];
  kyc_verifications_missing: string[];
  sow_status: SourceOfWealthState;
  sow_due_date: string | null;
  sow_documents_required: { comment: string; requestedFundingType: string }[];
  banking_cdd: boolean;
  demo_key: string | null;
  customer_id: string;
  pop_ups_needed: string[];
  is_cancel_withdrawal_blocked: boolean;
  is_increase_deposit_limit_blocked: boolean;
  is_rewards_blocked: boolean;
  is_deposits_blocked: boolean;
  wallet_id: string;
  currency: string;
  min_deposit_minor: string;
  min_withdrawal_minor: string;
}

// Timestamps as ISO text and bigints as text, so PGlite and pg return the same shapes.
const SELECT_PLAYER = `
  select p.id, p.player_number::text, p.brand, p.username, p.email, p.email_verified, p.phone_number, p.phone_verified,
         p.password_hash, p.bank_identity, p.language, p.reality_check_period, p.country_code, p.account_status,
         p.account_status_cause, p.reopen_by_customer_allowed, p.first_name, p.last_name, p.street, p.city, p.zip_code,
         p.state, to_char(p.date_of_birth, 'YYYY-MM-DD') as date_of_birth, p.ssn, p.marketing_blocked,
         p.suppressed_in_any_communication_group, p.sms_marketing_accepted, p.email_marketing_accepted,
         p.phone_marketing_accepted, p.web_push_marketing_accepted,
         ${acceptedVersion('terms-and-conditions', 'terms_accepted_version')}, ${acceptedVersion('privacy-policy', 'privacy_policy_accepted_version')},
         ${iso('p.instant_banking_block_active_from')}, ${iso('p.self_exclusion_ends_at')}, ${iso('p.timeout_ends_at')},
         p.withdrawals_blocked, p.kyc_status, ${iso('p.kyc_deadline')}, p.kyc_verifications_done, p.kyc_verifications_missing,
         p.sow_status, ${iso('p.sow_due_date')}, p.sow_documents_required, p.banking_cdd, p.demo_key,
         c.id as customer_id, c.pop_ups_needed, c.is_cancel_withdrawal_blocked, c.is_increase_deposit_limit_blocked,
         c.is_rewards_blocked, c.is_deposits_blocked,
         w.id as wallet_id, w.currency, w.min_deposit_minor::text, w.min_withdrawal_minor::text
    from players p
    join customers c on c.player_id = p.id
    join wallets w on w.player_id = p.id`;

// What a player accepted is the version they accepted (legal-acceptance.ts), the newest when there are several.
function acceptedVersion(document: string, name: string): string {
  return `(select la.version from legal_acceptances la where la.player_id = p.id and la.document = '${document}'
            order by la.accepted_at desc, la.version desc limit 1) as ${name}`;
}

function iso(column: string): string {
  const name = column.split('.')[1] ?? column;
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${name}`;
}

/** A player by id, or null. */
export async function playerById(db: Queryable, id: string): Promise<PlayerRow | null> {
  const { rows } = await db.query<PlayerRow>(`${SELECT_PLAYER} where p.id = $1`, [id]);
  return rows[0] ?? null;
}

/** What a login field can hold. */
export type LoginKind = 'email-or-username' | 'phone' | 'bank-identity' | 'any';

/** Finds a brand's player by a login: email or username, phone, bank identity, or (any) also id and player number. */
export async function findPlayer(db: Queryable, brand: string, login: string, kind: LoginKind = 'any'): Promise<PlayerRow | null> {
  const value = login.trim();
  if (!value) return null;
  const where: string[] = [];
  if (kind === 'email-or-username' || kind === 'any') where.push('lower(p.email) = lower($2)', 'lower(p.username) = lower($2)');
  if (kind === 'phone' || kind === 'any') where.push('p.phone_number = $2');
  if (kind === 'bank-identity' || kind === 'any') where.push('p.bank_identity = $2');
  if (kind === 'any') where.push('p.id = $2', 'p.player_number::text = $2');
  const { rows } = await db.query<PlayerRow>(`${SELECT_PLAYER} where p.brand = $1 and (${where.join(' or ')}) limit 1`, [brand, value]);
  return rows[0] ?? null;
}

/** Fields a new player is created with; everything else takes the table defaults. */
export interface NewPlayer {
  /** Fixed id (seed); random uuid when omitted. */
  id?: string;
  brand: string;
  username: string;
  email: string;
  emailVerified?: boolean;
  phoneNumber?: string | null;
  phoneVerified?: boolean;
  passwordHash?: string | null;
  bankIdentity?: string | null;
  language?: string;
  realityCheckPeriod?: number | null;
  countryCode: string;
  currency: string;
  firstName?: string | null;
  lastName?: string | null;
  street?: string | null;
  city?: string | null;
  zipCode?: string | null;
  dateOfBirth?: string | null;
  /** The social security number or personal code (est: the Estonian personal code, checked on registration). */
  ssn?: string | null;
  demoKey?: string | null;
  marketing?: boolean;
  /** The legal documents the player accepted on registration, recorded with the player (legal-acceptance.ts). */
  accepted?: { documents: readonly AcceptedDocument[]; source: AcceptanceSource };
  /** Extra column values (seed states), applied after the insert. */
  overrides?: Record<string, unknown>;
  customer?: Partial<Record<'pop_ups_needed' | 'is_cancel_withdrawal_blocked' | 'is_increase_deposit_limit_blocked' | 'is_rewards_blocked' | 'is_deposits_blocked', unknown>>;
}

/** A uuid-shaped id derived from a name (the same name always gives the same id). */
export function stableId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const OVERRIDABLE = new Set([
  'account_status', 'account_status_cause', 'reopen_by_customer_allowed', 'instant_banking_block_active_from',
  'self_exclusion_ends_at', 'timeout_ends_at', 'withdrawals_blocked', 'kyc_status', 'kyc_deadline',
  'kyc_verifications_done', 'kyc_verifications_missing', 'sow_status', 'sow_due_date', 'sow_documents_required',
  'banking_cdd', 'marketing_blocked', 'suppressed_in_any_communication_group', 'ssn', 'state',
]);
const CUSTOMER_FIELDS = new Set(['pop_ups_needed', 'is_cancel_withdrawal_blocked', 'is_increase_deposit_limit_blocked', 'is_rewards_blocked', 'is_deposits_blocked']);

/** Inserts a player with customer, wallet and ledger accounts; returns the player id and wallet id. */
export async function createPlayer(tx: Queryable, input: NewPlayer): Promise<{ id: string; walletId: string }> {
  const id = input.id ?? randomUUID();
  const marketing = input.marketing ?? false;
  try {
    await tx.query(
      `insert into players (id, player_number, brand, username, email, email_verified, phone_number, phone_verified,
                            password_hash, bank_identity, language, reality_check_period, country_code, first_name,
                            last_name, street, city, zip_code, date_of_birth, demo_key, sms_marketing_accepted,
                            email_marketing_accepted, phone_marketing_accepted, web_push_marketing_accepted, ssn)
       values ($1, nextval('player_numbers'), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $20, $20, $20, $21)`,
      [
        id, input.brand, input.username, input.email, input.emailVerified ?? false, input.phoneNumber ?? null,
        input.phoneVerified ?? false, input.passwordHash ?? null, input.bankIdentity ?? null, input.language ?? 'en',
        input.realityCheckPeriod ?? null, input.countryCode, input.firstName ?? null, input.lastName ?? null,
        input.street ?? null, input.city ?? null, input.zipCode ?? null, input.dateOfBirth ?? null, input.demoKey ?? null, marketing,
        input.ssn ?? null,
      ],
    );
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw new PlatformError('BadUserInput', `A ${input.brand} player with that email, username, phone number or bank identity already exists: sign in instead`);
    }
    throw error;
  }
  if (input.accepted) await recordAcceptances(tx, id, input.brand, input.accepted.documents, input.accepted.source);
  const overrides = Object.entries(input.overrides ?? {});
  for (const [column] of overrides) if (!OVERRIDABLE.has(column)) throw new Error(`players.${column} cannot be overridden`);
  if (overrides.length > 0) {
    const sets = overrides.map(([column], index) => `${column} = $${index + 2}`).join(', ');
    await tx.query(`update players set ${sets} where id = $1`, [id, ...overrides.map(([column, value]) => (column === 'sow_documents_required' ? JSON.stringify(value) : value))]);
  }
  const customer = Object.entries(input.customer ?? {});
  for (const [column] of customer) if (!CUSTOMER_FIELDS.has(column)) throw new Error(`customers.${column} is unknown`);
  await tx.query(
    `insert into customers (id, player_id${customer.map(([column]) => `, ${column}`).join('')})
     values ($1, $2${customer.map((_, index) => `, $${index + 3}`).join('')})`,
    [stableId(`customer:${id}`), id, ...customer.map(([, value]) => value)],
  );
  const walletId = stableId(`wallet:${id}`);
  const minDeposit = majorToMinor(MIN_DEPOSIT_MAJOR[input.currency] ?? 20, input.currency);
  const minWithdrawal = majorToMinor(MIN_WITHDRAWAL_MAJOR[input.currency] ?? 10, input.currency);
  await tx.query('insert into wallets (id, player_id, currency, min_deposit_minor, min_withdrawal_minor) values ($1, $2, $3, $4, $5)', [
    walletId, id, input.currency, minDeposit.toString(), minWithdrawal.toString(),
  ]);
  await ensureWalletAccounts(tx, walletId, input.currency);
  return { id, walletId };
}

/** Closes a player's account; returns the updated row. */
export async function closeAccount(db: Queryable, playerId: string, cause: string | null, reopenByCustomerAllowed: boolean): Promise<void> {
  const { rows } = await db.query(
    `update players set account_status = 'Closed', account_status_cause = $2, reopen_by_customer_allowed = $3 where id = $1 returning id`,
    [playerId, cause, reopenByCustomerAllowed],
  );
  if (rows.length === 0) throw new PlatformError('NotFound', `Player ${playerId} does not exist`);
}

/** Adds a pop-up id to the customer's popUpsNeeded (once); returns whether it was new. */
export async function addCustomerPopUp(db: Queryable, playerId: string, popUpId: string): Promise<boolean> {
  const { rows } = await db.query(
    `update customers set pop_ups_needed = array_append(pop_ups_needed, $2)
      where player_id = $1 and not ($2 = any(pop_ups_needed)) returning id`,
    [playerId, popUpId],
  );
  return rows.length > 0;
}

/** Deposit statistics from the ledger: count and total of Deposit transactions. */
export async function depositStats(db: Queryable, walletId: string): Promise<{ count: number; totalMinor: bigint }> {
  const { rows } = await db.query<{ count: number; total: string }>(
    `select count(distinct t.id)::int as count, coalesce(sum(p.amount_minor), 0)::text as total
       from ledger_transactions t
       join ledger_postings p on p.transaction_id = t.id
       join ledger_accounts a on a.id = p.account_id and a.wallet_id = t.wallet_id and a.code = 'cash'
      where t.wallet_id = $1 and t.kind = 'Deposit'`,
    [walletId],
  );
  return { count: rows[0]?.count ?? 0, totalMinor: BigInt(rows[0]?.total ?? '0') };
}
