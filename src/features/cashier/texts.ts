/**
 * The cashier's texts: the translation keys it uses, and the builder the layout runs on the server
 * so the island receives translated strings only (players only; visitors never get them).
 */
import type { Translate } from '../../i18n/translate.ts';
import { restrictionTexts, type RestrictionTexts } from '../protection/restriction.ts';
import { refusalTexts, type RefusalTexts } from '../protection/refusal.ts';
import type { PathContext } from '../../paths.ts';
import type { KycOverlayTexts } from '../protection/kyc-overlay.tsx';
import type { Payment } from './queries.ts';

/** Every text of the cashier, overlay and history pages, translated. */
export interface CashierTexts {
  title: string;
  deposit: string;
  withdraw: string;
  amount: string;
  balance: string;
  minimumDeposit: string;
  minimumWithdrawal: string;
  provider: string;
  useLastAccount: string;
  depositSubmit: string;
  withdrawSubmit: string;
  withdrawalType: string;
  instant: string;
  manual: string;
  submitting: string;
  errorInvalidAmount: string;
  errorBelowMinimum: string;
  errorInsufficient: string;
  errorGeneric: string;
  /** The deposit would pass the player's deposit limit: {limit} and {amount} (what is left). */
  errorDepositLimit: string;
  /** A withdrawal waits for KYC Done (est, anj). */
  errorKycRequired: string;
  /** Closed-loop payments (est): withdrawals go back the way the last deposit came. */
  errorClosedLoop: string;
  /** The sumsub-kyc-required overlay a KycRequired refusal opens, leading to the documents page. */
  kycOverlay: KycOverlayTexts;
  blockedDeposits: string;
  blockedWithdrawals: string;
  /** No payment provider is configured on the platform: money cannot move in either direction. */
  unavailable: string;
  blockedInstant: string;
  blockedCancel: string;
  pending: string;
  cancelWithdrawal: string;
  withdrawalCancelled: string;
  withdrawInitiated: string;
  depositCompleted: string;
  depositCancelled: string;
  depositDone: string;
  depositPending: string;
  withdrawalCompleted: string;
  lowFundsTitle: string;
  lowFundsBody: string;
  lowFundsOk: string;
  lowFundsDismiss: string;
  statuses: Record<Payment['status'], string>;
  /** Why a deposit is refused to a self-excluded or timed-out player, with {date}. */
  restriction: RestrictionTexts;
  /** The withdraw form's weekend notice (Saturday and Sunday); null when the brand enables DisableWeekendWithdrawalMessages. */
  weekendWithdrawals: string | null;
  /** EnableCashierIBAwardAnnouncement: how awards are paid to a player whose instant banking is off; null when the toggle is off. */
  instantBankingAward: string | null;
  /** The platform's other refusals (the wallet's ceiling, a provider not offered, too many attempts). */
  refusals: RefusalTexts;
}

/** Builds the texts with the page's translator. */
export function cashierTexts(t: Translate, paths: { documents: string; context: PathContext }, hasFeature: (name: string) => boolean = () => false): CashierTexts {
  return {
    title: t('cashier.title'),
    deposit: t('page.deposit.title'),
    withdraw: t('page.withdraw.title'),
    amount: t('cashier.amount'),
    balance: t('cashier.balance'),
    minimumDeposit: t('cashier.minimumDeposit'),
    minimumWithdrawal: t('cashier.minimumWithdrawal'),
    provider: t('cashier.provider'),
    useLastAccount: t('cashier.useLastAccount'),
    depositSubmit: t('cashier.depositSubmit'),
    withdrawSubmit: t('cashier.withdrawSubmit'),
    withdrawalType: t('cashier.withdrawalType'),
    instant: t('cashier.instant'),
    manual: t('cashier.manual'),
    submitting: t('cashier.submitting'),
    errorInvalidAmount: t('cashier.error.invalidAmount'),
    errorBelowMinimum: t('cashier.error.belowMinimum'),
    errorInsufficient: t('cashier.error.insufficient'),
    errorGeneric: t('cashier.error.generic'),
    errorDepositLimit: t('cashier.error.depositLimit'),
    errorKycRequired: t('cashier.error.kycRequired'),
    errorClosedLoop: t('cashier.error.closedLoop'),
    kycOverlay: { title: t('kyc.overlay.title'), body: t('kyc.overlay.body'), go: t('kyc.overlay.go'), href: paths.documents },
    blockedDeposits: t('cashier.blocked.deposits'),
    blockedWithdrawals: t('cashier.blocked.withdrawals'),
    unavailable: t('cashier.unavailable'),
    blockedInstant: t('cashier.blocked.instant'),
    blockedCancel: t('cashier.blocked.cancel'),
    pending: t('cashier.pending'),
    cancelWithdrawal: t('cashier.cancelWithdrawal'),
    withdrawalCancelled: t('cashier.withdrawalCancelled'),
    withdrawInitiated: t('withdraw.initiated'),
    depositCompleted: t('cashier.depositCompleted'),
    depositCancelled: t('cashier.depositCancelled'),
    depositDone: t('cashier.depositDone'),
    depositPending: t('cashier.depositPending'),
    withdrawalCompleted: t('cashier.withdrawalCompleted'),
    lowFundsTitle: t('cashier.lowFunds.title'),
    lowFundsBody: t('cashier.lowFunds.body'),
    lowFundsOk: t('cashier.lowFunds.ok'),
    lowFundsDismiss: t('cashier.lowFunds.dismiss'),
    statuses: {
      Initialized: t('payment.status.Initialized'),
      Completed: t('payment.status.Completed'),
      Cancelled: t('payment.status.Cancelled'),
      CancelInitialized: t('payment.status.CancelInitialized'),
      RollbackInitialized: t('payment.status.RollbackInitialized'),
      RolledBacked: t('payment.status.RolledBacked'),
    },
    restriction: restrictionTexts(t),
    weekendWithdrawals: hasFeature('DisableWeekendWithdrawalMessages') ? null : t('cashier.weekendWithdrawals'),
    instantBankingAward: hasFeature('EnableCashierIBAwardAnnouncement') ? t('cashier.instantBankingAward') : null,
    refusals: refusalTexts(t, paths.context),
  };
}
