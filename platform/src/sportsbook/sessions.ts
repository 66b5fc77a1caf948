/**
 * The embedded sportsbook page's sessions: opened for a signed-in player's lobby session, they end
 * when it ends (sign-out, revocation) or after eight hours, and name the bettor the page bets for.
 */
import { randomBytes } from 'node:crypto';
import type { Brand } from '../brands/brands.ts';
import type { Db } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Bettor } from './placement.ts';

/** How long an embedded sportsbook session lasts. */
const SESSION_TTL_MS = 8 * 3600_000;

/** An embedded sportsbook page's session. */
export interface SportsbookSession {
  id: string;
  brand: string;
  playerId: string;
  /** The lobby session the page was opened in. */
  sid: string;
  lobbyOrigin: string;
  locale: string;
  ended: string | null;
}

/** Opens an embedded page session for a signed-in player. */
export async function openSportsbookSession(db: Db, input: { brand: Brand; playerId: string; sid: string; lobbyOrigin: string; locale: string }): Promise<{ id: string; expiresAt: string }> {
    const id = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS).toISOString();
    await db.query(
      'insert into sportsbook_sessions (id, brand, player_id, sid, lobby_origin, locale, expires_at) values ($1, $2, $3, $4, $5, $6, $7)',
      [id, input.brand.id, input.playerId, input.sid, input.lobbyOrigin, input.locale, expiresAt],
    );
    return { id, expiresAt };
}

/** A page session, or null (also for an id that is no session id at all). */
export async function sportsbookSession(db: Db, id: string): Promise<SportsbookSession | null> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return null;
    const { rows } = await db.query<{ id: string; brand: string; player_id: string; sid: string; lobby_origin: string; locale: string; expired: boolean; signed_out: boolean }>(
      `select s.id, s.brand, s.player_id, s.sid, s.lobby_origin, s.locale, s.expires_at < now() as expired, coalesce(p.revoked_at is not null, true) as signed_out
         from sportsbook_sessions s left join sessions p on p.sid = s.sid where s.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      brand: row.brand,
      playerId: row.player_id,
      sid: row.sid,
      lobbyOrigin: row.lobby_origin,
      locale: row.locale,
      ended: row.expired
        ? 'This sportsbook session has expired: reload the sports page'
        : row.signed_out
          ? 'You signed out of the lobby: sign in again to place bets'
          : null,
    };
}

/** The bettor behind a page session; GameSessionEnded when it ended. */
export async function bettorForSession(db: Db, id: string): Promise<Bettor & { brand: string }> {
    const session = await sportsbookSession(db, id);
    if (!session) throw new PlatformError('NotFound', `No sportsbook session "${id}": reload the sports page`);
    if (session.ended) throw new PlatformError('GameSessionEnded', session.ended);
    const { rows } = await db.query<{ wallet_id: string; currency: string }>('select id as wallet_id, currency from wallets where player_id = $1', [session.playerId]);
    const wallet = rows[0];
    if (!wallet) throw new PlatformError('GameSessionEnded', 'The player of this sportsbook session no longer exists');
    return { playerId: session.playerId, walletId: wallet.wallet_id, currency: wallet.currency, sid: session.sid, brand: session.brand };
}
