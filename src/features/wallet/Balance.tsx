/**
 * The live balance: `$wallet` formatted for the locale (narrow currency symbol, 2 decimals). It
 * updates on every Wallet subscription event and after each reconnect's refetch; the account menu
 * reads the store (in a transition, useStoreInTransition) and hands the state down, so the balance
 * and the bonus balance change in one frame.
 */
import { formatCurrency } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { WalletState } from './wallet-store.ts';

/** Formats an amount, falling back to the plain string when the currency is unknown to Intl. */
export function formatMoney(amount: string, currency: string, locale: Locale): string {
  try {
    return formatCurrency(amount, currency, locale);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** The balance figure; a placeholder while it loads. */
export function Balance({ locale, label, state: { status, wallet } }: { locale: Locale; label: string; state: WalletState }) {
  if (status !== 'STREAMING' || !wallet) {
    return <span className="balance balance--loading" aria-busy="true" aria-label={label}>…</span>;
  }
  return (
    <span className="balance" data-testid="balance" data-status={status}>
      <span className="visually-hidden">{label}: </span>
      {formatMoney(wallet.balance, wallet.currency, locale)}
    </span>
  );
}
