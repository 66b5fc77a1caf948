/**
 * The fourteen locale codes of the spec and the text fallback chain. The list is the one the lobby
 * uses too (shared/locales.ts): brand files name locales, and both sides validate brand files with
 * the same schema. The platform imports nothing else of the lobby's.
 */
export { isLocale, LOCALES, type Locale } from '../../../shared/locales.ts';

/** Where localised content looks for a text: the locale, its language (fr_CA → fr), then en. */
export function fallbackChain(locale: string): string[] {
  const chain = [locale];
  const language = locale.split('_')[0];
  if (language && language !== locale) chain.push(language);
  if (!chain.includes('en')) chain.push('en');
  return chain;
}
