/**
 * Live tables run on a clock, like a studio with a dealer: every table deals one round every
 * LIVE_CYCLE_MS, shared by everyone seated. Bets are taken while the round is open, then the round
 * is drawn and its result shown. A table's rounds are numbered from the Unix epoch (offset per table
 * so the studio's tables do not all spin at once), so any process can tell which round is running
 * without storing a schedule, and a round's outcome is HMAC(live secret, table · round): the same for
 * every player and every process, and unknowable before the platform reveals it.
 */
import { createHash } from 'node:crypto';
import type { Engine, RoundRandom } from './engines.ts';
import { drawShared, roundRandom } from './engines.ts';

/** Length of one live round. */
export const LIVE_CYCLE_MS = 25_000;
/** Bets are taken for this long after a round opens. */
export const LIVE_BETTING_MS = 15_000;
/** The result is drawn and shown this long after the round opens (the gap is the spin or the deal). */
export const LIVE_RESULT_MS = 20_000;

/** Where a table's round stands. */
export type LivePhase = 'betting' | 'drawing' | 'result';

/** The timing of one table round (epoch milliseconds). */
export interface LiveRound {
  round: number;
  startsAt: number;
  bettingClosesAt: number;
  resultAt: number;
  endsAt: number;
}

/** A table's fixed offset within the cycle, from its game id. */
export function liveOffsetMs(gameId: string): number {
  return createHash('sha256').update(`live-offset:${gameId}`).digest().readUInt32BE(0) % LIVE_CYCLE_MS;
}

/** The timing of a table's round number. */
export function liveRoundTimes(gameId: string, round: number): LiveRound {
  const startsAt = round * LIVE_CYCLE_MS + liveOffsetMs(gameId);
  return { round, startsAt, bettingClosesAt: startsAt + LIVE_BETTING_MS, resultAt: startsAt + LIVE_RESULT_MS, endsAt: startsAt + LIVE_CYCLE_MS };
}

/** The round a table is on at a moment, and its phase. */
export function liveRoundAt(gameId: string, nowMs: number): LiveRound & { phase: LivePhase } {
  const round = Math.floor((nowMs - liveOffsetMs(gameId)) / LIVE_CYCLE_MS);
  const times = liveRoundTimes(gameId, round);
  const phase: LivePhase = nowMs < times.bettingClosesAt ? 'betting' : nowMs < times.resultAt ? 'drawing' : 'result';
  return { ...times, phase };
}

/** The randomness of one table round. */
function liveRandom(secret: string, gameId: string, round: number): RoundRandom {
  return roundRandom(secret, `live:${gameId}:${round}`);
}

/** The shared outcome of a table round (call only once the round's resultAt has passed, or to settle). */
export function liveOutcome(secret: string, gameId: string, round: number, engine: Exclude<Engine, 'slot' | 'blackjack'>): Record<string, unknown> {
  return drawShared(engine, liveRandom(secret, gameId, round));
}
