/**
 * The jackpot and raffle settings as content (spec section 3): `content/<brand>/jackpot.json`, or
 * `jackpot.<CC>.json` for a country, read live like the layout, so an editor enables, disables and
 * edits them without a deploy. One file holds the three the lobby asks for:
 *
 * - jackpotSettings: the widget and opt-in (which instance, contribution options, palette, images);
 * - jackpotSettingsV2: the /jackpot/ page (images, title rows, rich text, terms);
 * - raffleSettings: the /raffle/ page (backgrounds, rich text, terms).
 *
 * Contribution options are amounts in EUR taken from the player's cash on each real-money casino
 * bet while opted in (converted to the wallet's currency); initialContributionValue is one of them.
 */
import { z } from 'zod';
import { image, localisedText } from '../content/blocks.ts';

/** The file name of a brand's jackpot settings (and `jackpot.<CC>.json` per country). */
export const JACKPOT_SETTINGS_FILE = 'jackpot.json';

const imageUrl = image.shape.desktop;
const contribution = z.number().positive().max(100).refine((value) => Math.round(value * 100) === value * 100, 'an amount in EUR with at most 2 decimals, such as 0.1');

/** The widget's and opt-in's settings. */
export const jackpotSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  /** The jackpot service instance (platform/data/jackpots.json) the brand's players contribute to. */
  instanceId: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'an instance id such as "northstar-jackpot"'),
  /** The brand's operator (brand.json `operator`); the opt-in's brand_id is "<operatorId>:<brand>". */
  operatorId: z.string().min(1),
  /** The contribution source: "casino" (real-money casino bets). */
  sourceId: z.literal('casino', { error: 'only "casino": contributions come from real-money casino bets' }),
  /** The option chosen for a player who has not chosen (must be one of contributionOptions). */
  initialContributionValue: contribution,
  /** What a player may contribute per bet, in EUR, smallest first. */
  contributionOptions: z.array(contribution).min(1).max(6),
  colorPalette: z.enum(['gold', 'emerald', 'sapphire', 'ruby'], { error: 'one of gold, emerald, sapphire, ruby' }),
  /** Whether the shared pot and its community winners are shown. */
  enabledCommunity: z.boolean(),
  /** Show contributions as a percentage of a 10.00 EUR bet instead of an amount (spec section 6). */
  showContributionAsPercentage: z.boolean().default(false),
  logo: z.strictObject({ url: imageUrl }),
  winnerNotificationImage: z.strictObject({ url: imageUrl }),
});

/** The /jackpot/ page. */
export const jackpotSettingsV2Schema = z.strictObject({
  enabled: z.boolean(),
  desktopImage: imageUrl,
  mobileImage: imageUrl,
  /** Title rows; the first two go in the heading. */
  titleRows: z.array(localisedText).min(1).max(6),
  /** Rich text (the lobby sanitises it). */
  text: localisedText,
  termsAndConditions: localisedText,
  /** The opt-in section's title; default "Jackpot Opt-In Settings". */
  optInTitle: localisedText.optional(),
});

/** The /raffle/ page. */
export const raffleSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  pageMobileBackgroundImage: imageUrl,
  pageDesktopBackgroundImage: imageUrl,
  text: localisedText,
  termsAndConditions: localisedText,
});

/** `content/<brand>/jackpot.json`. */
export const jackpotSettingsFile = z
  .strictObject({
    $schema: z.string().optional(),
    $comment: z.string().optional(),
    jackpotSettings: jackpotSettingsSchema,
    jackpotSettingsV2: jackpotSettingsV2Schema,
    raffleSettings: raffleSettingsSchema,
  })
  .superRefine((file, context) => {
    const { initialContributionValue, contributionOptions } = file.jackpotSettings;
    if (!contributionOptions.includes(initialContributionValue)) {
      context.addIssue({ code: 'custom', path: ['jackpotSettings', 'initialContributionValue'], message: `${initialContributionValue} is not one of contributionOptions (${contributionOptions.join(', ')}): pick one of them` });
    }
    if (new Set(contributionOptions).size !== contributionOptions.length) {
      context.addIssue({ code: 'custom', path: ['jackpotSettings', 'contributionOptions'], message: 'an option is listed twice' });
    }
  });

/** A validated settings file. */
export type JackpotSettingsContent = z.infer<typeof jackpotSettingsFile>;

/** An option in EUR (0.1) as cents (10n), exactly. */
export function optionMinor(value: number): bigint {
  return BigInt(Math.round(value * 100));
}
