/**
 * The profile's deposit-history and withdrawal-history pages: the platform's history, newest
 * first, filtered by status and date, a page at a time (Show more). Players only.
 */
import { useEffect, useId, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { formatMoney } from '../wallet/Balance.tsx';
import { loadHistory } from './api.ts';
import type { Payment, PaymentPage } from './queries.ts';

/** Texts of the history pages, translated on the server. */
export interface HistoryTexts {
  date: string;
  amount: string;
  status: string;
  method: string;
  empty: string;
  more: string;
  allStatuses: string;
  from: string;
  to: string;
  apply: string;
  error: string;
  statuses: Record<Payment['status'], string>;
}

const PAGE_SIZE = 10;
const PROVIDER_NAMES: Record<Payment['provider'], string> = { TRUSTLY: 'Trustly', ZIMPLER: 'Zimpler', PIQ: 'PaymentIQ' };

/** The history table with its filters. */
export default function PaymentHistory({ kind, locale, texts, caption }: { kind: 'deposits' | 'withdrawals'; locale: Locale; texts: HistoryTexts; caption: string }) {
  const ids = useId();
  const [filter, setFilter] = useState<{ status: string; from: string; to: string }>({ status: '', from: '', to: '' });
  const [draft, setDraft] = useState(filter);
  const [rows, setRows] = useState<Payment[] | null>(null);
  const [page, setPage] = useState<PaymentPage['pageInfo'] | null>(null);
  const [failed, setFailed] = useState(false);

  const fetchPage = async (after: string | null) => {
    setFailed(false);
    try {
      const result = await loadHistory({
        deposits: kind === 'deposits',
        first: PAGE_SIZE,
        after,
        filter: { ...(filter.status ? { statuses: [filter.status] } : {}), ...(filter.from ? { from: filter.from } : {}), ...(filter.to ? { to: filter.to } : {}) },
      });
      setRows((current) => [...(after ? (current ?? []) : []), ...result.edges.map((edge) => edge.node)]);
      setPage(result.pageInfo);
    } catch {
      setFailed(true);
      setRows((current) => current ?? []);
    }
  };
  useEffect(() => {
    void fetchPage(null);
  }, [filter]);

  const dateFormat = new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="payment-history" data-testid={`${kind}-history`}>
      <form
        className="payment-history__filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter(draft);
        }}
      >
        <label htmlFor={`${ids}-status`}>{texts.status}</label>
        <select id={`${ids}-status`} value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value })}>
          <option value="">{texts.allStatuses}</option>
          {(Object.keys(texts.statuses) as Payment['status'][]).map((status) => (
            <option key={status} value={status}>{texts.statuses[status]}</option>
          ))}
        </select>
        <label htmlFor={`${ids}-from`}>{texts.from}</label>
        <input id={`${ids}-from`} type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        <label htmlFor={`${ids}-to`}>{texts.to}</label>
        <input id={`${ids}-to`} type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        <button type="submit" className="button button--small">{texts.apply}</button>
      </form>
      {failed && <p role="alert">{texts.error}</p>}
      {rows === null ? (
        <div className="spinner" role="presentation" />
      ) : rows.length === 0 ? (
        <p className="payment-history__empty">{texts.empty}</p>
      ) : (
        <table className="payment-history__table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr><th scope="col">{texts.date}</th><th scope="col">{texts.amount}</th><th scope="col">{texts.method}</th><th scope="col">{texts.status}</th></tr>
          </thead>
          <tbody>
            {rows.map((payment) => (
              <tr key={payment.id} data-testid="payment-row">
                <td>{dateFormat.format(new Date(payment.createdAt))}</td>
                <td>{formatMoney(payment.amount, payment.currency, locale)}</td>
                <td>{PROVIDER_NAMES[payment.provider]}{payment.account ? ` · ${payment.account}` : ''}</td>
                <td>{texts.statuses[payment.status]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page?.hasNextPage && (
        <button type="button" className="button button--secondary" onClick={() => void fetchPage(page.endCursor)}>{texts.more}</button>
      )}
    </div>
  );
}
