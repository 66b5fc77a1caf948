/**
 * The overlay dialog's code (OverlayDialog.tsx), which OverlayHost.tsx downloads when a page first
 * opens an overlay. An island about to open one may call this first, so the download overlaps its own.
 */

/** Downloads the overlay dialog's module (once; the browser keeps it). */
export function loadOverlayDialog(): Promise<typeof import('./OverlayDialog.tsx')> {
  return import('./OverlayDialog.tsx');
}
