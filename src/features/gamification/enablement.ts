/**
 * Whether gamification (loyalty, missions, tournaments) is on for a page (spec sections 4 and 6).
 * Pure: the server render feeds it what it knows (the brand's toggle, consent, the provider's
 * settings), the browser adds the signed-in player's account and the provider's block flag.
 *
 * It is on only if all of these hold:
 *
 * | condition | off when |
 * |---|---|
 * | feature | the brand's (or tester's) `Gamification` toggle is off |
 * | consent | the visitor has not granted both preferences and analytics |
 * | setting | the provider's settings are missing or not enabled (loyalty.json settings.enabled) |
 * | clientId | the provider's settings carry no client id |
 * | blocked | the provider blocks the player (isPlayerBlockedInGamanza) |
 * | selfExclusion | the player has a self-exclusion end date |
 * | sourceOfWealth | the player's source-of-wealth due date has expired |
 * | kyc | the player's KYC status is Required |
 * | accountClosed | the player's account is Closed |
 *
 * A visitor has no player: the player's conditions wait until one signs in.
 */

/** The server toggle that gates the gamification pages (spec section 6). */
export const GAMIFICATION_FEATURE = 'Gamification';

/** Why gamification is off, one name per condition. */
export type GamificationOffReason =
  | 'feature' | 'consent' | 'setting' | 'clientId' | 'blocked' | 'selfExclusion' | 'sourceOfWealth' | 'kyc' | 'accountClosed';

/** What the page's server render knows. */
export interface GamificationPageInput {
  /** The Gamification feature toggle. */
  feature: boolean;
  /** The visitor's consent categories. */
  consent: { preferences: boolean; analytics: boolean };
  /** gamificationSettings; null when the brand has none. */
  settings: { enabled: boolean; clientId: string } | null;
}

/** The fields of the signed-in player the rule reads (GetPlayerInfo and GetGamanzaInfo). */
export interface GamificationPlayerInput {
  isPlayerBlockedInGamanza: boolean;
  selfExclusionDetails: { exclusionEndsAt: string | null } | null;
  sourceOfWealthStatus: { dueDateExpired: boolean };
  kycCheckStatus: { status: string };
  accountStatus: { status: string };
}

/** The first condition that turns gamification off, or null when it is on; `player` null is a visitor. */
export function gamificationOffReason(page: GamificationPageInput, player: GamificationPlayerInput | null): GamificationOffReason | null {
  if (!page.feature) return 'feature';
  if (!page.consent.preferences || !page.consent.analytics) return 'consent';
  if (!page.settings?.enabled) return 'setting';
  if (!page.settings.clientId) return 'clientId';
  if (!player) return null;
  if (player.isPlayerBlockedInGamanza) return 'blocked';
  if (player.selfExclusionDetails?.exclusionEndsAt) return 'selfExclusion';
  if (player.sourceOfWealthStatus.dueDateExpired) return 'sourceOfWealth';
  if (player.kycCheckStatus.status === 'Required') return 'kyc';
  if (player.accountStatus.status === 'Closed') return 'accountClosed';
  return null;
}

/** Whether gamification is on (every condition of gamificationOffReason holds). */
export function isGamificationEnabled(page: GamificationPageInput, player: GamificationPlayerInput | null): boolean {
  return gamificationOffReason(page, player) === null;
}
