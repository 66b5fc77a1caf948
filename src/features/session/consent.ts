/**
 * Cookie consent as the spec describes it (section 4): unanswered means no categories; once
 * answered the categories are necessary, preferences, analytics, marketing and uncategorized.
 * The answer is kept in the `consent` cookie as comma-separated category names ("all" grants all).
 */

/** The consent categories. */
export const CONSENT_CATEGORIES = ['necessary', 'preferences', 'analytics', 'marketing', 'uncategorized'] as const;
/** One consent category. */
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
/** Which categories the visitor granted; `answered` is false until they chose. */
export type Consent = { answered: boolean } & Record<ConsentCategory, boolean>;

/** Reads the consent cookie value; a missing or unreadable value means unanswered (nothing granted). */
export function parseConsent(value: string | undefined, autoAccepted = false): Consent {
  const none: Consent = { answered: false, necessary: false, preferences: false, analytics: false, marketing: false, uncategorized: false };
  if (autoAccepted) return { answered: true, necessary: true, preferences: true, analytics: true, marketing: true, uncategorized: true };
  if (!value) return none;
  const granted = new Set(value.split(',').map((part) => part.trim()));
  if (granted.has('all')) return parseConsent(undefined, true);
  const consent: Consent = { ...none, answered: true, necessary: true };
  for (const category of CONSENT_CATEGORIES) if (granted.has(category)) consent[category] = true;
  return consent;
}
