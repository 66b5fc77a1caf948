/**
 * A DEPOSIT promotion's button (spec section 3, bonus action DEPOSIT): it chooses the promotion on
 * the platform, then opens the cashier in place (open-request.ts), or goes to /deposit/ when no
 * cashier island answers. The deposit that follows earns the bonus if it meets the promotion's
 * trigger and minimum; a player who cannot earn it is told so here, before depositing, and a
 * visitor is sent to sign in first.
 */
import { useState } from 'react';
import { GraphqlCallError } from '../../lib/graphql-errors.ts';
import { ChoosePromotionDocument } from '../../lib/graphql/generated/player.ts';
import { requestCashier } from '../cashier/open-request.ts';
import { playerRequest } from '../session/player-call.ts';

/** The button's texts, in the page's locale. */
export interface PromotionDepositTexts {
  cta: string;
  /** The promotion's title, for the button's accessible name. */
  title: string;
  notEligible: string;
  failed: string;
}

/** Chooses the promotion and opens the cashier. */
export default function PromotionDepositButton({ promotionId, depositHref, signInHref, texts, className = 'button promotion-card__action' }: {
  promotionId: string;
  depositHref: string;
  signInHref: string;
  texts: PromotionDepositTexts;
  /** The button's classes (the lobby's blocks pass their own). */
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await playerRequest(ChoosePromotionDocument, { promotionId });
      if (!requestCashier({ tab: 'deposit', intent: 'open' })) window.location.assign(depositHref);
    } catch (error) {
      // A visitor signs in first, and comes back here to choose.
      if (error instanceof GraphqlCallError && error.kind === 'AuthenticationFailure') {
        window.location.assign(signInHref);
        return;
      }
      setProblem(error instanceof GraphqlCallError && error.kind === 'PromotionNotEligible' ? texts.notEligible : texts.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className={className} aria-busy={busy} onClick={() => void choose()}>
        {texts.cta}
        <span className="visually-hidden">: {texts.title}</span>
      </button>
      {problem && <p className="promotion-card__problem" role="alert">{problem}</p>}
    </>
  );
}
