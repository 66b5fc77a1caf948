/**
 * The source-of-wealth form (/source-of-wealth/): what the operator asked for and by when, then one
 * group per funding type (spec section 3): "this is a source of my money", what it is (the type's
 * options, each with the hint of what proves it) and the proofs uploaded for it. Sending checks
 * what the platform will check (an option and a document per declared type, every requested type
 * declared) and names the group to fix, focusing it; the platform's answer moves the status to
 * Pending and its PlayerUpdated clears the account banner on every open page.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { FUNDING_TYPES, SOW_OPTIONS, type FundingType } from '../../../shared/source-of-wealth.ts';
import { fillText } from '../../i18n/fill.ts';
import type { Locale } from '../../i18n/locales.ts';
import { formatDate } from '../../i18n/dates.ts';
import { GraphqlCallError } from '../../lib/graphql-errors.ts';
import { uploadSourceOfWealthDocument } from '../protection/documents-api.ts';
import { useHydrated } from '../session/use-hydrated.ts';
import { loadSourceOfWealth, submitSourceOfWealth, type SourceOfWealthStatus } from './api.ts';
import { declarationProblems, initialState, type TypeState } from './declaration.ts';
import type { SourceOfWealthTexts } from './texts.ts';

/** The form. */
export default function SourceOfWealthForm({ locale, texts }: { locale: Locale; texts: SourceOfWealthTexts }) {
  const ids = useId();
  const hydrated = useHydrated();
  const [status, setStatus] = useState<SourceOfWealthStatus | null>(null);
  const [state, setState] = useState<Record<FundingType, TypeState> | null>(null);
  const [failed, setFailed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FundingType, string>>>({});
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState<FundingType | null>(null);
  /** What the last upload of each type said, announced in the group's live region. */
  const [uploaded, setUploaded] = useState<Partial<Record<FundingType, string>>>({});
  const groupRefs = useRef<Partial<Record<FundingType, HTMLFieldSetElement | null>>>({});
  const fileRefs = useRef<Partial<Record<FundingType, HTMLInputElement | null>>>({});

  useEffect(() => {
    let current = true;
    loadSourceOfWealth().then(
      (loaded) => {
        if (!current) return;
        setStatus(loaded.status);
        setState(initialState(loaded.entries, loaded.status.requiredDocumentsUploadV2.map((request) => request.requestedFundingType)));
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);

  if (failed) return <p className="player-limits__message player-limits__message--error" role="alert">{texts.loadError}</p>;
  if (!status || !state) return <p aria-busy="true">{texts.loading}</p>;

  const requests = status.requiredDocumentsUploadV2;
  const requested = requests.map((request) => request.requestedFundingType);
  const date = (iso: string) => formatDate(new Date(iso), locale, { dateStyle: 'long' });
  const open = status.status !== 'Done' && (status.status !== 'NotNeed' || requests.length > 0);
  // Updates read the latest state: an upload finishes after the player may have ticked more.
  const change = (type: FundingType, next: (entry: TypeState) => Partial<TypeState>) => {
    setState((current) => (current ? { ...current, [type]: { ...current[type], ...next(current[type]) } } : current));
    setErrors((current) => ({ ...current, [type]: undefined }));
  };

  const upload = async (type: FundingType) => {
    const file = fileRefs.current[type]?.files?.[0];
    if (!file || uploading) return;
    setUploading(type);
    setUploaded((current) => ({ ...current, [type]: '' }));
    const result = await uploadSourceOfWealthDocument(file, type);
    setUploading(null);
    if ('problem' in result) {
      setErrors((current) => ({ ...current, [type]: texts.uploadErrors[result.problem] }));
      return;
    }
    const input = fileRefs.current[type];
    if (input) input.value = '';
    change(type, (entry) => ({ files: [{ documentId: result.id, fileName: file.name, status: 'Pending' }, ...entry.files] }));
    setUploaded((current) => ({ ...current, [type]: fillText(texts.uploaded, { name: file.name }) }));
  };

  const submit = async (event: React.SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problems = declarationProblems(state, requested);
    const firstInvalid = FUNDING_TYPES.find((type) => problems.byType[type]);
    if (problems.none || firstInvalid) {
      setErrors(Object.fromEntries(Object.entries(problems.byType).map(([type, key]) => [type, texts.errors[key]])));
      setMessage({ text: problems.none && !firstInvalid ? texts.errors.none : '', error: true });
      const target = firstInvalid ?? FUNDING_TYPES[0];
      groupRefs.current[target]?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const declarations = FUNDING_TYPES.filter((type) => state[type].declared).map((type) => ({
        type, optionIds: state[type].options, documentIds: state[type].files.map((file) => file.documentId),
      }));
      setStatus(await submitSourceOfWealth(declarations));
      setMessage({ text: texts.submitted, error: false });
    } catch (failure) {
      // The platform names the funding type it refused (an option, a document, a requested type): that group says so in the player's words.
      const field = failure instanceof GraphqlCallError && failure.kind === 'BadUserInput' ? failure.extensions.field : undefined;
      const type = FUNDING_TYPES.find((candidate) => candidate === field);
      if (type) {
        setErrors((current) => ({ ...current, [type]: texts.errors.group }));
        setMessage({ text: '', error: true });
        groupRefs.current[type]?.querySelector<HTMLInputElement>('input')?.focus();
      } else {
        setMessage({ text: texts.errors.generic, error: true });
      }
    } finally {
      setBusy(false);
    }
  };

  const statusText = status.status === 'Required'
    ? (status.dueDate ? fillText(status.dueDateExpired ? texts.dueExpired : texts.due, { date: date(status.dueDate) }) : '')
    : texts.statuses[status.status];

  return (
    <div className="sow" data-testid="source-of-wealth">
      <p className="account-intro">{texts.intro}</p>
      {statusText && <p className="sow__status" data-testid="sow-status" data-status={status.status}>{statusText}</p>}
      {open && (
        <form className="sow__form" noValidate onSubmit={(event) => void submit(event)}>
          {FUNDING_TYPES.map((type) => {
            const entry = state[type];
            const words = texts.types[type];
            const request = requests.find((candidate) => candidate.requestedFundingType === type);
            const error = errors[type];
            const base = `${ids}-${type}`;
            return (
              <fieldset
                key={type}
                ref={(node) => { groupRefs.current[type] = node; }}
                className="sow__type"
                data-testid={`sow-${type}`}
                aria-describedby={`${base}-hint${error ? ` ${base}-error` : ''}`}
              >
                <legend>{words.title}</legend>
                <p id={`${base}-hint`} className="sow__hint">{words.hint}</p>
                {request && <p className="sow__requested">{fillText(texts.requested, { comment: request.comment })}</p>}
                <label className="sow__check">
                  <input
                    type="checkbox"
                    checked={entry.declared}
                    disabled={!hydrated}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) => { const declared = event.target.checked; change(type, () => ({ declared })); }}
                  />
                  {texts.applies}
                </label>
                {entry.declared && (
                  <>
                    <fieldset className="sow__options">
                      <legend>{texts.options}</legend>
                      {SOW_OPTIONS[type].map((option) => (
                        <div key={option} className="sow__option">
                          <input
                            id={`${base}-${option}`}
                            type="checkbox"
                            checked={entry.options.includes(option)}
                            aria-describedby={`${base}-${option}-hint`}
                            onChange={(event) => { const checked = event.target.checked; change(type, (latest) => ({ options: checked ? [...latest.options, option] : latest.options.filter((id) => id !== option) })); }}
                          />
                          <label htmlFor={`${base}-${option}`}>{words.options[option]?.title}</label>
                          <p id={`${base}-${option}-hint`} className="sow__hint">{words.options[option]?.hint}</p>
                        </div>
                      ))}
                    </fieldset>
                    <div className="player-limits__fields">
                      <label htmlFor={`${base}-file`}>{texts.proof}</label>
                      <input id={`${base}-file`} ref={(node) => { fileRefs.current[type] = node; }} type="file" accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf" />
                      <button type="button" className="button button--small button--secondary" disabled={uploading !== null} onClick={() => void upload(type)}>{texts.upload}</button>
                    </div>
                    {entry.files.length > 0 && (
                      <ul className="sow__files" aria-label={texts.files}>
                        {entry.files.map((file) => (
                          <li key={file.documentId}>{file.fileName} · {texts.documentStatuses[file.status as keyof SourceOfWealthTexts['documentStatuses']] ?? file.status}</li>
                        ))}
                      </ul>
                    )}
                  </>
                )}
                {entry.declared && <p className="visually-hidden" role="status">{uploaded[type]}</p>}
                {error && <p id={`${base}-error`} className="player-limits__message player-limits__message--error" role="alert">{error}</p>}
              </fieldset>
            );
          })}
          <p className={message?.error ? 'player-limits__message player-limits__message--error' : 'player-limits__message'} role="status">{message?.text}</p>
          <button type="submit" className="button" disabled={!hydrated || busy}>{texts.submit}</button>
        </form>
      )}
      {!open && message && <p className="player-limits__message" role="status">{message.text}</p>}
    </div>
  );
}
