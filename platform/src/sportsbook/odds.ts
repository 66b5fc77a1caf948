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

/** The bookmaker's margin on every market. */
const MARGIN = 0.06;
const SIMULATIONS = 200;

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
  const quote = (hits: number) => {
    const probability = Math.min(Math.max((hits + 0.5) / (SIMULATIONS + 1), 0.02), 0.985);
    return Math.max(101, Math.round(100 / (probability * (1 + MARGIN))));
  };
  const winner: Outcome[] = [
    { id: 'home', name: event.home, oddsHundredths: quote(counts.home) },
    ...(sport.draw ? [{ id: 'draw', name: 'Draw', oddsHundredths: quote(counts.draw) }] : []),
    { id: 'away', name: event.away, oddsHundredths: quote(counts.away) },
  ];
  const unitName = totalUnit(sport.slug);
  const markets: Market[] = [
    { id: 'winner', name: sport.draw ? 'Match result' : 'Winner', line: null, suspended: false, outcomes: winner },
    {
      id: 'total',
      name: `Total ${unitName}`,
      line: sport.totalLine.toFixed(1),
      suspended: false,
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
