/**
 * The cashier's rules from spec sections 2, 4 and 5, as pure functions: the minimum deposit, the
 * deposit memory, the deep-link parameters, when wallet toasts and the running-out-of-funds prompt
 * are suppressed and when the prompt appears. Money is compared in integer minor units, never floats.
 */

/** Minimum deposit by currency in major units (spec section 5); other currencies use 20. */
export const MIN_DEPOSIT_BY_CURRENCY: Readonly<Record<string, number>> = {
  EUR: 20, CAD: 15, CHF: 10, USD: 10, NOK: 100, INR: 880, JPY: 1200, ZAR: 175, NZD: 10, GBP: 20,
};
const DEFAULT_MIN_DEPOSIT = 20;
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'ISK', 'CLP', 'VND']);

/** Decimals of a currency's minor unit. */
export function currencyDecimals(currency: string): number {
  return ZERO_DECIMAL.has(currency) ? 0 : 2;
}

/** A decimal amount ("12.5", "1200") in minor units, or null when it is not a plain positive-or-zero decimal with at most the currency's decimals. */
export function toMinor(amount: string, currency: string): bigint | null {
  const decimals = currencyDecimals(currency);
  const match = /^(\d{1,15})(?:[.,](\d+))?$/.exec(amount.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  return BigInt(match[1] ?? '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** Minor units as a decimal string ("20.00", "1200"). */
export function fromMinor(minor: bigint, currency: string): string {
  const decimals = currencyDecimals(currency);
  if (decimals === 0) return minor.toString();
  const unit = 10n ** BigInt(decimals);
  return `${minor / unit}.${(minor % unit).toString().padStart(decimals, '0')}`;
}

/** The minimum deposit: the currency table or the server's minDepositAmount, whichever is larger. */
export function minimumDeposit(currency: string, serverMinimum: string): string {
  const table = BigInt(MIN_DEPOSIT_BY_CURRENCY[currency] ?? DEFAULT_MIN_DEPOSIT) * 10n ** BigInt(currencyDecimals(currency));
  const server = toMinor(serverMinimum, currency) ?? 0n;
  return fromMinor(server > table ? server : table, currency);
}

/** Why an entered amount cannot be sent, or null when it can. */
export type AmountProblem = 'invalid' | 'belowMinimum' | null;

/** Checks an entered amount against the currency's decimals and a minimum. */
export function amountProblem(amount: string, currency: string, minimum: string): AmountProblem {
  const minor = toMinor(amount, currency);
  if (minor === null || minor <= 0n) return 'invalid';
  const floor = toMinor(minimum, currency) ?? 0n;
  return minor < floor ? 'belowMinimum' : null;
}

/** The deposit memory (spec section 3): the last deposit's amount and currency. */
export interface DepositMemory {
  amount: string;
  currency: string;
}

/** Local storage key of the deposit memory. */
export const DEPOSIT_MEMORY_KEY = 'depositMemory';

/** Reads the stored deposit memory; ignored (null) when missing, malformed or not numeric (spec section 5). */
export function readDepositMemory(raw: string | null): DepositMemory | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<DepositMemory> | null;
    if (!value || typeof value.amount !== 'string' || typeof value.currency !== 'string' || !value.currency) return null;
    if (!/^\d+(?:\.\d+)?$/.test(value.amount) || !Number.isFinite(Number(value.amount))) return null;
    return { amount: value.amount, currency: value.currency };
  } catch {
    return null;
  }
}

/** The quick-deposit deep link: autoSubmit, paymentMethod and amount together (spec section 2). */
export interface DeepLink {
  autoSubmit: boolean;
  paymentMethod: string;
  amount: string;
}

/** The deep link in a query string, or null unless all three parameters are there. */
export function readDeepLink(search: string): DeepLink | null {
  const params = new URLSearchParams(search);
  const autoSubmit = params.get('autoSubmit');
  const paymentMethod = params.get('paymentMethod');
  const amount = params.get('amount');
  if (autoSubmit === null || !paymentMethod || !amount) return null;
  return { autoSubmit: autoSubmit === 'true' || autoSubmit === '1', paymentMethod, amount };
}

/** Cookie set when the player dismissed the want-to-deposit dialog: wallet toasts and the prompt stay quiet. */
export const DISMISSED_DEPOSIT_COOKIE = 'displayWantToDepositDialog';

/** Whether wallet toasts and the running-out-of-funds prompt are suppressed (sports pages, or the dialog was dismissed). */
export function walletNoticesSuppressed(path: string, cookies: string): boolean {
  const rest = path.replace(/^\/[a-z]{2}(?:_[A-Z]{2})?(?=\/)/, '');
  if (/^\/(sports|more-casinos)\//.test(rest)) return true;
  return cookies.split(';').some((part) => part.trim() === `${DISMISSED_DEPOSIT_COOKIE}=false`);
}

/** Whether a casino bet leaves the player running out: balance (plus bonus when the game takes bonus) at most twice the bet. */
export function runningOutOfFunds(input: { balance: string; bonusBalance: string; lastBet: string; currency: string; gameHasBonus: boolean }): boolean {
  const balance = toMinor(input.balance, input.currency);
  const bonus = toMinor(input.bonusBalance, input.currency) ?? 0n;
  const bet = toMinor(input.lastBet, input.currency);
  if (balance === null || bet === null || bet <= 0n) return false;
  const available = balance + (input.gameHasBonus ? bonus : 0n);
  return available <= 2n * bet;
}

/** The payment providers a player can pick (spec: PIQ, TRUSTLY, ZIMPLER), in the order shown. */
export const CASHIER_PROVIDERS = ['TRUSTLY', 'ZIMPLER', 'PIQ'] as const;
/** A payment provider as GraphQL names it. */
export type CashierProvider = (typeof CASHIER_PROVIDERS)[number];

/** A deep link's paymentMethod as a provider ("trustly", "Zimpler", "PIQ"), or null when it names none. */
export function providerOf(paymentMethod: string | null | undefined): CashierProvider | null {
  const upper = (paymentMethod ?? '').trim().toUpperCase();
  return (CASHIER_PROVIDERS as readonly string[]).includes(upper) ? (upper as CashierProvider) : null;
}

/** The window message that closes the quick-deposit overlay (spec section 2). */
export const CLOSE_QUICK_DEPOSIT_MESSAGE = 'closeQuickDepositEvent';

/** Whether a window message asks to close the quick-deposit overlay: the right value, from an allowed origin only. */
export function isCloseQuickDepositMessage(data: unknown, origin: string, allowedOrigins: readonly string[]): boolean {
  return data === CLOSE_QUICK_DEPOSIT_MESSAGE && allowedOrigins.includes(origin);
}

/** Saturday or Sunday on the player's own clock: manual withdrawals wait for the next working day's review. */
export function isWeekend(at: Date): boolean {
  const day = at.getDay();
  return day === 0 || day === 6;
}
