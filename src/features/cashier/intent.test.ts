import { describe, expect, it } from 'vitest';
import { forgetIntent, intentKey } from './intent.ts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() { return map.size; },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('payment intents', () => {
  it('reuses the key for the same request until it is forgotten, and makes a new one for another request', () => {
    const storage = memoryStorage();
    const request = { amount: '25.00', currency: 'EUR', provider: 'TRUSTLY' };
    const first = intentKey('deposit', request, storage);
    expect(intentKey('deposit', { provider: 'TRUSTLY', currency: 'EUR', amount: '25.00' }, storage)).toBe(first);
    const other = intentKey('deposit', { ...request, amount: '30.00' }, storage);
    expect(other).not.toBe(first);
    expect(intentKey('withdrawal', request, storage)).not.toBe(other);
    forgetIntent('deposit', storage);
    expect(intentKey('deposit', { ...request, amount: '30.00' }, storage)).not.toBe(other);
  });
});
