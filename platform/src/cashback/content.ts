/**
 * Weekly cashback as content: `content/<brand>/cashback.json`, the percentage of a week's net casino
 * losses given back and the reward of rewards.json (a money or bonus money drop, rewardType Cashback)
 * whose amount each payout replaces with the computed one.
 */
import { z } from 'zod';

/** The file name of a brand's cashback. */
export const CASHBACK_FILE = 'cashback.json';

/** The file as written. */
export const cashbackFile = z.strictObject({
  $comment: z.string().optional(),
  /** Percent of the week's net casino losses, such as "10" or "12.5". */
  percent: z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, 'a percentage such as "10" or "12.5" (a decimal string below 100)').refine((value) => Number(value) > 0, 'more than zero'),
  /** The money or bonus money drop of rewards.json a payout is given as. */
  rewardId: z.string().min(1).max(60),
});

/** The cashback as written. */
export type CashbackContent = z.infer<typeof cashbackFile>;
