/**
 * The account banners an operator writes as content (`content/<brand>/banners.json`): their text,
 * link, audience (countries, licences) and time window are the editor's, not the lobby's. The
 * platform validates the file against this list and the lobby shows what it serves; the other
 * account banners (AccountClosed, KycRequired, SelfExclusion, …) follow the player's account state.
 */

/** The account banners of spec section 4 that are operator content. */
export const OPERATOR_BANNER_TYPES = ['GermanyCloseDown', 'NovemberCampaign', 'Maintenance', 'Content', 'InstantBankingJackpot'] as const;

/** One operator banner type. */
export type OperatorBannerType = (typeof OPERATOR_BANNER_TYPES)[number];

/**
 * What else must hold for a banner of a type to show, beyond its audience and window: Content waits
 * for a message the operator queued for the player (customer pop-ups), InstantBankingJackpot for
 * the player's instant banking to be off. The other types are the editor's announcements.
 */
export const OPERATOR_BANNER_CONDITIONS: Readonly<Record<OperatorBannerType, 'none' | 'queuedMessage' | 'instantBankingBlocked'>> = {
  GermanyCloseDown: 'none',
  NovemberCampaign: 'none',
  Maintenance: 'none',
  Content: 'queuedMessage',
  InstantBankingJackpot: 'instantBankingBlocked',
};
