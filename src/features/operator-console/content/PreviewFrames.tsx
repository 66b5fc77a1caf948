/**
 * The draft on the real lobby: the editor's draft is saved, a preview token (operatorPreviewToken)
 * opens /<locale>/?atrium-preview=<token> in a phone (390 px) and a desktop (1280 px) frame side by
 * side, each scaled to fit its column. The lobby moves the token into an HttpOnly cookie and renders
 * the draft uncached, with its Preview ribbon; the frames load as this browser is on the lobby, a
 * visitor unless a player is signed in here.
 */
import { useEffect, useRef, useState } from 'react';
import { OperatorPreviewTokenDocument } from '../../../lib/graphql/generated/operator.ts';
import { fillOperatorText, type OperatorTexts } from '../../../i18n/operator/en.ts';
import { operatorCall } from '../api.ts';
import { consoleTime, failureText, Message } from '../ui.tsx';

const FRAMES = [
  { name: 'phone', width: 390, height: 780 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** One frame of a width, scaled down to the width of its column. */
function ScaledFrame({ src, width, height, title, label }: { src: string; width: number; height: number; title: string; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.25);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setScale(Math.min(1, (entry?.contentRect.width ?? width) / width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  return (
    <figure className="op-preview__frame">
      <figcaption>{label}</figcaption>
      <div ref={box} className="op-preview__box" style={{ height: `${Math.round(height * scale)}px` }}>
        <iframe src={src} title={title} width={width} height={height} style={{ transform: `scale(${scale})` }} />
      </div>
    </figure>
  );
}

/** Save and preview, and the two frames. */
export function PreviewFrames({ texts, path, locale, saveDraft }: { texts: OperatorTexts; path: string; locale: string; saveDraft: () => Promise<boolean> }) {
  const t = texts.content.preview;
  const [preview, setPreview] = useState<{ src: string; expiresAt: string; loadedAt: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const show = async () => {
    setBusy(true);
    setError(null);
    try {
      if (!(await saveDraft())) return;
      const { operatorPreviewToken } = await operatorCall(OperatorPreviewTokenDocument, { path });
      const query = new URLSearchParams({ [operatorPreviewToken.name]: operatorPreviewToken.token });
      setPreview({ src: `/${locale}/?${query.toString()}`, expiresAt: operatorPreviewToken.expiresAt, loadedAt: Date.now() });
    } catch (failure) {
      setError(failureText(texts, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="op-card" aria-labelledby="content-preview">
      <h2 id="content-preview">{t.heading}</h2>
      <p className="op-hint">{t.hint}</p>
      <Message tone="error">{error}</Message>
      <button type="button" className="op-button op-button--quiet" disabled={busy} onClick={() => void show()}>{preview ? t.refresh : t.show}</button>
      {preview && (
        <>
          <p className="op-hint">{fillOperatorText(t.until, { at: consoleTime(preview.expiresAt) })}</p>
          <div className="op-preview">
            {FRAMES.map((frame) => (
              <ScaledFrame
                key={`${frame.name}-${preview.loadedAt}`}
                src={preview.src}
                width={frame.width}
                height={frame.height}
                label={frame.name === 'phone' ? t.phone : t.desktop}
                title={fillOperatorText(t.frame, { path, locale, width: frame.width })}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
