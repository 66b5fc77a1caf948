/**
 * The sandbox sportsbook's fixtures, generated rather than stored: each sport has a fixed
 * timetable (event k starts at ANCHOR + offset + k × interval), so there are always events live and
 * events coming up, on every machine, with no seeding and nothing going stale. Everything about
 * event k — teams, competition, how the scoring goes minute by minute, the final result — follows
 * from a seeded generator, so a bet's event can be rebuilt from its id alone (`<sport>-<k>`) when it
 * is settled. Odds come from simulating the rest of the match from its current score a few hundred
 * times, with a bookmaker's margin, and are quoted in hundredths (decimal odds 2.35 → 235).
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { createRandom } from '../catalogue/random.ts';
import type { Random } from '../catalogue/random.ts';

/** A sport's timetable and scoring model. */
interface SportModel {
  slug: string;
  name: string;
  /** Minutes between two events' starts. */
  intervalMin: number;
  /** Minutes from start to final whistle (as the demo plays it). */
  durationMin: number;
  /** Minutes of offset, so sports do not all start on the same minute. */
  offsetMin: number;
  /** Whether the winner market has a draw. */
  draw: boolean;
  /** Points per scoring event and the expected number of scoring events per side (before team strength). */
  unit: number;
  rate: number;
  /** Over/under line of the total market. */
  totalLine: number;
  /** Best-of sets/maps sports are played set by set instead of by scoring events. */
  bestOf?: number;
  competitions: string[];
  sides: string[];
}

const CITIES = [
  'Northport', 'Eastvale', 'Westholm', 'Southbridge', 'Kingsford', 'Ashby', 'Marlow', 'Ravensworth', 'Fairhaven', 'Stonemere',
  'Brightwater', 'Oakridge', 'Glenmoor', 'Highcliff', 'Larkspur', 'Thornbury', 'Redmarsh', 'Silverlake', 'Copperton', 'Windmere',
];

/** The sports (the TOP_SPORTS block's sports), all invented. */
export const SPORTS: readonly SportModel[] = [
  {
    slug: 'football', name: 'Football', intervalMin: 35, durationMin: 110, offsetMin: 0, draw: true, unit: 1, rate: 1.35, totalLine: 2.5,
    competitions: ['Northern Premier League', 'Continental Cup', 'Coastal Division'],
    sides: CITIES.map((city, index) => `${city} ${['Rovers', 'United', 'Athletic', 'City', 'Wanderers'][index % 5]}`),
  },
  {
    slug: 'ice-hockey', name: 'Ice hockey', intervalMin: 55, durationMin: 150, offsetMin: 7, draw: true, unit: 1, rate: 2.9, totalLine: 5.5,
    competitions: ['Frozen Lakes League', 'Arctic Championship'],
    sides: CITIES.map((city, index) => `${city} ${['Wolves', 'Lynx', 'Bears', 'Falcons'][index % 4]}`),
  },
  {
    slug: 'tennis', name: 'Tennis', intervalMin: 40, durationMin: 120, offsetMin: 13, draw: false, unit: 1, rate: 0, totalLine: 2.5, bestOf: 3,
    competitions: ['Harbour Open', 'Clay Masters', 'Indoor Classic'],
    sides: ['A. Lindqvist', 'M. Okafor', 'J. Moreau', 'K. Tanaka', 'S. Rossi', 'L. Novak', 'E. Hart', 'P. Silva', 'T. Berg', 'R. Costa', 'N. Ivanova', 'D. Keller', 'H. Park', 'C. Duarte', 'F. Walsh', 'I. Haddad'],
  },
  {
    slug: 'basketball', name: 'Basketball', intervalMin: 45, durationMin: 140, offsetMin: 21, draw: false, unit: 2, rate: 50, totalLine: 200.5,
    competitions: ['Metro Basketball League', 'Continental Hoops'],
    sides: CITIES.map((city, index) => `${city} ${['Comets', 'Giants', 'Storm', 'Kings'][index % 4]}`),
  },
  {
    slug: 'esports', name: 'Esports', intervalMin: 25, durationMin: 60, offsetMin: 3, draw: false, unit: 1, rate: 0, totalLine: 2.5, bestOf: 3,
    competitions: ['Nebula Masters', 'Pixel Arena League'],
    sides: ['Team Nebula', 'Vortex Five', 'Crimson Owls', 'Static Shock', 'Iron Lotus', 'Night Owls', 'Quantum Rift', 'Polar Byte', 'Hex Runners', 'Solar Flare'],
  },
  {
    slug: 'cricket', name: 'Cricket', intervalMin: 180, durationMin: 210, offsetMin: 30, draw: false, unit: 6, rate: 28, totalLine: 330.5,
    competitions: ['Twenty Overs Cup'],
    sides: CITIES.slice(0, 12).map((city) => `${city} Strikers`),
  },
  {
    slug: 'rugby', name: 'Rugby', intervalMin: 90, durationMin: 100, offsetMin: 45, draw: true, unit: 4, rate: 5.5, totalLine: 44.5,
    competitions: ['Union Championship'],
    sides: CITIES.slice(4, 16).map((city) => `${city} Rams`),
  },
  {
    slug: 'handball', name: 'Handball', intervalMin: 70, durationMin: 75, offsetMin: 17, draw: true, unit: 1, rate: 27, totalLine: 54.5,
    competitions: ['Nordic Handball League'],
    sides: CITIES.slice(2, 14).map((city) => `HK ${city}`),
  },
];
const BY_SLUG = new Map(SPORTS.map((sport) => [sport.slug, sport]));

