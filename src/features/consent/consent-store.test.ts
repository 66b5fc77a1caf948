import { describe, expect, it, vi } from 'vitest';
import { createConsentManager, MAX_QUEUED } from './consent-store.ts';
import type { ConsentState } from './consent.ts';

/** A manager over an in-memory cookie. */
function manager(initial?: string, autoAccepted = false) {
  let stored = initial;
  const recorded: ConsentState[] = [];
  const api = createConsentManager({
    read: () => stored,
    write: (value) => { stored = value; },
    autoAccepted,
    record: (state) => recorded.push(state),
  });
  return { api, recorded, cookie: () => stored, setCookie: (value: string) => { stored = value; } };
}

describe('consent manager', () => {
  it('starts from the cookie: nothing while unanswered, everything for an auto-accepted country', () => {
    expect(manager().api.get()).toMatchObject({ answered: false, preferences: false });
    expect(manager(undefined, true).api.get()).toMatchObject({ answered: true, preferences: true, automatic: true });
  });

  it('saves an answer to the cookie, records it and tells subscribers', () => {
    const { api, recorded, cookie } = manager();
    const listener = vi.fn();
    api.subscribe(listener);
    api.save({ preferences: true });
    expect(cookie()).toMatch(/^necessary,preferences,policy:/);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ preferences: true, analytics: false });
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ preferences: true }), expect.objectContaining({ answered: false }));
  });

  it('resolves whenGranted at once when granted, else on the grant', async () => {
    const { api } = manager();
    let granted = false;
    const waiting = api.whenGranted('analytics').then(() => { granted = true; });
    api.save({ preferences: true });
    await Promise.resolve();
    expect(granted).toBe(false);
    api.save({ analytics: true });
    await waiting;
    expect(granted).toBe(true);
    await expect(api.whenGranted('analytics')).resolves.toBeUndefined();
  });

  it('queues while unanswered, flushes in order on grant, drops on decline', () => {
    const { api } = manager();
    const delivered: number[] = [];
    const queue = api.queue<number>('analytics', (item) => delivered.push(item));
    queue.push(1);
    queue.push(2);
    expect(delivered).toEqual([]);
    expect(queue.size).toBe(2);
    api.save({ analytics: true });
    expect(delivered).toEqual([1, 2]);
    queue.push(3);
    expect(delivered).toEqual([1, 2, 3]);
    api.save({ analytics: false });
    queue.push(4);
    expect(delivered).toEqual([1, 2, 3]);
    expect(queue.size).toBe(0);
  });

  it('drops what waits when the answer declines the category', () => {
    const { api } = manager();
    const delivered: string[] = [];
    const queue = api.queue<string>('marketing', (item) => delivered.push(item));
    queue.push('pixel');
    api.save({ preferences: true });
    api.save({ marketing: true });
    expect(delivered).toEqual([]);
  });

  it('keeps at most MAX_QUEUED items while unanswered', () => {
    const { api } = manager();
    const queue = api.queue<number>('analytics', () => undefined);
    for (let index = 0; index < MAX_QUEUED + 5; index += 1) queue.push(index);
    expect(queue.size).toBe(MAX_QUEUED);
  });

  it('runs revoke clean-ups while not granted and when the category is taken back', () => {
    const { api } = manager('all,policy:2026-11');
    const cleanup = vi.fn();
    api.onRevoke('preferences', cleanup);
    expect(cleanup).not.toHaveBeenCalled();
    api.save({ analytics: true });
    expect(cleanup).toHaveBeenCalledTimes(1);
    const already = vi.fn();
    api.onRevoke('marketing', already);
    expect(already).toHaveBeenCalledTimes(1);
  });

  it('picks up an answer another tab wrote', () => {
    const { api, setCookie } = manager();
    setCookie('all,policy:2026-11');
    api.refresh();
    expect(api.get()).toMatchObject({ marketing: true });
  });
});
