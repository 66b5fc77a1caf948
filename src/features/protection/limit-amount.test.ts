import { describe, expect, it } from 'vitest';
import { limitAmount } from './PlayerLimits.tsx';

describe('limit amounts', () => {
  it('takes a decimal above zero with a point or a comma, and nothing else', () => {
    expect(limitAmount('100')).toBe('100');
    expect(limitAmount(' 100.5 ')).toBe('100.5');
    expect(limitAmount('25,50')).toBe('25.50');
    for (const text of ['', '0', '0.00', '-5', '1e3', '1.234', '12 000', 'abc']) expect(limitAmount(text), text).toBeNull();
  });
});
