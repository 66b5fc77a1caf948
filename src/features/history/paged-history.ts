/**
 * The state of a history list read a page at a time, newest first: the rows so far, whether more
 * are older, and where loading stands. The first page loads on mount; "Show more" appends the next
 * one from the last page's endCursor. A failed page keeps the rows already shown, so retrying loses
 * nothing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** A page as the platform's history connections return it. */
export interface Page<T> {
  edges: { node: T }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** Where a history list stands. */
export interface PagedHistory<T> {
  /** Null until the first page has arrived. */
  rows: T[] | null;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  /** Loads the next page, or the first again after a failure. */
  more(): void;
}

/** Pages through a history with `load(after)`. */
export function usePagedHistory<T>(load: (after: string | null) => Promise<Page<T>>): PagedHistory<T> {
  const [rows, setRows] = useState<T[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  // An answer that arrives after the island unmounted is dropped.
  const mounted = useRef(true);

  const fetchPage = useCallback(
    (after: string | null) => {
      load(after).then(
        (page) => {
          if (!mounted.current) return;
          setRows((current) => [...(after ? (current ?? []) : []), ...page.edges.map((edge) => edge.node)]);
          setCursor(page.pageInfo.endCursor);
          setHasMore(page.pageInfo.hasNextPage);
          setFailed(false);
          setLoading(false);
        },
        () => {
          if (!mounted.current) return;
          setFailed(true);
          setLoading(false);
        },
      );
    },
    [load],
  );

  useEffect(() => {
    mounted.current = true;
    fetchPage(null);
    return () => {
      mounted.current = false;
    };
  }, [fetchPage]);

  return {
    rows,
    hasMore,
    loading,
    failed,
    more: () => {
      if (loading) return;
      setLoading(true);
      // Before any page arrived a retry starts over; afterwards it goes on from the last page shown.
      fetchPage(rows === null ? null : cursor);
    },
  };
}
