/**
 * The documents page (/profile/documents/): the player uploads a photo ID or a proof of address
 * (JPEG, PNG or PDF up to 5 MB, checked by the platform from the file's bytes) and sees every
 * document with its review status. Keyboard-operable: a native file input and labelled radios.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { fillText } from '../../i18n/fill.ts';
import type { Locale } from '../../i18n/locales.ts';
import { formatDate } from '../../i18n/dates.ts';
import { useHydrated } from '../session/use-hydrated.ts';
import { loadDocuments, uploadDocument, type PlayerDocument, type UploadProblem } from './documents-api.ts';

/** Texts of the documents page. */
export interface DocumentTexts {
  kind: string;
  kinds: Record<'Identity' | 'Address' | 'SourceOfWealth', string>;
  file: string;
  upload: string;
  uploaded: string;
  errors: Record<UploadProblem, string>;
  listTitle: string;
  empty: string;
  listFile: string;
  listStatus: string;
  listUploaded: string;
  statuses: Record<'Pending' | 'Approved' | 'Rejected', string>;
  loading: string;
}

/** The upload form and the list. */
export default function DocumentUpload({ locale, texts }: { locale: Locale; texts: DocumentTexts }) {
  const ids = useId();
  const hydrated = useHydrated();
  const [documents, setDocuments] = useState<PlayerDocument[] | null>(null);
  const [kind, setKind] = useState<'Identity' | 'Address'>('Identity');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let current = true;
    loadDocuments().then((loaded) => current && setDocuments(loaded), () => current && setDocuments([]));
    return () => {
      current = false;
    };
  }, []);

  const submit = async (event: React.SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file || busy) return;
    setBusy(true);
    const problem = await uploadDocument(file, kind);
    setBusy(false);
    if (problem) {
      setMessage({ text: texts.errors[problem], error: true });
      return;
    }
    setMessage({ text: fillText(texts.uploaded, { name: file.name }), error: false });
    if (fileRef.current) fileRef.current.value = '';
    setDocuments(await loadDocuments().catch(() => documents));
  };
  const date = (iso: string) => formatDate(new Date(iso), locale, { dateStyle: 'medium', timeStyle: 'short' });
  const kindName = (value: string) => (value in texts.kinds ? texts.kinds[value as keyof DocumentTexts['kinds']] : value);

  return (
    <div className="player-limits" data-testid="documents">
      <form className="take-a-break" onSubmit={(event) => void submit(event)}>
        {/* Radios, not a select: a select cannot wrap its text, and "Photo ID (passport, ID card or
            driving licence)" is wider than a phone in most locales. */}
        <fieldset className="documents__kinds" disabled={!hydrated}>
          <legend>{texts.kind}</legend>
          {(['Identity', 'Address'] as const).map((value) => (
            <label key={value} className="take-a-break__choice">
              <input type="radio" name={`${ids}-kind`} value={value} checked={kind === value} onChange={() => setKind(value)} />
              <span>{texts.kinds[value]}</span>
            </label>
          ))}
        </fieldset>
        <div className="player-limits__fields">
          <label htmlFor={`${ids}-file`}>{texts.file}</label>
          <input id={`${ids}-file`} ref={fileRef} type="file" accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf" disabled={!hydrated} required />
          <button type="submit" className="button button--small" disabled={!hydrated || busy}>{texts.upload}</button>
        </div>
        <p className={message?.error ? 'player-limits__message player-limits__message--error' : 'player-limits__message'} role="status">{message?.text}</p>
      </form>
      <section className="player-limits__history" aria-labelledby={`${ids}-list`}>
        <h2 id={`${ids}-list`}>{texts.listTitle}</h2>
        {documents === null ? (
          <p aria-busy="true">{texts.loading}</p>
        ) : documents.length === 0 ? (
          <p>{texts.empty}</p>
        ) : (
          <div className="table-scroll">
            <table data-testid="document-list">
              <thead>
                <tr><th scope="col">{texts.kind}</th><th scope="col">{texts.listFile}</th><th scope="col">{texts.listStatus}</th><th scope="col">{texts.listUploaded}</th></tr>
              </thead>
              <tbody>
                {documents.map((document) => (
                  <tr key={document.id}>
                    <td>{kindName(document.kind)}</td>
                    <td>{document.fileName}</td>
                    <td>{texts.statuses[document.status as keyof DocumentTexts['statuses']] ?? document.status}</td>
                    <td>{date(document.uploadedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
