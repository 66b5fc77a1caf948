/**
 * The locales Atrium knows, as they appear in URL prefixes (`/de_AT/`), and the BCP 47 tag each
 * one formats numbers, dates and currencies with. The list itself is shared with the platform
 * (shared/locales.ts), since brand files name locales and both sides validate them.
 */
import type { Locale } from '../../shared/locales.ts';

export { isLocale, LOCALES, type Locale } from '../../shared/locales.ts';

/** The locale used when a brand flags none as default (spec section 2). */
export const FALLBACK_LOCALE: Locale = 'en';

/** Matches a first path segment shaped like a locale (`en`, `de_AT`), known or not. */
export const LOCALE_SHAPE = /^[a-z]{2}(?:_[A-Z]{2})?$/;

/** The BCP 47 language tag for a locale code (`de_AT` → `de-AT`, `no` → `nb`). */
export function languageTag(locale: Locale): string {
  if (locale === 'no') return 'nb-NO';
  return locale.replace('_', '-');
}
