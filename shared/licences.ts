/**
 * The licence profile: one table per licence (spec section 6) saying which player-protection tools
 * exist and with which options. The lobby's screens (which account sections, which forms, which
 * banners) and the platform's rules (which limits it enforces, how long an increase waits) both read
 * this table, so a licence change is one edit here.
 *
 * The spec's section 6 gives the yes/no rows. The numbers a regulator sets and the spec leaves open
 * are ours, chosen as the strictest common practice of that regulator and documented in the README:
 *
 * - deposit and loss limits count a rolling window (the last 24 hours, 7 days or 30 days), so there
 *   is no midnight at which a player can deposit a day's limit twice;
 * - a decrease (or a new limit) applies at once; an increase or a removal waits `coolingOffHours`;
 * - self-exclusion terms (6 months, 1 or 5 years under mga) and timeout lengths are offered as
 *   listed; neither can be lifted or shortened early (a longer one replaces a shorter one);
 * - reality-check intervals are minutes between reminders; `realityCheckDefault` is what a new player
 *   gets under the licence;
 * - the minimum age is per product (casino, sports).
 */
import type { Licence } from './brand-schema.ts';

/** Limit periods (spec section 3). */
export const LIMIT_PERIODS = ['Day', 'Week', 'Month'] as const;
/** One limit period. */
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** The limits a player can set on themselves. */
export const LIMIT_KINDS = ['Deposit', 'Loss', 'GlobalLoss', 'Session'] as const;
/** One kind of limit. */
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** The rolling window each period counts, in hours. */
export const PERIOD_HOURS: Record<LimitPeriod, number> = { Day: 24, Week: 7 * 24, Month: 30 * 24 };

/** What one licence offers and requires. */
export interface LicenceProfile {
  /** Deposit limits and the periods offered (empty: no deposit limits). */
  depositLimitPeriods: readonly LimitPeriod[];
  /** Deposit limits asked for on registration. */
  depositLimitsOnRegistration: boolean;
  /** Loss limits (casino stakes minus wins) and their periods. */
  lossLimitPeriods: readonly LimitPeriod[];
  /** Global loss limits (casino and sports together) and their periods. */
  globalLossLimitPeriods: readonly LimitPeriod[];
  /** Session limits: the longest session, in minutes, a player may choose from (empty: none). */
  sessionLimitMinutes: readonly number[];
  /** Hours an increase or removal of a limit waits before it takes effect. */
  coolingOffHours: number;
  /** Self-exclusion terms offered, in days (empty: no self-exclusion). */
  selfExclusionTerms: readonly number[];
  /** Timeout (short break) lengths offered, in hours. */
  timeoutHours: readonly number[];
  /** Reality-check intervals offered, in minutes (empty: no reality check). */
  realityCheckMinutes: readonly number[];
  /** The reality-check interval a new player starts with (null: off). */
  realityCheckDefault: number | null;
  /** The session clock in the header. */
  sessionClock: boolean;
  /** Withdrawals go only to the account of the last deposit. */
  closedLoopPayments: boolean;
  /** Identity verification (KYC) is required. */
  kycRequired: boolean;
  /** A withdrawal waits for KYC Done. */
  kycRequiredForWithdrawal: boolean;
  /** The social security number (personal code) is asked for on registration. */
  ssnOnRegistration: boolean;
  /** New wallets default to USD. */
  defaultUsdCurrency: boolean;
  /** Challenges link to their full terms. */
  fullTermsLinkInChallenges: boolean;
  /** Jackpot win notifications are shown. */
  jackpotNotification: boolean;
  /** The minimum age per product. */
  minimumAge: { casino: number; sports: number };
}

const NONE: readonly never[] = [];

