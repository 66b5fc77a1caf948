import { describe, expect, it } from 'vitest';
import { fillText } from './fill.ts';

describe('fillText', () => {
  it('fills every placeholder it has a value for, numbers included, and leaves the others as written', () => {
    expect(fillText('{name} won {amount} in {game}', { name: 'Ada', amount: 12 })).toBe('Ada won 12 in {game}');
  });
  it('never reads a placeholder from the object’s prototype', () => {
    expect(fillText('{constructor} {toString}', {})).toBe('{constructor} {toString}');
  });
  it('fills a repeated placeholder each time', () => {
    expect(fillText('{x}+{x}', { x: 'a' })).toBe('a+a');
  });
});
