/**
 * The account banners (spec section 4, "heads-up states") and when each shows. Pure: the island
 * feeds it the player, customer, session flow, brand licence and features, and the date.
 *
 * | banner | shows when |
 * |---|---|
 * | AccountClosed | account Closed and reopening by the customer not allowed (MultipleAccounts: alternate text naming the login method) |
 * | GermanyCloseDown | the player's country is DE (the brand is leaving the German market) |
 * | NovemberCampaign | the date is in November (the seasonal campaign) |
 * | KycRequired | KYC status Required, under a licence that requires KYC (mga, anj, est) |
 * | Maintenance | the platform enables the `Maintenance` toggle |
 * | SelfExclusion | a self-exclusion is running |
 * | SowRequired | source of wealth Required and no documents requested yet |
 * | SowUploadRequired | source-of-wealth documents are requested |
 * | Timeout | a timeout is running |
 * | Content | the operator queued content for the player (customer pop-ups) |
 * | BankingCDD | banking customer due diligence is required |
 * | InstantBankingGracePeriod | an instant-banking block starts in the future |
 * | InstantBankingJackpot | instant banking is blocked (jackpot wins are paid by bank transfer) |
 */
import type { Licence } from '../../../shared/brand-schema.ts';
import { licenceProfile } from '../../../shared/licences.ts';
import type { Customer } from '../session/customer-store.ts';
import type { Player } from '../session/player-store.ts';
import { paymentProviderName } from '../../../shared/payment-providers.ts';

/** The thirteen banners, in the order they stack. */
export const ACCOUNT_BANNERS = [
  'AccountClosed', 'GermanyCloseDown', 'NovemberCampaign', 'KycRequired', 'Maintenance', 'SelfExclusion', 'SowRequired',
  'SowUploadRequired', 'Timeout', 'Content', 'BankingCDD', 'InstantBankingGracePeriod', 'InstantBankingJackpot',
] as const;

/** One banner id. */
export type AccountBannerId = (typeof ACCOUNT_BANNERS)[number];

/** The account-status cause that gets the alternate closed-account message. */
export const MULTIPLE_ACCOUNTS_CAUSE = 'MultipleAccounts';

/** A banner to show, with what its text needs. */
export interface ActiveBanner {
  id: AccountBannerId;
  tone: 'error' | 'warning' | 'info';
  /** Variant of the text (AccountClosed: multipleAccounts). */
  variant?: 'multipleAccounts';
  /** A date the text names (deadline, end of exclusion, start of a block), ISO 8601. */
  date?: string | null;
}

/** What the conditions read. */
export interface BannerInput {
  player: Player;
  customer: Customer | null;
  licence: Licence;
  features: readonly string[];
  now: Date;
}

const inFuture = (iso: string | null | undefined, now: Date) => Boolean(iso && new Date(iso).getTime() > now.getTime());

/** The banners that apply, in stacking order. */
export function activeBanners(input: BannerInput): ActiveBanner[] {
  const { player, customer, now } = input;
  const banners: ActiveBanner[] = [];
  const status = player.accountStatus;
  if (status.status === 'Closed' && !status.reopenByCustomerAllowed) {
    banners.push({ id: 'AccountClosed', tone: 'error', variant: status.cause === MULTIPLE_ACCOUNTS_CAUSE ? 'multipleAccounts' : undefined });
  }
  if (player.country.code === 'DE') banners.push({ id: 'GermanyCloseDown', tone: 'warning' });
  if (now.getUTCMonth() === 10) banners.push({ id: 'NovemberCampaign', tone: 'info' });
  if (player.kycCheckStatus.status === 'Required' && licenceProfile(input.licence).kycRequired) {
    banners.push({ id: 'KycRequired', tone: 'warning', date: player.kycCheckStatus.deadline });
  }
  if (input.features.includes('Maintenance')) banners.push({ id: 'Maintenance', tone: 'info' });
  if (inFuture(player.selfExclusionDetails?.exclusionEndsAt, now)) {
    banners.push({ id: 'SelfExclusion', tone: 'warning', date: player.selfExclusionDetails?.exclusionEndsAt });
  }
  const sow = player.sourceOfWealthStatus;
  if (sourceOfWealthAsked(player)) banners.push({ id: sow.requiredDocumentsUploadV2.length > 0 ? 'SowUploadRequired' : 'SowRequired', tone: 'warning', date: sow.dueDate });
  if (inFuture(player.timeouts?.timeoutEndsAt, now)) banners.push({ id: 'Timeout', tone: 'warning', date: player.timeouts?.timeoutEndsAt });
  if (customer && customer.popUpsNeeded.length > 0) banners.push({ id: 'Content', tone: 'info' });
  if (player.bankingCDD) banners.push({ id: 'BankingCDD', tone: 'warning' });
  const block = player.instantBankingBlock?.activeFrom;
  if (!player.isInstantBankingBlocked && inFuture(block, now)) banners.push({ id: 'InstantBankingGracePeriod', tone: 'warning', date: block });
  if (player.isInstantBankingBlocked) banners.push({ id: 'InstantBankingJackpot', tone: 'info' });
  // Keep the declared order whatever order the checks above ran in.
  return banners.sort((a, b) => ACCOUNT_BANNERS.indexOf(a.id) - ACCOUNT_BANNERS.indexOf(b.id));
}

/** Whether the operator is waiting for the player's source of wealth (the SowRequired or SowUploadRequired banner). */
export function sourceOfWealthAsked(player: Pick<Player, 'sourceOfWealthStatus'>): boolean {
  const sow = player.sourceOfWealthStatus;
  return sow.requiredDocumentsUploadV2.length > 0 || sow.status === 'Required';
}

/** The words for a login flow in the multiple-accounts message. */
export function loginMethodName(flow: string | null | undefined): string {
  switch (flow) {
    case 'sms': return 'SMS';
    case 'keycloak': return 'email and password';
    default: return (flow && paymentProviderName(flow)) ?? flow ?? '';
  }
}