/** The profiles. Rows of spec section 6 are marked; the rest are the numbers described above. */
export const LICENCE_PROFILES: Record<Licence, LicenceProfile> = {
  // Malta Gaming Authority.
  mga: {
    depositLimitPeriods: ['Day', 'Week', 'Month'],
    depositLimitsOnRegistration: true,
    lossLimitPeriods: NONE,
    globalLossLimitPeriods: NONE,
    sessionLimitMinutes: [30, 60, 120, 240, 480],
    coolingOffHours: 24,
    selfExclusionTerms: [180, 365, 1825],
    timeoutHours: [24, 7 * 24, 30 * 24],
    realityCheckMinutes: [15, 30, 60, 120],
    realityCheckDefault: 60,
    sessionClock: false,
    closedLoopPayments: false,
    kycRequired: true,
    kycRequiredForWithdrawal: false,
    ssnOnRegistration: false,
    defaultUsdCurrency: false,
    fullTermsLinkInChallenges: true,
    jackpotNotification: true,
    minimumAge: { casino: 18, sports: 18 },
  },
  // Curaçao: deposit limits (day only) and one self-exclusion term.
  crc: {
    depositLimitPeriods: ['Day'],
    depositLimitsOnRegistration: false,
    lossLimitPeriods: NONE,
    globalLossLimitPeriods: NONE,
    sessionLimitMinutes: NONE,
    coolingOffHours: 24,
    selfExclusionTerms: [365],
    timeoutHours: [24, 7 * 24, 30 * 24],
    realityCheckMinutes: NONE,
    realityCheckDefault: null,
    sessionClock: false,
    closedLoopPayments: false,
    kycRequired: false,
    kycRequiredForWithdrawal: false,
    ssnOnRegistration: false,
    defaultUsdCurrency: false,
    fullTermsLinkInChallenges: false,
    jackpotNotification: false,
    minimumAge: { casino: 18, sports: 18 },
  },
  // Autorité nationale des jeux (France).
  anj: {
    depositLimitPeriods: ['Day', 'Week', 'Month'],
    depositLimitsOnRegistration: false,
    lossLimitPeriods: NONE,
    globalLossLimitPeriods: NONE,
    sessionLimitMinutes: NONE,
    coolingOffHours: 48,
    selfExclusionTerms: NONE,
    timeoutHours: [24, 7 * 24, 30 * 24],
    realityCheckMinutes: NONE,
    realityCheckDefault: null,
    sessionClock: false,
    closedLoopPayments: false,
    kycRequired: true,
    kycRequiredForWithdrawal: true,
    ssnOnRegistration: false,
    defaultUsdCurrency: false,
    fullTermsLinkInChallenges: false,
    jackpotNotification: false,
    minimumAge: { casino: 18, sports: 18 },
  },
  // Estonian Tax and Customs Board: loss limits, the session clock, closed loop, the personal code.
  est: {
    depositLimitPeriods: NONE,
    depositLimitsOnRegistration: false,
    lossLimitPeriods: ['Day', 'Week', 'Month'],
    globalLossLimitPeriods: ['Day', 'Week', 'Month'],
    sessionLimitMinutes: NONE,
    coolingOffHours: 24,
    selfExclusionTerms: NONE,
    timeoutHours: [24, 7 * 24, 30 * 24],
    realityCheckMinutes: NONE,
    realityCheckDefault: null,
    sessionClock: true,
    closedLoopPayments: true,
    kycRequired: true,
    kycRequiredForWithdrawal: true,
    ssnOnRegistration: true,
    defaultUsdCurrency: false,
    fullTermsLinkInChallenges: true,
    jackpotNotification: true,
    minimumAge: { casino: 21, sports: 18 },
  },
  // Costa Rica: default USD wallets.
  cos: {
    depositLimitPeriods: NONE,
    depositLimitsOnRegistration: false,
    lossLimitPeriods: NONE,
    globalLossLimitPeriods: NONE,
    sessionLimitMinutes: NONE,
    coolingOffHours: 24,
    selfExclusionTerms: NONE,
    timeoutHours: [24, 7 * 24, 30 * 24],
    realityCheckMinutes: NONE,
    realityCheckDefault: null,
    sessionClock: false,
    closedLoopPayments: false,
    kycRequired: false,
    kycRequiredForWithdrawal: false,
    ssnOnRegistration: false,
    defaultUsdCurrency: true,
    fullTermsLinkInChallenges: false,
    jackpotNotification: false,
    minimumAge: { casino: 18, sports: 18 },
  },
};

/** The profile of a licence. */
export function licenceProfile(licence: Licence): LicenceProfile {
  return LICENCE_PROFILES[licence];
}

/** The periods a licence offers for a kind of money limit (Session limits have no period). */
export function limitPeriods(licence: Licence, kind: Exclude<LimitKind, 'Session'>): readonly LimitPeriod[] {
  const profile = LICENCE_PROFILES[licence];
  if (kind === 'Deposit') return profile.depositLimitPeriods;
  if (kind === 'Loss') return profile.lossLimitPeriods;
  return profile.globalLossLimitPeriods;
}

/** A product the age gate tells apart. */
export type Product = 'casino' | 'sports';

/** The age a player must have reached for a product: the licence's, or the brand's own when that is higher. */
export function minimumAgeFor(licence: Licence, brandMinimumAge: number, product: Product): number {
  return Math.max(LICENCE_PROFILES[licence].minimumAge[product], brandMinimumAge);
}

/** The age to open an account: old enough for at least one product the brand offers. */
export function registrationMinimumAge(licence: Licence, brandMinimumAge: number, products: readonly Product[]): number {
  return Math.min(...(['casino', ...products] as Product[]).map((product) => minimumAgeFor(licence, brandMinimumAge, product)));
}

/** Whole years from a YYYY-MM-DD birth date to `now` (UTC); null for a date that is not a real past date after 1900. */
export function ageOn(dateOfBirth: string, now: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const born = new Date(Date.UTC(year, month - 1, day));
  if (born.getUTCMonth() !== month - 1 || born.getUTCDate() !== day || born.getTime() > now.getTime() || year < 1900) return null;
  let age = now.getUTCFullYear() - year;
  if (now.getUTCMonth() < month - 1 || (now.getUTCMonth() === month - 1 && now.getUTCDate() < day)) age -= 1;
  return age;
}
