import { describe, expect, it } from 'vitest';
import { headingTag } from './heading-level.ts';

describe('headingTag (spec section 8, developer errors)', () => {
  it('gives h1 to h6 for the levels 1 to 6', () => {
    expect([1, 2, 3, 4, 5, 6].map(headingTag)).toEqual(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
  });

  it('refuses a level outside 1 to 6, or not a whole number, saying how to fix it', () => {
    for (const level of [0, 7, -1, 2.5, Number.NaN]) {
      expect(() => headingTag(level)).toThrow(`Heading level ${level} is outside 1 to 6`);
    }
    expect(() => headingTag(7)).toThrow('Pass a whole number from 1 to 6');
  });
});
