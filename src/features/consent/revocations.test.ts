import { describe, expect, it } from 'vitest';
import { AB_COOKIE } from '../experiments/ab-test.ts';
import { FEATURE_FLAGS_KEY, FLAG_ATTRIBUTE_PREFIX } from '../feature-flags/flags.ts';
import { AB_TESTS_COOKIE, FLAG_ATTRIBUTE_START, FLAGS_STORAGE_KEY } from './revocations.ts';

describe('revocations', () => {
  it('removes what the feature flags and the A/B tests keep, by their own names', () => {
    expect(FLAGS_STORAGE_KEY).toBe(FEATURE_FLAGS_KEY);
    expect(FLAG_ATTRIBUTE_START).toBe(FLAG_ATTRIBUTE_PREFIX);
    expect(AB_TESTS_COOKIE).toBe(AB_COOKIE);
  });
});
