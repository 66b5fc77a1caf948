/**
 * Reward definitions as content (spec section 3, "Reward variants"): `content/<brand>/rewards.json`,
 * read live like the layout, so an editor adds or changes a reward without a deploy; a broken save
 * keeps the last good definitions (content/store.ts). A definition is what can be given; an
 * assignation (service.ts) is one player's copy of it, which keeps the definition as it was when it
 * was assigned, so a later edit never changes a reward a player already holds.
 *
 * Amounts are decimal strings in the reward's currency; an assignation to a wallet in another
 * currency is refused (with the currency to use), never converted.
 */
import { z } from 'zod';
import { localisedText } from '../content/blocks.ts';
import { parseAmount } from '../ledger/money.ts';

/** The file name of a brand's reward definitions. */
export const REWARDS_FILE = 'rewards.json';

/** Reward types (spec section 3). */
export const REWARD_TYPES = ['Cashback', 'Incentive'] as const;
/** How a reward is claimed: by the player (manual), or credited by itself when it starts (automatic). */
export const CLAIM_TYPES = ['manual', 'automatic'] as const;

const amount = z.string().regex(/^\d{1,12}(\.\d{1,3})?$/, 'an amount such as "10.00" (a decimal string, not a number)');
const currency = z.string().regex(/^[A-Z]{3}$/, 'a three-letter currency code such as EUR');
const instant = z.iso.datetime({ offset: true, error: 'an ISO 8601 time with its zone, such as "2026-12-01T00:00:00Z"' });
const seconds = z.number().int().positive().max(10 * 365 * 86_400, 'at most ten years, in seconds');

const common = {
  /** Stable id: assignations and the lobby refer to it; never reuse one for a different reward. */
  rewardId: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a lower-case slug such as "welcome-spins"').max(60),
  name: z.union([z.string().min(1).max(80), localisedText]),
  rewardType: z.enum(REWARD_TYPES, { error: 'Cashback or Incentive' }),
  claimType: z.enum(CLAIM_TYPES, { error: 'manual (the player claims it) or automatic (credited when it starts)' }),
  /** Why it is given, as shown to the player ("Welcome", "Weekend drop"). */
  rewardReason: z.string().min(1).max(80).optional(),
  /** Not assignable (nor started) before this time; assigned earlier, it waits as Scheduled. */
  startsAt: instant.optional(),
  /** Not assignable after this time, and an unclaimed copy expires then. */
  endsAt: instant.optional(),
  /** An unclaimed copy expires this many seconds after it starts (or at endsAt, whichever is first). */
  expiresIn: seconds.optional(),
};

const freeSpins = z.strictObject({
  variant: z.literal('FreeSpinReward'),
  ...common,
  /** How many spins. */
  amount: z.number().int().min(1).max(1000),
  /** The stake of each spin, in currency: a real round at exactly this bet on the game is free. */
  value: amount,
  currency,
  /** The game's bet level the spins are shown at (informational for the game page). */
  betLevel: z.number().int().min(1).max(100),
  /** The game's slug (platform/data/catalogue). */
  game: z.string().min(1).max(100),
});

const moneyDrop = z.strictObject({
  variant: z.literal('MoneyDropReward'),
  ...common,
  /** Cash credited on claim. */
  amount,
  currency,
});

const bonusMoneyDrop = z.strictObject({
  variant: z.literal('BonusMoneyDropReward'),
  ...common,
  /** Bonus balance credited on claim. */
  amount,
  currency,
  /** Real-money stakes needed to convert: amount × this factor. */
  wageringRequirementFactor: z.number().min(0).max(200),
  /** The most cash the bonus converts to; the rest is forfeited at conversion. */
  maxPayout: amount,
  /** Seconds the player has to complete the wagering once claimed (default 30 days); then the bonus expires. */
  wageringExpiresIn: seconds.optional(),
});

/** One reward definition as written. */
export const rewardDefinition = z.discriminatedUnion('variant', [freeSpins, moneyDrop, bonusMoneyDrop], {
  error: 'variant must be FreeSpinReward, MoneyDropReward or BonusMoneyDropReward',
});

/** The file as written. */
export const rewardsFile = z.strictObject({
  $comment: z.string().optional(),
  rewards: z.array(rewardDefinition).max(500),
});

/** A definition as written. */
export type RewardDefinition = z.infer<typeof rewardDefinition>;
/** A reward variant's name. */
export type RewardVariant = RewardDefinition['variant'];

/** Default time to complete a bonus's wagering: 30 days. */
export const DEFAULT_WAGERING_SECONDS = 30 * 86_400;

/**
 * Checks what the schema cannot: unique ids, windows that end after they start, amounts exact in
 * their currency, a payout cap that pays something, and free-spin games that exist. Returns the
 * problems, each naming the reward and the fix.
 */
export async function checkRewardDefinitions(rewards: readonly RewardDefinition[], gameExists: (slug: string) => Promise<boolean>): Promise<string[]> {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [index, reward] of rewards.entries()) {
    const where = `rewards[${index}] ("${reward.rewardId}")`;
    if (seen.has(reward.rewardId)) problems.push(`${where}: rewardId is used twice; give each reward its own`);
    seen.add(reward.rewardId);
    if (reward.startsAt && reward.endsAt && Date.parse(reward.endsAt) <= Date.parse(reward.startsAt)) {
      problems.push(`${where}: endsAt ${reward.endsAt} must be after startsAt ${reward.startsAt}`);
    }
    // parseAmount refuses zero, and decimals the currency does not have.
    const exact = (text: string, field: string): void => {
      try {
        parseAmount(text, reward.currency, field);
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message}`);
      }
    };
    if (reward.variant === 'FreeSpinReward') {
      exact(reward.value, 'value');
      if (!(await gameExists(reward.game))) problems.push(`${where}: game "${reward.game}" is not in the catalogue: use a game's slug (its /games/<slug>/ page)`);
    } else {
      exact(reward.amount, 'amount');
      if (reward.variant === 'BonusMoneyDropReward') exact(reward.maxPayout, 'maxPayout');
    }
  }
  return problems;
}
