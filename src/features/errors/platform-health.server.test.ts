import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPlatformHealth, DOWN_FOR_MS, UP_FOR_MS } from './platform-health.server.ts';

describe('platform health', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks once however many requests arrive, and trusts a healthy platform without making pages wait', async () => {
    let clock = 0;
    let answers = true;
    const probe = vi.fn(async () => answers);
    const healthy = createPlatformHealth(probe, () => clock);
    expect(await Promise.all([healthy(), healthy(), healthy()])).toEqual([true, true, true]);
    expect(probe).toHaveBeenCalledTimes(1);
    clock += UP_FOR_MS - 1;
    expect(await healthy()).toBe(true);
    expect(probe).toHaveBeenCalledTimes(1);
    // Stale: the page still renders, and the platform is asked again behind it.
    answers = false;
    clock += 1;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await healthy()).toBe(true);
    expect(probe).toHaveBeenCalledTimes(2);
    await vi.waitFor(async () => expect(await healthy()).toBe(false));
  });

  it('believes a platform down for a second, then waits for the next answer, so the site is back when it is', async () => {
    let clock = 0;
    let answers = false;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const probe = vi.fn(async () => answers);
    const healthy = createPlatformHealth(probe, () => clock);
    expect(await healthy()).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('the platform does not answer'));
    clock += DOWN_FOR_MS - 1;
    expect(await healthy()).toBe(false);
    expect(probe).toHaveBeenCalledTimes(1);
    answers = true;
    clock += 1;
    expect(await healthy()).toBe(true);
    expect(warn).toHaveBeenLastCalledWith('[lobby] the platform answers again');
  });

  it('counts a probe that throws as down', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const healthy = createPlatformHealth(() => Promise.reject(new Error('ECONNREFUSED')), () => 0);
    expect(await healthy()).toBe(false);
  });
});
