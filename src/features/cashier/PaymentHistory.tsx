/**
 * The profile's deposit-history and withdrawal-history pages: the platform's history, newest
 * first, filtered by status and date, a page at a time (Show more). Players only.
 */
import { useEffect, useId, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { dateFormat as localeDateFormat } from '../../i18n/dates.ts';
import { formatMoney } from '../wallet/Balance.tsx';
import { loadHistory } from './api.ts';
import type { Payment, PaymentPage } from './queries.ts';
import { paymentProviderName } from '../../../shared/payment-providers.ts';

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

/** The history's filter: a status and a date range (YYYY-MM-DD, inclusive), each empty for all. */
interface Filter {
  status: Payment['status'] | '';
  from: string;
  to: string;
}
/** The status a select option names, or '' (all) for anything else. */
function statusOf(value: string, statuses: Record<Payment['status'], string>): Payment['status'] | '' {
  return Object.hasOwn(statuses, value) ? (value as Payment['status']) : '';
}

/** One page of the history for a filter. */
function queryPage(kind: 'deposits' | 'withdrawals', applied: Filter, after: string | null): Promise<PaymentPage> {
  return loadHistory({
    deposits: kind === 'deposits',
    first: PAGE_SIZE,
    after,
    filter: { ...(applied.status ? { statuses: [applied.status] } : {}), ...(applied.from ? { from: applied.from } : {}), ...(applied.to ? { to: applied.to } : {}) },
  });
}


/** The history table with its filters. */
export default function PaymentHistory({ kind, locale, texts, caption }: { kind: 'deposits' | 'withdrawals'; locale: Locale; texts: HistoryTexts; caption: string }) {
  const ids = useId();
  const [filter, setFilter] = useState<Filter>({ status: '', from: '', to: '' });
  const [draft, setDraft] = useState(filter);
  const [rows, setRows] = useState<Payment[] | null>(null);
  const [page, setPage] = useState<PaymentPage['pageInfo'] | null>(null);
  const [failed, setFailed] = useState(false);

  /** Shows a loaded page: the first one replaces the list, later ones extend it. */
  const show = (result: PaymentPage, after: string | null) => {
    setFailed(false);
    setRows((current) => [...(after ? (current ?? []) : []), ...result.edges.map((edge) => edge.node)]);
    setPage(result.pageInfo);
  };
  const fail = () => {
    setFailed(true);
    setRows((current) => current ?? []);
  };
  const loadMore = (after: string | null) => queryPage(kind, filter, after).then((result) => show(result, after), fail);

  useEffect(() => {
    // An answer for a filter the player has since changed is dropped.
    let current = true;
    queryPage(kind, filter, null).then(
      (result) => {
        if (!current) return;
        setFailed(false);
        setRows(result.edges.map((edge) => edge.node));
        setPage(result.pageInfo);
      },
      () => {
        if (!current) return;
        setFailed(true);
        setRows((rows) => rows ?? []);
      },
    );
    return () => {
      current = false;
    };
  }, [kind, filter]);

  const dateFormat = localeDateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
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
        <select id={`${ids}-status`} value={draft.status} onChange={(event) => setDraft({ ...draft, status: statusOf(event.target.value, texts.statuses) })}>
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
                <td>{dateFormat(new Date(payment.createdAt))}</td>
                <td>{formatMoney(payment.amount, payment.currency, locale)}</td>
                <td>{paymentProviderName(payment.provider) ?? payment.provider}{payment.account ? ` · ${payment.account}` : ''}</td>
                <td>{texts.statuses[payment.status]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page?.hasNextPage && (
        <button type="button" className="button button--secondary" onClick={() => void loadMore(page.endCursor)}>{texts.more}</button>
      )}
    </div>
  );
}
