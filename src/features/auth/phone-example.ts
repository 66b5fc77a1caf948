/**
 * Example mobile numbers for the phone field's hint and error, per visitor country: a visitor from
 * New Zealand is shown a New Zealand number, not a Finnish one. Written as people write them
 * (+, country code, national groups); the field and the platform accept them with the spaces.
 * Where a country has a range set aside for fiction (GB 07700 900, North America 555-01xx,
 * Australia 0491 570) the example comes from it.
 */

/** Example numbers by ISO 3166 country code: every country the demo brands serve, and their neighbours. */
export const PHONE_EXAMPLES: Readonly<Record<string, string>> = {
  AT: '+43 664 1234567',
  AU: '+61 491 570 156',
  CA: '+1 416 555 0123',
  CH: '+41 78 123 45 67',
  DE: '+49 1512 3456789',
  DK: '+45 20 12 34 56',
  EE: '+372 5123 4567',
  ES: '+34 612 34 56 78',
  FI: '+358 40 123 4567',
  FR: '+33 6 12 34 56 78',
  GB: '+44 7700 900123',
  IE: '+353 85 012 3456',
  IN: '+91 98765 43210',
  IT: '+39 312 345 6789',
  JP: '+81 90 1234 5678',
  LT: '+370 612 34567',
  LV: '+371 2123 4567',
  MT: '+356 9912 3456',
  NL: '+31 6 12345678',
  NO: '+47 412 34 567',
  NZ: '+64 21 123 4567',
  PL: '+48 512 345 678',
  SE: '+46 70 123 45 67',
  US: '+1 202 555 0123',
  ZA: '+27 82 123 4567',
};

/** For a country outside the table and a brand whose own country is too: the fictional British number. */
export const DEFAULT_PHONE_EXAMPLE = PHONE_EXAMPLES.GB!;

/** The example number for the visitor's country, else for the brand's own country, else the default. */
export function phoneExample(countryCode: string | null | undefined, brandCountry?: string): string {
  const pick = (code: string | null | undefined) => (code ? PHONE_EXAMPLES[code.toUpperCase()] : undefined);
  return pick(countryCode) ?? pick(brandCountry) ?? DEFAULT_PHONE_EXAMPLE;
}
