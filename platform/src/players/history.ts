/**
 * The player's own histories, newest first and a page at a time: the casino rounds they played for
 * real money (game_rounds: every stake and win there is also a ledger transaction, so the figures are
 * the ledger's) and their sessions (sessions: when each signed in, from which device and country, and
 * how it ended). Cursors are opaque to clients: base64url of a kind letter and the row's key, so a
 * cursor from one history is refused by the other instead of paging nonsense.
 */
import type { Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { formatMinor } from '../ledger/money.ts';
import type { SessionDevice } from '../auth/sign-in-origin.ts';

/** The default and largest page of a history. */
export const HISTORY_PAGE = { default: 20, max: 100 } as const;

/** One page of a history. */
export interface HistoryPage<T> {
  rows: T[];
  hasNextPage: boolean;
}

/** A real-money casino round as the game history shows it; money as exact decimal strings. */
export interface GameRoundView {
  id: string;
  gameSlug: string;
  gameName: string;
  bet: string;
  /** Null while the round is still in play (a blackjack hand, a live table waiting for its draw). */
  win: string | null;
  currency: string;
  status: 'Settled' | 'InPlay';
  playedAt: string;
  settledAt: string | null;
}

/** How a session that is over ended. */
export type SessionEndReason = 'SignedOut' | 'Expired' | 'EndedElsewhere' | 'SecurityRevoked' | 'AccountClosed' | 'Other';

/** A session as the session history shows it. */
export interface SessionView {
  sessionId: string;
  flow: string;
  startedAt: string;
  /** When it ended; null while it is active (or when an expired session's end is no longer known). */
  endedAt: string | null;
  active: boolean;
  endReason: SessionEndReason | null;
  device: SessionDevice | null;
  countryCode: string | null;
}

/** Checks `first` at the boundary: a whole number from 1 to 100. */
export function pageSize(first: number | null | undefined): number {
  const size = first ?? HISTORY_PAGE.default;
  if (!Number.isInteger(size) || size < 1 || size > HISTORY_PAGE.max) {
    throw new PlatformError('BadUserInput', `first must be a whole number between 1 and ${HISTORY_PAGE.max}, not ${size}`);
  }
  return size;
}

/** A history cursor for a row key. */
export function historyCursor(kind: 'round' | 'session', key: string): string {
  return Buffer.from(`${kind === 'round' ? 'r' : 's'}:${key}`, 'utf8').toString('base64url');
}

/** The row key a cursor names; BadUserInput for anything that is not a cursor of this history. */
function cursorKey(kind: 'round' | 'session', after: string, history: string): string {
  const pattern = kind === 'round' ? /^r:(\d{1,18})$/ : /^s:([A-Za-z0-9_-]{1,64})$/;
  const decoded = /^[A-Za-z0-9_-]{1,200}$/.test(after) ? pattern.exec(Buffer.from(after, 'base64url').toString('utf8')) : null;
  if (!decoded?.[1]) throw new PlatformError('BadUserInput', `after "${after.slice(0, 80)}" is not a cursor of the ${history}: pass pageInfo.endCursor of the page before`);
  return decoded[1];
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The player's real-money casino rounds, newest first; `after` is the endCursor of the page before. */
export async function gameHistory(on: Queryable, playerId: string, first: number, after: string | null): Promise<HistoryPage<GameRoundView>> {
  const params: unknown[] = [playerId];
  let older = '';
  if (after !== null) {
    params.push(cursorKey('round', after, 'game history'));
    older = `and r.id < $${params.length}::bigint`;
  }
  params.push(first + 1);
  const { rows } = await on.query<{
    id: string; slug: string; name: string; bet_minor: string; win_minor: string | null; currency: string; status: string; created_at: Date | string; settled_at: Date | string | null;
  }>(
    // r.id, not created_at: rounds of one request share a timestamp, and the identity orders them as they were played.
    `select r.id::text as id, g.slug, g.name, r.bet_minor::text as bet_minor, r.win_minor::text as win_minor, r.currency, r.status, r.created_at, r.settled_at
       from game_rounds r join games g on g.id = r.game_id
      where r.player_id = $1 and r.mode = 'REAL' ${older}
      order by r.id desc limit $${params.length}`,
    params,
  );
  return {
    hasNextPage: rows.length > first,
    rows: rows.slice(0, first).map((row) => ({
      id: row.id,
      gameSlug: row.slug,
      gameName: row.name,
      bet: formatMinor(BigInt(row.bet_minor), row.currency),
      win: row.win_minor === null ? null : formatMinor(BigInt(row.win_minor), row.currency),
      currency: row.currency,
      status: row.status === 'settled' ? 'Settled' : 'InPlay',
      playedAt: iso(row.created_at),
      settledAt: row.settled_at === null ? null : iso(row.settled_at),
    })),
  };
}

/** sessions.revoked_reason → what the player is told. */
const END_REASONS: Record<string, SessionEndReason> = {
  logout: 'SignedOut',
  oidc_logout: 'SignedOut',
  // Another device ended it: a sign-in elsewhere, or a self-exclusion or timeout taken there.
  destroyed: 'EndedElsewhere',
  refresh_token_reuse: 'SecurityRevoked',
  account_closed: 'AccountClosed',
};

/** The player's sessions, newest first; `after` is the endCursor of the page before. */
export async function sessionHistory(on: Queryable, playerId: string, first: number, after: string | null): Promise<HistoryPage<SessionView>> {
  const params: unknown[] = [playerId];
  let older = '';
  if (after !== null) {
    const sid = cursorKey('session', after, 'session history');
    const { rows } = await on.query<{ found: boolean }>('select true as found from sessions where sid = $1 and player_id = $2', [sid, playerId]);
    // Another player's sid pages nothing of theirs and says nothing about them: the same answer as a made-up one.
    if (!rows[0]) throw new PlatformError('BadUserInput', `after "${after.slice(0, 80)}" is not a cursor of the session history: pass pageInfo.endCursor of the page before`);
    params.push(sid);
    older = `and (s.created_at, s.sid) < (select created_at, sid from sessions where sid = $${params.length})`;
  }
  params.push(first + 1);
  const { rows } = await on.query<{
    sid: string; flow: string; created_at: Date | string; revoked_at: Date | string | null; revoked_reason: string | null;
    device: SessionDevice | null; country_code: string | null; expires_at: Date | string | null; expired: boolean;
  }>(
    // A session no one ended is over once it can no longer be refreshed: its newest refresh token
    // has expired, or (identity-provider sessions) its grant has. Judged by the database's clock, as the refresh itself is.
    `select s.sid, s.flow, s.created_at, s.revoked_at, s.revoked_reason, s.device, s.country_code, e.expires_at,
            coalesce(e.expires_at <= now(), s.oidc_grant_id is not null) as expired
       from sessions s
       left join lateral (
         select case when s.oidc_grant_id is null
                     then (select max(rt.expires_at) from refresh_tokens rt where rt.session_id = s.sid)
                     else (select o.expires_at from oidc_payloads o where o.realm = s.brand and o.model = 'Grant' and o.id = s.oidc_grant_id)
                end as expires_at
       ) e on true
      where s.player_id = $1 ${older}
      order by s.created_at desc, s.sid desc limit $${params.length}`,
    params,
  );
  return {
    hasNextPage: rows.length > first,
    rows: rows.slice(0, first).map((row): SessionView => {
      const base = { sessionId: row.sid, flow: row.flow, startedAt: iso(row.created_at), device: row.device, countryCode: row.country_code };
      if (row.revoked_at !== null) {
        return { ...base, active: false, endedAt: iso(row.revoked_at), endReason: END_REASONS[row.revoked_reason ?? ''] ?? 'Other' };
      }
      if (row.expired) return { ...base, active: false, endedAt: row.expires_at === null ? null : iso(row.expires_at), endReason: 'Expired' };
      return { ...base, active: true, endedAt: null, endReason: null };
    }),
  };
}
