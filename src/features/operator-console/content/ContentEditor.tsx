/**
 * One content document in the editors' section: its form generated from the document's JSON Schema
 * (a layout's blocks as a sortable list), checked with the content store's own rules as the editor
 * types (operatorValidateContent) and on every write, with each problem beside its field; Save draft,
 * Publish now or at a time, Versions (diff, roll back) and Preview. Nothing the editor typed is lost:
 * a refused write keeps the form as it was, and a conflict (someone published first) keeps the
 * editor's document beside theirs to copy or apply again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  OperatorContentDocumentDocument, OperatorContentSchemaDocument, OperatorDiscardDraftDocument, OperatorPublishContentDocument, OperatorSaveDraftDocument,
  OperatorValidateContentDocument, type OperatorContentDocumentQuery,
} from '../../../lib/graphql/generated/operator.ts';
import { fillOperatorText, type OperatorTexts } from '../../../i18n/operator/en.ts';
import { OperatorApiError, operatorCall } from '../api.ts';
import { consoleTime, failureText, Message } from '../ui.tsx';
import { BlockList, blockKey } from './BlockList.tsx';
import { ConflictNotice, type Conflict } from './ConflictNotice.tsx';
import { PreviewFrames } from './PreviewFrames.tsx';
import { SchedulePanel } from './SchedulePanel.tsx';
import { fieldId, setAt, skeleton, type JsonSchema, type PathStep } from './schema-form.ts';
import { JsonField, ObjectFields, type ContentIssue, type FormContext } from './SchemaForm.tsx';
import { VersionsPanel } from './VersionsPanel.tsx';

type View = OperatorContentDocumentQuery['operatorContentDocument'];

/** How long the editor waits after the last keystroke before asking the store's checks. */
const CHECK_AFTER_MS = 500;

/** The path steps of a problem's dot path (numbers as indexes). */
function stepsOf(path: string): PathStep[] {
  return path.split('.').map((step) => (/^\d+$/.test(step) ? Number(step) : step));
}

