/** Phone numbers as the platform stores them: E.164 without spaces (+358401234567). */
import { PlatformError } from '../graphql/errors.ts';

/** Normalises a typed number ("+358 40 123 4567", "00358-40…") to E.164, or throws BadUserInput saying how to write it. */
export function normalisePhone(text: string, field = 'phoneNumber'): string {
  let compact = String(text ?? '').replace(/[\s().-]/g, '');
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  if (!/^\+[1-9]\d{6,14}$/.test(compact)) {
    throw new PlatformError('BadUserInput', `${field} "${text}" is not an international phone number: write it with + and the country code, like +358401234567`);
  }
  return compact;
}

/** The number with all but the last four digits hidden, for messages and logs shown to others. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, Math.min(4, phone.length - 4))}${'•'.repeat(Math.max(0, phone.length - 8))}${phone.slice(-4)}`;
}
