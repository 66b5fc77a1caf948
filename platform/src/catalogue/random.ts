/**
 * Deterministic randomness for the seeded catalogue: the same seed gives the same games, ids and
 * order on every machine, so tests, screenshots and bookmarks stay stable across reseeds.
 */
import { createHash } from 'node:crypto';

/** A seeded pseudo-random generator (mulberry32) with the few helpers the seed needs. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** True with the given probability. */
  chance(probability: number): boolean;
  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(list: readonly T[]): T[];
}

/** Creates a generator from a 32-bit seed. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(list: readonly T[]): T => list[int(0, list.length - 1)] as T,
    chance: (probability: number) => next() < probability,
    shuffle: <T>(list: readonly T[]): T[] => {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
  };
}

/** A UUID-shaped id derived from a name, so a game keeps its id even if the seed order changes. */
export function stableId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Lower-case, dash-separated slug of a display name ("Wheel & Deal II" → "wheel-deal-ii"). */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
