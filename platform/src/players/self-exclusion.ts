/**
 * Self-exclusion and timeouts the player takes themselves (spec sections 3 and 6): a self-exclusion
 * for one of the licence's terms (mga several, crc one), a timeout (a short break) of one of its
 * lengths under every licence. Both take effect at once: protection.ts refuses deposits, bets and
 * real-money launches from the moment the row is written (in the same lock order as the money), the
 * player's other sessions end (their devices get SessionDestroyed and sign out), and withdrawals still
 * work. Neither can be lifted or shortened: asking for a shorter one than is running keeps the running
 * one. No KYC or other step stands in front of them. A timeout that would end before a running
 * self-exclusion does is refused (it would add nothing); one that reaches past it is taken.
 */
import { licenceProfile } from '../../../shared/licences.ts';
import type { Licence } from '../../../shared/brand-schema.ts';
import type { PlatformServices } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Queryable } from '../db/db.ts';
import { lockPlayerForMoney } from './limits.ts';
import { untilText } from './protection.ts';

/** Who asks: the player, their licence and the session they ask from (which stays signed in). */
export interface ExclusionRequest {
  playerId: string;
  licence: Licence;
  sid: string;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Writes the new end unless a later one is running; ends the player's other sessions. Returns the end in force. */
async function restrict(services: PlatformServices, request: ExclusionRequest, column: 'self_exclusion_ends_at' | 'timeout_ends_at', endsAt: Date, check?: (tx: Queryable) => Promise<void>): Promise<string> {
  const inForce = await services.db.transaction(async (tx) => {
    await lockPlayerForMoney(tx, request.playerId);
    await check?.(tx);
    const { rows } = await tx.query<{ ends_at: Date | string }>(
      `update players set ${column} = greatest(coalesce(${column}, $2), $2) where id = $1 returning ${column} as ends_at`,
      [request.playerId, endsAt],
    );
    const value = rows[0]?.ends_at;
    if (value === undefined) throw new PlatformError('AuthenticationFailure', 'The signed-in player no longer exists: sign in again');
    return (value instanceof Date ? value : new Date(value)).toISOString();
  });
  const { rows } = await services.db.query<{ sid: string }>('select sid from sessions where player_id = $1 and sid <> $2 and revoked_at is null', [request.playerId, request.sid]);
  // The other devices are told why they are signed out, and until when (not "signed in elsewhere").
  const why = { cause: column === 'self_exclusion_ends_at' ? 'SelfExclusion' as const : 'Timeout' as const, until: inForce };
  for (const row of rows) await services.auth.endSession(row.sid, 'destroyed', why);
  // This device's other tabs read the player again and show the banner.
  services.events.publish(request.playerId, 'playerUpdated', { isAccountClosed: false });
  return inForce;
}

/** Self-excludes for `days` (one of the licence's terms). */
export function selfExclude(services: PlatformServices, request: ExclusionRequest, days: number): Promise<string> {
  const terms = licenceProfile(request.licence).selfExclusionTerms;
  if (terms.length === 0) throw new PlatformError('BadUserInput', `Self-exclusion is not offered under the ${request.licence} licence: take a timeout, or contact support`);
  if (!terms.includes(days)) throw new PlatformError('BadUserInput', `days must be one of ${terms.join(', ')} under the ${request.licence} licence, not ${days}`);
  return restrict(services, request, 'self_exclusion_ends_at', new Date(services.clock().getTime() + days * DAY));
}

/** Takes a timeout of `hours` (one of the licence's lengths). */
export function takeTimeout(services: PlatformServices, request: ExclusionRequest, hours: number): Promise<string> {
  const lengths = licenceProfile(request.licence).timeoutHours;
  if (!lengths.includes(hours)) throw new PlatformError('BadUserInput', `hours must be one of ${lengths.join(', ')} under the ${request.licence} licence, not ${hours}`);
  const now = services.clock();
  const endsAt = new Date(now.getTime() + hours * HOUR);
  return restrict(services, request, 'timeout_ends_at', endsAt, async (tx) => {
    // Read under the player's lock, so an exclusion written at the same moment is seen.
    const { rows } = await tx.query<{ ends_at: Date | string | null }>('select self_exclusion_ends_at as ends_at from players where id = $1', [request.playerId]);
    const value = rows[0]?.ends_at;
    if (value === null || value === undefined) return;
    const excludedUntil = value instanceof Date ? value : new Date(value);
    if (excludedUntil.getTime() <= now.getTime() || excludedUntil.getTime() < endsAt.getTime()) return;
    const until = excludedUntil.toISOString();
    throw new PlatformError(
      'BadUserInput',
      `You are self-excluded until ${untilText(until)}: a timeout of ${hours} hours would end before that, so it adds nothing. Deposits, bets and real-money play stay refused until the exclusion ends, and you can still withdraw your balance`,
      { cause: 'SelfExclusion', until },
    );
  });
}
