/**
 * The rewards shop as content: `content/<brand>/shop.json`, read live like the rewards, so an editor
 * adds an item without a deploy. Coins are earned by real-money casino stakes at the brand's rate
 * (`wagerPerCoin`, in the base currency, EUR: stakes in other currencies count at the jackpot's
 * currency multipliers); each item costs a whole number of coins and gives a reward of rewards.json.
 */
import { z } from 'zod';
import { localisedText } from '../content/blocks.ts';

/** The file name of a brand's shop. */
export const SHOP_FILE = 'shop.json';

const text = z.union([z.string().min(1).max(200), localisedText]);

/** One item as written. */
export const shopItem = z.strictObject({
  /** Stable id: purchases refer to it; never reuse one. */
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a lower-case slug such as "ten-spins"').max(60),
  title: text,
  text: text.optional(),
  /** Whole coins. */
  price: z.number().int('a whole number of coins').min(1).max(1_000_000),
  /** The reward of rewards.json a purchase gives. */
  rewardId: z.string().min(1).max(60),
});

/** The file as written. */
export const shopFile = z.strictObject({
  $comment: z.string().optional(),
  /** Real-money stakes, in base-currency (EUR) units, that earn one coin, such as "1.00". */
  wagerPerCoin: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'an amount such as "1.00" (a decimal string, not a number)').refine((value) => Number(value) > 0, 'more than zero'),
  items: z.array(shopItem).max(200),
});

/** The shop as written. */
export type ShopContent = z.infer<typeof shopFile>;
/** An item as written. */
export type ShopItemContent = z.infer<typeof shopItem>;
