/**
 * The reward list's store against a runtime whose reads answer when the test says: a read sent
 * before an event added a reward does not take it off the list, and an older read's answer that
 * arrives after a newer one is not applied.
 */
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerReward, RewardEvent } from './reward-list.ts';

type Answer = { viewer: { rewards: PlayerReward[] } };
const reads: { resolve: (answer: Answer) => void }[] = [];
let onEvent: ((data: { rewardUpdated: RewardEvent }) => void) | null = null;

vi.mock('../session/player-runtime.ts', () => ({
  settledPlayerRuntime: async () => ({
    request: () => new Promise<Answer>((resolve) => reads.push({ resolve })),
    subscribe: (_document: unknown, handler: (data: { rewardUpdated: RewardEvent }) => void) => {
      onEvent = handler;
      return () => (onEvent = null);
    },
  }),
}));

const { $rewards } = await import('./rewards-store.ts');

const item = (id: string, startsAt: string): PlayerReward => ({
  assignationId: id, assignedAt: startsAt, updatedAt: startsAt, reason: 'Sandbox', status: 'Unclaimed', expiresAt: null,
  reward: { __typename: 'MoneyDropReward', rewardId: 'drop', name: `Drop ${id}`, expiresIn: null, startsAt, endsAt: null, claimType: 'manual', rewardReason: null, rewardType: 'Incentive', amount: '5.00', currency: 'EUR' },
});
const added = (id: string, startsAt: string): { rewardUpdated: RewardEvent } => ({
  rewardUpdated: { assignationId: id, status: 'Unclaimed', reward: { rewardId: 'drop', name: `Drop ${id}`, rewardType: 'Incentive', claimType: 'manual', rewardReason: null, startsAt, endsAt: null, expiresIn: null } } as RewardEvent,
});
const ids = () => $rewards.get().list.map((entry) => entry.assignationId);
// Fake timers: the store's own read 750 ms after subscribing must not land in the middle of a test.
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the reward list store', () => {
  let unlisten: () => void;
  beforeEach(async () => {
    vi.useFakeTimers();
    reads.length = 0;
    unlisten = $rewards.listen(() => {});
    await settle();
  });
  afterEach(() => {
    unlisten();
    // Stops the store at once (nanostores waits a second after the last listener).
    cleanStores($rewards);
    vi.useRealTimers();
  });

  it('keeps a reward an event added while an older read was on its way, and ignores that read if it answers last', async () => {
    const A = item('a', '2026-01-01T00:00:00.000Z');
    const B = item('b', '2026-01-01T00:00:01.000Z');
    expect(reads).toHaveLength(1);
    reads[0]!.resolve({ viewer: { rewards: [A] } });
    await settle();
    expect(ids()).toEqual(['a']);

    // Two rewards given in a row: each event sends a read; the first read predates the second reward.
    onEvent!(added('b', B.reward.startsAt!));
    const C = item('c', '2026-01-01T00:00:02.000Z');
    onEvent!(added('c', C.reward.startsAt!));
    expect(reads).toHaveLength(3);
    expect(ids()).toEqual(['a', 'b', 'c']);
    reads[1]!.resolve({ viewer: { rewards: [A, B] } });
    await settle();
    expect(ids(), 'the older read does not know c yet').toEqual(['a', 'b', 'c']);
    expect($rewards.get().list[1]!.item).not.toBeNull();
    reads[2]!.resolve({ viewer: { rewards: [A, B, C] } });
    await settle();
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect($rewards.get().list.every((entry) => entry.item !== null)).toBe(true);

    // Answers out of order: the newer read's answer (c gone, claimed elsewhere) stands.
    onEvent!(added('d', '2026-01-01T00:00:03.000Z'));
    onEvent!(added('e', '2026-01-01T00:00:04.000Z'));
    const D = item('d', '2026-01-01T00:00:03.000Z');
    const E = item('e', '2026-01-01T00:00:04.000Z');
    reads[4]!.resolve({ viewer: { rewards: [A, B, D, E] } });
    await settle();
    reads[3]!.resolve({ viewer: { rewards: [A, B, C, D] } });
    await settle();
    expect(ids()).toEqual(['a', 'b', 'd', 'e']);
  });

  it('drops the answer to a read of an earlier start (another player, a page left)', async () => {
    expect(reads).toHaveLength(1);
    const early = reads[0]!;
    cleanStores($rewards);
    unlisten = $rewards.listen(() => {});
    await settle();
    expect(reads).toHaveLength(2);
    early.resolve({ viewer: { rewards: [item('old', '2026-01-01T00:00:00.000Z')] } });
    await settle();
    expect($rewards.get().status).toBe('LOADING');
    reads[1]!.resolve({ viewer: { rewards: [item('now', '2026-01-01T00:00:00.000Z')] } });
    await settle();
    expect(ids()).toEqual(['now']);
  });
});
