/**
 * Builds the demo catalogue from a fixed seed: 440 invented games over 16 invented studios, their
 * categories and the game lists. Pure and deterministic, so a fresh database always holds the
 * same games with the same ids, slugs and order.
 */
import {
  ADJECTIVES, CATEGORIES, GAME_LISTS, GAME_SHOWS, INSTANT_SHAPES, LIVE_VENUES, NOUNS, PLACES, STUDIOS, SUFFIXES,
  TABLE_VARIANTS,
} from './vocabulary.ts';
import type { StudioSeed } from './vocabulary.ts';
import { createRandom, slugify, stableId } from './random.ts';
import type { Random } from './random.ts';

/** Bumping the seed reshuffles the whole catalogue; existing databases keep the one they were seeded with. */
export const CATALOGUE_SEED = 20_24_11_22;

/** One seeded game, in database units (bets in EUR cents, RTP in hundredths of a percent). */
export interface SeedGame {
  id: string;
  lookupId: string;
  idx: number;
  slug: string;
  name: string;
  studioSlug: string;
  categories: string[];
  rtpHundredths: number;
  volatility: 'low' | 'medium' | 'high';
  minBetMinor: number;
  maxBetMinor: number;
  hasBonus: boolean;
  isLiveCasino: boolean;
  isJackpot: boolean;
  isMegaways: boolean;
  playForFun: boolean;
  restrictedLicences: string[];
  restrictedCountries: string[];
  releasedAt: string;
  /** How often the game is played (seeded); orders most lists. Not stored. */
  popularity: number;
}

/** The whole seeded catalogue. */
export interface Catalogue {
  studios: { slug: string; name: string; idx: number; isLive: boolean }[];
  categories: { slug: string; name: string; idx: number }[];
  games: SeedGame[];
  lists: { slug: string; name: string; kind: 'fixed' | 'editorial'; idx: number; gameIds: string[] }[];
}

type Kind =
  | { family: 'slot'; flavour: 'plain' | 'jackpot' | 'megaways' }
  | { family: 'table'; game: keyof typeof TABLE_VARIANTS }
  | { family: 'live'; game: 'blackjack' | 'roulette' | 'baccarat' | 'game-shows' }
  | { family: 'instant' };

/** How many games of each kind the catalogue holds. */
const QUOTAS: readonly [Kind, number][] = [
  [{ family: 'slot', flavour: 'plain' }, 220],
  [{ family: 'slot', flavour: 'jackpot' }, 40],
  [{ family: 'slot', flavour: 'megaways' }, 40],
  [{ family: 'table', game: 'blackjack' }, 18],
  [{ family: 'table', game: 'roulette' }, 18],
  [{ family: 'table', game: 'baccarat' }, 10],
  [{ family: 'table', game: 'poker' }, 10],
  [{ family: 'live', game: 'blackjack' }, 16],
  [{ family: 'live', game: 'roulette' }, 16],
  [{ family: 'live', game: 'baccarat' }, 12],
  [{ family: 'live', game: 'game-shows' }, 16],
  [{ family: 'instant' }, 24],
];

/**
 * Restrictions handed out to a few games, so filtering by licence and country is real. CA-ON is a
 * subdivision restriction: it only applies when ipCountryCode is CA and subDivision is ON.
 */
const RESTRICTIONS: readonly { licences: string[]; countries: string[] }[] = [
  { licences: ['est'], countries: [] }, { licences: ['est'], countries: [] }, { licences: ['est'], countries: [] },
  { licences: ['anj'], countries: [] }, { licences: ['anj'], countries: [] }, { licences: ['anj', 'est'], countries: [] },
  { licences: ['mga'], countries: [] }, { licences: ['crc'], countries: [] },
  { licences: [], countries: ['FI'] }, { licences: [], countries: ['FI'] }, { licences: [], countries: ['FI', 'NO'] },
  { licences: [], countries: ['DE'] }, { licences: [], countries: ['DE', 'AT'] },
  { licences: [], countries: ['CA-ON'] }, { licences: [], countries: ['CA-ON'] }, { licences: [], countries: ['CA-ON', 'CA-QC'] },
  { licences: [], countries: ['CA'] }, { licences: [], countries: ['NZ'] }, { licences: [], countries: ['JP'] },
  { licences: ['cos'], countries: ['ZA'] }, { licences: [], countries: ['IN'] }, { licences: [], countries: ['SE'] },
];

const RELEASE_START = Date.UTC(2018, 0, 1);
const RELEASE_END = Date.UTC(2026, 9, 31);
const DAY_MS = 86_400_000;

