/**
 * A document's versions, newest first, with author, time and note; a line diff between any two
 * (added and removed lines marked by a sign and a word, not by colour alone; long unchanged runs
 * folded); and Roll back to any earlier version after a confirmation.
 */
import { useEffect, useRef, useState } from 'react';
import {
  OperatorContentDiffDocument, OperatorContentVersionsDocument, OperatorRollbackContentDocument,
  type OperatorContentDiffQuery, type OperatorContentVersionsQuery,
} from '../../../lib/graphql/generated/operator.ts';
import { fillOperatorText, type OperatorTexts } from '../../../i18n/operator/en.ts';
import { operatorCall } from '../api.ts';
import { consoleTime, failureText, Message } from '../ui.tsx';

type Version = OperatorContentVersionsQuery['operatorContentVersions'][number];
type Diff = OperatorContentDiffQuery['operatorContentDiff'];

/** Unchanged lines kept around a change; longer unchanged runs are folded. */
const CONTEXT = 3;

/** A diff's runs as lines, each marked added, removed or unchanged, with long unchanged runs folded. */
export function diffLines(parts: Diff['parts']): ({ kind: 'added' | 'removed' | 'same'; text: string } | { kind: 'fold'; count: number })[] {
  const lines: ({ kind: 'added' | 'removed' | 'same'; text: string } | { kind: 'fold'; count: number })[] = [];
  parts.forEach((part, index) => {
    const texts = part.value.replace(/\n$/, '').split('\n');
    if (part.added || part.removed) {
      for (const text of texts) lines.push({ kind: part.added ? 'added' : 'removed', text });
      return;
    }
    const head = index === 0 ? 0 : CONTEXT;
    const tail = index === parts.length - 1 ? 0 : CONTEXT;
    if (texts.length <= head + tail + 1) {
      for (const text of texts) lines.push({ kind: 'same', text });
      return;
    }
    for (const text of texts.slice(0, head)) lines.push({ kind: 'same', text });
    lines.push({ kind: 'fold', count: texts.length - head - tail });
    for (const text of texts.slice(texts.length - tail)) lines.push({ kind: 'same', text });
  });
  return lines;
}

interface Props {
  texts: OperatorTexts;
  path: string;
  /** The latest version the editor works on (a rollback's baseVersion). */
  base: number;
  /** Changes when a publish or rollback happened: the list is read again. */
  revision: number;
  write: <T>(call: () => Promise<T>) => Promise<T | undefined>;
  afterRollback: () => Promise<void>;
}

