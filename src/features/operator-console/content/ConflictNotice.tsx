/** The notice of a write refused because someone published first (ContentConflict): who, what, when, and a way on. */
import { useEffect, useRef } from 'react';
import { fillOperatorText, type OperatorTexts } from '../../../i18n/operator/en.ts';
import { consoleTime } from '../ui.tsx';

/** A conflict as the platform names it. */
export interface Conflict {
  version: number;
  author: string;
  at: string;
  /** The version the editor started from. */
  base: number;
}

/** An alert naming the newer version, with the button that loads it (keeping the editor's work). */
export function ConflictNotice({ texts, conflict, onReload }: { texts: OperatorTexts['content']; conflict: Conflict; onReload: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [conflict]);
  const author = conflict.author === 'file' ? texts.versions.fileAuthor : conflict.author;
  return (
    <section className="op-card op-card--alert" role="alert" aria-labelledby="content-conflict">
      <h2 id="content-conflict" ref={heading} tabIndex={-1}>{texts.conflict.heading}</h2>
      <p>{fillOperatorText(texts.conflict.body, { version: conflict.version, author, at: consoleTime(conflict.at), base: conflict.base })}</p>
      <button type="button" className="op-button" onClick={onReload}>{texts.conflict.reload}</button>
    </section>
  );
}
