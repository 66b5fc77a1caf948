/**
 * Catalogue search as the player types. The catalogue (about 440 games) never changes while the
 * platform runs, so the index is built once in memory: every game's name and studio normalised
 * (lower case, accents and ligatures folded, punctuation dropped) and split into words. A query is
 * normalised the same way and ranked in tiers, so "sta" finds "Starlit Dragon" before "Lucky
 * Stars", and "Cafe" finds "Café": exact name, name prefix, word prefixes in the name, word
 * prefixes across name and studio, then plain substrings. Restrictions filter like the game lists.
 */
import type { CatalogueRepository, GameFilters, GameRow } from '../catalogue/repository.ts';
import { PlatformError } from '../graphql/errors.ts';

/** The longest query accepted (spec section 5: search inputs take at most 100 characters). */
export const MAX_SEARCH_LENGTH = 100;

const FOLDED: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', ı: 'i', þ: 'th' };

/** Lower case, accents and ligatures folded, apostrophes dropped, everything else that is not a letter or digit a space. */
export function normaliseSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðłıþ]/g, (char) => FOLDED[char] ?? char)
    .replace(/['’ʼ`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A studio as search returns it. */
export interface StudioHit {
  slug: string;
  name: string;
  isLive: boolean;
  gameCount: number;
}

/** What a search found. */
export interface SearchResult {
  games: GameRow[];
  studios: StudioHit[];
  /** Matching games after the restriction filters, before `first`. */
  totalCount: number;
}

/** The search service. */
export interface GameSearch {
  /** Games and studios matching query, best first; BadUserInput for a query over 100 characters. */
  search(query: string, options: { first: number; filters: GameFilters }): Promise<SearchResult>;
}

interface Entry {
  game: GameRow;
  name: string;
  nameWords: string[];
  studioWords: string[];
  all: string;
}

/** The rank of an entry for the query's tokens (lower is better), or null when it does not match. */
function rank(entry: Entry, phrase: string, tokens: readonly string[]): number | null {
  if (entry.name === phrase) return 0;
  if (entry.name.startsWith(phrase)) return 1;
  const inName = (token: string) => entry.nameWords.some((word) => word.startsWith(token));
  if (tokens.every(inName)) return 2;
  if (tokens.every((token) => inName(token) || entry.studioWords.some((word) => word.startsWith(token)))) return 3;
  if (entry.name.includes(phrase)) return 4;
  if (tokens.every((token) => entry.all.includes(token))) return 5;
  return null;
}

function studioRank(name: string, phrase: string, tokens: readonly string[]): number | null {
  if (name === phrase) return 0;
  if (name.startsWith(phrase)) return 1;
  const words = name.split(' ');
  if (tokens.every((token) => words.some((word) => word.startsWith(token)))) return 2;
  if (name.includes(phrase)) return 3;
  return null;
}

/** Whether a game may be offered to a requester with these filters (the lists' rule). */
export function isOffered(game: Pick<GameRow, 'restrictedLicences' | 'restrictedCountries'>, filters: GameFilters): boolean {
  if (filters.license && game.restrictedLicences.includes(filters.license)) return false;
  return !game.restrictedCountries.some((place) => filters.places.includes(place));
}

/** Creates the search over the catalogue; the index is built on first use. */
export function createGameSearch(catalogue: CatalogueRepository): GameSearch {
  let index: Promise<{ entries: Entry[]; studios: (StudioHit & { normalised: string })[] }> | null = null;
  const build = async () => {
    const [games, studios] = await Promise.all([catalogue.allGames(), catalogue.studios()]);
    const entries = games.map((game) => {
      const name = normaliseSearchText(game.name);
      const studio = normaliseSearchText(game.studioName);
      return { game, name, nameWords: name.split(' '), studioWords: studio.split(' '), all: `${name} ${studio}` };
    });
    return { entries, studios: studios.map((studio) => ({ ...studio, normalised: normaliseSearchText(studio.name) })) };
  };

  return {
    async search(query, { first, filters }) {
      if (query.length > MAX_SEARCH_LENGTH) {
        throw new PlatformError('BadUserInput', `The search query is ${query.length} characters long; search takes at most ${MAX_SEARCH_LENGTH}: shorten it`);
      }
      const phrase = normaliseSearchText(query);
      if (!phrase) return { games: [], studios: [], totalCount: 0 };
      index ??= build().catch((error: unknown) => {
        index = null;
        throw error;
      });
      const { entries, studios } = await index;
      const tokens = phrase.split(' ');
      const hits: { entry: Entry; rank: number }[] = [];
      for (const entry of entries) {
        if (!isOffered(entry.game, filters)) continue;
        const found = rank(entry, phrase, tokens);
        if (found !== null) hits.push({ entry, rank: found });
      }
      // Best tier first; within a tier the shorter name is the closer match, then catalogue order.
      hits.sort((a, b) => a.rank - b.rank || a.entry.name.length - b.entry.name.length || a.entry.game.idx - b.entry.game.idx);
      const studioHits = studios
        .map((studio) => ({ studio, rank: studioRank(studio.normalised, phrase, tokens) }))
        .filter((hit): hit is { studio: (typeof studios)[number]; rank: number } => hit.rank !== null)
        .sort((a, b) => a.rank - b.rank || a.studio.name.localeCompare(b.studio.name))
        .map(({ studio: { normalised: _normalised, ...studio } }) => studio);
      return { games: hits.slice(0, first).map((hit) => hit.entry.game), studios: studioHits, totalCount: hits.length };
    },
  };
}