/** Generates the catalogue for a seed (default: the platform's fixed seed). */
export function generateCatalogue(seed: number = CATALOGUE_SEED): Catalogue {
  const random = createRandom(seed);
  const names = new Set<string>();
  const perStudio = new Map<string, number>();
  const drafts: Omit<SeedGame, 'idx' | 'restrictedLicences' | 'restrictedCountries'>[] = [];

  for (const [kind, count] of QUOTAS) {
    for (let i = 0; i < count; i++) {
      const studio = pickStudio(random, kind);
      const name = uniqueName(random, kind, names);
      const serial = (perStudio.get(studio.slug) ?? 0) + 1;
      perStudio.set(studio.slug, serial);
      const slug = slugify(name);
      drafts.push({
        id: stableId(`game:${slug}`),
        lookupId: `${studioCode(studio.slug)}-${String(1000 + serial)}`,
        slug,
        name,
        studioSlug: studio.slug,
        ...traits(random, kind),
        releasedAt: new Date(RELEASE_START + random.int(0, (RELEASE_END - RELEASE_START) / DAY_MS) * DAY_MS).toISOString(),
        popularity: Math.round(random.next() ** 2 * 10_000),
      });
    }
  }

  const games: SeedGame[] = random
    .shuffle(drafts)
    .map((draft, index) => ({ ...draft, idx: index + 1, restrictedLicences: [], restrictedCountries: [] }));
  // Only slots and live games carry restrictions, so the big slots and live lists always show filtering.
  const restrictable = random.shuffle(games.filter((game) => !game.categories.includes('instant-win')));
  RESTRICTIONS.forEach((restriction, index) => {
    const game = restrictable[index] as SeedGame;
    game.restrictedLicences = restriction.licences;
    game.restrictedCountries = restriction.countries;
  });

  return {
    studios: STUDIOS.map((studio, index) => ({ slug: studio.slug, name: studio.name, idx: index + 1, isLive: studio.isLive })),
    categories: CATEGORIES.map((category, index) => ({ ...category, idx: index + 1 })),
    games,
    lists: GAME_LISTS.map((list, index) => ({ ...list, idx: index + 1, gameIds: listMembers(list.slug, games, random) })),
  };
}

/** The games of a list, in list order. */
function listMembers(slug: string, games: SeedGame[], random: Random): string[] {
  const byPopularity = [...games].sort((a, b) => b.popularity - a.popularity || a.idx - b.idx);
  const ids = (selected: SeedGame[]) => selected.map((game) => game.id);
  const has = (category: string) => (game: SeedGame) => game.categories.includes(category);
  switch (slug) {
    case 'blackjack': return ids(byPopularity.filter(has('blackjack')));
    case 'roulette': return ids(byPopularity.filter(has('roulette')));
    case 'slots': return ids(byPopularity.filter(has('slots')));
    case 'table-games': return ids(byPopularity.filter(has('table-games')));
    case 'live-casino': return ids(byPopularity.filter((game) => game.isLiveCasino));
    case 'jackpots': return ids(byPopularity.filter((game) => game.isJackpot));
    case 'megaways': return ids(byPopularity.filter((game) => game.isMegaways));
    case 'bonus': return ids(byPopularity.filter((game) => game.hasBonus));
    case 'new': return ids([...games].sort((a, b) => b.releasedAt.localeCompare(a.releasedAt) || a.idx - b.idx).slice(0, 48));
    case 'hot-games': return ids(random.shuffle(byPopularity.slice(0, 90)).slice(0, 40));
    case 'popular': return ids(byPopularity.slice(0, 36));
    case 'recommended': return ids(random.shuffle(games.filter((game) => game.playForFun)).slice(0, 30));
    case 'staff-picks': return ids(random.shuffle(byPopularity.slice(100, 300)).slice(0, 24));
    default: throw new Error(`No membership rule for game list "${slug}" in generate.ts`);
  }
}

/** A studio for a kind of game, weighted by how much of that kind each studio makes. */
function pickStudio(random: Random, kind: Kind): StudioSeed {
  const weight = (studio: StudioSeed) =>
    kind.family === 'slot' ? studio.slotWeight
      : kind.family === 'table' ? studio.tableWeight
        : kind.family === 'live' ? studio.liveWeight
          : studio.instantWeight;
  const total = STUDIOS.reduce((sum, studio) => sum + weight(studio), 0);
  let ticket = random.next() * total;
  for (const studio of STUDIOS) {
    ticket -= weight(studio);
    if (ticket < 0) return studio;
  }
  return STUDIOS[0] as StudioSeed;
}

/** A display name for a kind of game that no other game has. */
function uniqueName(random: Random, kind: Kind, taken: Set<string>): string {
  for (let attempt = 0; attempt < 200; attempt++) {
    const name = draftName(random, kind, attempt);
    if (!taken.has(name) && !taken.has(slugify(name))) {
      taken.add(name);
      taken.add(slugify(name));
      return name;
    }
  }
  throw new Error(`Ran out of unique names for ${JSON.stringify(kind)}: extend the vocabulary`);
}

