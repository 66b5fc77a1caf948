/**
 * Odds: from simulating the rest of the match from its current score a few hundred times, with a
 * bookmaker's margin, quoted in hundredths (decimal odds 2.35 → 235). Pre-match prices never move;
 * live prices are re-quoted every minute, and each minute's prices are worked out once.
 */
import { LRUCache } from 'lru-cache';
import { createRandom } from '../catalogue/random.ts';
import { seedOf, simulate, tally } from './fixtures.ts';
import type { Fixture } from './fixtures.ts';
import { totalUnit } from './sports.ts';

/** The bookmaker's margin on every price, taken off the winnings. */
const MARGIN = 0.06;
const SIMULATIONS = 200;

/** Below this chance an outcome is priced as this chance: the longest price a market shows (31.00). */
const MIN_PROBABILITY = 0.03;
/** At this chance of one outcome a live market is suspended. */
const DECIDED_PROBABILITY = 0.97;
/**
 * The price ladder books quote on (in hundredths): steps of 0.01 up to 2.00, then 0.02, 0.05, 0.10,
 * 0.20, 0.50 and 1.00, as on the exchanges' ladders.
 */
const LADDER: readonly [upTo: number, step: number][] = [[200, 1], [300, 2], [400, 5], [600, 10], [1000, 20], [2000, 50], [Infinity, 100]];

/** Decimal odds (as a number) rounded down to the nearest price on the ladder, in hundredths; 1.01 at least. */
export function onLadder(odds: number): number {
  // The small nudge keeps 2.28 at 228 (2.28 × 100 is 227.99999999999997 in binary floating point).
  const hundredths = Math.max(101, Math.floor(odds * 100 + 1e-9));
  const step = LADDER.find(([upTo]) => hundredths <= upTo)![1];
  return Math.max(101, Math.floor(hundredths / step) * step);
}

/** A market outcome with its price. */
export interface Outcome {
  id: string;
  name: string;
  /** Decimal odds in hundredths. */
  oddsHundredths: number;
}

/** A market of an event. */
export interface Market {
  id: 'winner' | 'total';
  name: string;
  line: string | null;
  /** No bets are taken (the event finished). */
  suspended: boolean;
  outcomes: Outcome[];
}

/** Prices per event and minute: the same minute's markets are priced once, the least recently asked go first. */
const oddsCache = new LRUCache<string, Market[]>({ max: 5000 });

/** Prices the markets from the score at progress by simulating the rest of the match. */
export function price(event: Fixture, progress: number, minuteKey: number): Market[] {
  const cacheKey = `${event.id}:${minuteKey}`;
  const cached = oddsCache.get(cacheKey);
  if (cached) return cached;
  const { sport } = event;
  const [home, away] = tally(event.scoring, progress, sport.unit);
  const random = createRandom(seedOf(`odds:${cacheKey}`));
  const counts = { home: 0, draw: 0, away: 0, over: 0 };
  for (let i = 0; i < SIMULATIONS; i++) {
    let h = home;
    let a = away;
    if (sport.bestOf) {
      // Sets already won count; the remaining sets are played out from the current set score.
      const needed = Math.ceil(sport.bestOf / 2);
      while (h < needed && a < needed) {
        if (random.next() < event.homeEdge) h++;
        else a++;
      }
    } else {
      // The rest of an imagined match, added to the real score so far.
      const [restHome, restAway] = tally(simulate(random, sport, event.homeEdge).filter((score) => score.at > progress), 1, sport.unit);
      h += restHome;
      a += restAway;
      if (!sport.draw && h === a) {
        if (random.next() < event.homeEdge) h += sport.unit;
        else a += sport.unit;
      }
    }
    if (h > a) counts.home++;
    else if (a > h) counts.away++;
    else counts.draw++;
    if (h + a > sport.totalLine) counts.over++;
  }
  const probabilityOf = (hits: number) => (hits + 0.5) / (SIMULATIONS + 1);
  // The margin comes off the winnings (a fair 2.00 pays 1.94), so a favourite's price stays above 1.00.
  const quote = (hits: number) => onLadder(1 + (1 / Math.max(probabilityOf(hits), MIN_PROBABILITY) - 1) * (1 - MARGIN));
  // A live market whose outcome is all but decided takes no bets, as a book's would (it would
  // otherwise offer 1.01 against its longest price, the same pair on every such event).
  const decided = (...hits: number[]) => progress > 0 && hits.some((count) => probabilityOf(count) >= DECIDED_PROBABILITY);
  const winner: Outcome[] = [
    { id: 'home', name: event.home, oddsHundredths: quote(counts.home) },
    ...(sport.draw ? [{ id: 'draw', name: 'Draw', oddsHundredths: quote(counts.draw) }] : []),
    { id: 'away', name: event.away, oddsHundredths: quote(counts.away) },
  ];
  const unitName = totalUnit(sport.slug);
  const markets: Market[] = [
    { id: 'winner', name: sport.draw ? 'Match result' : 'Winner', line: null, suspended: decided(counts.home, counts.draw, counts.away), outcomes: winner },
    {
      id: 'total',
      name: `Total ${unitName}`,
      line: sport.totalLine.toFixed(1),
      suspended: decided(counts.over, SIMULATIONS - counts.over),
      outcomes: [
        { id: 'over', name: `Over ${sport.totalLine.toFixed(1)}`, oddsHundredths: quote(counts.over) },
        { id: 'under', name: `Under ${sport.totalLine.toFixed(1)}`, oddsHundredths: quote(SIMULATIONS - counts.over) },
      ],
    },
  ];
  oddsCache.set(cacheKey, markets);
  return markets;
}

/** Decimal odds in hundredths as text ("2.35"). */
export function formatOdds(hundredths: number | bigint): string {
  const value = BigInt(hundredths);
  return `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;
}
