/**
 * The sportsbook service: placing bets (placement.ts), reading them (bets.ts), settling them
 * (settlement.ts) and the embedded page's sessions (sessions.ts). Placing one takes the stake from
 * the wallet as a SportsBet ledger transaction; settling pays the winnings (or refunds a void bet)
 * as a SportsWin transaction. Both publish Wallet.balanceUpdated with moneyType SportsBet.
 */
import type { Brand } from '../brands/brands.ts';
import type { Db } from '../db/db.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { loadBets } from './bets.ts';
import type { SportsBetView } from './bets.ts';
import { placeBet } from './placement.ts';
import type { Bettor, Placement, SelectionInput } from './placement.ts';
import { bettorForSession, openSportsbookSession, sportsbookSession } from './sessions.ts';
import type { SportsbookSession } from './sessions.ts';
import { settleBet, settleDueBets } from './settlement.ts';
import type { Clock } from '../players/limits.ts';

export { MAX_SELECTIONS } from './placement.ts';
export type { Bettor, Placement, SelectionInput } from './placement.ts';
export type { SportsBetView } from './bets.ts';
export type { SportsbookSession } from './sessions.ts';

/** The sportsbook service. */
export interface Sportsbook {
  /** Places a bet (or returns the bet this key already placed). */
  place(bettor: Bettor, input: { selections: SelectionInput[]; stake: string; idempotencyKey: string }): Promise<Placement>;
  /** The player's bets, newest first. */
  bets(playerId: string, options: { first: number; status?: string | null }): Promise<SportsBetView[]>;
  /** Settles one bet, by its events' results or by a forced outcome. */
  settle(betId: string, forced?: 'won' | 'lost' | 'void' | null, nowMs?: number): Promise<SportsBetView>;
  /** Settles every open bet whose events have all finished; returns how many. */
  settleDue(nowMs?: number): Promise<number>;
  /** Opens an embedded page session for a signed-in player. */
  openSession(input: { brand: Brand; playerId: string; sid: string; lobbyOrigin: string; locale: string }): Promise<{ id: string; expiresAt: string }>;
  /** A page session, or null. */
  session(id: string): Promise<SportsbookSession | null>;
  /** The bettor behind a page session; GameSessionEnded when it ended. */
  bettorForSession(id: string): Promise<Bettor & { brand: string }>;
}

/** Creates the sportsbook over the database and the ledger. */
export function createSportsbook(options: { db: Db; ledger: Ledger; clock?: Clock }): Sportsbook {
  const { db, ledger } = options;
  const clock = options.clock ?? (() => new Date());
  return {
    place: (bettor, input) => placeBet(db, ledger, bettor, input, clock),
    bets: (playerId, { first, status }) => {
      const filter = status ? 'and status = $3' : '';
      return loadBets(db, `where player_id = $1 ${filter} order by placed_at desc, id limit $2`, status ? [playerId, first, status.toLowerCase()] : [playerId, first]);
    },
    settle: (betId, forced, nowMs) => settleBet(db, ledger, betId, forced, nowMs),
    settleDue: (nowMs) => settleDueBets(db, ledger, nowMs),
    openSession: (input) => openSportsbookSession(db, input),
    session: (id) => sportsbookSession(db, id),
    bettorForSession: (id) => bettorForSession(db, id),
  };
}
