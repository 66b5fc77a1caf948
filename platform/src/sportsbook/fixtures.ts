/**
 * An event's fixture, generated rather than stored: everything about event k of a sport (teams,
 * competition, how the scoring goes minute by minute, the final result) follows from a generator
 * seeded by its id, so a bet's event can be rebuilt from `<sport>-<k>` alone when it is settled.
 */
import { createHash } from 'node:crypto';
import { createRandom } from '../catalogue/random.ts';
import type { Random } from '../catalogue/random.ts';
import { ANCHOR_MS, MINUTE_MS } from './sports.ts';
import type { SportModel } from './sports.ts';

/** A scoring event: which side scored and when (0-1 of the match). */
export interface Score {
  side: 0 | 1;
  at: number;
}

/** Everything fixed about one event. */
export interface Fixture {
  id: string;
  sport: SportModel;
  index: number;
  home: string;
  away: string;
  competition: string;
  startsAt: number;
  endsAt: number;
  /** Each side's share of the play (0.25-0.75), from a seeded strength. */
  homeEdge: number;
  /** The whole match as it will be played. */
  scoring: Score[];
}

/** A 32-bit seed from a text. */
export function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

/** Poisson sample (Knuth; rates here are small or split into chunks). */
function poisson(random: Random, rate: number): number {
  let count = 0;
  let remaining = rate;
  // Large rates are drawn in chunks so exp(-rate) never underflows.
  while (remaining > 0) {
    const step = Math.min(remaining, 20);
    remaining -= step;
    const limit = Math.exp(-step);
    let product = random.next();
    while (product > limit) {
      count++;
      product *= random.next();
    }
  }
  return count;
}

/** One simulated match: its scoring events in time order. */
export function simulate(random: Random, sport: SportModel, homeEdge: number): Score[] {
  const scores: Score[] = [];
  if (sport.bestOf) {
    const needed = Math.ceil(sport.bestOf / 2);
    const won = [0, 0];
    let set = 0;
    while (won[0] !== needed && won[1] !== needed) {
      const side = random.next() < homeEdge ? 0 : 1;
      won[side] = (won[side] ?? 0) + 1;
      set++;
      scores.push({ side, at: set / sport.bestOf });
    }
    return scores;
  }
  // The stronger side's edge per score shrinks as scores come thicker: over a hundred baskets a
  // 70/30 split would make every game a rout, where a few goals leave an upset likely.
  const edge = 0.5 + (homeEdge - 0.5) / Math.sqrt(Math.max(sport.rate, 1));
  for (const side of [0, 1] as const) {
    const share = side === 0 ? edge : 1 - edge;
    const count = poisson(random, sport.rate * 2 * share);
    for (let i = 0; i < count; i++) scores.push({ side, at: random.next() });
  }
  scores.sort((a, b) => a.at - b.at);
  if (!sport.draw) {
    // No draws in this sport: a level match is settled by one more score at the very end.
    const [h, a] = tally(scores, 1, 1);
    if (h === a) scores.push({ side: random.next() < homeEdge ? 0 : 1, at: 1 });
  }
  return scores;
}

/** Points per side of the scoring events up to progress (0-1). */
export function tally(scoring: readonly Score[], progress: number, unit: number): [number, number] {
  let home = 0;
  let away = 0;
  for (const score of scoring) {
    if (score.at > progress) break;
    if (score.side === 0) home += unit;
    else away += unit;
  }
  return [home, away];
}

/** The fixture of event k of a sport. */
export function fixture(sport: SportModel, index: number): Fixture {
  const random = createRandom(seedOf(`sportsbook:${sport.slug}:${index}`));
  const homeIndex = random.int(0, sport.sides.length - 1);
  let awayIndex = random.int(0, sport.sides.length - 2);
  if (awayIndex >= homeIndex) awayIndex++;
  const startsAt = ANCHOR_MS + (sport.offsetMin + index * sport.intervalMin) * MINUTE_MS;
  const homeEdge = 0.3 + random.next() * 0.4;
  return {
    id: `${sport.slug}-${index}`,
    sport,
    index,
    home: sport.sides[homeIndex] as string,
    away: sport.sides[awayIndex] as string,
    competition: random.pick(sport.competitions),
    startsAt,
    endsAt: startsAt + sport.durationMin * MINUTE_MS,
    homeEdge,
    scoring: simulate(random, sport, homeEdge),
  };
}
