/**
 * The page-wide outlets every layout mounts once: the overlay dialog and the toast region. One
 * island for both keeps hydration to a single root.
 */
import { ErrorBoundary, type CrashTexts } from '../errors/ErrorBoundary.tsx';
import { ToastHost, type ToastTexts } from '../feedback/ToastHost.tsx';
import { OverlayHost, type OverlayTexts } from '../overlay/OverlayHost.tsx';

/** Texts of the outlets, translated on the server. */
export interface UiHostTexts {
  overlay: OverlayTexts;
  toast: ToastTexts;
  crash: CrashTexts;
}

/** Overlay and toast outlets. */
export default function UiHost({ texts }: { texts: UiHostTexts }) {
  return (
    <>
      <ErrorBoundary texts={texts.crash}>
        <ToastHost texts={texts.toast} />
      </ErrorBoundary>
      <OverlayHost texts={texts.overlay} />
    </>
  );
}
