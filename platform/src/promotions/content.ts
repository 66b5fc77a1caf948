/**
 * Promotions as content (spec sections 2 and 3: /promotions/, the bonus actions DEPOSIT and
 * PAGE_LINK, the deposit bonus triggers): `content/<brand>/promotions.json`, read live like the
 * rewards, so an editor adds a promotion without a deploy. A DEPOSIT promotion names a reward of the
 * brand's rewards.json, given once per player through the reward engine when a deposit the player
 * made after choosing the promotion meets its trigger (service.ts).
 */
import { z } from 'zod';
import { internalHref, localisedText } from '../content/blocks.ts';

/** The file name of a brand's promotions. */
export const PROMOTIONS_FILE = 'promotions.json';

/** Deposit bonus triggers (spec section 3). */
export const DEPOSIT_TRIGGERS = ['ALWAYS', 'EXISTING_DEPOSITS', 'FIRST_TIME_DEPOSIT'] as const;
/** A deposit bonus trigger. */
export type DepositTrigger = (typeof DEPOSIT_TRIGGERS)[number];

const text = z.union([z.string().min(1).max(400), localisedText]);
const instant = z.iso.datetime({ offset: true, error: 'an ISO 8601 time with its zone, such as "2026-12-01T00:00:00Z"' });
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a lower-case slug such as "reload-weekend"').max(60);

const depositAction = z.strictObject({
  type: z.literal('DEPOSIT'),
  /** The button's text ("Deposit and get 20 EUR"). */
  cta: text,
  /**
   * Which deposits earn the bonus: ALWAYS any, FIRST_TIME_DEPOSIT only the player's first, and
   * EXISTING_DEPOSITS only a player who has deposited before.
   */
  trigger: z.enum(DEPOSIT_TRIGGERS, { error: 'ALWAYS, EXISTING_DEPOSITS or FIRST_TIME_DEPOSIT' }),
  /** The reward of rewards.json the deposit earns (given once per player). */
  rewardId: slug,
  /** The smallest deposit that earns it, in the reward's currency (default: any). */
  minDeposit: z.string().regex(/^\d{1,12}(\.\d{1,3})?$/, 'an amount such as "10.00" (a decimal string, not a number)').optional(),
});

const pageLinkAction = z.strictObject({
  type: z.literal('PAGE_LINK'),
  cta: text,
  /** Where the button leads, a lobby path without the locale prefix. */
  href: internalHref,
});

/** One promotion as written. */
export const promotionContent = z.strictObject({
  /** Stable id: the player's choice and the bonus given refer to it; never reuse one. */
  id: slug,
  title: text,
  /** Plain text shown under the title. */
  text,
  /** A short label on the card ("New", "Weekend"). */
  badge: text.optional(),
  /** Shown and choosable from then (default: always). */
  startsAt: instant.optional(),
  /** Shown and choosable until then; a deposit after it earns nothing. */
  endsAt: instant.optional(),
  action: z.discriminatedUnion('type', [depositAction, pageLinkAction], { error: 'action.type must be DEPOSIT or PAGE_LINK' }),
  /** The terms page linked from the promotion (default /bonus-terms-and-conditions/). */
  termsHref: internalHref.optional(),
});

/** The file as written. */
export const promotionsFile = z.strictObject({
  $comment: z.string().optional(),
  promotions: z.array(promotionContent).max(100),
});

/** A promotion as written. */
export type PromotionContent = z.infer<typeof promotionContent>;
