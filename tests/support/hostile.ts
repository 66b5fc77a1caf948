/**
 * Hostile requests shared by the hostile-input suite (tests/hostile.spec.ts) and `npm run bench`: a
 * normal player's query, and the attacks that must be refused before they cost anyone anything.
 */

const TILE = 'slug name imageUrl lookupId studio { slug name }';
const list = (first: number) => `listOfGames(listOfGamesSlug: "slots", first: ${first}) { games { edges { node { ${TILE} } } } }`;

/** What the lobby asks for on every casino page: one list of game tiles. */
export const NORMAL_QUERY = `{ ${list(24)} }`;

/** Many aliased lists of the largest page: megabytes and seconds of work if it ran. */
export const ALIAS_BOMB = `{ ${Array.from({ length: 40 }, (_, index) => `a${index}: ${list(100)}`).join(' ')} }`;

/** The costliest query the limits let through (six lists of the largest page, just under the cost limit). */
export const HEAVIEST_ALLOWED = `{ ${Array.from({ length: 6 }, (_, index) => `a${index}: ${list(100)}`).join(' ')} }`;

/** Under the alias limit, over the cost limit. */
export const COST_BOMB = `{ ${Array.from({ length: 8 }, (_, index) => `a${index}: ${list(100)}`).join(' ')} }`;

/** A query nested deeper than the depth limit, through studio → games → game → studio → … */
export const NESTING_BOMB = `{ studio(slug: "netent") { ${'games(first: 1) { edges { node { studio { '.repeat(4)}name${' } } } }'.repeat(4)} } }`;

/** A body that says it is JSON and is far over the request-size limit. */
export const HUGE_BODY = JSON.stringify({ query: `{ __typename }`, variables: { padding: 'x'.repeat(2 * 1024 * 1024) } });

/** Text with a NUL and other control characters. */
export const CONTROL_TEXT = '+35840\u0000555\u001b[31m1234';

/** An argument thousands of characters long. */
export const LONG_TEXT = `${'a'.repeat(5000)}@example.com`;

/** Whether a response body gives away the server's insides: a stack trace, file paths or Node internals. */
export function leaksInternals(body: string): boolean {
  return /\bat [\w$.<>]+ \(|node:internal|\/work\/|\/src\/[\w/-]+\.ts|\n\s+at /.test(body);
}

/** The p-th percentile (0–100) of a list of numbers. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