/** The sport slugs. */
export const SPORT_SLUGS = SPORTS.map((sport) => sport.slug);

/** 2025-01-01 00:00 UTC: event numbers count from here. */
const ANCHOR_MS = Date.UTC(2025, 0, 1);
const MINUTE_MS = 60_000;
/** How far ahead events are listed. */
export const HORIZON_MS = 48 * 3600_000;
/** The bookmaker's margin on every market. */
const MARGIN = 0.06;
const SIMULATIONS = 200;

/** A scoring event: which side scored and when (0-1 of the match). */
interface Score {
  side: 0 | 1;
  at: number;
}

/** Everything fixed about one event. */
interface Fixture {
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

/** What a sport's total market counts (the page words the market from it). */
export function totalUnit(slug: string): 'sets' | 'maps' | 'goals' | 'runs' | 'points' {
  const sport = BY_SLUG.get(slug);
  if (sport?.bestOf) return slug === 'tennis' ? 'sets' : 'maps';
  return slug === 'football' || slug === 'ice-hockey' || slug === 'handball' ? 'goals' : slug === 'cricket' ? 'runs' : 'points';
}

/** Status of an event at a moment. */
export type EventStatus = 'UPCOMING' | 'LIVE' | 'FINISHED';

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

/** An event as listed at a moment. */
export interface SportsEvent {
  id: string;
  sport: string;
  sportName: string;
  competition: string;
  name: string;
  home: string;
  away: string;
  startsAt: string;
  endsAt: string;
  status: EventStatus;
  /** Minutes played (LIVE), null otherwise. */
  minute: number | null;
  score: { home: number; away: number } | null;
  markets: Market[];
}

function seedOf(text: string): number {
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
function simulate(random: Random, sport: SportModel, homeEdge: number): Score[] {
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
  for (const side of [0, 1] as const) {
    const share = side === 0 ? homeEdge : 1 - homeEdge;
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
function tally(scoring: readonly Score[], progress: number, unit: number): [number, number] {
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
function fixture(sport: SportModel, index: number): Fixture {
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

/** Prices per event and minute: the same minute's markets are priced once, the least recently asked go first. */
const oddsCache = new LRUCache<string, Market[]>({ max: 5000 });

/** Prices the markets from the score at progress by simulating the rest of the match. */
function price(event: Fixture, progress: number, minuteKey: number): Market[] {
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

/** An event as it stands at a moment. */
function eventAt(event: Fixture, nowMs: number): SportsEvent {
  const { sport } = event;
  const status: EventStatus = nowMs < event.startsAt ? 'UPCOMING' : nowMs < event.endsAt ? 'LIVE' : 'FINISHED';
  const progress = status === 'UPCOMING' ? 0 : status === 'FINISHED' ? 1 : (nowMs - event.startsAt) / (event.endsAt - event.startsAt);
  const minute = status === 'LIVE' ? Math.floor((nowMs - event.startsAt) / MINUTE_MS) : null;
  const [home, away] = tally(event.scoring, progress, sport.unit);
  // Pre-match prices never move; live prices are re-quoted every minute.
  const markets = price(event, status === 'UPCOMING' ? 0 : progress, status === 'UPCOMING' ? -1 : (minute ?? 0)).map((market) => ({
    ...market,
    suspended: status === 'FINISHED',
  }));
  return {
    id: event.id,
    sport: sport.slug,
    sportName: sport.name,
    competition: event.competition,
    name: `${event.home} – ${event.away}`,
    home: event.home,
    away: event.away,
    startsAt: new Date(event.startsAt).toISOString(),
    endsAt: new Date(event.endsAt).toISOString(),
    status,
    minute,
    score: status === 'UPCOMING' ? null : { home, away },
    markets,
  };
}

/** The event with this id at a moment, or null for an id that is not a fixture. */
export function sportsEvent(id: string, nowMs: number = Date.now()): SportsEvent | null {
  const match = /^([a-z-]+)-(\d{1,9})$/.exec(id);
  const sport = match ? BY_SLUG.get(match[1] as string) : undefined;
  if (!match || !sport) return null;
  return eventAt(fixture(sport, Number(match[2])), nowMs);
}

/** Live and upcoming events (within 48 hours), live first, then by start; optionally some sports, only live or only upcoming. */
export function listSportsEvents(options: { sport?: string | null; sports?: readonly string[] | null; live?: boolean | null; first: number; nowMs?: number }): SportsEvent[] {
  const nowMs = options.nowMs ?? Date.now();
  const wanted = options.sports ?? (options.sport ? [options.sport] : null);
  const sports = wanted ? SPORTS.filter((sport) => wanted.includes(sport.slug)) : SPORTS;
  // Timetable slots first (cheap), fixtures and prices only for the ones returned.
  const slots: { sport: SportModel; index: number; startsAt: number }[] = [];
  for (const sport of sports) {
    const interval = sport.intervalMin * MINUTE_MS;
    const base = ANCHOR_MS + sport.offsetMin * MINUTE_MS;
    // The oldest event still running started less than one duration ago.
    const firstIndex = Math.max(0, Math.floor((nowMs - sport.durationMin * MINUTE_MS - base) / interval) + 1);
    const lastIndex = Math.floor((nowMs + HORIZON_MS - base) / interval);
    for (let index = firstIndex; index <= lastIndex; index++) {
      const startsAt = base + index * interval;
      const live = startsAt <= nowMs;
      if (options.live === true && !live) break;
      if (options.live === false && live) continue;
      slots.push({ sport, index, startsAt });
    }
  }
  slots.sort((a, b) => a.startsAt - b.startsAt || a.sport.slug.localeCompare(b.sport.slug));
  return slots.slice(0, options.first).map((slot) => eventAt(fixture(slot.sport, slot.index), nowMs));
}

/** Each sport with its live and upcoming event counts. */
export function sportsSummary(nowMs: number = Date.now()): { slug: string; name: string; liveCount: number; upcomingCount: number }[] {
  return SPORTS.map((sport) => {
    const interval = sport.intervalMin * MINUTE_MS;
    const base = ANCHOR_MS + sport.offsetMin * MINUTE_MS;
    const lastStarted = Math.floor((nowMs - base) / interval);
    const firstRunning = Math.floor((nowMs - sport.durationMin * MINUTE_MS - base) / interval) + 1;
    const lastListed = Math.floor((nowMs + HORIZON_MS - base) / interval);
    return { slug: sport.slug, name: sport.name, liveCount: Math.max(0, lastStarted - firstRunning + 1), upcomingCount: Math.max(0, lastListed - lastStarted) };
  });
}

/** The final result of a selection, once its event has finished: won, lost (or null while it runs). */
export function selectionResult(eventId: string, marketId: string, outcomeId: string, nowMs: number = Date.now()): 'won' | 'lost' | null {
  const event = sportsEvent(eventId, nowMs);
  if (!event || event.status !== 'FINISHED' || !event.score) return null;
  const { home, away } = event.score;
  if (marketId === 'winner') {
    const winner = home > away ? 'home' : away > home ? 'away' : 'draw';
    return outcomeId === winner ? 'won' : 'lost';
  }
  const line = Number(event.markets.find((market) => market.id === 'total')?.line ?? 0);
  const over = home + away > line;
  return (outcomeId === 'over') === over ? 'won' : 'lost';
}

/** Decimal odds in hundredths as text ("2.35"). */
export function formatOdds(hundredths: number | bigint): string {
  const value = BigInt(hundredths);
  return `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;
}
