/**
 * The reward list's rules (spec section 4, "Reward list"), as pure functions over an immutable list:
 * loaded from the player rewards query, then changed by RewardsContextSubscription events, claims and
 * the player removing a claimed reward. The store (rewards-store.ts) and its tests drive these.
 *
 * An event carries only the reward's summary (no variant fields), so a reward first known from an
 * event has `item: null` until the next read brings its full item.
 */
import type { PlayerRewardFieldsFragment, RewardsContextSubscription, RewardStatus } from '../../lib/graphql/generated/player.ts';

/** A reward as the player rewards query and claimReward answer it, with its variant. */
export type PlayerReward = PlayerRewardFieldsFragment;
/** A RewardsContextSubscription event. */
export type RewardEvent = RewardsContextSubscription['rewardUpdated'];
/** What every reward carries, from a query or an event. */
export type RewardSummary = RewardEvent['reward'];

/** One reward in the list. */
export interface RewardEntry {
  assignationId: string;
  status: RewardStatus;
  reward: RewardSummary;
  /** The full item (variant fields); null for a reward only an event has announced so far. */
  item: PlayerReward | null;
}

/** Sorted by startsAt ascending; a reward with no start comes first; ties keep their order. */
export function sortRewards(list: readonly RewardEntry[]): RewardEntry[] {
  const key = (entry: RewardEntry) => (entry.reward.startsAt ? Date.parse(entry.reward.startsAt) : Number.NEGATIVE_INFINITY);
  return [...list].sort((a, b) => key(a) - key(b));
}

/** An entry from a full item. */
export function entryOf(item: PlayerReward): RewardEntry {
  return { assignationId: item.assignationId, status: item.status, reward: item.reward, item };
}

/** The list as the player rewards query answered it. */
export function listFromQuery(items: readonly PlayerReward[]): RewardEntry[] {
  return sortRewards(items.map(entryOf));
}

/** What an event did to the list: `added` says the new entry still needs its full item. */
export interface EventResult {
  list: RewardEntry[];
  change: 'ignored' | 'added' | 'updated';
}

/**
 * Applies one RewardsContextSubscription event: a credited reward not yet known is ignored; a
 * manual-claim reward not yet known is added; otherwise the matching reward's status is updated
 * (an unknown reward that is neither is ignored: there is nothing to update).
 */
export function applyRewardEvent(list: readonly RewardEntry[], event: RewardEvent): EventResult {
  const known = list.find((entry) => entry.assignationId === event.assignationId);
  if (!known) {
    if (event.status === 'Credited' || event.reward.claimType !== 'manual') return { list: [...list], change: 'ignored' };
    return { list: sortRewards([...list, { assignationId: event.assignationId, status: event.status, reward: event.reward, item: null }]), change: 'added' };
  }
  return { list: list.map((entry) => (entry === known ? withStatus(entry, event.status) : entry)), change: 'updated' };
}

/** The entry with a new status (its item's too, so both agree). */
export function withStatus(entry: RewardEntry, status: RewardStatus): RewardEntry {
  return { ...entry, status, item: entry.item ? { ...entry.item, status } : null };
}

/** Puts a full item (a claim's answer, a later read) in place of its entry; an unknown one is left out. */
export function replaceItem(list: readonly RewardEntry[], item: PlayerReward): RewardEntry[] {
  return list.map((entry) => (entry.assignationId === item.assignationId ? entryOf(item) : entry));
}

/**
 * Merges a fresh read into the list: every read reward is taken as read; a known reward the read
 * no longer returns (claimed, expired or removed since) keeps its entry only if it is Credited, so
 * a claimed card stays until the player removes it, or if it is in `newer`: rewards an event added
 * after the read was sent, which the read may not know yet.
 */
export function mergeRead(list: readonly RewardEntry[], items: readonly PlayerReward[], newer: ReadonlySet<string> = new Set()): RewardEntry[] {
  const read = new Set(items.map((item) => item.assignationId));
  const kept = list.filter((entry) => !read.has(entry.assignationId) && (entry.status === 'Credited' || newer.has(entry.assignationId)));
  return sortRewards([...kept, ...items.map(entryOf)]);
}

/** Removes a claimed (Credited) reward; any other reward stays. */
export function removeClaimed(list: readonly RewardEntry[], assignationId: string): RewardEntry[] {
  return list.filter((entry) => !(entry.assignationId === assignationId && entry.status === 'Credited'));
}

/** How many rewards wait for the player to claim them (the account menu's count). */
export function unclaimedCount(list: readonly RewardEntry[]): number {
  return list.filter((entry) => entry.status === 'Unclaimed').length;
}

/**
 * The rewards a player is shown: where the brand has bonuses off (bonusEnabled false) every bonus
 * entry is hidden, and so is a reward whose variant is not known yet (it may be one).
 */
export function visibleRewards(list: readonly RewardEntry[], bonusEnabled: boolean): RewardEntry[] {
  if (bonusEnabled) return [...list];
  return list.filter((entry) => entry.item !== null && entry.item.reward.__typename !== 'BonusMoneyDropReward');
}
