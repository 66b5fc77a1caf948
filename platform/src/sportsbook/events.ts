/**
 * The sandbox sportsbook's events at a moment: listing, looking one up by id, the per-sport counts
 * and the settlement rule (what a selection won or lost). Generated rather than stored: each sport
 * has a fixed timetable (sports.ts), so there are always events live and events coming up, on every
 * machine, with no seeding and nothing going stale; an event's teams and scoring follow from its id
 * (fixtures.ts) and its prices from simulating the rest of the match (odds.ts).
 */
import { fixture, tally } from './fixtures.ts';
import type { Fixture } from './fixtures.ts';
import { price } from './odds.ts';
import type { Market } from './odds.ts';
import { ANCHOR_MS, clockMinute, MINUTE_MS, SPORTS, SPORTS_BY_SLUG } from './sports.ts';
import type { SportModel } from './sports.ts';

export { formatOdds } from './odds.ts';
export type { Market, Outcome } from './odds.ts';
export { SPORT_SLUGS, SPORTS, totalUnit } from './sports.ts';

/** How far ahead events are listed. */
export const HORIZON_MS = 48 * 3600_000;

/** Status of an event at a moment. */
export type EventStatus = 'UPCOMING' | 'LIVE' | 'FINISHED';

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
  /** The match clock's minute (LIVE, in a sport with a clock), null otherwise. */
  minute: number | null;
  score: { home: number; away: number } | null;
  markets: Market[];
}

/** An event as it stands at a moment. */
function eventAt(event: Fixture, nowMs: number): SportsEvent {
  const { sport } = event;
  const status: EventStatus = nowMs < event.startsAt ? 'UPCOMING' : nowMs < event.endsAt ? 'LIVE' : 'FINISHED';
  const progress = status === 'UPCOMING' ? 0 : status === 'FINISHED' ? 1 : (nowMs - event.startsAt) / (event.endsAt - event.startsAt);
  const elapsedMin = Math.floor((nowMs - event.startsAt) / MINUTE_MS);
  const minute = status === 'LIVE' ? clockMinute(sport, elapsedMin) : null;
  const [home, away] = tally(event.scoring, progress, sport.unit);
  // Pre-match prices never move; live prices are re-quoted every minute.
  const markets = price(event, status === 'UPCOMING' ? 0 : progress, status === 'UPCOMING' ? -1 : elapsedMin).map((market) => ({
    ...market,
    // A finished event takes no bets; a live market all but decided is suspended by its pricing.
    suspended: market.suspended || status === 'FINISHED',
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
  const sport = match ? SPORTS_BY_SLUG.get(match[1] as string) : undefined;
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
