import { beforeEach, describe, expect, it } from 'vitest';
import { settledPlayerRuntime } from './player-runtime.ts';
import { $player, clearPlayer, setPlayerLoading } from './player-store.ts';
import { $sessionChecked, markSessionChecked } from './session-store.ts';

/** Whether the promise has settled after the pending microtasks ran. */
async function settledYet(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => { done = true; });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('settledPlayerRuntime', () => {
  beforeEach(() => {
    $sessionChecked.set(false);
    clearPlayer();
  });

  it('waits for the parked session check before answering, even though the player looks signed out', async () => {
    // Before the check the store still holds its initial LOGGED_OUT: that must not read as "no session".
    expect($player.get().status).toBe('LOGGED_OUT');
    const runtime = settledPlayerRuntime();
    expect(await settledYet(runtime)).toBe(false);
    markSessionChecked();
    await expect(runtime).resolves.toBeNull();
  });

  it('after a check that found a session, waits while the player is LOADING', async () => {
    setPlayerLoading();
    markSessionChecked();
    const runtime = settledPlayerRuntime();
    expect(await settledYet(runtime)).toBe(false);
    // The runtime could not start: the player is signed out and the answer is null.
    clearPlayer();
    await expect(runtime).resolves.toBeNull();
  });

  it('answers at once for a visitor whose check has run', async () => {
    markSessionChecked();
    expect(await settledYet(settledPlayerRuntime())).toBe(true);
  });
});
