/**
 * The player's own changes to their personal info (/additional-information/) and marketing
 * preferences (the dashboard). The GraphQL boundary (graphql/input-rules.ts) has already refused
 * text over 100 characters and control characters; the rules here need the player and their brand,
 * so they run in the resolver, with the same schema library (zod):
 *
 * - first name, last name, street, city, zip code and date of birth are required;
 * - names are letters (any script) with the spaces, hyphens, apostrophes and dots names have;
 * - the zip code is shaped like a postcode of the player's country (a simple pattern where the
 *   country has one, else 2 to 10 letters, digits, spaces or hyphens);
 * - the state is a province of the country where addresses have one (shared/subdivisions.ts);
 * - the date of birth is a real date (YYYY-MM-DD, 1900 or later, not in the future) and makes the
 *   player at least the minimum age to hold an account (the lowest age of the products the brand
 *   offers under its licence, never below the brand's own: shared/licences.ts);
 * - once identity verification is Done, the name and date of birth are what the ID showed: they
 *   are read-only (`verifiedPersonalInfo`), and a different value is refused; a birth date that a
 *   personal code carries (est) is read-only from registration on.
 *
 * Every problem comes back at once, one FieldError per field, so the form marks each field.
 */
import { z } from 'zod';
import { ageOn, registrationMinimumAge } from '../../../shared/licences.ts';
import { subdivisionsOf } from '../../../shared/subdivisions.ts';
import type { Brand } from '../brands/brands.ts';
import type { Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { fieldError, type FieldError } from '../graphql/input-rules.ts';
import type { PlayerRow } from './repository.ts';

/** The personal info fields a player edits, as the mutation's input carries them. */
export const PERSONAL_INFO_FIELDS = ['firstName', 'lastName', 'street', 'city', 'zipCode', 'state', 'dateOfBirth'] as const;
/** One editable personal info field. */
export type PersonalInfoField = (typeof PERSONAL_INFO_FIELDS)[number];
/** The mutation's input: every field optional (a field left out keeps its value). */
export type PersonalInfoInput = Partial<Record<PersonalInfoField, string | null>>;
/** The personal info as stored after a change. */
export type PersonalInfo = Record<Exclude<PersonalInfoField, 'state'>, string> & { state: string | null };

/** The fields an identity verification (KYC Done) fixed. */
const VERIFIED_BY_KYC: readonly PersonalInfoField[] = ['firstName', 'lastName', 'dateOfBirth'];

/** Postcode shapes by country, with an example to quote when a zip code does not fit. */
const POSTCODES: Readonly<Record<string, { pattern: RegExp; example: string }>> = {
  AT: { pattern: /^\d{4}$/, example: '1010' },
  AU: { pattern: /^\d{4}$/, example: '2000' },
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i, example: 'K1A 0B1' },
  CH: { pattern: /^\d{4}$/, example: '8001' },
  DE: { pattern: /^\d{5}$/, example: '10115' },
  DK: { pattern: /^\d{4}$/, example: '1050' },
  EE: { pattern: /^\d{5}$/, example: '10111' },
  ES: { pattern: /^\d{5}$/, example: '28001' },
  FI: { pattern: /^\d{5}$/, example: '00100' },
  FR: { pattern: /^\d{5}$/, example: '75001' },
  GB: { pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i, example: 'SW1A 1AA' },
  IE: { pattern: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/i, example: 'D02 X285' },
  IN: { pattern: /^[1-9]\d{2} ?\d{3}$/, example: '110001' },
  IT: { pattern: /^\d{5}$/, example: '00184' },
  JP: { pattern: /^\d{3}-?\d{4}$/, example: '100-0001' },
  LT: { pattern: /^(LT-)?\d{5}$/i, example: 'LT-01100' },
  LV: { pattern: /^(LV-)?\d{4}$/i, example: 'LV-1050' },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/i, example: '1012 AB' },
  NO: { pattern: /^\d{4}$/, example: '0150' },
  NZ: { pattern: /^\d{4}$/, example: '6011' },
  SE: { pattern: /^\d{3} ?\d{2}$/, example: '114 55' },
  US: { pattern: /^\d{5}(-\d{4})?$/, example: '10001' },
  ZA: { pattern: /^\d{4}$/, example: '8001' },
};
const ANY_POSTCODE = { pattern: /^[A-Z\d][A-Z\d -]{0,8}[A-Z\d]$/i, example: '12345' };

