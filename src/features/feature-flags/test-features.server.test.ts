import { describe, expect, it } from 'vitest';
import { testFeatures } from './test-features.server.ts';

describe('test-only server toggles', () => {
  it('keeps the known toggles a session cookie names, in the spec order, once each', () => {
    expect(testFeatures('Sportsbook, QuickMenu,QuickMenu,NotOne', true)).toEqual(['QuickMenu', 'Sportsbook']);
    expect(testFeatures('', true)).toEqual([]);
    expect(testFeatures(undefined, true)).toEqual([]);
  });

  it('adds nothing on a lobby that does not allow them (production)', () => {
    expect(testFeatures('QuickMenu', false)).toEqual([]);
  });
});