/** The editor of one document. */
export default function ContentEditor({ texts, path, locale }: { texts: OperatorTexts; path: string; locale: string }) {
  const t = texts.content;
  const [schema, setSchema] = useState<JsonSchema | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [doc, setDoc] = useState<unknown>(null);
  const [keys, setKeys] = useState<string[]>([]);
  const [base, setBase] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [issues, setIssues] = useState<ContentIssue[]>([]);
  const [checking, setChecking] = useState(false);
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [kept, setKept] = useState<unknown>(undefined);
  /** Whether this operator holds a saved draft of the document (loaded with it, or saved here). */
  const [hasDraft, setHasDraft] = useState(false);
  const [revision, setRevision] = useState(0);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [focusFirst, setFocusFirst] = useState(0);
  const form = useRef<HTMLDivElement>(null);
  const idPrefix = 'content';

  const blockSchemas = schema?.properties?.blocks?.items?.oneOf ?? null;
  const blocks = blockSchemas && doc && typeof doc === 'object' && Array.isArray((doc as { blocks?: unknown }).blocks) ? (doc as { blocks: Record<string, unknown>[] }).blocks : null;

  /** Takes a document into the form (a loaded version, a draft, their version after a conflict). */
  const take = useCallback((document: unknown, version: number) => {
    setDoc(document);
    setBase(version);
    setDirty(false);
    setIssues([]);
    const count = document && typeof document === 'object' && Array.isArray((document as { blocks?: unknown }).blocks) ? (document as { blocks: unknown[] }).blocks.length : 0;
    setKeys(Array.from({ length: count }, blockKey));
    setOpen(new Set());
  }, []);

  const refreshView = useCallback(async () => {
    const { operatorContentDocument } = await operatorCall(OperatorContentDocumentDocument, { path });
    setView(operatorContentDocument);
    return operatorContentDocument;
  }, [path]);

  useEffect(() => {
    let live = true;
    Promise.all([operatorCall(OperatorContentSchemaDocument, { path }), operatorCall(OperatorContentDocumentDocument, { path })])
      .then(([{ operatorContentSchema }, { operatorContentDocument }]) => {
        if (!live) return;
        const loaded = operatorContentSchema as JsonSchema;
        setSchema(loaded);
        setView(operatorContentDocument);
        const { draft } = operatorContentDocument;
        setHasDraft(Boolean(draft));
        if (draft && draft.baseVersion === operatorContentDocument.version) {
          take(draft.document, draft.baseVersion);
          setStatus(fillOperatorText(t.draftRestored, { at: consoleTime(draft.savedAt) }));
        } else if (draft) {
          // A draft of an older version would only meet a conflict: the latest goes in the form, the draft beside it.
          take(operatorContentDocument.document ?? skeleton(loaded), operatorContentDocument.version);
          setKept(draft.document);
          setStatus(fillOperatorText(t.draftStale, { at: consoleTime(draft.savedAt), base: draft.baseVersion, version: operatorContentDocument.version }));
        } else {
          take(operatorContentDocument.document ?? skeleton(loaded), operatorContentDocument.version);
        }
      })
      .catch((failure: unknown) => live && setError(failureText(texts, failure)));
    return () => {
      live = false;
    };
  }, [path, take, texts, t]);

  // The store's checks as the editor types: a moment after the last change.
  useEffect(() => {
    if (!dirty) return;
    let live = true;
    const timer = setTimeout(() => {
      setChecking(true);
      operatorCall(OperatorValidateContentDocument, { path, document: doc })
        .then(({ operatorValidateContent }) => live && setIssues(operatorValidateContent))
        .catch(() => undefined)
        .finally(() => live && setChecking(false));
    }, CHECK_AFTER_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [doc, dirty, path]);

  // Focus after a render: one field by id (a problem's link), or the first field with a problem.
  useEffect(() => {
    if (!focusId && focusFirst === 0) return;
    const frame = requestAnimationFrame(() => {
      const target = focusId ? document.getElementById(focusId) : form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      (target ?? document.getElementById('content-problems'))?.focus();
      setFocusId(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [focusId, focusFirst]);

  const edit = (next: unknown) => {
    setDoc(next);
    setDirty(true);
  };
  const set = (steps: PathStep[], value: unknown) => {
    setDoc((current: unknown) => setAt(current, steps, value));
    setDirty(true);
  };

  /** Opens the blocks a problem names, so their fields show it. */
  const openTroubled = (found: readonly ContentIssue[]) => {
    if (!blocks) return;
    const next = new Set(open);
    for (const issue of found) {
      const index = /^blocks\.(\d+)/.exec(issue.path ?? '')?.[1];
      const key = index === undefined ? undefined : keys[Number(index)];
      if (key) next.add(key);
    }
    setOpen(next);
  };

  /** Runs a write; a refusal keeps the form and says why, beside the fields or as a conflict. */
  const write = async <T,>(call: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    setStatus('');
    try {
      return await call();
    } catch (failure) {
      if (failure instanceof OperatorApiError && failure.reason === 'InvalidContent') {
        const found = (failure.extensions.issues as ContentIssue[] | undefined) ?? [];
        setIssues(found);
        openTroubled(found);
        setError(t.actions.invalid);
        setFocusFirst((count) => count + 1);
      } else if (failure instanceof OperatorApiError && failure.reason === 'ContentConflict') {
        const { latestVersion, latestAuthor, latestAt } = failure.extensions as { latestVersion?: number; latestAuthor?: string | null; latestAt?: string | null };
        setConflict({ version: latestVersion ?? 0, author: latestAuthor ?? '', at: latestAt ?? '', base });
      } else {
        setError(failureText(texts, failure));
      }
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const saveDraft = async () => {
    const saved = await write(() => operatorCall(OperatorSaveDraftDocument, { path, document: doc, baseVersion: base }));
    if (saved) {
      setHasDraft(true);
      setStatus(fillOperatorText(t.actions.saved, { at: consoleTime(saved.operatorSaveDraft.savedAt) }));
    }
    return saved !== undefined;
  };

  /** Throws the saved draft away: the form and the preview go back to the published version. */
  const discardDraft = async () => {
    const discarded = await write(() => operatorCall(OperatorDiscardDraftDocument, { path }));
    if (discarded === undefined) return;
    const latest = await refreshView().catch(() => null);
    if (latest) take(latest.document ?? skeleton(schema ?? {}), latest.version);
    setHasDraft(false);
    setStatus(fillOperatorText(t.actions.discarded, { version: latest?.version ?? base }));
  };

  const publish = async () => {
    const published = await write(() => operatorCall(OperatorPublishContentDocument, { path, document: doc, baseVersion: base, note: note.trim() || null }));
    if (!published) return;
    setBase(published.operatorPublishContent.number);
    setDirty(false);
    // Publishing ends the draft (the platform drops it).
    setHasDraft(false);
    setNote('');
    setStatus(fillOperatorText(t.actions.published, { version: published.operatorPublishContent.number }));
    setRevision((count) => count + 1);
    await refreshView().catch(() => undefined);
  };

  /** After a conflict: their version into the form, the editor's own kept to copy or apply again. */
  const reloadTheirs = async () => {
    const mine = doc;
    try {
      const latest = await refreshView();
      take(latest.document, latest.version);
      setKept(mine);
      setStatus(fillOperatorText(t.conflict.reloaded, { version: latest.version }));
      setConflict(null);
      setRevision((count) => count + 1);
    } catch (failure) {
      setError(failureText(texts, failure));
    }
  };

  const afterRollback = async () => {
    const latest = await refreshView();
    take(latest.document, latest.version);
    setRevision((count) => count + 1);
  };

  if (error && !schema) return <Message tone="error">{error}</Message>;
  if (!schema || !view) return <p role="status">{t.loading}</p>;

  const ctx: FormContext = { texts: t, locale, idPrefix, issues, root: doc, set };
  const focusIssue = (issue: ContentIssue) => {
    if (!issue.path) return;
    openTroubled([issue]);
    const steps = stepsOf(issue.path);
    const exact = fieldId(idPrefix, steps);
    const withLocale = fieldId(idPrefix, [...steps, locale]);
    setFocusId(document.getElementById(withLocale) ? withLocale : exact);
  };

  return (
    <div className="op-editor">
      <p>
        {view.version > 0
          ? fillOperatorText(t.editing, { path, version: view.version, author: view.author === 'file' ? t.versions.fileAuthor : (view.author ?? ''), at: consoleTime(view.publishedAt) })
          : fillOperatorText(t.editingNew, { path })}
        {dirty && <strong className="op-badge">{t.unsaved}</strong>}
      </p>
      {view.problems.length > 0 && (
        <div className="op-card">
          <p>{t.publishedProblems}</p>
          <ul>{view.problems.map((problem, index) => <li key={index}>{problem.message}</li>)}</ul>
        </div>
      )}
      {conflict && <ConflictNotice texts={t} conflict={conflict} onReload={() => void reloadTheirs()} />}
      {kept !== undefined && (
        <div className="op-card">
          <JsonField label={t.conflict.mine} value={kept} id="content-kept" issues={[]} onChange={setKept} texts={t} rows={10} />
          <div className="op-actions">
            <button type="button" className="op-button op-button--quiet" onClick={() => {
              edit(kept);
              setKeys(Array.from({ length: Array.isArray((kept as { blocks?: unknown[] } | null)?.blocks) ? (kept as { blocks: unknown[] }).blocks.length : 0 }, blockKey));
              setKept(undefined);
              setStatus(fillOperatorText(t.conflict.reapplied, { version: base }));
            }}>{fillOperatorText(t.conflict.reapply, { version: base })}</button>
            <button type="button" className="op-button op-button--quiet" onClick={() => setKept(undefined)}>{t.conflict.dismiss}</button>
          </div>
        </div>
      )}

      <section className="op-card" aria-labelledby="content-problems">
        <h2 id="content-problems" tabIndex={-1}>{t.problemsHeading}</h2>
        {checking && <p className="op-hint">{t.checking}</p>}
        {issues.length === 0
          ? <p>{t.problemsNone}</p>
          : (
            <ul>
              {issues.map((issue, index) => (
                <li key={index}>
                  {issue.path
                    ? <button type="button" className="op-link" onClick={() => focusIssue(issue)}>{`${issue.path}: ${issue.message}`}</button>
                    : `${t.problemWhole}: ${issue.message}`}
                </li>
              ))}
            </ul>
          )}
      </section>

      <div ref={form} className="op-card">
        {blocks && blockSchemas ? (
          <BlockList
            blocks={blocks}
            keys={keys}
            blockSchemas={blockSchemas}
            open={open}
            setOpen={setOpen}
            onChange={(next, nextKeys) => {
              setKeys(nextKeys);
              edit({ ...(doc as object), blocks: next });
              // A problem's path names a block by its place: the moved blocks are checked again.
              setIssues([]);
            }}
            ctx={ctx}
          />
        ) : schema.properties ? (
          <ObjectFields schema={schema} path={[]} ctx={ctx} />
        ) : (
          <JsonField label={t.form.document} value={doc} id="content-json" issues={issues} onChange={edit} texts={t} rows={20} />
        )}
      </div>

      <section className="op-card" aria-labelledby="content-actions">
        <h2 id="content-actions">{t.actions.heading}</h2>
        <Message tone="error">{error}</Message>
        <Message tone="status">{status}</Message>
        <div className="op-field">
          <label htmlFor="content-note">{t.actions.note}</label>
          <input id="content-note" value={note} onChange={(event) => setNote(event.target.value)} maxLength={200} />
        </div>
        <div className="op-actions">
          <button type="button" className="op-button op-button--quiet" disabled={busy} onClick={() => void saveDraft()}>{t.actions.saveDraft}</button>
          <button type="button" className="op-button" disabled={busy} onClick={() => void publish()}>{t.actions.publish}</button>
          {hasDraft && <button type="button" className="op-button op-button--quiet" disabled={busy} onClick={() => void discardDraft()}>{t.actions.discardDraft}</button>}
        </div>
      </section>

      <SchedulePanel texts={texts} path={path} document={doc} base={base} note={note} schedules={view.schedules} write={write} refresh={() => refreshView().then(() => undefined)} />
      <PreviewFrames texts={texts} path={path} locale={locale} saveDraft={saveDraft} />
      <VersionsPanel texts={texts} path={path} base={base} revision={revision} write={write} afterRollback={afterRollback} />
    </div>
  );
}
