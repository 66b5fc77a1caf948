/**
 * `$wallet`: the signed-in player's wallet (spec section 3) and the wallet status of section 4 —
 * LOADING until a balance arrives, STREAMING once one was received (from GetCustomerInfo or a
 * balanceUpdated event), NOT_AVAILABLE when nobody is signed in. Lifecycle: the player runtime
 * fills it, applies every Wallet subscription event, and refetches it after each reconnect so an
 * event missed while the socket was down is not lost.
 */
import { atom } from 'nanostores';

/** Wallet status (spec section 4). */
export type WalletStatus = 'LOADING' | 'STREAMING' | 'NOT_AVAILABLE';

/** The wallet fields of spec section 3 (money as decimal strings). */
export interface Wallet {
  id: string;
  balance: string;
  bonusBalance: string;
  currency: string;
  minDepositAmount: string;
  minWithdrawalAmount: string;
}

/** A Wallet subscription event (spec section 3, "Balance update event"). */
export interface BalanceUpdate {
  balance: string;
  bonusBalance: string;
  currency: string;
  amount: string;
  /** The spec's four kinds, plus SportsBet from the platform's sportsbook (stakes and payouts alike). */
  moneyType: 'Deposit' | 'Withdrawal' | 'InitWithdrawal' | 'CasinoBet' | 'SportsBet' | null;
  /** The platform's ledger kind: tells a casino stake (CasinoBet) from its payout (CasinoWin). */
  transactionKind?: string;
  wageringProgress: number | null;
}

/** The wallet status and, once known, the wallet. */
export interface WalletState {
  status: WalletStatus;
  wallet: Wallet | null;
  /** The last balance event, for toasts and prompts. */
  lastUpdate: BalanceUpdate | null;
}

/** The signed-in player's wallet. */
export const $wallet = atom<WalletState>({ status: 'NOT_AVAILABLE', wallet: null, lastUpdate: null });

/** A session exists but no balance has arrived yet. */
export function setWalletLoading(): void {
  $wallet.set({ status: 'LOADING', wallet: $wallet.get().wallet, lastUpdate: null });
}

// Counts balance events, so a read can tell whether one arrived while it was on its way.
let eventsApplied = 0;

/** Where the balance events stand now; pass it to setWallet with the read started here. */
export function walletReadMark(): number {
  return eventsApplied;
}

/**
 * A full wallet arrived (query or refetch): STREAMING. The read and the balance events travel on
 * different connections, so a read started before a posting can land after that posting's event.
 * When an event arrived since `mark` (the read's walletReadMark), the event's balance is the newer
 * one and is kept; the read still supplies the wallet's other fields. Postings after the event
 * arrive as events of their own, so keeping it loses nothing.
 */
export function setWallet(wallet: Wallet, mark: number = eventsApplied): void {
  const current = $wallet.get();
  const newer = mark !== eventsApplied && current.wallet ? { balance: current.wallet.balance, bonusBalance: current.wallet.bonusBalance, currency: current.wallet.currency } : {};
  $wallet.set({ status: 'STREAMING', wallet: { ...wallet, ...newer }, lastUpdate: current.lastUpdate });
}

/** Applies a balanceUpdated event to the known wallet. */
export function applyBalanceUpdate(update: BalanceUpdate): void {
  const current = $wallet.get().wallet;
  const wallet: Wallet = current
    ? { ...current, balance: update.balance, bonusBalance: update.bonusBalance, currency: update.currency }
    : { id: '', balance: update.balance, bonusBalance: update.bonusBalance, currency: update.currency, minDepositAmount: '0', minWithdrawalAmount: '0' };
  eventsApplied += 1;
  $wallet.set({ status: 'STREAMING', wallet, lastUpdate: update });
}

/** Nobody is signed in: NOT_AVAILABLE. */
export function clearWallet(): void {
  $wallet.set({ status: 'NOT_AVAILABLE', wallet: null, lastUpdate: null });
}
