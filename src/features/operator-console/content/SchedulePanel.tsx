/**
 * Publish at a time: a date and time in the operator's own time zone (datetime-local, sent as an
 * ISO instant), and the document's waiting publishes, each with Cancel. The platform runs each once
 * across its processes and fails it rather than overwrite a newer version.
 */
import { useState } from 'react';
import {
  OperatorCancelContentScheduleDocument, OperatorScheduleContentPublishDocument, type OperatorContentScheduleFieldsFragment,
} from '../../../lib/graphql/generated/operator.ts';
import { dateFormatter } from '../../../../shared/date-format.ts';
import { localTimeZone } from '../../../i18n/dates.ts';
import { fillOperatorText, type OperatorTexts } from '../../../i18n/operator/en.ts';
import { operatorCall } from '../api.ts';
import { Message } from '../ui.tsx';

/** The console's local times: British English, the month as a word, the zone named (through the shared formatter, like every date with a month name). */
const localFormat = dateFormatter('en-GB', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });

/** An instant in the operator's time zone, with the zone named. */
export function localTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : localFormat(date);
}

interface Props {
  texts: OperatorTexts;
  path: string;
  document: unknown;
  base: number;
  note: string;
  schedules: readonly OperatorContentScheduleFieldsFragment[];
  write: <T>(call: () => Promise<T>) => Promise<T | undefined>;
  refresh: () => Promise<void>;
}

/** The schedule form and the waiting publishes. */
export function SchedulePanel({ texts, path, document, base, note, schedules, write, refresh }: Props) {
  const t = texts.content.schedule;
  const [at, setAt] = useState('');
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  const zone = localTimeZone();
  const waiting = schedules.filter((schedule) => schedule.status === 'Scheduled');

  const schedule = async () => {
    setStatus('');
    const when = new Date(at);
    if (!at || Number.isNaN(when.getTime()) || when.getTime() <= Date.now()) {
      setProblem(t.missing);
      return;
    }
    setProblem('');
    const done = await write(() => operatorCall(OperatorScheduleContentPublishDocument, { path, document, baseVersion: base, publishAt: when.toISOString(), note: note.trim() || null }));
    if (!done) return;
    setStatus(fillOperatorText(t.scheduled, { at: localTime(done.operatorScheduleContentPublish.publishAt) }));
    setAt('');
    await refresh().catch(() => undefined);
  };

  const cancel = async (id: string, publishAt: string) => {
    const done = await write(() => operatorCall(OperatorCancelContentScheduleDocument, { id }));
    if (!done) return;
    setStatus(fillOperatorText(t.cancelled, { at: localTime(publishAt) }));
    await refresh().catch(() => undefined);
  };

  return (
    <section className="op-card" aria-labelledby="content-schedule">
      <h2 id="content-schedule">{t.heading}</h2>
      <Message tone="status">{status}</Message>
      <div className="op-actions">
        <div className="op-field">
          <label htmlFor="content-publish-at">{fillOperatorText(t.at, { zone })}</label>
          <input id="content-publish-at" type="datetime-local" value={at} aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'content-publish-at-error' : undefined} onChange={(event) => setAt(event.target.value)} />
          {problem && <p id="content-publish-at-error" className="op-field__error">{problem}</p>}
        </div>
        <button type="button" className="op-button op-button--quiet" onClick={() => void schedule()}>{t.submit}</button>
      </div>
      <h3>{t.waiting}</h3>
      {waiting.length === 0 ? <p>{t.none}</p> : (
        <ul className="op-queue">
          {waiting.map((entry) => (
            <li key={entry.id} className="op-queue__entry">
              <span>{fillOperatorText(t.entry, { at: localTime(entry.publishAt), email: entry.operatorEmail })}{entry.note ? ` — ${entry.note}` : ''}</span>
              <button type="button" className="op-button op-button--quiet" onClick={() => void cancel(entry.id, entry.publishAt)}>{fillOperatorText(t.cancel, { at: localTime(entry.publishAt) })}</button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
