/**
 * How an entry point (the account menu's Deposit, the balance) asks the cashier's island to open in
 * place, or to get ready because the player is about to ask. A window event keeps the entry point's
 * bundle free of the cashier's code: without the island (a visitor) nobody answers and the link
 * navigates to /deposit/ as before.
 */

/** The window event's name. */
export const CASHIER_REQUEST_EVENT = 'atrium:cashier';

/** What an entry point asks for. */
export interface CashierRequest {
  tab: 'deposit' | 'withdraw';
  /** prefetch: the player hovers or focuses the entry; open: the player chose it. */
  intent: 'prefetch' | 'open';
}

/** Asks the cashier's island; true when it took the request (then the link must not navigate). */
export function requestCashier(request: CashierRequest): boolean {
  const event = new CustomEvent<CashierRequest>(CASHIER_REQUEST_EVENT, { detail: request, cancelable: true });
  return !window.dispatchEvent(event);
}
