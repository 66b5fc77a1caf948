/**
 * The account banners (spec section 4, "heads-up states") and when each shows. Pure: the island
 * feeds it the player, customer, brand licence, the operator's banners and the date.
 *
 * | banner | shows when |
 * |---|---|
 * | AccountClosed | account Closed and reopening by the customer not allowed (MultipleAccounts: alternate text naming the login method) |
 * | GermanyCloseDown | operator content: a banner of content/<brand>/banners.json for the player's country, in its window |
 * | NovemberCampaign | operator content, likewise (the editor gives it its November window) |
 * | KycRequired | KYC status Required, under a licence that requires KYC (mga, anj, est) |
 * | Maintenance | operator content, likewise |
 * | SelfExclusion | a self-exclusion is running |
 * | SowRequired | source of wealth Required and no documents requested yet |
 * | SowUploadRequired | source-of-wealth documents are requested |
 * | Timeout | a timeout is running |
 * | Content | operator content, when the operator queued a message for the player (customer pop-ups) |
 * | BankingCDD | banking customer due diligence is required |
 * | InstantBankingGracePeriod | an instant-banking block starts in the future |
 * | InstantBankingJackpot | operator content, when the player's instant banking is blocked |
 *
 * The operator's banners carry their own text and link; the brand's licence and the end of the
 * window are already applied by the platform, the player's country and the start here.
 */
import type { Licence } from '../../../shared/brand-schema.ts';
import { OPERATOR_BANNER_CONDITIONS, type OperatorBannerType } from '../../../shared/operator-banners.ts';
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

/** A banner the operator wrote (content/<brand>/banners.json), as the layout hands it to the island. */
export interface OperatorBanner {
  /** The editor's id. */
  id: string;
  type: OperatorBannerType;
  /** The words, in the page's locale. */
  text: string;
  /** A lobby path of the page's locale or an https URL, and its words. */
  link: { href: string; label: string } | null;
  /** Account countries it is for; null for every country. */
  countries: string[] | null;
  /** ISO 8601 start and end; null: open. */
  from: string | null;
  until: string | null;
}

/** A banner to show, with what its text needs. */
export interface ActiveBanner {
  id: AccountBannerId;
  /** The operator banner's own id, text and link (operator banners only). */
  operator?: { key: string; text: string; link: { href: string; label: string } | null };
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
  /** The operator's banners for the brand (already its licence's and not over). */
  operatorBanners: readonly OperatorBanner[];
  now: Date;
}

/** Whether an operator banner is for this player now: their account country, its start and end, and what its type waits for. */
function operatorBannerApplies(banner: OperatorBanner, { player, customer, now }: Pick<BannerInput, 'player' | 'customer' | 'now'>): boolean {
  if (banner.countries && !banner.countries.includes(player.country.code)) return false;
  if (banner.from && new Date(banner.from).getTime() > now.getTime()) return false;
  if (banner.until && new Date(banner.until).getTime() <= now.getTime()) return false;
  switch (OPERATOR_BANNER_CONDITIONS[banner.type]) {
    case 'queuedMessage': return Boolean(customer && customer.popUpsNeeded.length > 0);
    case 'instantBankingBlocked': return player.isInstantBankingBlocked;
    default: return true;
  }
}

/** The tone of an operator banner's type: a market closing down asks the player to act. */
const OPERATOR_TONE: Record<OperatorBannerType, ActiveBanner['tone']> = {
  GermanyCloseDown: 'warning', NovemberCampaign: 'info', Maintenance: 'info', Content: 'info', InstantBankingJackpot: 'info',
};

const inFuture = (iso: string | null | undefined, now: Date) => Boolean(iso && new Date(iso).getTime() > now.getTime());

/** The banners that apply, in stacking order. */
export function activeBanners(input: BannerInput): ActiveBanner[] {
  const { player, now } = input;
  const banners: ActiveBanner[] = [];
  const status = player.accountStatus;
  if (status.status === 'Closed' && !status.reopenByCustomerAllowed) {
    banners.push({ id: 'AccountClosed', tone: 'error', variant: status.cause === MULTIPLE_ACCOUNTS_CAUSE ? 'multipleAccounts' : undefined });
  }
  if (player.kycCheckStatus.status === 'Required' && licenceProfile(input.licence).kycRequired) {
    banners.push({ id: 'KycRequired', tone: 'warning', date: player.kycCheckStatus.deadline });
  }
  if (inFuture(player.selfExclusionDetails?.exclusionEndsAt, now)) {
    banners.push({ id: 'SelfExclusion', tone: 'warning', date: player.selfExclusionDetails?.exclusionEndsAt });
  }
  const sow = player.sourceOfWealthStatus;
  if (sourceOfWealthAsked(player)) banners.push({ id: sow.requiredDocumentsUploadV2.length > 0 ? 'SowUploadRequired' : 'SowRequired', tone: 'warning', date: sow.dueDate });
  if (inFuture(player.timeouts?.timeoutEndsAt, now)) banners.push({ id: 'Timeout', tone: 'warning', date: player.timeouts?.timeoutEndsAt });
  if (player.bankingCDD) banners.push({ id: 'BankingCDD', tone: 'warning' });
  const block = player.instantBankingBlock?.activeFrom;
  if (!player.isInstantBankingBlocked && inFuture(block, now)) banners.push({ id: 'InstantBankingGracePeriod', tone: 'warning', date: block });
  for (const banner of input.operatorBanners) {
    if (!operatorBannerApplies(banner, input)) continue;
    banners.push({ id: banner.type, tone: OPERATOR_TONE[banner.type], operator: { key: banner.id, text: banner.text, link: banner.link } });
  }
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
