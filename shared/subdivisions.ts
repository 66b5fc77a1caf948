/**
 * The states or provinces an address carries, by country. The spec (section 9) uses a subdivision
 * only for Canada, so only Canada is listed; a country added here gets the field on
 * /additional-information/ and the platform's check (players/personal-info.ts) at once. Province
 * names are official in English and French; other languages show the English name.
 */

/** One state or province: its postal abbreviation and its names. */
export interface Subdivision {
  code: string;
  names: { en: string; fr: string };
}

/** Subdivisions by ISO 3166-1 alpha-2 country code. */
export const SUBDIVISIONS: Readonly<Record<string, readonly Subdivision[]>> = {
  CA: [
    { code: 'AB', names: { en: 'Alberta', fr: 'Alberta' } },
    { code: 'BC', names: { en: 'British Columbia', fr: 'Colombie-Britannique' } },
    { code: 'MB', names: { en: 'Manitoba', fr: 'Manitoba' } },
    { code: 'NB', names: { en: 'New Brunswick', fr: 'Nouveau-Brunswick' } },
    { code: 'NL', names: { en: 'Newfoundland and Labrador', fr: 'Terre-Neuve-et-Labrador' } },
    { code: 'NS', names: { en: 'Nova Scotia', fr: 'Nouvelle-Écosse' } },
    { code: 'NT', names: { en: 'Northwest Territories', fr: 'Territoires du Nord-Ouest' } },
    { code: 'NU', names: { en: 'Nunavut', fr: 'Nunavut' } },
    { code: 'ON', names: { en: 'Ontario', fr: 'Ontario' } },
    { code: 'PE', names: { en: 'Prince Edward Island', fr: 'Île-du-Prince-Édouard' } },
    { code: 'QC', names: { en: 'Quebec', fr: 'Québec' } },
    { code: 'SK', names: { en: 'Saskatchewan', fr: 'Saskatchewan' } },
    { code: 'YT', names: { en: 'Yukon', fr: 'Yukon' } },
  ],
};

/** The subdivisions of a country's addresses, or null when its addresses have none. */
export function subdivisionsOf(country: string): readonly Subdivision[] | null {
  return SUBDIVISIONS[country.toUpperCase()] ?? null;
}
