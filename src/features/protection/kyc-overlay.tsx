/**
 * The sumsub-kyc-required overlay (spec section 4): where KYC blocks an action (a withdrawal under
 * est or anj before verification is Done), the player is told why in an overlay that replaces the
 * form and leads to the documents page, rather than a line of error text under a button.
 */
import { openOverlay } from '../overlay/store.ts';

/** The overlay's words and where it leads, translated on the server. */
export interface KycOverlayTexts {
  title: string;
  body: string;
  go: string;
  /** The documents page. */
  href: string;
}

/** Opens the sumsub-kyc-required overlay (replacing any open one, such as the cashier). */
export function openKycRequiredOverlay(texts: KycOverlayTexts): void {
  openOverlay({
    variant: 'sumsub-kyc-required',
    title: texts.title,
    content: texts.body,
    body: <a className="button" href={texts.href} data-testid="kyc-overlay-go">{texts.go}</a>,
  });
}
