/**
 * `$rewards`: the signed-in player's reward list (spec section 4, "Reward list"): loaded from the
 * player rewards query (Unclaimed and Scheduled, last 500, ascending), then kept by
 * RewardsContextSubscription events through the rules of reward-list.ts, by claims, and by the
 * player removing a claimed reward. Lifecycle: the query and the subscription start when a component
 * first listens (the account menu's count, /rewards/) and only for a player; they stop when the last
 * one leaves. A reconnect reads the list again, as does an event that adds a reward (its variant
 * fields come only with a read).
 *
 * Only light calls (the player request and the session's socket): the account menu carries this on
 * every signed-in page, so it must not pull in Apollo.
 */
import { atom, onMount } from 'nanostores';
import { PlayerRewardsDocument, RewardsContextDocument } from '../../lib/graphql/generated/player.ts';
import { settledPlayerRuntime, type PlayerRuntime } from '../session/player-runtime.ts';
import { applyRewardEvent, mergeRead, removeClaimed, replaceItem, withStatus, type PlayerReward, type RewardEntry } from './reward-list.ts';
import type { RewardStatus } from '../../lib/graphql/generated/player.ts';

/** LOADING until the first read, READY after it, FAILED if it failed, NONE for a visitor. */
export type RewardsStatus = 'LOADING' | 'READY' | 'FAILED' | 'NONE';

/** The list and where its loading stands. */
export interface RewardsState {
  status: RewardsStatus;
  list: RewardEntry[];
  /** The subscription has been running long enough that no change is missed from now on. */
  live: boolean;
}

/** The list before its first read, and what the server renders from. */
export const REWARDS_NOT_LOADED: RewardsState = { status: 'LOADING', list: [], live: false };

/** The signed-in player's rewards. */
export const $rewards = atom<RewardsState>(REWARDS_NOT_LOADED);

/** How long after the subscription starts the list is read once more: the server has it running by then. */
const SUBSCRIBE_SETTLE_MS = 750;

let locale: string | null = null;
let runtime: PlayerRuntime | null = null;

/** The locale reward names are read in (the page's); set by the first island before it listens. */
export function setRewardsLocale(value: string): void {
  locale ??= value;
}

/** Reads sent so far, and the newest whose answer is in the list: an older answer arriving later is stale. */
let sentReads = 0;
let appliedRead = 0;
/** Which time the store has started: an answer to a read of an earlier start (another player, a page left) is dropped. */
let mounts = 0;
/**
 * Rewards an event added, each with the number of reads sent by then: a read sent no later than
 * that may predate the reward, so its answer does not take the reward off the list (it flickered
 * out of a live page, or stayed out when the older answer came last).
 */
const addedByEvent = new Map<string, number>();

async function read(): Promise<void> {
  if (!runtime) return;
  const sent = ++sentReads;
  const mount = mounts;
  try {
    const data = await runtime.request(PlayerRewardsDocument, { locale });
    if (mount !== mounts || sent < appliedRead) return;
    appliedRead = sent;
    const items = data.viewer?.rewards ?? [];
    const newer = new Set([...addedByEvent].filter(([, readsBefore]) => readsBefore >= sent).map(([id]) => id));
    for (const [id, readsBefore] of addedByEvent) if (readsBefore < sent) addedByEvent.delete(id);
    const current = $rewards.get();
    // Merged even into the first answer: an event may have added a reward while it was on its way.
    $rewards.set({ ...current, status: 'READY', list: mergeRead(current.list, items, newer) });
  } catch (error) {
    console.warn('[rewards] The reward list could not be read:', (error as Error).message);
    // Only the newest read's failure says the list cannot be read: a newer one may still answer.
    if (mount === mounts && sent === sentReads && $rewards.get().status === 'LOADING') $rewards.set({ ...$rewards.get(), status: 'FAILED', list: [] });
  }
}

onMount($rewards, () => {
  mounts += 1;
  let stopped = false;
  let stop: (() => void) | null = null;
  let settle: ReturnType<typeof setTimeout> | undefined;
  void settledPlayerRuntime().then((found) => {
    if (stopped) return;
    if (!found) {
      $rewards.set({ status: 'NONE', list: [], live: false });
      return;
    }
    runtime = found;
    stop = found.subscribe(RewardsContextDocument, ({ rewardUpdated }) => {
      const { list, change } = applyRewardEvent($rewards.get().list, rewardUpdated);
      $rewards.set({ ...$rewards.get(), list });
      if (change !== 'added') return;
      addedByEvent.set(rewardUpdated.assignationId, sentReads);
      void read();
    }, () => void read());
    void read();
    settle = setTimeout(() => {
      void read().then(() => $rewards.set({ ...$rewards.get(), live: true }));
    }, SUBSCRIBE_SETTLE_MS);
  });
  return () => {
    stopped = true;
    clearTimeout(settle);
    stop?.();
    addedByEvent.clear();
    $rewards.set({ status: 'LOADING', list: [], live: false });
  };
});

/** Shows a claim's answer (or a second tab's, or a replay's: the same Credited reward). */
export function rewardClaimed(item: PlayerReward): void {
  $rewards.set({ ...$rewards.get(), list: replaceItem($rewards.get().list, item) });
}

/** Shows the status the platform gave when it refused a claim (an expired reward says Expired). */
export function rewardStatusIs(assignationId: string, status: RewardStatus): void {
  const state = $rewards.get();
  $rewards.set({ ...state, list: state.list.map((entry) => (entry.assignationId === assignationId ? withStatus(entry, status) : entry)) });
}

/** Takes a claimed reward off the list. */
export function removeClaimedReward(assignationId: string): void {
  $rewards.set({ ...$rewards.get(), list: removeClaimed($rewards.get().list, assignationId) });
}

/** Reads the list again (after a failed first read, when the player asks to retry). */
export function reloadRewards(): void {
  if ($rewards.get().status === 'FAILED') $rewards.set({ ...$rewards.get(), status: 'LOADING', list: [] });
  void read();
}
