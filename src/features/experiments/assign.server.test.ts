import { describe, expect, it } from 'vitest';
import { parseConsent } from '../consent/consent.ts';
import { FEATURE_FLAGS } from '../feature-flags/flags.ts';
import { AB_COOKIE_MAX_AGE_S, checkAbTest, parseAssignments } from './ab-test.ts';
import { FLAG_TESTS, type FlagTest } from './ab-tests.ts';
import { assignedFlags, type RequestCookies } from './assign.server.ts';

/** A request's cookie jar that remembers what the page set. */
function jar(initial: Record<string, string> = {}) {
  const set: { name: string; value: string; maxAge: number; secure: boolean }[] = [];
  const cookies: RequestCookies = {
    get: (name) => (name in initial ? { value: initial[name]! } : undefined),
    set: (name, value, options) => void set.push({ name, value, maxAge: options.maxAge, secure: options.secure }),
  };
  return { cookies, set };
}

const WITH_PREFERENCES = parseConsent('necessary,preferences,policy:1');
const NECESSARY_ONLY = parseConsent('necessary,policy:1');

describe('the running A/B tests', () => {
  it('are valid tests whose variants are the variations of the flag they drive, one test per flag', () => {
    expect(FLAG_TESTS.length).toBeGreaterThan(0);
    for (const { flag, test } of FLAG_TESTS) {
      expect(() => checkAbTest(test)).not.toThrow();
      for (const variant of test.variants) expect(FEATURE_FLAGS[flag] as readonly string[]).toContain(variant.name);
    }
    expect(new Set(FLAG_TESTS.map((each) => each.flag)).size).toBe(FLAG_TESTS.length);
    expect(FLAG_TESTS.find((each) => each.flag === 'button_variant')?.test.variants).toEqual([{ name: 'primary', weight: 50 }, { name: 'secondary', weight: 50 }]);
  });
});

describe('assignedFlags', () => {
  it('assigns and keeps the assignment in the cookie for 30 days with the preferences consent', () => {
    expect(WITH_PREFERENCES.preferences).toBe(true);
    const { cookies, set } = jar();
    expect(assignedFlags(cookies, { consent: WITH_PREFERENCES, secure: true, random: () => 0.75 })).toEqual({ button_variant: 'secondary' });
    expect(set).toEqual([{ name: 'abTests', value: JSON.stringify({ cta_colour: 'secondary' }), maxAge: AB_COOKIE_MAX_AGE_S, secure: true }]);
  });

  it('reads a kept assignment and sets nothing', () => {
    const { cookies, set } = jar({ abTests: '{"cta_colour":"primary"}' });
    expect(assignedFlags(cookies, { consent: WITH_PREFERENCES, secure: false, random: () => 0.99 })).toEqual({ button_variant: 'primary' });
    expect(set).toEqual([]);
  });

  it('assigns nothing and stores nothing without the preferences consent, even with a cookie left over', () => {
    const { cookies, set } = jar({ abTests: '{"cta_colour":"secondary"}' });
    expect(assignedFlags(cookies, { consent: NECESSARY_ONLY, secure: false })).toEqual({});
    expect(set).toEqual([]);
  });

  it('keeps every test\'s assignment when a page assigns several', () => {
    const { cookies, set } = jar({ abTests: '{"older":"x"}' });
    const tests: readonly FlagTest[] = [
      { flag: 'menu', test: { name: 'menu_test', variants: [{ name: 'menu2', weight: 1 }] } },
      { flag: 'theme', test: { name: 'theme_test', variants: [{ name: 'theme3', weight: 1 }] } },
    ];
    expect(assignedFlags(cookies, { consent: WITH_PREFERENCES, secure: false, tests })).toEqual({ menu: 'menu2', theme: 'theme3' });
    expect(parseAssignments(set.at(-1)?.value)).toEqual({ older: 'x', menu_test: 'menu2', theme_test: 'theme3' });
  });
});
