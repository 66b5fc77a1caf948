import { describe, expect, it } from 'vitest';
import { AB_COOKIE_MAX_AGE_S, assignVariant, checkAbTest, parseAssignments, pickVariant, type AbStore, type AbTest } from './ab-test.ts';

const TEST: AbTest = { name: 'hero', variants: [{ name: 'a', weight: 1 }, { name: 'b', weight: 3 }] };

/** A cookie jar of one cookie, remembering the last max-age. */
function jar(initial?: string): AbStore & { value?: string; maxAge?: number } {
  const store: AbStore & { value?: string; maxAge?: number } = {
    value: initial,
    read: () => store.value,
    write(value, maxAge) {
      store.value = value;
      store.maxAge = maxAge;
    },
  };
  return store;
}

describe('A/B assignment', () => {
  it('picks by weight', () => {
    expect(pickVariant(TEST, () => 0)).toBe('a');
    expect(pickVariant(TEST, () => 0.2499)).toBe('a');
    expect(pickVariant(TEST, () => 0.25)).toBe('b');
    expect(pickVariant(TEST, () => 0.9999999)).toBe('b');
    expect(pickVariant({ name: 't', variants: [{ name: 'off', weight: 0 }, { name: 'on', weight: 1 }] }, () => 0)).toBe('on');
  });

  it('splits a large sample close to the weights', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let b = 0;
    for (let index = 0; index < 10_000; index += 1) if (pickVariant(TEST, random) === 'b') b += 1;
    expect(b / 10_000).toBeGreaterThan(0.72);
    expect(b / 10_000).toBeLessThan(0.78);
  });

  it('keeps the assignment in the cookie for 30 days only with preferences consent', () => {
    const store = jar();
    expect(assignVariant(TEST, { store, mayStore: true, random: () => 0 })).toBe('a');
    expect(parseAssignments(store.value)).toEqual({ hero: 'a' });
    expect(store.maxAge).toBe(AB_COOKIE_MAX_AGE_S);
    expect(AB_COOKIE_MAX_AGE_S).toBe(30 * 24 * 3600);
    // Kept: a later call with another random number gives the same variant.
    expect(assignVariant(TEST, { store, mayStore: true, random: () => 0.9 })).toBe('a');
  });

  it('stores nothing without consent and keeps the assignment for the page view', () => {
    const store = jar();
    const memory = new Map<string, string>();
    expect(assignVariant(TEST, { store, mayStore: false, random: () => 0.9, memory })).toBe('b');
    expect(assignVariant(TEST, { store, mayStore: false, random: () => 0, memory })).toBe('b');
    expect(store.value).toBeUndefined();
    // A stored cookie is not read without consent either.
    expect(assignVariant(TEST, { store: jar('{"hero":"a"}'), mayStore: false, random: () => 0.9, memory: new Map() })).toBe('b');
  });

  it('assigns again when the kept variant left the test, and ignores an unreadable cookie', () => {
    expect(assignVariant(TEST, { store: jar('{"hero":"gone"}'), mayStore: true, random: () => 0.9 })).toBe('b');
    expect(assignVariant(TEST, { store: jar('not json'), mayStore: true, random: () => 0 })).toBe('a');
  });

  it('refuses a bad test definition with a message that says how to fix it', () => {
    expect(() => checkAbTest({ name: 'x', variants: [] })).toThrow(/no variants: give at least one/);
    expect(() => checkAbTest({ name: 'x', variants: [{ name: 'a', weight: -1 }] })).toThrow(/weight -1; use a finite number of 0 or more/);
    expect(() => checkAbTest({ name: 'x', variants: [{ name: 'a', weight: 0 }] })).toThrow(/every weight is 0/);
    expect(() => checkAbTest({ name: 'x', variants: [{ name: 'a', weight: 1 }, { name: 'a', weight: 1 }] })).toThrow(/listed twice/);
    expect(() => checkAbTest({ name: 'bad name', variants: [{ name: 'a', weight: 1 }] })).toThrow(/must be 1 to 40 letters/);
  });
});
