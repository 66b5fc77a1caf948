/**
 * Renders the open overlay as a native modal <dialog>: the browser traps focus inside it and makes
 * the page behind it inert; focus returns to where it was when the overlay closes. Escape closes
 * it unless the variant forbids that (quick-deposit, sow, bonus-checker). OverlayHost.tsx loads
 * this module when a page first opens an overlay.
 */
import { useEffect, useRef } from 'react';
import { closeOverlay, type OverlayRequest } from './store.ts';
import { buttonsOf, cleansUrlOnClose, closesOnEscape, locksScroll, urlWithoutOverlayParams } from './variants.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Wraps Tab from the last control to the first (and Shift+Tab back), so focus never leaves the dialog. */
function keepFocusInside(dialog: HTMLElement, event: { shiftKey: boolean; preventDefault(): void }): void {
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((node) => node.offsetParent !== null);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/** Button labels, translated on the server. */
export interface OverlayTexts {
  close: string;
  ok: string;
  dismiss: string;
}

/** The page's overlay dialog: `overlay` open, or closed when null. */
export default function OverlayDialog({ overlay, texts }: { overlay: OverlayRequest | null; texts: OverlayTexts }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusRef = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (overlay && !dialog.open) {
      returnFocusRef.current = document.activeElement;
      dialog.showModal();
    }
    document.body.classList.toggle('no-scroll', Boolean(overlay && locksScroll(overlay.variant)));
    if (!overlay && dialog.open) dialog.close();
  }, [overlay]);

  if (!overlay) return <dialog ref={dialogRef} className="overlay" aria-hidden="true" hidden />;

  const close = (action?: () => void) => {
    action?.();
    if (cleansUrlOnClose(overlay.variant)) history.replaceState(history.state, '', urlWithoutOverlayParams(location.href));
    closeOverlay();
    const target = returnFocusRef.current;
    if (target instanceof HTMLElement) target.focus();
  };
  const escapable = closesOnEscape(overlay.variant);
  const buttons = buttonsOf(overlay.variant);

  return (
    <dialog
      ref={dialogRef}
      className={`overlay overlay--${overlay.variant}${overlay.className ? ` ${overlay.className}` : ''}`}
      aria-labelledby="overlay-title"
      aria-describedby={overlay.content ? 'overlay-content' : undefined}
      data-variant={overlay.variant}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !escapable) event.preventDefault();
        if (event.key === 'Tab') keepFocusInside(event.currentTarget, event);
      }}
      onCancel={(event) => {
        event.preventDefault();
        if (escapable) close(overlay.onDismiss);
      }}
    >
      <div className="overlay__panel">
        {(overlay.mobileImageUrl || overlay.desktopImageUrl) && (
          <picture className="overlay__image">
            {overlay.desktopImageUrl && <source media="(min-width: 1024px)" srcSet={overlay.desktopImageUrl} />}
            <img src={overlay.mobileImageUrl ?? overlay.desktopImageUrl} alt="" width={480} height={200} />
          </picture>
        )}
        <header className="overlay__header">
          <h2 id="overlay-title">{overlay.title}</h2>
          <button type="button" className="overlay__close" aria-label={texts.close} onClick={() => close(overlay.onDismiss)}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
          </button>
        </header>
        {overlay.content && <p id="overlay-content" className="overlay__content">{overlay.content}</p>}
        {overlay.body && <div className="overlay__body">{overlay.body}</div>}
        {buttons !== 'none' && (
          <footer className="overlay__footer">
            {buttons === 'dismiss-and-ok' ? (
              <>
                <button type="button" className="button button--secondary" onClick={() => close(overlay.onDismiss)}>
                  {overlay.dismissText ?? texts.dismiss}
                </button>
                <button type="button" className="button" onClick={() => close(overlay.onOk)}>
                  {overlay.okText ?? texts.ok}
                </button>
              </>
            ) : (
              <button type="button" className="button" onClick={() => close(overlay.onDismiss)}>
                {texts.close}
              </button>
            )}
          </footer>
        )}
      </div>
    </dialog>
  );
}
