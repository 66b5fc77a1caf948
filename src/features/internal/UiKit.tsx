/**
 * The internal UI kit (/internal/ui/): opens every overlay variant, shows every toast kind and
 * crashes an island on purpose, so people and end-to-end tests can exercise the shared UI.
 */
import { useState } from 'react';
import { ErrorBoundary, type CrashTexts } from '../errors/ErrorBoundary.tsx';
import { showFeedback, type FeedbackKind } from '../feedback/store.ts';
import { openOverlay } from '../overlay/store.ts';
import { OVERLAY_VARIANTS } from '../overlay/variants.ts';

const KINDS: FeedbackKind[] = ['error', 'info', 'success', 'warning'];

function Crash(): never {
  throw new Error('Deliberate crash from the internal UI kit');
}

/** Buttons that drive the overlay, toast and crash machinery; `images` are two pictures for the overlay's phone and desktop artwork. */
export default function UiKit({ crashTexts, images }: { crashTexts: CrashTexts; images: { mobile: string; desktop: string } }) {
  const [crashed, setCrashed] = useState(false);
  const [log, setLog] = useState<string[]>([]);
  const note = (line: string) => setLog((lines) => [...lines, line]);
  return (
    <div className="ui-kit">
      <h2>Overlays</h2>
      <div className="ui-kit__row">
        {OVERLAY_VARIANTS.map((variant) => (
          <button
            key={variant}
            type="button"
            className="button button--small button--secondary"
            onClick={() =>
              openOverlay({
                variant,
                title: `Overlay: ${variant}`,
                content: `This is the ${variant} overlay.`,
                onOk: () => note(`${variant}: ok`),
                onDismiss: () => note(`${variant}: dismissed`),
              })
            }
          >
            Open {variant}
          </button>
        ))}
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() =>
            openOverlay({
              variant: 'confirmation',
              title: 'Overlay: with artwork',
              content: 'An overlay with its own artwork and button texts.',
              okText: 'Take me there',
              dismissText: 'Not now',
              mobileImageUrl: images.mobile,
              desktopImageUrl: images.desktop,
              onOk: () => note('artwork: ok'),
              onDismiss: () => note('artwork: dismissed'),
            })
          }
        >
          Open with artwork
        </button>
      </div>
      <h2>Toasts</h2>
      <div className="ui-kit__row">
        {KINDS.map((kind) => (
          <button key={kind} type="button" className="button button--small button--secondary" onClick={() => showFeedback(kind, `A ${kind} message`)}>
            Show {kind}
          </button>
        ))}
      </div>
      <h2>Crash</h2>
      <button type="button" className="button button--small button--secondary" onClick={() => setCrashed(true)}>
        Crash an island
      </button>
      <ErrorBoundary texts={crashTexts}>{crashed ? <Crash /> : null}</ErrorBoundary>
      <h2>Log</h2>
      <ol aria-label="Overlay log" data-testid="overlay-log">
        {log.map((line, index) => <li key={index}>{line}</li>)}
      </ol>
    </div>
  );
}
