/**
 * Compliance (issue 32): the document queue (KYC and source of wealth) with each file saved as a
 * download, approved or rejected with a comment (a rejection needs one); consent records searched
 * by player, visitor or date range and exported as CSV; the self-exclusion register, read-only.
 */
import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import {
  OperatorConsentRecordsDocument, OperatorDocumentQueueDocument, OperatorReviewDocumentDocument, OperatorSelfExclusionsDocument,
  type OperatorConsentRecordsQuery, type OperatorDocumentQueueQuery, type OperatorSelfExclusionsQuery,
} from '../../lib/graphql/generated/operator.ts';
import { fillOperatorText, type OperatorTexts } from '../../i18n/operator/en.ts';
import { downloadConsoleFile, filterQuery, operatorCall } from './api.ts';
import { consoleTime, failureText, FilterField, Message, useCall } from './ui.tsx';

type QueuedDocument = OperatorDocumentQueueQuery['operatorDocumentQueue'][number];

/** The compliance section. */
export default function CompliancePanel({ texts, brand }: { texts: OperatorTexts; brand: string }) {
  return (
    <>
      <h1>{texts.compliance.heading}</h1>
      <DocumentQueue texts={texts} />
      <ConsentRecords texts={texts} brand={brand} />
      <SelfExclusions texts={texts} />
    </>
  );
}

function documentKind(texts: OperatorTexts, document: QueuedDocument): string {
  const words = texts.compliance.queue.kinds[document.kind] ?? document.kind;
  return fillOperatorText(words, { type: document.fundingType ?? '' });
}

function DocumentQueue({ texts }: { texts: OperatorTexts }) {
  const t = texts.compliance.queue;
  const [documents, setDocuments] = useState<QueuedDocument[] | null>(null);
  const [notice, setNotice] = useState('');
  const { error, run } = useCall(texts);
  const load = useCallback(() => void run(async () => setDocuments((await operatorCall(OperatorDocumentQueueDocument, {})).operatorDocumentQueue)), [run]);
  // The queue is read when the section opens; Refresh reads it again.
  useEffect(load, [load]);
  const reviewed = (document: QueuedDocument, message: string) => {
    setNotice(message);
    setDocuments((current) => current?.filter((entry) => entry.id !== document.id) ?? null);
  };
  return (
    <section aria-labelledby="queue-heading" className="op-card">
      <h2 id="queue-heading">{t.heading}</h2>
      <button type="button" className="op-button op-button--quiet" onClick={load}>{t.refresh}</button>
      <Message tone="status">{notice}</Message>
      <Message tone="error">{error}</Message>
      {documents && documents.length === 0 && <p>{t.empty}</p>}
      {documents && documents.length > 0 && (
        <ul className="op-queue" aria-label={t.caption}>
          {documents.map((document) => <QueueEntry key={document.id} texts={texts} document={document} onReviewed={reviewed} />)}
        </ul>
      )}
    </section>
  );
}

function QueueEntry({ texts, document, onReviewed }: { texts: OperatorTexts; document: QueuedDocument; onReviewed: (document: QueuedDocument, message: string) => void }) {
  const t = texts.compliance.queue;
  const commentId = useId();
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState('');
  const { busy, error, setError, run } = useCall(texts);
  const review = async (status: 'Approved' | 'Rejected') => {
    if (status === 'Rejected' && !comment.trim()) {
      setCommentError(t.commentRequired);
      globalThis.document.getElementById(commentId)?.focus();
      return;
    }
    setCommentError('');
    const result = await run(() => operatorCall(OperatorReviewDocumentDocument, { documentId: document.id, status, comment: comment.trim() || null }));
    if (result) {
      const outcome = result.operatorReviewDocument;
      onReviewed(document, fillOperatorText(t.reviewed, { name: document.fileName, status: outcome.documentStatus, kyc: outcome.kycStatus, sow: outcome.sowStatus }));
    }
  };
  const download = async () => {
    try {
      await downloadConsoleFile(`/platform/operator/documents/${encodeURIComponent(document.id)}`, document.fileName);
    } catch (failure) {
      setError(fillOperatorText(t.downloadFailed, { message: failureText(texts, failure) }));
    }
  };
  return (
    <li className="op-queue__entry" data-document={document.id}>
      <dl className="op-facts">
        <div><dt>{t.player}</dt><dd>{document.player.name} · {document.player.email} · #{document.player.playerNumber}</dd></div>
        <div><dt>{t.document}</dt><dd>{documentKind(texts, document)}</dd></div>
        <div><dt>{t.uploaded}</dt><dd>{consoleTime(document.uploadedAt)}</dd></div>
        <div><dt>{t.file}</dt><dd>
          <button type="button" className="op-link" onClick={() => void download()}>{fillOperatorText(t.download, { name: document.fileName })}</button>
          {' '}({document.contentType}, {Math.ceil(document.sizeBytes / 1024)} KB)
        </dd></div>
      </dl>
      <div className="op-field">
        <label htmlFor={commentId}>{fillOperatorText(t.comment, { name: document.fileName })}</label>
        <textarea
          id={commentId}
          rows={2}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={`${commentId}-hint${commentError ? ` ${commentId}-error` : ''}`}
        />
        <p id={`${commentId}-hint`} className="op-hint">{t.commentHint}</p>
        {commentError && <p id={`${commentId}-error`} className="op-field__error">{commentError}</p>}
      </div>
      <div className="op-actions" role="group" aria-label={`${t.review}: ${document.fileName}`}>
        <button type="button" className="op-button" disabled={busy} onClick={() => void review('Approved')}>{t.approve}</button>
        <button type="button" className="op-button op-button--danger" disabled={busy} onClick={() => void review('Rejected')}>{t.reject}</button>
      </div>
      <Message tone="error">{error}</Message>
    </li>
  );
}

