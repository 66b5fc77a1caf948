/**
 * Playing a round: the bet limits, the idempotent round id, the draw and the blackjack moves. A slot
 * or shared-draw round settles at once; a blackjack hand stays open until it is finished; a live
 * table bet waits for its table round (live-tables.ts). Outcomes are drawn here, from the session's
 * secret seed and the round id: never by the page.
 */
import type { Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { formatMinor, parseAmount } from '../ledger/money.ts';
import { assertMayBet } from '../players/protection.ts';
import { assertWithinPlayLimits, lockPlayerForMoney, type Clock } from '../players/limits.ts';
import type { BlackjackHand } from './engines.ts';
import { actBlackjack, blackjackWin, dealBlackjack, drawShared, parseChoice, roundRandom, settleShared, spinSlot } from './engines.ts';
import { liveRoundAt } from './live.ts';
import type { RoundMoney } from './round-money.ts';
import { insertRound, roundOf, roundView, updateHand } from './rounds.ts';
import type { NewRound, RoundRow } from './rounds.ts';
import type { GameSessions, SessionRow } from './sessions.ts';
import type { GameService, PlayResult } from './types.ts';

/** A round id: what the page sends to make its request idempotent. */
const ROUND_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Creates the playing part of the game service. */
export function createPlay(options: { sessions: GameSessions; money: RoundMoney; clock: Clock }): Pick<GameService, 'play' | 'act'> {
  const { sessions, money, clock } = options;

  const result = async (on: Queryable, row: SessionRow, round: RoundRow, replayed: boolean): Promise<PlayResult> => ({
    round: roundView(round),
    balance: formatMinor(await money.balanceOf(on, row), row.currency),
    currency: row.currency,
    replayed,
  });

  return {
    async play(id, input) {
      const roundId = String(input.roundId ?? '');
      if (!ROUND_ID.test(roundId)) {
        throw new PlatformError('BadUserInput', 'roundId must be 8 to 64 letters, digits, dashes or underscores, new for every round and the same when retrying one');
      }
      return money.committed(async (tx, posted) => {
        const { row, info: session } = await sessions.load(tx, id, true);
        const betText = String(input.bet ?? '');
        const betMinor = parseAmount(betText, session.currency, 'bet');
        const choice = parseChoice(session.engine, input.choice);
        const existing = await roundOf(tx, id, roundId);
        if (existing) {
          // A retry of the same round: same stake and pick, or it is a different round under a reused id.
          if (BigInt(existing.bet_minor) !== betMinor || JSON.stringify(existing.choice) !== JSON.stringify(choice)) {
            throw new PlatformError('IdempotencyConflict', `Round ${roundId} was already played with a different bet or pick: use a new roundId for a new round`);
          }
          return result(tx, row, existing, true);
        }
        if (betMinor < session.minBetMinor || betMinor > session.maxBetMinor) {
          throw new PlatformError(
            'BadUserInput',
            `The bet must be between ${formatMinor(session.minBetMinor, session.currency)} and ${formatMinor(session.maxBetMinor, session.currency)} ${session.currency} for ${session.game.name}, not ${betText}`,
          );
        }
        if (row.mode === 'REAL') {
          const playerId = row.player_id as string;
          // The player's row before the wallet's (the ledger's): stakes of one player are counted one at a time.
          await lockPlayerForMoney(tx, playerId);
          await assertMayBet(tx, playerId);
          await assertWithinPlayLimits(tx, { playerId, stakeMinor: betMinor, currency: session.currency, product: 'casino', sid: row.sid, now: clock() });
        }

        const insert = (drawn: Pick<NewRound, 'status' | 'winMinor' | 'outcome' | 'tableRound'>) =>
          insertRound(tx, {
            gameSessionId: id, roundId, gameId: row.game_id, playerId: row.player_id, mode: row.mode, engine: session.engine,
            currency: session.currency, betMinor, choice, ...drawn,
          });

        if (session.live) {
          const table = liveRoundAt(session.game.id, Date.now());
          if (table.phase !== 'betting') {
            const opensIn = Math.ceil((table.endsAt - Date.now()) / 1000);
            throw new PlatformError('BadUserInput', `Bets are closed for round ${table.round} of ${session.game.name}: the next round opens in ${opensIn} s`, { opensInSeconds: opensIn });
          }
          await money.takeStake(tx, row, roundId, betMinor, posted);
          return result(tx, row, await insert({ status: 'open', winMinor: null, outcome: null, tableRound: table.round }), false);
        }

        await money.takeStake(tx, row, roundId, betMinor, posted);
        if (session.engine === 'blackjack') {
          const hand = dealBlackjack(row.server_seed, roundId);
          const win = hand.finished ? blackjackWin(hand, betMinor) : null;
          const inserted = await insert({ status: hand.finished ? 'settled' : 'open', winMinor: win, outcome: hand as unknown as Record<string, unknown>, tableRound: null });
          if (win !== null) await money.payOut(tx, row, roundId, win, posted);
          return result(tx, row, inserted, false);
        }
        // The outcome is drawn here, from the session's secret seed and the round id: never by the page.
        const random = roundRandom(row.server_seed, roundId);
        const drawn =
          session.engine === 'slot' ? spinSlot(random, betMinor) : settleShared(session.engine, choice ?? {}, drawShared(session.engine, random), betMinor);
        const inserted = await insert({ status: 'settled', winMinor: drawn.winMinor, outcome: drawn.outcome, tableRound: null });
        await money.payOut(tx, row, roundId, drawn.winMinor, posted);
        return result(tx, row, inserted, false);
      });
    },

    async act(id, roundId, input) {
      const action = String(input.action ?? '');
      if (action !== 'hit' && action !== 'stand') throw new PlatformError('BadUserInput', `action "${action}" is not a blackjack move: use hit or stand`);
      return money.committed(async (tx, posted) => {
        const { row, info: session } = await sessions.load(tx, id, true);
        if (session.engine !== 'blackjack') throw new PlatformError('BadUserInput', `${session.game.name} has no hit or stand: only blackjack tables do`);
        const round = await roundOf(tx, id, roundId, true);
        if (!round) throw new PlatformError('NotFound', `No round "${roundId}" in this game session: deal a hand first`);
        const hand = round.outcome as unknown as BlackjackHand;
        // A finished hand, or a click the page sent twice (it saw fewer cards than there are), changes nothing.
        if (round.status === 'settled' || (input.step !== undefined && Number(input.step) !== hand.player.length)) {
          return result(tx, row, round, true);
        }
        const next = actBlackjack(hand, action, row.server_seed, roundId);
        const win = next.finished ? blackjackWin(next, BigInt(round.bet_minor)) : null;
        const updated = await updateHand(tx, round.id, next, win);
        if (win !== null) await money.payOut(tx, row, roundId, win, posted);
        return result(tx, row, updated, false);
      });
    },
  };
}
