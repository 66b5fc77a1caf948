/**
 * The demo game server: game sessions (one per launch), rounds, and the money they move, put
 * together from one module per job:
 * - types.ts: what callers see (launches, sessions, rounds, page state, GameService);
 * - sessions.ts: launching, finding and loading sessions (expiry, sign-out);
 * - round-money.ts: stakes and payouts through the ledger (REAL) or the virtual balance (FUN);
 * - rounds.ts: stored rounds and the page's view of them;
 * - play.ts: bet limits, idempotent rounds, draws and blackjack moves;
 * - live-tables.ts: live table rounds and the settlement of their bets;
 * - page-state.ts: what the game page draws, and the FUN balance refill.
 */
import type { Db } from '../db/db.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { createLiveSettlement, liveSecret } from './live-tables.ts';
import { createPageState } from './page-state.ts';
import { createPlay } from './play.ts';
import type { Clock } from '../players/limits.ts';
import { createRoundMoney, type FreeSpinSource, type PayoutListener, type StakeListener } from './round-money.ts';
import { createGameSessions } from './sessions.ts';
import type { GameService } from './types.ts';

export { FUN_BALANCE_EUR_CENTS, GAME_SESSION_TTL_MS } from './types.ts';
export type { GameMode, GameService, GameSessionInfo, GameState, Launch, LaunchInput, PlayResult, RoundView } from './types.ts';

/** Creates the game server over the database, the catalogue and the ledger. */
export async function createGameService(options: { db: Db; ledger: Ledger; gameOrigin: () => string; clock?: Clock; onRealStake?: StakeListener; onRealPayout?: PayoutListener; freeSpins?: FreeSpinSource }): Promise<GameService> {
  const { db, ledger } = options;
  const secret = await liveSecret(db);
  const sessions = createGameSessions({ db, gameOrigin: options.gameOrigin });
  const money = createRoundMoney({
    db,
    ledger,
    ...(options.onRealStake ? { onRealStake: options.onRealStake } : {}),
    ...(options.onRealPayout ? { onRealPayout: options.onRealPayout } : {}),
    ...(options.freeSpins ? { freeSpins: options.freeSpins } : {}),
  });
  const settleDue = createLiveSettlement({ db, secret, money });
  const page = createPageState({ db, sessions, money, secret, settleDue });
  const rounds = createPlay({ sessions, money, clock: options.clock ?? (() => new Date()) });
  return {
    launch: sessions.launch,
    session: sessions.find,
    state: page.state,
    play: rounds.play,
    act: rounds.act,
    resetFunBalance: page.resetFunBalance,
    settleDue,
  };
}
