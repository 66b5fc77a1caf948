/**
 * Small pieces the console's sections share: times as operators read them (UTC, unambiguous across
 * brands' time zones), a message line announced to screen readers, and a hook that runs one call at
 * a time and keeps its error for display.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { fillOperatorText, type OperatorTexts } from '../../i18n/operator/en.ts';
import { OperatorApiError } from './api.ts';

/** An ISO time as `YYYY-MM-DD HH:MM UTC`, or an empty string. */
export function consoleTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The words to show for a failed call. */
export function failureText(texts: OperatorTexts, error: unknown): string {
  if (error instanceof OperatorApiError && error.reason === 'Network') return texts.errors.network;
  return fillOperatorText(texts.errors.generic, { message: error instanceof Error ? error.message : String(error) });
}

/** A polite status line (or an alert for a failure); renders nothing when empty. */
export function Message({ tone, children }: { tone: 'status' | 'error'; children: ReactNode }) {
  if (!children) return null;
  return tone === 'error'
    ? <p role="alert" className="op-message op-message--error">{children}</p>
    : <p role="status" className="op-message">{children}</p>;
}

/** Runs one call at a time: busy while it runs, its failure kept as text. */
export function useCall(texts: OperatorTexts) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async <T,>(call: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await call();
    } catch (failure) {
      setError(failureText(texts, failure));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, [texts]);
  return { busy, error, setError, run };
}
