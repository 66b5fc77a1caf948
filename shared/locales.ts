/**
 * The fourteen locale codes of the spec, as they appear in URL prefixes (`/de_AT/`), in brand files
 * and in translation file names. Shared by the lobby and the platform (both sides import this one
 * list through `shared/`, so a locale a brand file may name is the same on both).
 */
export const LOCALES = [
  'en', 'fi', 'no', 'de', 'de_AT', 'en_CA', 'fr', 'fr_CA', 'en_IN', 'en_NZ', 'en_ZA', 'ja', 'et_EE', 'it',
] as const;

/** One of the fourteen locale codes of the spec. */
export type Locale = (typeof LOCALES)[number];

/** Whether a string is one of the fourteen locale codes. */
export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}
