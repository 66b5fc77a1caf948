/**
 * The page's single overlay outlet. Until a page first opens an overlay it renders only the closed
 * <dialog> (what the server renders too); the dialog's behaviour (OverlayDialog.tsx: the modal,
 * focus, Escape, the variants' buttons) is downloaded then, or as an island that is about to open
 * one asks for it (load-dialog.ts), so a visit that opens none does not carry it.
 * A failed download is tried again when the next overlay opens.
 */
import { useEffect, useState } from 'react';
import { loadOverlayDialog } from './load-dialog.ts';
import { $overlay } from './store.ts';
import { useStoreAfterHydration } from '../session/use-hydrated.ts';
import type { default as OverlayDialog, OverlayTexts } from './OverlayDialog.tsx';

export type { OverlayTexts } from './OverlayDialog.tsx';

/** The single overlay outlet of a page. */
export function OverlayHost({ texts }: { texts: OverlayTexts }) {
  const overlay = useStoreAfterHydration($overlay, null);
  const [Dialog, setDialog] = useState<typeof OverlayDialog | null>(null);
  useEffect(() => {
    if (!overlay || Dialog) return;
    let current = true;
    loadOverlayDialog().then(
      (loaded) => {
        if (current) setDialog(() => loaded.default);
      },
      (error: unknown) => console.error('[overlay] The overlay could not load:', error),
    );
    return () => {
      current = false;
    };
  }, [overlay, Dialog]);
  // Once loaded, the dialog stays mounted: it closes itself when the store empties.
  if (!Dialog) return <dialog className="overlay" aria-hidden="true" hidden />;
  return <Dialog overlay={overlay} texts={texts} />;
}
