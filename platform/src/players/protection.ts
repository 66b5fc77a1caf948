/**
 * Player protection at the money boundary: the one place that decides whether a player may put
 * money in (a deposit, whichever route it takes) or into play (a bet, a real-money game launch).
 *
 * Each check runs on the caller's transaction and takes a share lock on the player's row, so an
 * exclusion written by another transaction either lands before the money moves (and refuses it) or
 * waits until the money has moved: a deposit can never slip past an exclusion set at the same moment.
 * Withdrawals are deliberately not checked here: an excluded player must still get their money out.
 *
 * Refusals carry `cause` (SelfExclusion, Timeout, AccountClosed, AccountBlocked, DepositsBlocked) and,
 * for time-bound ones, `until` (ISO timestamp) in the error's extensions, so the lobby can say why and
 * until when in the player's language; the message says the same in English for everyone else.
 */
import { ageOn, minimumAgeFor, type Product } from '../../../shared/licences.ts';
import type { Licence } from '../../../shared/brand-schema.ts';
import type { Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';

/** Why a player may not deposit or play right now. */
export type RestrictionCause = 'SelfExclusion' | 'Timeout' | 'AccountClosed' | 'AccountBlocked' | 'DepositsBlocked';

/** A restriction in force, with its end when it has one. */
export interface Restriction {
  cause: RestrictionCause;
  /** ISO timestamp the restriction ends at; null when it has no end date. */
  until: string | null;
}

interface ProtectionRow {
  account_status: string;
  self_exclusion_ends_at: string | null;
  timeout_ends_at: string | null;
  is_deposits_blocked: boolean;
}

/** Reads the player's protection state under a share lock on the player row (null: no such player). */
async function readProtection(on: Queryable, playerId: string): Promise<ProtectionRow | null> {
  const { rows } = await on.query<ProtectionRow>(
    `select p.account_status,
            case when p.self_exclusion_ends_at > now() then to_char(p.self_exclusion_ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as self_exclusion_ends_at,
            case when p.timeout_ends_at > now() then to_char(p.timeout_ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as timeout_ends_at,
            coalesce(c.is_deposits_blocked, false) as is_deposits_blocked
       from players p left join customers c on c.player_id = p.id
      where p.id = $1
        for share of p`,
    [playerId],
  );
  return rows[0] ?? null;
}

/** The restriction that stops play (and so deposits), strongest first: account state, exclusion, timeout. */
function playRestriction(row: ProtectionRow): Restriction | null {
  if (row.account_status === 'Closed') return { cause: 'AccountClosed', until: null };
  if (row.account_status !== 'Open') return { cause: 'AccountBlocked', until: null };
  if (row.self_exclusion_ends_at) return { cause: 'SelfExclusion', until: row.self_exclusion_ends_at };
  if (row.timeout_ends_at) return { cause: 'Timeout', until: row.timeout_ends_at };
  return null;
}

/** The restriction that stops a deposit now, or null when the player may deposit. */
export async function depositRestriction(on: Queryable, playerId: string): Promise<Restriction | null> {
  const row = await readProtection(on, playerId);
  if (!row) throw new PlatformError('AuthenticationFailure', 'The player no longer exists: sign in again');
  return playRestriction(row) ?? (row.is_deposits_blocked ? { cause: 'DepositsBlocked', until: null } : null);
}

/** The restriction that stops real-money play now, or null when the player may bet. */
export async function playRestrictionOf(on: Queryable, playerId: string): Promise<Restriction | null> {
  const row = await readProtection(on, playerId);
  if (!row) throw new PlatformError('AuthenticationFailure', 'The player no longer exists: sign in again');
  return playRestriction(row);
}

/** "2027-05-25 14:00 UTC": an unambiguous end time for messages that are not localised. */
export function untilText(until: string): string {
  return `${until.slice(0, 10)} ${until.slice(11, 16)} UTC`;
}

const DEPOSIT_MESSAGES: Record<RestrictionCause, (until: string | null) => string> = {
  SelfExclusion: (until) => `You are self-excluded until ${untilText(until ?? '')}: deposits are not possible until then. You can still withdraw your balance.`,
  Timeout: (until) => `You are taking a timeout until ${untilText(until ?? '')}: deposits are not possible until then. You can still withdraw your balance.`,
  AccountClosed: () => 'Your account is closed: deposits are not possible. You can still withdraw your balance.',
  AccountBlocked: () => 'Your account is blocked: deposits are not possible. Contact support to find out more.',
  DepositsBlocked: () => 'Deposits are blocked on your account: contact support to lift the block',
};

const PLAY_MESSAGES: Record<Exclude<RestrictionCause, 'DepositsBlocked'>, (until: string | null) => string> = {
  SelfExclusion: (until) => `You are self-excluded until ${untilText(until ?? '')}: real-money play is not possible until then.`,
  Timeout: (until) => `You are taking a timeout until ${untilText(until ?? '')}: real-money play is not possible until then.`,
  AccountClosed: () => 'Your account is closed: real-money play is not possible.',
  AccountBlocked: () => 'Your account is blocked: real-money play is not possible. Contact support to find out more.',
};

/** The DepositsBlocked error for a restriction, with cause and until in its extensions. */
export function depositRefusal(restriction: Restriction): PlatformError {
  return new PlatformError('DepositsBlocked', DEPOSIT_MESSAGES[restriction.cause](restriction.until), {
    cause: restriction.cause,
    ...(restriction.until ? { until: restriction.until } : {}),
  });
}

/** Refuses a deposit (DepositsBlocked) for an excluded, timed-out, closed, blocked or deposit-blocked player; call inside the money's transaction. */
export async function assertMayDeposit(on: Queryable, playerId: string): Promise<void> {
  const restriction = await depositRestriction(on, playerId);
  if (restriction) throw depositRefusal(restriction);
}

/** Refuses real-money play and sports bets (BettingBlocked) for closed, blocked, self-excluded or timed-out accounts. */
export async function assertMayBet(on: Queryable, playerId: string): Promise<void> {
  const restriction = await playRestrictionOf(on, playerId);
  if (!restriction) return;
  const cause = restriction.cause as Exclude<RestrictionCause, 'DepositsBlocked'>;
  throw new PlatformError('BettingBlocked', PLAY_MESSAGES[cause](restriction.until), {
    cause,
    ...(restriction.until ? { until: restriction.until } : {}),
  });
}

/**
 * Refuses real-money play (AgeRestricted) to a player younger than the product's age under the
 * brand's licence, or the brand's own minimum when higher (shared/licences.ts: est lets an 18-year-old
 * bet on sports but not play the casino). A player whose birth date is not known yet is left to KYC.
 */
export function assertOldEnough(dateOfBirth: string | null, brand: { license: Licence; minimumAge: number }, product: Product, now: Date): void {
  if (!dateOfBirth) return;
  const minimum = minimumAgeFor(brand.license, brand.minimumAge, product);
  const age = ageOn(dateOfBirth, now);
  if (age !== null && age < minimum) {
    throw new PlatformError('AgeRestricted', `You must be ${minimum} or older to ${product === 'casino' ? 'play casino games' : 'bet on sports'} here`, { minimumAge: minimum, product });
  }
}
