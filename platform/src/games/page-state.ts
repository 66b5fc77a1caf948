/**
 * What the game page draws: the session's balance, its game and stake ladder, its open and recent
 * rounds and, at a live table, the table's round. Reading it settles the session's due live bets
 * first, so a page never shows a drawn round as still open. Also refills a FUN session's balance.
 */
import { gameImageUrl } from '../media/artwork.ts';
import { betMinorIn } from '../catalogue/money.ts';
import type { Db } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { formatMinor } from '../ledger/money.ts';
import { betSteps } from './engines.ts';
import { liveTableState } from './live-tables.ts';
import type { SettleDue } from './live-tables.ts';
import type { RoundMoney } from './round-money.ts';
import { roundView, sessionRounds } from './rounds.ts';
import type { GameSessions } from './sessions.ts';
import { FUN_BALANCE_EUR_CENTS } from './types.ts';
import type { GameService } from './types.ts';

/** Creates the page-state part of the game service. */
export function createPageState(options: {
  db: Db;
  sessions: GameSessions;
  money: RoundMoney;
  secret: string;
  settleDue: SettleDue;
}): Pick<GameService, 'state' | 'resetFunBalance'> {
  const { db, sessions, money, secret } = options;

  const state: GameService['state'] = async (id) => {
    const now = Date.now();
    const { info: session } = await sessions.load(db, id, false);
    if (session.live) await options.settleDue(now, id);
    const { row } = await sessions.load(db, id, false);
    const { open, recent } = await sessionRounds(db, id);
    const { game, engine, live } = session;
    return {
      gameSessionId: id,
      mode: session.mode,
      currency: session.currency,
      balance: formatMinor(await money.balanceOf(db, row), session.currency),
      serverTime: now,
      game: {
        slug: game.slug,
        name: game.name,
        studio: game.studioName,
        engine,
        live,
        rtp: game.rtp,
        volatility: game.volatility,
        minBet: formatMinor(session.minBetMinor, session.currency),
        maxBet: formatMinor(session.maxBetMinor, session.currency),
        betSteps: betSteps(session.minBetMinor, session.maxBetMinor).map((step) => formatMinor(step, session.currency)),
        imageUrl: gameImageUrl(game.slug),
      },
      openRounds: open.map(roundView),
      recentRounds: recent.map(roundView),
      live: live && engine !== 'slot' && engine !== 'blackjack' ? liveTableState(secret, game.id, engine, now) : null,
    };
  };

  return {
    state,
    async resetFunBalance(id) {
      const { row } = await sessions.load(db, id, false);
      if (row.mode !== 'FUN') throw new PlatformError('BadUserInput', 'Only a play-for-fun session has a demo balance to refill');
      await db.query('update game_sessions set fun_balance_minor = $2 where id = $1', [id, betMinorIn(FUN_BALANCE_EUR_CENTS, row.currency).toString()]);
      return state(id);
    },
  };
}
