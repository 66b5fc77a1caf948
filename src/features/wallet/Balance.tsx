/**
 * The live balance: `$wallet` formatted for the locale (narrow currency symbol, 2 decimals). It
 * updates on every Wallet subscription event and after each reconnect's refetch, rendered in a
 * transition (useStoreInTransition).
 */
import { formatCurrency } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useStoreInTransition } from '../session/use-hydrated.ts';
import { $wallet, NO_WALLET } from './wallet-store.ts';

/** Formats an amount, falling back to the plain string when the currency is unknown to Intl. */
export function formatMoney(amount: string, currency: string, locale: Locale): string {
  try {
    return formatCurrency(amount, currency, locale);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** The balance figure; a placeholder while it loads. */
export function Balance({ locale, label }: { locale: Locale; label: string }) {
  const { status, wallet } = useStoreInTransition($wallet, NO_WALLET);
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
