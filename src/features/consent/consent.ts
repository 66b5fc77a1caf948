/**
 * Cookie consent as the spec describes it (section 4): unanswered means no categories; once
 * answered the categories are necessary, preferences, analytics, marketing and uncategorized.
 * The answer is kept in the `consent` cookie (so server renders can read it) as comma-separated
 * tokens: the granted category names ("all" grants all) and `policy:<version>`, the version of the
 * cookie policy the visitor answered. A visitor from one of the brand's
 * automaticAcceptedCookiesCountries who has not answered is treated as granting everything; an
 * answer they gave themselves (through the footer's settings) wins over that.
 */

import { CONSENT_CATEGORIES, type ConsentCategory } from '../../../shared/consent-categories.ts';

export { CONSENT_CATEGORIES, type ConsentCategory };
/** The categories a visitor may decline (necessary is always on once answered). */
export const OPTIONAL_CATEGORIES = CONSENT_CATEGORIES.filter((category) => category !== 'necessary') as Exclude<ConsentCategory, 'necessary'>[];
/** Every optional category granted: what Allow all saves. */
export const ALL_GRANTED = Object.freeze(Object.fromEntries(OPTIONAL_CATEGORIES.map((category) => [category, true])) as Record<Exclude<ConsentCategory, 'necessary'>, true>);
/** Which categories the visitor granted; `answered` is false until they chose. */
export type Consent = { answered: boolean } & Record<ConsentCategory, boolean>;
/** A parsed consent with where it came from: the visitor's answer and its policy version, or the country. */
export type ConsentState = Consent & {
  /** The policy version the visitor answered (null: unanswered, automatic, or a cookie from before versions). */
  policyVersion: string | null;
  /** Granted because the visitor's country is in the brand's auto-accepted list, not by an answer. */
  automatic: boolean;
};

/** The cookie holding the answer. */
export const CONSENT_COOKIE = 'consent';
/** How long an answer is kept: a year, then the visitor is asked again. */
export const CONSENT_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/**
 * The version of the cookie policy (the categories and what each allows). Bump it when that
 * changes: every visitor who answered an older version is asked again, and the platform's records
 * say which version each answer was given to.
 */
export const CONSENT_POLICY_VERSION = '2026-11';

/** The necessary cookie holding the anonymous visitor id the platform's consent records are kept under. */
export const VISITOR_COOKIE = 'visitorId';
/** A visitor id as made (crypto.randomUUID()); anything else in the cookie is replaced. */
export const VISITOR_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const POLICY_PREFIX = 'policy:';

const NONE: Consent = { answered: false, necessary: false, preferences: false, analytics: false, marketing: false, uncategorized: false };
const ALL: Consent = { answered: true, necessary: true, preferences: true, analytics: true, marketing: true, uncategorized: true };

/** Reads the consent cookie value; a missing or unreadable value means unanswered (nothing granted), or everything for an auto-accepted country. */
export function parseConsent(value: string | undefined, autoAccepted = false): ConsentState {
  const tokens = (value ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  const policyToken = tokens.find((token) => token.startsWith(POLICY_PREFIX));
  const policyVersion = policyToken ? policyToken.slice(POLICY_PREFIX.length) || null : null;
  const granted = new Set(tokens);
  const known = tokens.some((token) => token === 'all' || (CONSENT_CATEGORIES as readonly string[]).includes(token));
  if (!known) return autoAccepted ? { ...ALL, policyVersion: null, automatic: true } : { ...NONE, policyVersion: null, automatic: false };
  if (granted.has('all')) return { ...ALL, policyVersion, automatic: false };
  const consent: Consent = { ...NONE, answered: true, necessary: true };
  for (const category of CONSENT_CATEGORIES) if (granted.has(category)) consent[category] = true;
  return { ...consent, policyVersion, automatic: false };
}

/** The cookie value for an answer: "all" when every category is granted, else the granted names (necessary always). */
export function serializeConsent(granted: Partial<Record<ConsentCategory, boolean>>, policyVersion = CONSENT_POLICY_VERSION): string {
  const names = OPTIONAL_CATEGORIES.every((category) => granted[category]) ? ['all'] : CONSENT_CATEGORIES.filter((category) => category === 'necessary' || granted[category]);
  return [...names, `${POLICY_PREFIX}${policyVersion}`].join(',');
}

/** The granted categories of a consent, in the spec's order. */
export function grantedCategories(consent: Consent): ConsentCategory[] {
  return CONSENT_CATEGORIES.filter((category) => consent[category]);
}

/** Whether the visitor should be asked: nobody answered under the current policy, and the country does not accept for them. */
export function needsPrompt(state: ConsentState, currentPolicy = CONSENT_POLICY_VERSION): boolean {
  if (state.automatic) return false;
  return !state.answered || state.policyVersion !== currentPolicy;
}
