/**
 * The rewards pages' texts, translated on the server and handed to the islands, so the islands carry
 * no dictionary.
 */
import { pickTexts, type Translate } from '../../i18n/translate.ts';

const REWARDS_KEYS = [
  'rewards.listTitle', 'rewards.empty', 'rewards.loadError', 'rewards.retry', 'rewards.freeSpins', 'rewards.spinValue', 'rewards.betLevel',
  'rewards.game', 'rewards.amount', 'rewards.wageringRequirement', 'rewards.wageringFactor', 'rewards.maxPayout', 'rewards.expires',
  'rewards.starts', 'rewards.claim', 'rewards.claimAndPlay', 'rewards.claiming', 'rewards.play', 'rewards.remove',
  'rewards.status.Unclaimed', 'rewards.status.Scheduled', 'rewards.status.Processing', 'rewards.status.Credited', 'rewards.status.Expired',
  'rewards.status.Removed', 'rewards.status.FailedProcessing', 'rewards.error.RewardsBlocked', 'rewards.error.RewardNotClaimable',
  'rewards.error.generic', 'rewards.blocked', 'rewards.phoneRequired', 'rewards.verifyPhone', 'rewards.bonusesTitle', 'rewards.bonusesEmpty',
  'rewards.wageringProgress', 'rewards.wagered', 'rewards.bonusExpires', 'rewards.forfeit', 'rewards.forfeitTitle', 'rewards.forfeitBody',
  'rewards.forfeitConfirm', 'rewards.forfeitError', 'rewards.bonusTerms', 'rewards.fullTerms', 'rewards.checker', 'rewards.checkerTitle',
  'rewards.checkerIntro', 'rewards.checkerDone', 'account.bonus', 'common.loading', 'common.close',
] as const;

/** Texts of /rewards/. */
export type RewardsTexts = Record<(typeof REWARDS_KEYS)[number], string>;

/** The texts /rewards/ needs. */
export function rewardsTexts(t: Translate): RewardsTexts {
  return pickTexts(t, REWARDS_KEYS);
}

const HISTORY_KEYS = [
  'rewardsHistory.empty', 'rewardsHistory.caption', 'rewardsHistory.date', 'rewardsHistory.reward', 'rewardsHistory.status',
  'rewardsHistory.bonus', 'rewardsHistory.bonusStatus.Active', 'rewardsHistory.bonusStatus.Converted', 'rewardsHistory.bonusStatus.Expired',
  'rewardsHistory.bonusStatus.Forfeited', 'rewards.status.Unclaimed', 'rewards.status.Scheduled', 'rewards.status.Processing',
  'rewards.status.Credited', 'rewards.status.Expired', 'rewards.status.Removed', 'rewards.status.FailedProcessing', 'rewards.freeSpins',
  'rewards.amount', 'history.loadError', 'history.retry', 'common.loading',
] as const;

/** Texts of /profile/rewards-history/. */
export type RewardsHistoryTexts = Record<(typeof HISTORY_KEYS)[number], string>;

/** The texts /profile/rewards-history/ needs. */
export function rewardsHistoryTexts(t: Translate): RewardsHistoryTexts {
  return pickTexts(t, HISTORY_KEYS);
}
