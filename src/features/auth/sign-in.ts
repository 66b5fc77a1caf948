/**
 * What every sign-in flow does at its end, and the SMS flow's small bits of state. A flow that got
 * an access token keeps it in its cookie and goes to the guarded return path (or the lobby).
 */
import { RETURN_TO_PARAM } from '../../paths.ts';
import { safeRedirectPath } from '../session/redirect-guard.ts';
import { browserTokenStore, type SessionTokens } from '../session/tokens.ts';
import { rememberSignIn, type SignInMethod } from '../tags/sign-in-event.ts';

/** The query parameter carrying where to go after signing in (defined with the other URL builders). */
export { RETURN_TO_PARAM };
/** Where the SMS flow keeps the number between the login, enter-code and resend-code pages. */
export const SMS_PHONE_STORAGE_KEY = 'atrium.smsLogin';

/** The page's own return target, guarded to this origin, or null. */
export function requestedReturnPath(href: string = location.href): string | null {
  return safeRedirectPath(new URL(href).searchParams.get(RETURN_TO_PARAM), location.origin);
}

/**
 * Keeps the access token (the lobby's answer already put the refresh token in its HttpOnly cookie)
 * and leaves for the return path (replacing history, so Back skips the form).
 * A sign-up in the lobby's registration frame (auth/embedded.ts) takes the whole window there: the
 * frame is the lobby's own (frame-ancestors 'self'), and the new player belongs on the page, not in it.
 */
export function finishSignIn(tokens: SessionTokens, fallbackPath: string, method: SignInMethod = 'SMS'): void {
  browserTokenStore().write({ accessToken: tokens.accessToken });
  rememberSignIn(method);
  sessionStorage.removeItem(SMS_PHONE_STORAGE_KEY);
  sessionStorage.removeItem(REGISTRATION_LIMITS_STORAGE_KEY);
  sessionStorage.removeItem(SMS_CODE_LENGTH_STORAGE_KEY);
  sessionStorage.removeItem(REGISTRATION_MARKETING_STORAGE_KEY);
  (window.top ?? window).location.replace(requestedReturnPath() ?? fallbackPath);
}

/** Where the SMS step keeps how many digits the platform's code has, for the code step's boxes. */
const SMS_CODE_LENGTH_STORAGE_KEY = 'atrium.smsCodeLength';
/** Where the SMS sign-up keeps the player's marketing choice (DefaultConsentRegistration) until the code step sends it. */
const REGISTRATION_MARKETING_STORAGE_KEY = 'atrium.registrationMarketing';

/** Remembers how many digits the code sent has (requestSmsLoginCode's codeLength). */
export function rememberSmsCodeLength(length: number): void {
  sessionStorage.setItem(SMS_CODE_LENGTH_STORAGE_KEY, String(length));
}

/** The code length the number step remembered; null when unknown or implausible. */
export function rememberedSmsCodeLength(): number | null {
  const length = Number(sessionStorage.getItem(SMS_CODE_LENGTH_STORAGE_KEY));
  return Number.isInteger(length) && length >= 4 && length <= 8 ? length : null;
}

/** Remembers the marketing choice of the sign-up form; null when the form did not ask. */
export function rememberRegistrationMarketing(accepted: boolean | null): void {
  if (accepted === null) sessionStorage.removeItem(REGISTRATION_MARKETING_STORAGE_KEY);
  else sessionStorage.setItem(REGISTRATION_MARKETING_STORAGE_KEY, accepted ? '1' : '0');
}

/** The marketing choice the sign-up form remembered; null when it did not ask. */
export function rememberedRegistrationMarketing(): boolean | null {
  const stored = sessionStorage.getItem(REGISTRATION_MARKETING_STORAGE_KEY);
  return stored === null ? null : stored === '1';
}

/** Remembers the number a code was sent to. */
export function rememberSmsPhone(phoneNumber: string): void {
  sessionStorage.setItem(SMS_PHONE_STORAGE_KEY, phoneNumber);
}

/** Where the SMS sign-up keeps the deposit limits its form asked for (mga) until the code step sends them. */
const REGISTRATION_LIMITS_STORAGE_KEY = 'atrium.registrationDepositLimits';

/** A deposit limit chosen on the sign-up form. */
export interface RegistrationLimit {
  period: 'Day' | 'Week' | 'Month';
  amount: string;
}

/** Remembers the sign-up form's deposit limits (none: forgets any earlier ones). */
export function rememberRegistrationLimits(limits: readonly RegistrationLimit[]): void {
  if (limits.length === 0) sessionStorage.removeItem(REGISTRATION_LIMITS_STORAGE_KEY);
  else sessionStorage.setItem(REGISTRATION_LIMITS_STORAGE_KEY, JSON.stringify(limits));
}

/** The sign-up form's deposit limits, if it asked any. */
export function rememberedRegistrationLimits(): RegistrationLimit[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(REGISTRATION_LIMITS_STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((entry): entry is RegistrationLimit => typeof entry?.period === 'string' && typeof entry?.amount === 'string') : [];
  } catch {
    return [];
  }
}

/** The number a code was sent to, if any. */
export function rememberedSmsPhone(): string | null {
  return sessionStorage.getItem(SMS_PHONE_STORAGE_KEY);
}

/** A same-origin path with a (guarded) return target carried along; pure, so server renders can call it. */
export function withReturnTo(path: string, returnTo: string | null): string {
  if (!returnTo) return path;
  const [pathname = path, search = ''] = path.split('?');
  const params = new URLSearchParams(search);
  params.set(RETURN_TO_PARAM, returnTo);
  return `${pathname}?${params.toString()}`;
}
