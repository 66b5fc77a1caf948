/**
 * JackpotInRegistrationFlow (spec section 9): the sign-up form offers the jackpot opt-in and
 * remembers the answer in session storage; the jackpot widget, once the new player is signed in,
 * opts them in with the brand's initial contribution and forgets it. Kept tiny: the sign-up form
 * (a visitor's page) imports only this.
 */

/** The session-storage key of the sign-up's jackpot answer. */
export const REGISTRATION_JACKPOT_KEY = 'atrium:jackpot-opt-in';

/** Remembers the sign-up's answer ('1' joined); null: the form did not ask. */
export function rememberRegistrationJackpot(joined: boolean | null): void {
  if (joined) sessionStorage.setItem(REGISTRATION_JACKPOT_KEY, '1');
  else sessionStorage.removeItem(REGISTRATION_JACKPOT_KEY);
}

/** Whether the sign-up asked to join the jackpot; the answer is forgotten once taken. */
export function takeRegistrationJackpot(): boolean {
  try {
    const joined = sessionStorage.getItem(REGISTRATION_JACKPOT_KEY) === '1';
    sessionStorage.removeItem(REGISTRATION_JACKPOT_KEY);
    return joined;
  } catch {
    return false;
  }
}
