import { describe, expect, it } from 'vitest';
import { importOnce } from './import-once.ts';

describe('importOnce', () => {
  it('starts the import once for every caller, and again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const load = importOnce(async () => {
      calls += 1;
      if (fail) throw new Error('offline');
      return { value: 42 };
    });
    await expect(load()).rejects.toThrow('offline');
    fail = false;
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(second);
    expect(first.value).toBe(42);
    expect(calls).toBe(2);
  });
});
