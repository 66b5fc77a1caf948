/**
 * The editors' section of the console (issue 32): pick one of the brand's content documents and the
 * language whose texts to edit, then edit it (ContentEditor). The document and language live in the
 * page's query (?document=…&locale=…), so a reload or a shared link opens the same editor.
 */
import { useEffect, useState } from 'react';
import { OperatorContentDocumentsDocument, type OperatorContentDocumentsQuery } from '../../../lib/graphql/generated/operator.ts';
import { fillOperatorText, type OperatorTexts } from '../../../i18n/operator/en.ts';
import { operatorCall } from '../api.ts';
import { Message, useCall } from '../ui.tsx';
import ContentEditor from './ContentEditor.tsx';

type Listed = OperatorContentDocumentsQuery['operatorContentDocuments'][number];

/** The document and locale named in the page's query, or the defaults. */
function fromQuery(locales: readonly string[]): { path: string | null; locale: string } {
  const query = new URLSearchParams(location.search);
  const locale = query.get('locale');
  return { path: query.get('document'), locale: locale && locales.includes(locale) ? locale : (locales[0] ?? 'en') };
}

/** The content section: document and locale pickers and the editor. */
export default function ContentPanel({ texts, locales }: { texts: OperatorTexts; brand: string; locales: readonly string[] }) {
  const t = texts.content;
  const [documents, setDocuments] = useState<Listed[] | null>(null);
  const [{ path, locale }, setChoice] = useState(() => fromQuery(locales));
  const { error, run } = useCall(texts);

  useEffect(() => {
    void run(async () => {
      const { operatorContentDocuments } = await operatorCall(OperatorContentDocumentsDocument, {});
      setDocuments(operatorContentDocuments);
    });
  }, [run]);

  const choose = (next: { path: string | null; locale: string }) => {
    setChoice(next);
    const query = new URLSearchParams(location.search);
    if (next.path) query.set('document', next.path);
    query.set('locale', next.locale);
    history.replaceState(null, '', `${location.pathname}?${query.toString()}`);
  };
  const chosen = path ?? documents?.find((document) => document.path === 'layout.json')?.path ?? documents?.[0]?.path ?? null;

  return (
    <>
      <h1>{t.heading}</h1>
      <Message tone="error">{error}</Message>
      {!documents && !error && <p role="status">{t.loading}</p>}
      {documents && (
        <div className="op-card op-filters" role="group" aria-label={t.pickers}>
          <div className="op-field">
            <label htmlFor="content-document">{t.document}</label>
            <select id="content-document" value={chosen ?? ''} onChange={(event) => choose({ path: event.target.value, locale })}>
              {documents.map((document) => (
                <option key={document.path} value={document.path}>
                  {document.version > 0 ? fillOperatorText(t.documentVersion, { path: document.path, version: document.version }) : fillOperatorText(t.documentNew, { path: document.path })}
                </option>
              ))}
            </select>
          </div>
          <div className="op-field">
            <label htmlFor="content-locale">{t.locale}</label>
            <select id="content-locale" value={locale} onChange={(event) => choose({ path: chosen, locale: event.target.value })}>
              {locales.map((each) => <option key={each} value={each}>{each}</option>)}
            </select>
          </div>
        </div>
      )}
      {documents && chosen && <ContentEditor key={chosen} texts={texts} path={chosen} locale={locale} />}
    </>
  );
}
