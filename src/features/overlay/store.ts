/**
 * The overlay store: at most one overlay is open at a time. Islands open one with `openOverlay`;
 * the OverlayHost island renders it. The backdrop moves idle → open → closed; `visibility` tells
 * whether the dialog is on screen. Lifecycle: created on first import, lives for the page.
 */
import { atom } from 'nanostores';
import type { ReactNode } from 'react';
import type { OverlayVariant } from './variants.ts';

/** What an overlay shows (spec section 3, "Overlay"). */
export interface OverlayRequest {
  variant: OverlayVariant;
  title: string;
  /** Plain text body; islands with rich bodies render their own content through `children`. */
  content?: string;
  /** A rich body an island renders inside the dialog (the search panel, the cashier's forms), under `content`. */
  body?: ReactNode;
  /** Extra class on the dialog (the cashier's DarkCashierLayout). */
  className?: string;
  okText?: string;
  dismissText?: string;
  mobileImageUrl?: string;
  desktopImageUrl?: string;
  onOk?: () => void;
  onDismiss?: () => void;
}

/** The backdrop's life: idle before any overlay, open while one shows, closed after. */
export type BackdropState = 'idle' | 'open' | 'closed';

/** The open overlay, or null. */
export const $overlay = atom<OverlayRequest | null>(null);
/** The backdrop state. */
export const $backdrop = atom<BackdropState>('idle');

/** Opens an overlay, replacing any open one. */
export function openOverlay(request: OverlayRequest): void {
  $overlay.set(request);
  $backdrop.set('open');
}

/** Closes the open overlay (its onDismiss is the caller's business). */
export function closeOverlay(): void {
  $overlay.set(null);
  if ($backdrop.get() === 'open') $backdrop.set('closed');
}
