/**
 * The dashboard's open tasks (spec section 3, task types CompleteSoW and Deposit, plus identity
 * verification): what the player still has to do, most pressing first, from the live player.
 */
import { sourceOfWealthAsked } from '../account-banners/banners.ts';
import type { Player } from '../session/player-store.ts';

/** A task the dashboard lists: the spec's two task types and identity verification. */
export type TaskType = 'Verify' | 'CompleteSoW' | 'Deposit';

/** One open task and the date it is due by, when there is one. */
export interface OpenTask {
  type: TaskType;
  dueDate: string | null;
}

/**
 * The player's open tasks: verification when KYC is Required; CompleteSoW while the operator waits
 * for the source of wealth (the same rule as its account banner); Deposit before the first deposit.
 */
export function openTasks(player: Pick<Player, 'kycCheckStatus' | 'sourceOfWealthStatus' | 'hasFirstTimeDeposit'>): OpenTask[] {
  const tasks: OpenTask[] = [];
  if (player.kycCheckStatus.status === 'Required') tasks.push({ type: 'Verify', dueDate: player.kycCheckStatus.deadline });
  const sow = player.sourceOfWealthStatus;
  if (sourceOfWealthAsked(player)) tasks.push({ type: 'CompleteSoW', dueDate: sow.dueDate });
  if (!player.hasFirstTimeDeposit) tasks.push({ type: 'Deposit', dueDate: null });
  return tasks;
}