/** The versions, the diff and rollback. */
export function VersionsPanel({ texts, path, base, revision, write, afterRollback }: Props) {
  const t = texts.content.versions;
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [range, setRange] = useState<{ from: number; to: number } | null>(null);
  const [diff, setDiff] = useState<Diff | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [target, setTarget] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    let live = true;
    operatorCall(OperatorContentVersionsDocument, { path })
      .then(({ operatorContentVersions }) => {
        if (!live) return;
        setVersions(operatorContentVersions);
        const [latest, previous] = operatorContentVersions;
        setRange(latest ? { from: previous?.number ?? latest.number, to: latest.number } : null);
        setDiff(null);
      })
      .catch((failure: unknown) => live && setError(failureText(texts, failure)));
    return () => {
      live = false;
    };
  }, [path, revision, texts]);

  const compare = async () => {
    if (!range) return;
    setError(null);
    try {
      const { operatorContentDiff } = await operatorCall(OperatorContentDiffDocument, { path, from: range.from, to: range.to });
      setDiff(operatorContentDiff);
    } catch (failure) {
      setError(failureText(texts, failure));
    }
  };

  const rollback = async () => {
    const toVersion = target;
    dialog.current?.close();
    if (toVersion === null) return;
    const done = await write(() => operatorCall(OperatorRollbackContentDocument, { path, toVersion, baseVersion: base, note: null }));
    if (!done) return;
    setStatus(fillOperatorText(t.rolledBack, { version: done.operatorRollbackContent.number, from: toVersion }));
    await afterRollback().catch((failure: unknown) => setError(failureText(texts, failure)));
  };

  const latest = versions?.[0]?.number;
  const lines = diff ? diffLines(diff.parts) : [];
  return (
    <section className="op-card" aria-labelledby="content-versions">
      <h2 id="content-versions">{t.heading}</h2>
      <Message tone="error">{error}</Message>
      <Message tone="status">{status}</Message>
      {versions && versions.length === 0 && <p>{t.none}</p>}
      {versions && versions.length > 0 && (
        <div className="op-scroll">
          <table>
            <caption>{t.caption}</caption>
            <thead><tr><th scope="col">{t.number}</th><th scope="col">{t.author}</th><th scope="col">{t.at}</th><th scope="col">{t.note}</th><th scope="col"><span className="op-sr">{t.rollbackConfirm}</span></th></tr></thead>
            <tbody>
              {versions.map((version) => (
                <tr key={version.number}>
                  <th scope="row">{version.number}</th>
                  <td className="op-break">{version.author === 'file' ? t.fileAuthor : version.author}</td>
                  <td>{consoleTime(version.publishedAt)}</td>
                  <td>{[version.note, version.rolledBackFrom ? fillOperatorText(t.restores, { version: version.rolledBackFrom }) : null].filter(Boolean).join(' · ')}</td>
                  <td>
                    {version.number !== latest && (
                      <button type="button" className="op-button op-button--quiet" onClick={() => {
                        setTarget(version.number);
                        dialog.current?.showModal();
                      }}>{fillOperatorText(t.rollback, { version: version.number })}</button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {versions && versions.length > 0 && range && (
        <>
          <h3>{t.compareHeading}</h3>
          <div className="op-actions">
            {(['from', 'to'] as const).map((end) => (
              <div className="op-field" key={end}>
                <label htmlFor={`diff-${end}`}>{t[end]}</label>
                <select id={`diff-${end}`} value={range[end]} onChange={(event) => setRange({ ...range, [end]: Number(event.target.value) })}>
                  {versions.map((version) => <option key={version.number} value={version.number}>{version.number}</option>)}
                </select>
              </div>
            ))}
            <button type="button" className="op-button op-button--quiet" onClick={() => void compare()}>{t.compare}</button>
          </div>
        </>
      )}
      {diff && (
        <figure className="op-diff-figure">
          <figcaption>{fillOperatorText(t.diffCaption, { from: diff.from, to: diff.to })}</figcaption>
          {lines.every((line) => line.kind === 'same' || line.kind === 'fold') ? <p>{t.same}</p> : (
            <ol className="op-diff">
              {lines.map((line, index) => line.kind === 'fold'
                ? <li key={index} className="op-diff__fold">{`… ${line.count} ${t.unchanged.toLowerCase()}`}</li>
                : (
                  <li key={index} className={`op-diff__${line.kind}`}>
                    <span className="op-sr">{line.kind === 'added' ? `${t.added}: ` : line.kind === 'removed' ? `${t.removed}: ` : ''}</span>
                    <span aria-hidden="true" className="op-diff__sign">{line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' '}</span>
                    {line.kind === 'added' ? <ins>{line.text}</ins> : line.kind === 'removed' ? <del>{line.text}</del> : <span>{line.text}</span>}
                  </li>
                ))}
            </ol>
          )}
        </figure>
      )}
      <dialog ref={dialog} className="op-dialog" aria-labelledby="rollback-title" aria-describedby="rollback-body" onClose={() => setTarget(null)}>
        <h3 id="rollback-title">{fillOperatorText(t.rollbackTitle, { version: target ?? '' })}</h3>
        <p id="rollback-body">{fillOperatorText(t.rollbackBody, { version: target ?? '' })}</p>
        <div className="op-actions">
          <button type="button" className="op-button op-button--danger" onClick={() => void rollback()}>{t.rollbackConfirm}</button>
          <button type="button" className="op-button op-button--quiet" onClick={() => dialog.current?.close()}>{t.cancel}</button>
        </div>
      </dialog>
    </section>
  );
}
