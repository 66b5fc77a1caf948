/**
 * The cookie-consent categories (spec section 4), in the spec's order: one list for the lobby's
 * consent state and the platform's ConsentCategory enum, which is printed from it.
 */
export const CONSENT_CATEGORIES = ['necessary', 'preferences', 'analytics', 'marketing', 'uncategorized'] as const;
/** One consent category. */
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
