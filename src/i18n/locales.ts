/**
 * The locales Atrium knows, as they appear in URL prefixes (`/de_AT/`), and the BCP 47 tag each
 * one formats numbers, dates and currencies with.
 */
export const LOCALES = [
  'en', 'fi', 'no', 'de', 'de_AT', 'en_CA', 'fr', 'fr_CA', 'en_IN', 'en_NZ', 'en_ZA', 'ja', 'et_EE', 'it',
] as const;

/** One of the fourteen locale codes of the spec. */
export type Locale = (typeof LOCALES)[number];

/** The locale used when a brand flags none as default (spec section 2). */
export const FALLBACK_LOCALE: Locale = 'en';

/** Matches a first path segment shaped like a locale (`en`, `de_AT`), known or not. */
export const LOCALE_SHAPE = /^[a-z]{2}(?:_[A-Z]{2})?$/;

/** Whether a string is one of the fourteen locale codes. */
export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** The BCP 47 language tag for a locale code (`de_AT` → `de-AT`, `no` → `nb`). */
export function languageTag(locale: Locale): string {
  if (locale === 'no') return 'nb-NO';
  return locale.replace('_', '-');
}
