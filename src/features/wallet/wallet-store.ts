/**
 * `$wallet`: the signed-in player's wallet (spec section 3) and the wallet status of section 4 —
 * LOADING until a balance arrives, STREAMING once one was received (from GetCustomerInfo or a
 * balanceUpdated event), NOT_AVAILABLE when nobody is signed in. Lifecycle: the player runtime
 * fills it, applies every Wallet subscription event, and refetches it after each reconnect so an
 * event missed while the socket was down is not lost.
 */
import { atom } from 'nanostores';
import type { GetCustomerInfoQuery, WalletSubscription } from '../../lib/graphql/generated/player.ts';

/** Wallet status (spec section 4). */
export type WalletStatus = 'LOADING' | 'STREAMING' | 'NOT_AVAILABLE';

/** The wallet fields of spec section 3 (money as decimal strings): GetCustomerInfo's viewer.wallet. */
export type Wallet = NonNullable<GetCustomerInfoQuery['viewer']>['wallet'];

/**
 * A Wallet subscription event (spec section 3, "Balance update event"): moneyType is one of the
 * spec's four kinds or SportsBet (the platform's sportsbook, stakes and payouts alike);
 * transactionKind is the platform's ledger kind, telling a casino stake (CasinoBet) from its payout (CasinoWin).
 */
export type BalanceUpdate = WalletSubscription['balanceUpdated'];

/** The wallet status and, once known, the wallet. */
export interface WalletState {
  status: WalletStatus;
  wallet: Wallet | null;
  /** The last balance event, for toasts and prompts. */
  lastUpdate: BalanceUpdate | null;
}

/** No wallet: a visitor's, and what the server renders the balance from. */
export const NO_WALLET: WalletState = { status: 'NOT_AVAILABLE', wallet: null, lastUpdate: null };

/** The signed-in player's wallet. */
export const $wallet = atom<WalletState>(NO_WALLET);

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
