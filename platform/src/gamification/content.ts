/**
 * The gamification provider's content, per brand, read live like the layout (content/store.ts): a
 * broken save keeps the last good version serving and is reported with its file and field.
 *
 * - `loyalty.json`: the provider's settings (enabled, the lobby's client id, the points rate) and the
 *   loyalty page (spec section 3, LoyaltyPage): rank cards, which are also the ranks points climb
 *   (`pointsFrom`), steps, reward cards, the FAQ of 8, terms and images.
 * - `missions.json`: goals met by real rounds or deposits, each with a cash reward paid once.
 * - `tournaments.json`: windows (fixed, or every hour, day or week) scored by real rounds, with prizes by rank.
 *
 * Amounts are EUR (the provider's base currency) as decimal strings; players are paid in their
 * wallet's currency at the jackpot service's rates (jackpot/currencies.ts).
 */
import { z } from 'zod';
import { image, localisedText, slug } from '../content/blocks.ts';
import { PlatformError } from '../graphql/errors.ts';
import { parseAmount } from '../ledger/money.ts';
import { BASE_CURRENCY } from '../jackpot/currencies.ts';
import { describeIssues, friendlyErrors } from '../validation.ts';

/** File names in content/<brand>/. */
export const LOYALTY_FILE = 'loyalty.json';
/** Missions of a brand. */
export const MISSIONS_FILE = 'missions.json';
/** Tournaments of a brand. */
export const TOURNAMENTS_FILE = 'tournaments.json';
/** The loyalty page's FAQ has exactly this many items (spec section 9). */
export const LOYALTY_FAQ_ITEMS = 8;

const imageUrl = image.shape.desktop;
const eur = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'an amount in EUR such as "5.00"');
const positiveEur = eur.refine((text) => parseAmount(text, BASE_CURRENCY) > 0n, 'more than 0.00');
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour such as "#b08d57"');
const isoTime = z.iso.datetime({ offset: true, error: 'an ISO 8601 time with its offset, such as "2026-12-01T00:00:00Z"' });
/** Which real rounds count: any game, Megaways games, live casino games, or one catalogue category. */
const games = z.union([z.enum(['any', 'megaways', 'live-casino'], { error: 'one of "any", "megaways", "live-casino", or { "category": "<slug>" }' }), z.strictObject({ category: slug })]);

/** `content/<brand>/loyalty.json`. */
export const loyaltyFile = z
  .strictObject({
    $schema: z.string().optional(),
    $comment: z.string().optional(),
    settings: z.strictObject({
      /** Off: the provider refuses tokens for the brand and the lobby hides the pages. */
      enabled: z.boolean(),
      /** The lobby's client id at the provider's token endpoint; unique across brands. */
      clientId: z.string().regex(/^[A-Za-z0-9._-]{3,64}$/, '3 to 64 letters, digits, ".", "_" or "-"'),
      /** The points rate: `points` points for every `per` EUR wagered in real money. */
      pointsRate: z.strictObject({ per: positiveEur, points: z.number().int().min(1).max(1000) }),
    }),
    /** Shown behind the info link. */
    description: localisedText,
    /** The ranks, lowest first: the first starts at 0 points, each next one at more points. */
    rankCards: z.array(z.strictObject({
      rank: localisedText,
      subtitle: localisedText,
      logo: imageUrl,
      colour,
      benefitsTitle: localisedText,
      benefits: z.array(localisedText).min(1).max(8),
      pointsFrom: z.number().int().min(0),
    })).min(1).max(12),
    steps: z.array(z.strictObject({ title: localisedText, subtitle: localisedText, description: localisedText, image: imageUrl })).min(1).max(6),
    rewardCards: z.array(z.strictObject({ title: localisedText, description: localisedText, image: imageUrl, colour })).min(1).max(8),
    faq: z.array(z.strictObject({ question: localisedText, answer: localisedText })).length(LOYALTY_FAQ_ITEMS, `exactly ${LOYALTY_FAQ_ITEMS} question and answer pairs (spec section 9)`),
    termsAndConditions: localisedText,
    images: z.strictObject({
      background: imageUrl, backgroundDesktop: imageUrl, main: imageUrl, mainDesktop: imageUrl, shop: imageUrl, shopDesktop: imageUrl, games: imageUrl,
    }),
  })
  .superRefine((file, context) => {
    file.rankCards.forEach((card, index) => {
      const before = file.rankCards[index - 1];
      if (index === 0 && card.pointsFrom !== 0) context.addIssue({ code: 'custom', path: ['rankCards', 0, 'pointsFrom'], message: 'the first rank starts at 0 points' });
      if (before && card.pointsFrom <= before.pointsFrom) {
        context.addIssue({ code: 'custom', path: ['rankCards', index, 'pointsFrom'], message: `${card.pointsFrom} is not more than the rank before it (${before.pointsFrom}): list ranks lowest first` });
      }
    });
  });

/** A validated loyalty file. */
export type LoyaltyContent = z.infer<typeof loyaltyFile>;

