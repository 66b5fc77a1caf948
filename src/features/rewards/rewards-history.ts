/**
 * The rows of /profile/rewards-history/: the player's past rewards (Credited, Expired, Removed,
 * FailedProcessing) and past bonuses (Converted, Expired, Forfeited) in one list, newest first.
 */
import type { BonusFieldsFragment, RewardsHistoryQuery } from '../../lib/graphql/generated/player.ts';
import type { PlayerReward } from './reward-list.ts';

/** One row of the history. */
export type HistoryRow =
  | { kind: 'reward'; id: string; at: string; name: string; status: PlayerReward['status']; reward: PlayerReward['reward'] }
  | { kind: 'bonus'; id: string; at: string; name: string; status: BonusFieldsFragment['status']; bonus: BonusFieldsFragment };

/**
 * The history's rows, newest first. A reward's time is its last status change; a bonus's is when
 * it expired for an Expired one and when it was credited otherwise (the platform keeps no other).
 */
export function historyRows(viewer: NonNullable<RewardsHistoryQuery['viewer']>): HistoryRow[] {
  const rows: HistoryRow[] = [
    ...viewer.rewards.map((item) => ({ kind: 'reward' as const, id: `reward-${item.assignationId}`, at: item.updatedAt, name: item.reward.name, status: item.status, reward: item.reward })),
    ...viewer.bonuses.map((bonus) => ({
      kind: 'bonus' as const, id: `bonus-${bonus.id}`, at: bonus.status === 'Expired' ? bonus.expiresAt : bonus.createdAt, name: bonus.name, status: bonus.status, bonus,
    })),
  ];
  return rows.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}
