/**
 * Small pieces the console's sections share: times as operators read them (UTC, unambiguous across
 * brands' time zones), a message line announced to screen readers, a labelled filter field, and a
 * hook that runs one call at a time and keeps its error for display.
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

/** One labelled field of a filter form, bound to its key of the form's state. */
export function FilterField<K extends string>({ form, name, label, type, values, onChange }: {
  /** The form's id prefix, so each field's id is unique on the page. */
  form: string;
  name: K;
  label: string;
  type: 'text' | 'date';
  values: Record<K, string>;
  onChange: (values: Record<K, string>) => void;
}) {
  const id = `${form}-${name}`;
  return (
    <div className="op-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={values[name]} onChange={(event) => onChange({ ...values, [name]: event.target.value })} />
    </div>
  );
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