const goal = z.union([
  z.strictObject({ rounds: z.number().int().min(1).max(100_000) }),
  z.strictObject({ wager: positiveEur }),
  z.strictObject({ deposits: z.number().int().min(1).max(100) }),
], { error: 'one of { "rounds": <count> }, { "wager": "<EUR>" } or { "deposits": <count> }' });

/** `content/<brand>/missions.json`. */
export const missionsFile = z
  .strictObject({
    $schema: z.string().optional(),
    $comment: z.string().optional(),
    missions: z.array(z.strictObject({
      /** Never reuse an id: a player who completed a mission under it is not paid again. */
      id: slug,
      title: localisedText,
      description: localisedText,
      image: imageUrl,
      goal,
      /** Which rounds count toward a rounds or wager goal (default any). */
      games: games.default('any'),
      /** Cash paid once when the goal is met, in EUR. */
      reward: positiveEur,
      startsAt: isoTime.optional(),
      endsAt: isoTime.optional(),
    })).max(50),
  })
  .superRefine((file, context) => {
    const seen = new Set<string>();
    file.missions.forEach((mission, index) => {
      if (seen.has(mission.id)) context.addIssue({ code: 'custom', path: ['missions', index, 'id'], message: `"${mission.id}" is used twice: give each mission its own id` });
      seen.add(mission.id);
      if ('deposits' in mission.goal && mission.games !== 'any') context.addIssue({ code: 'custom', path: ['missions', index, 'games'], message: 'a deposits goal counts deposits, not games: leave games out' });
      if (mission.startsAt && mission.endsAt && Date.parse(mission.endsAt) <= Date.parse(mission.startsAt)) {
        context.addIssue({ code: 'custom', path: ['missions', index, 'endsAt'], message: 'must be after startsAt' });
      }
    });
  });

/** A validated missions file. */
export type MissionsContent = z.infer<typeof missionsFile>;
/** One mission. */
export type MissionContent = MissionsContent['missions'][number];

/** `content/<brand>/tournaments.json`. */
export const tournamentsFile = z
  .strictObject({
    $schema: z.string().optional(),
    $comment: z.string().optional(),
    tournaments: z.array(z.strictObject({
      id: slug.refine((id) => id.length <= 40, 'at most 40 characters'),
      title: localisedText,
      description: localisedText,
      image: imageUrl,
      /** multiplier: the best round's win over its bet; wagered: the amount wagered. */
      scoring: z.enum(['multiplier', 'wagered'], { error: 'one of "multiplier" (best win over bet) or "wagered" (amount wagered)' }),
      /** Every UTC hour, day or week (Monday), or one fixed window. */
      schedule: z.union([
        z.strictObject({ every: z.enum(['hour', 'day', 'week']) }),
        z.strictObject({ startsAt: isoTime, endsAt: isoTime }),
      ], { error: '{ "every": "hour" | "day" | "week" } or { "startsAt": "<ISO time>", "endsAt": "<ISO time>" }' }),
      games: games.default('any'),
      /** Rounds with a smaller bet (EUR) do not score. */
      minBet: eur.default('0.00'),
      /** Prizes in EUR by rank, first place first. */
      prizes: z.array(positiveEur).min(1).max(50),
    })).max(20),
  })
  .superRefine((file, context) => {
    const seen = new Set<string>();
    file.tournaments.forEach((tournament, index) => {
      if (seen.has(tournament.id)) context.addIssue({ code: 'custom', path: ['tournaments', index, 'id'], message: `"${tournament.id}" is used twice: give each tournament its own id` });
      seen.add(tournament.id);
      if ('startsAt' in tournament.schedule && Date.parse(tournament.schedule.endsAt) <= Date.parse(tournament.schedule.startsAt)) {
        context.addIssue({ code: 'custom', path: ['tournaments', index, 'schedule', 'endsAt'], message: 'must be after startsAt' });
      }
      const prizes = tournament.prizes.map((prize) => parseAmount(prize, BASE_CURRENCY));
      if (prizes.some((prize, rank) => rank > 0 && prize > (prizes[rank - 1] as bigint))) {
        context.addIssue({ code: 'custom', path: ['tournaments', index, 'prizes'], message: 'list prizes first place first: no prize may be larger than the one before it' });
      }
    });
  });

/** A validated tournaments file. */
export type TournamentsContent = z.infer<typeof tournamentsFile>;
/** One tournament. */
export type TournamentContent = TournamentsContent['tournaments'][number];
/** Which rounds a mission or tournament counts. */
export type GamesFilter = z.infer<typeof games>;

/** A checker for the content store: the file's data, or InvalidContent naming the file and field. */
export function contentChecker<T>(schema: z.ZodType<T>): (json: unknown, shown: string) => Promise<T> {
  return async (json, shown) => {
    const parsed = schema.safeParse(json, friendlyErrors);
    if (!parsed.success) throw new PlatformError('InvalidContent', `${shown}: ${describeIssues(parsed.error.issues).join('; ')}`, { file: shown });
    return parsed.data;
  };
}

/** The brand's gamification content (each null when the brand has no such file, or its first save is broken). */
export interface GamificationContent {
  loyalty: LoyaltyContent | null;
  missions: MissionsContent | null;
  tournaments: TournamentsContent | null;
}
