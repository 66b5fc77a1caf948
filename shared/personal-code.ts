/**
 * The Estonian personal identification code (isikukood), asked for on registration under est
 * (spec section 6): eleven digits GYYMMDDSSSC, where G gives the century and sex, YYMMDD the birth
 * date, SSS a serial and C a check digit (the standard EVS 585 weights 1…9,1, then 3…9,1,2,3 when
 * the first sum leaves 10, then 0). The check catches most mistyped digits, not all: the form also
 * holds the code's birth date to the one the player gives.
 */

/** What a valid code says. */
export interface PersonalCode {
  /** YYYY-MM-DD. */
  birthDate: string;
}

const FIRST_WEIGHTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1];
const SECOND_WEIGHTS = [3, 4, 5, 6, 7, 8, 9, 1, 2, 3];
/** The century of the birth year by the first digit (1–2: 1800s, 3–4: 1900s, 5–6: 2000s). */
const CENTURY: Record<string, number> = { 1: 1800, 2: 1800, 3: 1900, 4: 1900, 5: 2000, 6: 2000 };

/** What is wrong with a code that is not valid, so the message can say what to fix. */
export type PersonalCodeProblem =
  | { problem: 'digits' }
  | { problem: 'length'; length: number }
  | { problem: 'firstDigit' }
  | { problem: 'date' }
  | { problem: 'checkDigit' };

/** A code checked: its birth date, or the first thing wrong with it (shape, then date, then check digit). */
export type PersonalCodeCheck = ({ ok: true } & PersonalCode) | ({ ok: false } & PersonalCodeProblem);

/** Checks a code and says what is wrong: not digits, not eleven of them, a first digit out of 1–6, no such date, a wrong check digit. */
export function checkEstonianPersonalCode(code: string): PersonalCodeCheck {
  if (!/^\d*$/.test(code)) return { ok: false, problem: 'digits' };
  if (code.length !== 11) return { ok: false, problem: 'length', length: code.length };
  const year = CENTURY[code[0] ?? ''];
  if (year === undefined) return { ok: false, problem: 'firstDigit' };
  const birthYear = year + Number(code.slice(1, 3));
  const month = Number(code.slice(3, 5));
  const day = Number(code.slice(5, 7));
  const date = new Date(Date.UTC(birthYear, month - 1, day));
  if (date.getUTCFullYear() !== birthYear || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return { ok: false, problem: 'date' };
  const digits = [...code].map(Number);
  const sum = (weights: number[]) => weights.reduce((total, weight, index) => total + weight * (digits[index] ?? 0), 0) % 11;
  let check = sum(FIRST_WEIGHTS);
  if (check === 10) check = sum(SECOND_WEIGHTS);
  if (check === 10) check = 0;
  if (check !== digits[10]) return { ok: false, problem: 'checkDigit' };
  return { ok: true, birthDate: `${String(birthYear).padStart(4, '0')}-${code.slice(3, 5)}-${code.slice(5, 7)}` };
}

/** Reads a code; null when it is not eleven digits, its check digit is wrong or its date does not exist. */
export function parseEstonianPersonalCode(code: string): PersonalCode | null {
  const checked = checkEstonianPersonalCode(code);
  return checked.ok ? { birthDate: checked.birthDate } : null;
}
