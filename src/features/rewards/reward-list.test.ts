import { describe, expect, it } from 'vitest';
import {
  applyRewardEvent, listFromQuery, mergeRead, removeClaimed, replaceItem, sortRewards, unclaimedCount, visibleRewards,
  type PlayerReward, type RewardEvent,
} from './reward-list.ts';

const item = (id: string, startsAt: string | null, status: PlayerReward['status'] = 'Unclaimed'): PlayerReward => ({
  assignationId: id, assignedAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', reason: 'Sandbox', status, expiresAt: null,
  reward: {
    __typename: 'MoneyDropReward', rewardId: 'drop', name: `Drop ${id}`, expiresIn: null, startsAt, endsAt: null, claimType: 'manual',
    rewardReason: null, rewardType: 'Incentive', amount: '5.00', currency: 'EUR',
  },
});

const event = (id: string, status: RewardEvent['status'], claimType = 'manual', startsAt = '2026-01-02T00:00:00Z'): RewardEvent => ({
  assignationId: id, status,
  reward: { rewardId: 'drop', name: `Drop ${id}`, rewardType: 'Incentive', claimType, rewardReason: null, startsAt, endsAt: null, expiresIn: null },
});

const ids = (list: { assignationId: string }[]) => list.map((entry) => entry.assignationId);

describe('the reward list', () => {
  it('is loaded from the query sorted by startsAt ascending, a reward without a start first', () => {
    const list = listFromQuery([item('c', '2026-03-01T00:00:00Z'), item('a', '2026-01-01T00:00:00Z'), item('n', null), item('b', '2026-02-01T00:00:00+01:00')]);
    expect(ids(list)).toEqual(['n', 'a', 'b', 'c']);
  });

  it('keeps the order of rewards that start at the same time', () => {
    expect(ids(sortRewards(listFromQuery([item('x', '2026-01-01T00:00:00Z'), item('y', '2026-01-01T00:00:00Z')])))).toEqual(['x', 'y']);
  });

  it('ignores a credited reward it does not know', () => {
    const list = listFromQuery([item('a', '2026-01-01T00:00:00Z')]);
    const result = applyRewardEvent(list, event('z', 'Credited'));
    expect(result.change).toBe('ignored');
    expect(ids(result.list)).toEqual(['a']);
  });

  it('adds a manual-claim reward it does not know, in startsAt order, still without its variant', () => {
    const list = listFromQuery([item('a', '2026-01-01T00:00:00Z'), item('c', '2026-01-03T00:00:00Z')]);
    const result = applyRewardEvent(list, event('b', 'Unclaimed', 'manual', '2026-01-02T00:00:00Z'));
    expect(result.change).toBe('added');
    expect(ids(result.list)).toEqual(['a', 'b', 'c']);
    expect(result.list[1]).toMatchObject({ status: 'Unclaimed', item: null, reward: { name: 'Drop b' } });
  });

  it('does not add an unknown automatic reward that is not credited: there is nothing to update', () => {
    const result = applyRewardEvent([], event('auto', 'Scheduled', 'automatic'));
    expect(result).toEqual({ list: [], change: 'ignored' });
  });

  it('updates the status of a reward it knows, the full item with it, and nothing else', () => {
    const list = listFromQuery([item('a', '2026-01-01T00:00:00Z'), item('b', '2026-01-02T00:00:00Z')]);
    const result = applyRewardEvent(list, event('a', 'Credited'));
    expect(result.change).toBe('updated');
    expect(result.list[0]).toMatchObject({ assignationId: 'a', status: 'Credited', item: { status: 'Credited' } });
    expect(result.list[1]).toBe(list[1]);
    expect(list[0]!.status).toBe('Unclaimed');
  });

  it('updates a known reward even to a status it was not loaded with (expired, removed)', () => {
    const list = listFromQuery([item('a', null, 'Scheduled')]);
    expect(applyRewardEvent(list, event('a', 'Unclaimed')).list[0]!.status).toBe('Unclaimed');
    expect(applyRewardEvent(list, event('a', 'Expired', 'automatic')).list[0]!.status).toBe('Expired');
  });

  it('removes a claimed reward, and only a claimed one', () => {
    const list = listFromQuery([item('a', null, 'Credited'), item('b', null)]);
    expect(ids(removeClaimed(list, 'a'))).toEqual(['b']);
    expect(ids(removeClaimed(list, 'b'))).toEqual(['a', 'b']);
  });

  it('shows a claim answer in place of its entry, twice the same', () => {
    const list = listFromQuery([item('a', null)]);
    const once = replaceItem(list, item('a', null, 'Credited'));
    expect(replaceItem(once, item('a', null, 'Credited'))).toEqual(once);
    expect(once[0]).toMatchObject({ status: 'Credited', item: { status: 'Credited' } });
  });

  it('merges a later read: read rewards as read, a claimed card kept, a reward gone from the read dropped', () => {
    const list = [...listFromQuery([item('claimed', null, 'Credited'), item('gone', null)]), applyRewardEvent([], event('new', 'Unclaimed')).list[0]!];
    const merged = mergeRead(list, [item('new', '2026-01-02T00:00:00Z')]);
    expect(ids(merged)).toEqual(['claimed', 'new']);
    expect(merged[1]!.item).not.toBeNull();
  });

  it('keeps a reward an event added after the read was sent: the read may predate it', () => {
    const list = [...listFromQuery([item('a', '2026-01-01T00:00:00Z')]), applyRewardEvent([], event('later', 'Unclaimed')).list[0]!];
    expect(ids(mergeRead(list, [item('a', '2026-01-01T00:00:00Z')], new Set(['later'])))).toEqual(['a', 'later']);
    expect(ids(mergeRead(list, [item('a', '2026-01-01T00:00:00Z')]))).toEqual(['a']);
  });

  it('counts the unclaimed rewards', () => {
    expect(unclaimedCount(listFromQuery([item('a', null), item('b', null, 'Scheduled'), item('c', null, 'Credited'), item('d', null)]))).toBe(2);
  });

  it('hides every bonus entry, and a reward not known in full yet, where bonuses are off', () => {
    const bonus: PlayerReward = {
      ...item('bonus', null),
      reward: { ...item('bonus', null).reward, __typename: 'BonusMoneyDropReward', wageringRequirementFactor: 10, maxPayout: '100.00' } as PlayerReward['reward'],
    };
    const list = [...listFromQuery([item('cash', null), bonus]), applyRewardEvent([], event('new', 'Unclaimed')).list[0]!];
    expect(ids(visibleRewards(list, true))).toEqual(['cash', 'bonus', 'new']);
    expect(ids(visibleRewards(list, false))).toEqual(['cash']);
  });
});
