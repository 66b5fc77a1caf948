import { describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('loads once for concurrent misses and serves the value until it expires', async () => {
    let now = 0;
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => now });
    const load = vi.fn(async () => 42);
    const values = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(values).toEqual([42, 42, 42]);
    expect(load).toHaveBeenCalledTimes(1);
    now = 999;
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    now = 1000;
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps serving the last good value when a reload fails', async () => {
    let now = 0;
    const cache = new TtlCache<string>({ ttlMs: 10, maxEntries: 10, now: () => now });
    await cache.get('k', async () => 'good');
    now = 100;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(cache.get('k', async () => { throw new Error('down'); })).resolves.toBe('good');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('down'));
    warn.mockRestore();
  });

  it('propagates a failure with nothing to fall back to, remembers it briefly, then retries', async () => {
    let now = 0;
    const cache = new TtlCache<string>({ ttlMs: 10, maxEntries: 10, now: () => now, failureTtlMs: 2000 });
    await expect(cache.get('k', async () => { throw new Error('down'); })).rejects.toThrow('down');
    const load = vi.fn(async () => 'back');
    now = 1999;
    await expect(cache.get('k', load)).rejects.toThrow('down');
    expect(load).not.toHaveBeenCalled();
    now = 2000;
    await expect(cache.get('k', load)).resolves.toBe('back');
  });

  it('evicts the oldest entries beyond its bound', async () => {
    const cache = new TtlCache<number>({ ttlMs: 10_000, maxEntries: 2 });
    const load = vi.fn(async () => 1);
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('keeps the recently used keys when it evicts, and refuses to be unbounded', async () => {
    const cache = new TtlCache<string>({ ttlMs: 10_000, maxEntries: 2 });
    const load = vi.fn(async () => 'v');
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('a', load);
    await cache.get('c', load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('b', load);
    expect(load).toHaveBeenCalledTimes(4);
    expect(() => new TtlCache<string>({ ttlMs: 1000, maxEntries: 0 })).toThrow(/bound/);
  });
});
