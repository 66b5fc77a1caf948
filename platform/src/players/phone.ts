/** Phone numbers as the platform stores them: E.164 without spaces (+358401234567). */
import { PlatformError } from '../graphql/errors.ts';

/**
 * Example numbers for hints and errors, by country: a brand's players are shown a number of their
 * own country, not a Finnish one. (The lobby keeps its own table for its sign-in pages.)
 */
const PHONE_EXAMPLES: Readonly<Record<string, string>> = {
  AT: '+43 664 1234567', AU: '+61 491 570 156', CA: '+1 416 555 0123', CH: '+41 78 123 45 67', DE: '+49 1512 3456789',
  DK: '+45 20 12 34 56', EE: '+372 5123 4567', FI: '+358 40 123 4567', FR: '+33 6 12 34 56 78', GB: '+44 7700 900123',
  IN: '+91 98765 43210', IT: '+39 312 345 6789', JP: '+81 90 1234 5678', LV: '+371 2123 4567', MT: '+356 9912 3456',
  NO: '+47 412 34 567', NZ: '+64 21 123 4567', SE: '+46 70 123 45 67', US: '+1 202 555 0123', ZA: '+27 82 123 4567',
};

/** An example mobile number for a country (the fictional British one for a country not in the table). */
export function phoneExample(countryCode?: string | null): string {
  return (countryCode && PHONE_EXAMPLES[countryCode.toUpperCase()]) || PHONE_EXAMPLES.GB!;
}

/** Normalises a typed number ("+358 40 123 4567", "00358-40…") to E.164, or throws BadUserInput saying how to write it (with an example of the country given). */
export function normalisePhone(text: string, field = 'phoneNumber', exampleCountry?: string | null): string {
  let compact = String(text ?? '').replace(/[\s().-]/g, '');
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  if (!/^\+[1-9]\d{6,14}$/.test(compact)) {
    throw new PlatformError('BadUserInput', `${field} "${text}" is not an international phone number: write it with + and the country code, like ${phoneExample(exampleCountry)}`);
  }
  return compact;
}

/** The number with all but the last four digits hidden, for messages and logs shown to others. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, Math.min(4, phone.length - 4))}${'•'.repeat(Math.max(0, phone.length - 8))}${phone.slice(-4)}`;
}