type ConsentRecord = OperatorConsentRecordsQuery['operatorConsentRecords'][number];

/** A date field's value as the start of that day in UTC (the platform takes ISO 8601). */
function dayStart(value: string): string | null {
  return value ? `${value}T00:00:00Z` : null;
}

function ConsentRecords({ texts, brand }: { texts: OperatorTexts; brand: string }) {
  const t = texts.compliance.consent;
  const [filter, setFilter] = useState({ playerId: '', visitorId: '', from: '', to: '' });
  const [records, setRecords] = useState<ConsentRecord[] | null>(null);
  const [problem, setProblem] = useState('');
  const { busy, error, run } = useCall(texts);
  const variables = () => ({ playerId: filter.playerId.trim() || null, visitorId: filter.visitorId.trim() || null, from: dayStart(filter.from), to: dayStart(filter.to) });
  const valid = () => {
    const ok = Boolean(filter.playerId.trim() || filter.visitorId.trim() || filter.from || filter.to);
    setProblem(ok ? '' : t.needFilter);
    return ok;
  };
  const search = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid()) return;
    void run(async () => setRecords((await operatorCall(OperatorConsentRecordsDocument, variables())).operatorConsentRecords));
  };
  const exportCsv = () => {
    if (!valid()) return;
    void run(() => downloadConsoleFile(`/platform/operator/consent-records.csv${filterQuery(variables())}`, `consent-records-${brand}.csv`));
  };
  const field = (name: keyof typeof filter, label: string, type: 'text' | 'date') => (
    <FilterField form="consent" name={name} label={label} type={type} values={filter} onChange={setFilter} />
  );
  return (
    <section aria-labelledby="consent-heading" className="op-card">
      <h2 id="consent-heading">{t.heading}</h2>
      <form className="op-filters" onSubmit={search} noValidate>
        {field('playerId', t.playerId, 'text')}
        {field('visitorId', t.visitorId, 'text')}
        {field('from', t.from, 'date')}
        {field('to', t.to, 'date')}
        <div className="op-actions">
          <button type="submit" className="op-button" disabled={busy}>{t.search}</button>
          <button type="button" className="op-button op-button--quiet" disabled={busy} onClick={exportCsv} aria-describedby="consent-export-hint">{t.export}</button>
        </div>
      </form>
      <p id="consent-export-hint" className="op-hint">{t.exportHint}</p>
      <Message tone="error">{problem || error}</Message>
      {records && records.length === 0 && <p role="status">{t.empty}</p>}
      {records && records.length > 0 && (
        <div className="op-scroll">
          <table>
            <caption>{t.caption}</caption>
            <thead><tr><th scope="col">{t.recordedAt}</th><th scope="col">{t.visitor}</th><th scope="col">{t.player}</th><th scope="col">{t.categories}</th><th scope="col">{t.policy}</th><th scope="col">{t.country}</th></tr></thead>
            <tbody>
              {records.map((record) => (
                <tr key={record.id}><td>{consoleTime(record.recordedAt)}</td><td>{record.visitorId}</td><td>{record.playerId ?? ''}</td><td>{record.categories.join(', ')}</td><td>{record.policyVersion}</td><td>{record.countryCode ?? ''}</td></tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

type SelfExclusion = OperatorSelfExclusionsQuery['operatorSelfExclusions'][number];

function SelfExclusions({ texts }: { texts: OperatorTexts }) {
  const t = texts.compliance.exclusions;
  const [entries, setEntries] = useState<SelfExclusion[] | null>(null);
  const { busy, error, run } = useCall(texts);
  // Read on request: each read is an audited look at players' data.
  const load = () => void run(async () => setEntries((await operatorCall(OperatorSelfExclusionsDocument, {})).operatorSelfExclusions));
  return (
    <section aria-labelledby="exclusions-heading" className="op-card">
      <h2 id="exclusions-heading">{t.heading}</h2>
      <button type="button" className="op-button op-button--quiet" disabled={busy} onClick={load}>{t.load}</button>
      <Message tone="error">{error}</Message>
      {entries && entries.length === 0 && <p role="status">{t.empty}</p>}
      {entries && entries.length > 0 && (
        <div className="op-scroll">
          <table>
            <caption>{t.caption}</caption>
            <thead><tr><th scope="col">{t.player}</th><th scope="col">{t.exclusionEnds}</th><th scope="col">{t.timeoutEnds}</th><th scope="col">{t.active}</th></tr></thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.playerId}>
                  <td>{entry.name} · {entry.email} · #{entry.playerNumber}</td>
                  <td>{consoleTime(entry.selfExclusionEndsAt)}</td>
                  <td>{consoleTime(entry.timeoutEndsAt)}</td>
                  <td>{entry.active ? t.yes : t.no}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