// Letters of any script and the marks that go with them, plus the separators real names use.
const NAME = /^[\p{L}\p{M}]+(?:[\p{L}\p{M}' ’.-]*[\p{L}\p{M}.])?$/u;

/** What the rules depend on: the player's country, the minimum age, verification and today. */
export interface PersonalInfoRules {
  country: string;
  minimumAge: number;
  /** The fields verified and so read-only, with their stored values. */
  verified: Partial<Record<PersonalInfoField, string>>;
  today: Date;
}

/** The minimum age for an account, as on registration: the lowest age of the products the brand offers under its licence, never below the brand's own (shared/licences.ts). */
export function minimumAgeOf(brand: Pick<Brand, 'license' | 'minimumAge' | 'features'>): number {
  return registrationMinimumAge(brand.license, brand.minimumAge, brand.features.includes('Sportsbook') ? ['sports'] : []);
}

/**
 * The fields of a player's personal info they can no longer change themselves: the name and birth
 * date once KYC is Done, and the birth date as soon as a personal code carries it (est registration
 * held it to the code), so the age gate cannot be talked round by editing it.
 */
export function verifiedFields(row: Pick<PlayerRow, 'kyc_status' | 'ssn'>): PersonalInfoField[] {
  if (row.kyc_status === 'Done') return [...VERIFIED_BY_KYC];
  return row.ssn ? ['dateOfBirth'] : [];
}

/** A check with a code the lobby translates. */
const rule = (message: string, code: string, details: Record<string, unknown> = {}) => ({ message, params: { code, ...details } });

/** The zod schema of a complete personal info under the rules. */
function personalInfoSchema(rules: PersonalInfoRules) {
  const required = (what: string) => z.string().trim().min(1, `${what} is required: fill it in`);
  const name = (what: string) => required(what).refine((value) => NAME.test(value), rule(`${what} must be letters, with spaces, hyphens or apostrophes where the name has them`, 'name'));
  const postcode = POSTCODES[rules.country] ?? ANY_POSTCODE;
  const provinces = subdivisionsOf(rules.country);
  return z.object({
    firstName: name('the first name'),
    lastName: name('the last name'),
    street: required('the street address'),
    city: required('the city'),
    zipCode: required('the zip code').refine(
      (value) => postcode.pattern.test(value),
      rule(`the zip code must look like a ${rules.country} postcode, such as ${postcode.example}`, 'zipCode', { example: postcode.example }),
    ),
    state: provinces
      ? required('the province').refine((value) => provinces.some((province) => province.code === value.toUpperCase()), rule(
        `the province must be one of ${provinces.map((province) => province.code).join(', ')}`, 'state',
      ))
      : z.unknown().transform(() => null),
    dateOfBirth: required('the date of birth')
      .refine((value) => ageOn(value, rules.today) !== null, rule('the date of birth must be a real date in the past, written YYYY-MM-DD, such as 1990-05-17', 'dateOfBirth'))
      .refine((value) => (ageOn(value, rules.today) ?? Infinity) >= rules.minimumAge, rule(
        `the player must be at least ${rules.minimumAge} years old to play here`, 'tooYoung', { minimumAge: rules.minimumAge },
      )),
  });
}

/**
 * Checks a change against the stored info and the rules: a field left out keeps its stored value, a
 * verified field may only be sent unchanged. Returns the info to store, or every field's problem.
 */
export function checkPersonalInfo(input: PersonalInfoInput, stored: Partial<Record<PersonalInfoField, string | null>>, rules: PersonalInfoRules):
  { ok: true; info: PersonalInfo } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const merged: Record<string, string> = {};
  for (const field of PERSONAL_INFO_FIELDS) {
    const sent = input[field];
    const verified = rules.verified[field];
    if (verified !== undefined && sent !== undefined && sent !== null && sent.trim() !== verified) {
      errors.push({ field: `input.${field}`, code: 'verified', message: `${field} was verified with the player's ID and cannot be changed here: the player should contact customer support` });
    }
    // Left out keeps the stored value; null clears it (and a required field then says so).
    merged[field] = verified ?? (sent === undefined ? (stored[field] ?? '') : (sent ?? ''));
  }
  const parsed = personalInfoSchema(rules).safeParse(merged);
  if (!parsed.success) {
    const marked = new Set(errors.map((error) => error.field));
    // One message per field: the first rule it broke.
    for (const issue of parsed.error.issues) {
      const error = fieldError(issue, ['input']);
      if (!marked.has(error.field)) {
        marked.add(error.field);
        errors.push(error);
      }
    }
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  const info = parsed.data;
  return { ok: true, info: { ...info, state: info.state === null ? null : info.state.toUpperCase() } };
}

/** The refusal of a change that broke rules: BadUserInput with the first field and every field's problem. */
export function personalInfoRefusal(errors: FieldError[]): PlatformError {
  const summary = errors.map((error) => `${error.field}: ${error.message}`).join('; ');
  return new PlatformError('BadUserInput', `updatePersonalInfo: ${errors.length === 1 ? 'a field needs' : `${errors.length} fields need`} fixing (${summary})`, {
    field: errors[0]?.field ?? 'input',
    fieldErrors: errors,
  });
}

/** Stores a checked personal info. */
export async function storePersonalInfo(db: Queryable, playerId: string, info: PersonalInfo): Promise<void> {
  await db.query(
    `update players set first_name = $2, last_name = $3, street = $4, city = $5, zip_code = $6, state = $7, date_of_birth = $8::date where id = $1`,
    [playerId, info.firstName, info.lastName, info.street, info.city, info.zipCode, info.state, info.dateOfBirth],
  );
}

/** The four marketing channels a player chooses, as the mutation's input names them; unnamed ones keep their value. */
export type MarketingChoice = Partial<Record<'email' | 'sms' | 'phone' | 'webPush', boolean | null>>;

/**
 * Stores the player's marketing choices; refused with MarketingBlocked when the operator blocked
 * marketing for the player (the choices would mean nothing), checked under the row's lock so a
 * block set meanwhile wins.
 */
export async function storeMarketingChoice(tx: Queryable, playerId: string, choice: MarketingChoice): Promise<void> {
  const given = Object.values(choice).filter((value) => value !== undefined && value !== null);
  if (given.length === 0) throw new PlatformError('BadUserInput', 'setMarketingPreferences: name at least one channel (email, sms, phone or webPush) with true or false', { field: 'input' });
  const { rows } = await tx.query<{ marketing_blocked: boolean }>('select marketing_blocked from players where id = $1 for update', [playerId]);
  if (!rows[0]) throw new PlatformError('AuthenticationFailure', 'The signed-in player no longer exists: sign in again');
  if (rows[0].marketing_blocked) {
    throw new PlatformError('MarketingBlocked', 'Marketing is blocked on this account, so its marketing preferences cannot be changed: the player can contact customer support');
  }
  await tx.query(
    `update players set email_marketing_accepted = coalesce($2, email_marketing_accepted), sms_marketing_accepted = coalesce($3, sms_marketing_accepted),
                        phone_marketing_accepted = coalesce($4, phone_marketing_accepted), web_push_marketing_accepted = coalesce($5, web_push_marketing_accepted)
      where id = $1`,
    [playerId, choice.email ?? null, choice.sms ?? null, choice.phone ?? null, choice.webPush ?? null],
  );
}
