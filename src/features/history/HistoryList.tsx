/**
 * What both history lists share around their table: the loading line while the first page comes,
 * the error with a retry (rows already shown stay), and "Show more" while older rows exist. The
 * table itself is the caller's; on a phone the history table's rows stack (see HistoryPage styles).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { PagedHistory } from './paged-history.ts';

/** Texts of the list's states. */
export interface ListStateTexts {
  loading: string;
  loadError: string;
  retry: string;
  more: string;
}

interface Props<T> {
  history: PagedHistory<T>;
  texts: ListStateTexts;
  testId: string;
  /** Shown when the history has no rows at all. */
  empty: ReactNode;
  children: (rows: T[]) => ReactNode;
}

/** A history list with its loading, error, empty and "Show more" states. */
export default function HistoryList<T>({ history, texts, testId, empty, children }: Props<T>) {
  const { rows, hasMore, loading, failed, more } = history;
  const listRef = useRef<HTMLDivElement>(null);
  // Focus stays on "Show more" while it loads (aria-disabled, not disabled); when the last page has
  // come and the button goes, focus moves to the list rather than falling back to the page.
  const askedMore = useRef(false);
  useEffect(() => {
    if (!askedMore.current || loading) return;
    askedMore.current = false;
    if (!hasMore && document.activeElement === document.body) listRef.current?.focus();
  }, [hasMore, loading]);
  const showMore = () => {
    if (loading) return;
    askedMore.current = true;
    more();
  };
  return (
    <div className="history-list" data-testid={testId} aria-busy={loading} ref={listRef} tabIndex={-1}>
      {rows === null ? (
        loading && <p className="history-list__state">{texts.loading}</p>
      ) : rows.length === 0 ? (
        empty
      ) : (
        children(rows)
      )}
      {failed && (
        <div className="history-list__error" role="alert">
          <p>{texts.loadError}</p>
          <button type="button" className="button button--small button--secondary" onClick={more}>{texts.retry}</button>
        </div>
      )}
      {!failed && hasMore && rows !== null && (
        <button type="button" className="button button--secondary history-list__more" onClick={showMore} aria-disabled={loading || undefined}>
          {loading ? texts.loading : texts.more}
        </button>
      )}
    </div>
  );
}
