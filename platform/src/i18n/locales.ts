/**
 * The fourteen locale codes of the spec and the text fallback chain. A copy of the lobby's list on
 * purpose: the platform is a separate service and never imports lobby code.
 */

/** The locale codes, as they appear in URL prefixes and translation file names. */
export const LOCALES = [
  'en', 'fi', 'no', 'de', 'de_AT', 'en_CA', 'fr', 'fr_CA', 'en_IN', 'en_NZ', 'en_ZA', 'ja', 'et_EE', 'it',
] as const;

/** One locale code. */
export type Locale = (typeof LOCALES)[number];

/** Whether a string is one of the locale codes. */
export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** Where localised content looks for a text: the locale, its language (fr_CA → fr), then en. */
export function fallbackChain(locale: string): string[] {
  const chain = [locale];
  const language = locale.split('_')[0];
  if (language && language !== locale) chain.push(language);
  if (!chain.includes('en')) chain.push('en');
  return chain;
}
