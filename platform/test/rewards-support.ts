/**
 * Helpers of the reward tests: a content folder of their own (a copy of content/ whose aurelia
 * rewards.json holds the test definitions), and waiting for a condition rather than for a time.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTENT_DIR } from './helpers.ts';

/** The slot the free-spin definitions name (plain, offered everywhere). */
export const SPIN_GAME = 'ancient-comet-deluxe';

/** The test definitions, aurelia (EUR). */
export const TEST_REWARDS = [
  { variant: 'MoneyDropReward', rewardId: 'drop', name: { en: 'Five euros', fi: 'Viisi euroa' }, rewardType: 'Incentive', claimType: 'manual', rewardReason: 'Test', expiresIn: 3600, amount: '5.00', currency: 'EUR' },
  { variant: 'BonusMoneyDropReward', rewardId: 'bonus', name: 'Twenty bonus', rewardType: 'Incentive', claimType: 'manual', amount: '20.00', currency: 'EUR', wageringRequirementFactor: 2, maxPayout: '100.00' },
  { variant: 'BonusMoneyDropReward', rewardId: 'capped', name: 'Capped bonus', rewardType: 'Cashback', claimType: 'manual', amount: '50.00', currency: 'EUR', wageringRequirementFactor: 1, maxPayout: '30.00', wageringExpiresIn: 3600 },
  { variant: 'FreeSpinReward', rewardId: 'spins', name: 'Three spins', rewardType: 'Incentive', claimType: 'manual', amount: 3, value: '0.50', currency: 'EUR', betLevel: 2, game: SPIN_GAME },
  { variant: 'MoneyDropReward', rewardId: 'auto', name: 'Automatic two', rewardType: 'Incentive', claimType: 'automatic', amount: '2.00', currency: 'EUR' },
  { variant: 'MoneyDropReward', rewardId: 'short', name: 'Two seconds', rewardType: 'Incentive', claimType: 'manual', expiresIn: 2, amount: '1.00', currency: 'EUR' },
  { variant: 'MoneyDropReward', rewardId: 'kroner', name: 'Kroner', rewardType: 'Incentive', claimType: 'manual', amount: '10.00', currency: 'NOK' },
];

/** A copy of content/ with the test definitions for aurelia; remove() deletes it. */
export function rewardsContent(rewards: unknown[] = TEST_REWARDS): { dir: string; write(json: unknown): void; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-rewards-'));
  cpSync(CONTENT_DIR, dir, { recursive: true });
  const file = join(dir, 'aurelia', 'rewards.json');
  const write = (json: unknown) => writeFileSync(file, typeof json === 'string' ? json : JSON.stringify(json, null, 2));
  write({ rewards });
  return { dir, write, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Resolves once check() is true, polling every 50 ms; rejects after ms naming what never happened. */
export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen in ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