function draftName(random: Random, kind: Kind, attempt: number): string {
  const adjective = random.pick(ADJECTIVES);
  const noun = random.pick(NOUNS);
  switch (kind.family) {
    case 'slot': {
      const base = random.chance(0.2) ? `${noun} of ${random.pick(PLACES)}` : `${adjective} ${noun}`;
      if (kind.flavour === 'jackpot') return `${base} ${random.pick(['Jackpot', 'Mega Pots', 'Power Pots'])}`;
      if (kind.flavour === 'megaways') return `${base} Megaways`;
      return random.chance(0.25) ? `${base} ${random.pick(SUFFIXES)}` : base;
    }
    case 'table': {
      const variant = random.pick(TABLE_VARIANTS[kind.game]);
      const name = `${variant} ${kind.game[0]?.toUpperCase()}${kind.game.slice(1)}`;
      return attempt > 20 ? `${name} ${random.pick(['Pro', 'Gold', 'Deluxe', 'Classic'])}` : name;
    }
    case 'live': {
      if (kind.game === 'game-shows') {
        const show = random.pick(GAME_SHOWS);
        return attempt > 20 ? `${show} ${random.pick(['Live', 'Deluxe', 'XL'])}` : show;
      }
      const title = `${kind.game[0]?.toUpperCase()}${kind.game.slice(1)}`;
      return `${random.pick(LIVE_VENUES)} ${title}${attempt > 20 ? ` ${random.int(2, 9)}` : ''} Live`;
    }
    case 'instant':
      return `${random.pick(INSTANT_SHAPES)} ${random.chance(0.5) ? adjective : noun}`;
  }
}

/** The traits that follow from a game's kind, with seeded variation. */
function traits(random: Random, kind: Kind) {
  const base = { hasBonus: false, isLiveCasino: false, isJackpot: false, isMegaways: false, playForFun: true };
  switch (kind.family) {
    case 'slot': {
      const categories = ['slots'];
      if (kind.flavour === 'jackpot') categories.push('jackpots');
      if (kind.flavour === 'megaways') categories.push('megaways');
      return {
        ...base,
        categories,
        rtpHundredths: kind.flavour === 'jackpot' ? random.int(9200, 9500) : random.int(9400, 9750),
        volatility: kind.flavour === 'jackpot' ? ('high' as const) : random.pick(['low', 'medium', 'medium', 'high'] as const),
        minBetMinor: random.pick([10, 10, 20, 20, 25, 50]),
        maxBetMinor: random.pick([2000, 5000, 10000, 10000, 25000]),
        hasBonus: random.chance(0.55),
        isJackpot: kind.flavour === 'jackpot',
        isMegaways: kind.flavour === 'megaways',
        // Progressive jackpots pool real money, so most have no demo mode.
        playForFun: kind.flavour !== 'jackpot' || random.chance(0.3),
      };
    }
    case 'table':
      return {
        ...base,
        categories: ['table-games', kind.game],
        rtpHundredths: kind.game === 'blackjack' ? random.int(9940, 9960) : kind.game === 'roulette' ? random.pick([9730, 9474, 9865]) : random.int(9750, 9890),
        volatility: 'low' as const,
        minBetMinor: random.pick([50, 100, 100, 200]),
        maxBetMinor: random.pick([20000, 50000, 100000]),
        hasBonus: random.chance(0.25),
      };
    case 'live':
      return {
        ...base,
        categories: ['live-casino', kind.game],
        rtpHundredths: kind.game === 'game-shows' ? random.int(9540, 9680) : random.int(9720, 9950),
        volatility: kind.game === 'game-shows' ? ('high' as const) : random.pick(['low', 'medium'] as const),
        minBetMinor: random.pick([20, 50, 100, 500]),
        maxBetMinor: random.pick([50000, 100000, 500000]),
        isLiveCasino: true,
        // A live table is a real dealer: there is nothing to play for fun.
        playForFun: false,
      };
    case 'instant':
      return {
        ...base,
        categories: ['instant-win'],
        rtpHundredths: random.int(9500, 9700),
        volatility: random.pick(['low', 'medium', 'high'] as const),
        minBetMinor: 10,
        maxBetMinor: random.pick([1000, 5000, 10000]),
        hasBonus: random.chance(0.5),
      };
  }
}

/** Initials of a studio slug, the prefix of its games' lookup ids ("northwind-forge" → "nf"). */
function studioCode(slug: string): string {
  return slug.split('-').map((part) => part[0]).join('');
}
