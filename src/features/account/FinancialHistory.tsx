/**
 * The dashboard's financial history (the server toggle EnableFinancialHistory): what the player paid
 * in and took out over the last 30 days and the last 12 months, from completed payments, with the
 * net in the wallet's currency and the ways to the two payment histories. A table, so a screen
 * reader reads each figure with its row and column.
 */
import { useEffect, useId, useState } from 'react';
import { type Locale } from '../../i18n/locales.ts';
import { formatMoney } from '../wallet/Balance.tsx';
import { loadFinancialSummary, type FinancialSummary } from './account-api.ts';
import type { FinancialTexts } from './account-texts.ts';

/** The payment totals card. */
export default function FinancialHistory({ locale, texts, paths }: { locale: Locale; texts: FinancialTexts; paths: { deposits: string; withdrawals: string } }) {
  const id = useId();
  const [windows, setWindows] = useState<FinancialSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    loadFinancialSummary().then((loaded) => current && setWindows(loaded), () => current && setFailed(true));
    return () => {
      current = false;
    };
  }, []);
  const rows = [
    { label: texts.deposited, value: (window: FinancialSummary) => window.deposited },
    { label: texts.withdrawn, value: (window: FinancialSummary) => window.withdrawn },
    { label: texts.net, value: (window: FinancialSummary) => window.net },
  ];
  return (
    <section className="account-card financial-history" aria-labelledby={`${id}-title`} data-testid="financial-history">
      <h2 id={`${id}-title`}>{texts.title}</h2>
      <p>{texts.intro}</p>
      {failed ? (
        <p role="alert">{texts.loadError}</p>
      ) : !windows ? (
        <p aria-busy="true">{texts.loading}</p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr><td /><th scope="col">{texts.last30}</th><th scope="col">{texts.last365}</th></tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {windows.map((window) => <td key={window.days}>{formatMoney(row.value(window), window.currency, locale)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="financial-history__links">
        <a href={paths.deposits}>{texts.depositHistory}</a>
        <a href={paths.withdrawals}>{texts.withdrawalHistory}</a>
      </p>
    </section>
  );
}
