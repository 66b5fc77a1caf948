/**
 * A/B tests (spec section 9): a visitor is assigned one variant of a test at random, weighted by
 * the variants' weights. The assignment is kept in the `abTests` cookie (a JSON object of test name
 * to variant) for 30 days, but only with the preferences consent (section 4); without it the
 * assignment lives for the page view only (nothing is stored, so the next page may assign again).
 * Taking preferences back removes the cookie (consent/revocations.ts).
 */

/** The cookie holding the assignments, kept 30 days with the preferences consent. */
export const AB_COOKIE = 'abTests';
/** How long an assignment is kept. */
export const AB_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/** One variant of a test and its weight (any non-negative number; the weights are relative). */
export interface AbVariant {
  name: string;
  weight: number;
}

/** A test: its name and variants. */
export interface AbTest {
  name: string;
  variants: readonly AbVariant[];
}

const NAME = /^[A-Za-z0-9_-]{1,40}$/;

/** Checks a test's definition; throws an error naming what is wrong and how to fix it. */
export function checkAbTest(test: AbTest): void {
  if (!NAME.test(test.name)) throw new Error(`A/B test name "${test.name}" must be 1 to 40 letters, digits, dashes or underscores`);
  if (test.variants.length === 0) throw new Error(`A/B test "${test.name}" has no variants: give at least one { name, weight }`);
  const names = new Set<string>();
  for (const variant of test.variants) {
    if (!NAME.test(variant.name)) throw new Error(`A/B test "${test.name}": variant name "${variant.name}" must be 1 to 40 letters, digits, dashes or underscores`);
    if (names.has(variant.name)) throw new Error(`A/B test "${test.name}": variant "${variant.name}" is listed twice`);
    names.add(variant.name);
    if (!Number.isFinite(variant.weight) || variant.weight < 0) throw new Error(`A/B test "${test.name}": variant "${variant.name}" has weight ${variant.weight}; use a finite number of 0 or more`);
  }
  if (test.variants.every((variant) => variant.weight === 0)) throw new Error(`A/B test "${test.name}": every weight is 0; give at least one variant a positive weight`);
}

/** Picks a variant with probability weight / total; `random` returns a number in [0, 1). */
export function pickVariant(test: AbTest, random: () => number = Math.random): string {
  checkAbTest(test);
  const total = test.variants.reduce((sum, variant) => sum + variant.weight, 0);
  let point = random() * total;
  for (const variant of test.variants) {
    if (variant.weight === 0) continue;
    if (point < variant.weight) return variant.name;
    point -= variant.weight;
  }
  // Rounding can leave the point a hair past the last weight: the last weighted variant takes it.
  return [...test.variants].reverse().find((variant) => variant.weight > 0)!.name;
}

/** The assignments in a cookie value; anything unreadable reads as none. */
export function parseAssignments(value: string | undefined): Record<string, string> {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** Where assignments are read from and written to (the browser's cookie jar, or a test's). */
export interface AbStore {
  read(): string | undefined;
  write(value: string, maxAgeSeconds: number): void;
}

/** Assignments of this page view, for visitors who did not give preferences consent. */
const pageView = new Map<string, string>();

/**
 * The visitor's variant of a test: the kept one when it is still a variant of the test, else a new
 * weighted pick, kept in the cookie for 30 days when `mayStore` (preferences consent), else for the
 * page view.
 */
export function assignVariant(test: AbTest, options: { store: AbStore; mayStore: boolean; random?: () => number; memory?: Map<string, string> }): string {
  checkAbTest(test);
  const memory = options.memory ?? pageView;
  const valid = (name: string | undefined) => name !== undefined && test.variants.some((variant) => variant.name === name && variant.weight > 0);
  const stored = options.mayStore ? parseAssignments(options.store.read()) : {};
  const kept = options.mayStore ? stored[test.name] : memory.get(test.name);
  if (valid(kept)) return kept!;
  const picked = pickVariant(test, options.random);
  if (options.mayStore) options.store.write(JSON.stringify({ ...stored, [test.name]: picked }), AB_COOKIE_MAX_AGE_S);
  else memory.set(test.name, picked);
  return picked;
}
