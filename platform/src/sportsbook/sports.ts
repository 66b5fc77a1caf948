/**
 * The sandbox sportsbook's sports: each one's timetable (event k starts at ANCHOR + offset + k ×
 * interval), scoring model, competitions and sides, all invented.
 */

/** A sport's timetable and scoring model. */
export interface SportModel {
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
  /**
   * The match clock a book shows: periods of so many minutes, with breaks between them (the wall
   * time of the event is shared out among the periods). Sports without one (tennis, esports,
   * cricket) show no minute.
   */
  clock?: MatchClock;
  competitions: string[];
  sides: string[];
}

/** A sport's match clock. */
export interface MatchClock {
  periods: number;
  periodMin: number;
  breakMin: number;
}

const CITIES = [
  'Northport', 'Eastvale', 'Westholm', 'Southbridge', 'Kingsford', 'Ashby', 'Marlow', 'Ravensworth', 'Fairhaven', 'Stonemere',
  'Brightwater', 'Oakridge', 'Glenmoor', 'Highcliff', 'Larkspur', 'Thornbury', 'Redmarsh', 'Silverlake', 'Copperton', 'Windmere',
];

/** The sports (the TOP_SPORTS block's sports), all invented. */
export const SPORTS: readonly SportModel[] = [
  {
    slug: 'football', name: 'Football', intervalMin: 35, durationMin: 110, offsetMin: 0, draw: true, unit: 1, rate: 1.35, totalLine: 2.5,
    clock: { periods: 2, periodMin: 45, breakMin: 15 },
    competitions: ['Northern Premier League', 'Continental Cup', 'Coastal Division'],
    sides: CITIES.map((city, index) => `${city} ${['Rovers', 'United', 'Athletic', 'City', 'Wanderers'][index % 5]}`),
  },
  {
    slug: 'ice-hockey', name: 'Ice hockey', intervalMin: 55, durationMin: 150, offsetMin: 7, draw: true, unit: 1, rate: 2.9, totalLine: 5.5,
    clock: { periods: 3, periodMin: 20, breakMin: 18 },
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
    clock: { periods: 4, periodMin: 10, breakMin: 5 },
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
    clock: { periods: 2, periodMin: 40, breakMin: 12 },
    competitions: ['Union Championship'],
    sides: CITIES.slice(4, 16).map((city) => `${city} Rams`),
  },
  {
    slug: 'handball', name: 'Handball', intervalMin: 70, durationMin: 75, offsetMin: 17, draw: true, unit: 1, rate: 27, totalLine: 54.5,
    clock: { periods: 2, periodMin: 30, breakMin: 10 },
    competitions: ['Nordic Handball League'],
    sides: CITIES.slice(2, 14).map((city) => `HK ${city}`),
  },
];

/** The sports by slug. */
export const SPORTS_BY_SLUG = new Map(SPORTS.map((sport) => [sport.slug, sport]));

/** The sport slugs. */
export const SPORT_SLUGS = SPORTS.map((sport) => sport.slug);

/** 2025-01-01 00:00 UTC: event numbers count from here. */
export const ANCHOR_MS = Date.UTC(2025, 0, 1);
/** A minute, the timetable's unit. */
export const MINUTE_MS = 60_000;

/** What a sport's total market counts (the page words the market from it). */
export function totalUnit(slug: string): 'sets' | 'maps' | 'goals' | 'runs' | 'points' {
  const sport = SPORTS_BY_SLUG.get(slug);
  if (sport?.bestOf) return slug === 'tennis' ? 'sets' : 'maps';
  return slug === 'football' || slug === 'ice-hockey' || slug === 'handball' ? 'goals' : slug === 'cricket' ? 'runs' : 'points';
}

/**
 * The minute a book's clock shows `elapsedMin` wall minutes into an event: the period's running
 * clock (from 1, as "1'"), stopped at the period's end through stoppage time and the break after it;
 * null for a sport without a clock.
 */
export function clockMinute(sport: SportModel, elapsedMin: number): number | null {
  const { clock } = sport;
  if (!clock) return null;
  const periodWall = (sport.durationMin - (clock.periods - 1) * clock.breakMin) / clock.periods;
  const slot = periodWall + clock.breakMin;
  const period = Math.min(Math.floor(elapsedMin / slot), clock.periods - 1);
  const intoPeriod = elapsedMin - period * slot;
  // The clock runs a little faster than the wall while the period lasts: its last wall minutes are stoppage time.
  const played = Math.min(Math.floor((intoPeriod / (periodWall * 0.94)) * clock.periodMin) + 1, clock.periodMin);
  return period * clock.periodMin + played;
}
