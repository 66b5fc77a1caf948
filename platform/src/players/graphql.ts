/**
 * GraphQL for the signed-in player: `viewer { player customer wallet recentlyPlayedGamesV2 }`
 * (the lobby's GetPlayerInfo, GetCustomerInfo and SyncRecentlyPlayedGames). Every field needs a
 * bearer token; without a valid one `viewer` fails with AuthenticationFailure and HTTP 401.
 */
import { gameImageUrl } from '../media/artwork.ts';
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import { playerAcceptances } from './legal-acceptance.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import { formatMinor } from '../ledger/money.ts';
import { depositStats, playerById } from './repository.ts';
import type { PlayerRow } from './repository.ts';

/** Schema of the viewer query. */
export const playerTypeDefs = /* GraphQL */ `
  extend type Query {
    "The signed-in player (Authorization: Bearer <accessToken>); AuthenticationFailure and HTTP 401 without a valid token."
    viewer: Viewer
  }

  type Viewer {
    "The session (sid) of the token used: compare it with SessionDestroyed.sessionId."
    sessionId: ID!
    "How this session signed in: sms, keycloak, trustly, zimpler or piq."
    flow: String!
    player: Player!
    customer: Customer!
    wallet: Wallet!
    "Most recently played first; the lobby asks for 5."
    recentlyPlayedGamesV2(maxRecentlyPlayedGames: Int = 5): [RecentlyPlayedGame!]!
  }

  "A legal document version a player accepted."
  type LegalAcceptance {
    "terms-and-conditions or privacy-policy."
    document: String!
    version: String!
    "How it was accepted: idp-registration (the checkbox), sms-registration or pay-and-play (the sign-up notice)."
    source: String!
    "When (ISO 8601, UTC)."
    acceptedAt: String!
  }

  type Player {
    "Stable uuid; use it as the player id everywhere."
    id: ID!
    "The short player number support staff read out."
    playerId: String!
    brand: String!
    username: String!
    language: String!
    email: String!
    emailVerified: Boolean!
    "E.164, such as +358401234567."
    phoneNumber: String
    isPhoneNumberVerified: Boolean!
    "Minutes between reality-check reminders; null when the licence has none."
    realityCheckPeriod: Int
    accountStatus: AccountStatus!
    country: Country!
    numberOfDeposits: Int!
    "Sum of all deposits, decimal string in the wallet currency."
    totalDepositAmount: String!
    hasFirstTimeDeposit: Boolean!
    canWithdraw: Boolean!
    personalInfo: PersonalInfo!
    marketingPreferences: MarketingPreferences!
    isSuppressedInAnyCommunicationGroup: Boolean!
    isSmsMarketingAccepted: Boolean!
    isEmailMarketingAccepted: Boolean!
    isPhoneMarketingAccepted: Boolean!
    isWebPushMarketingAccepted: Boolean!
    "True once the player accepted a version of the terms and conditions (termsAcceptedVersion)."
    termsAccepted: Boolean!
    "The version of the terms and conditions the player accepted last; null when they accepted none."
    termsAcceptedVersion: String
    "True once the player accepted a version of the privacy policy (privacyPolicyAcceptedVersion)."
    privacyPolicyAccepted: Boolean!
    "The version of the privacy policy the player accepted last; null when they accepted none."
    privacyPolicyAcceptedVersion: String
    "The legal documents the player accepted (terms and conditions, privacy policy), by version, newest first."
    legalAcceptances: [LegalAcceptance!]!
    "True once an instant-banking block is active."
    isInstantBankingBlocked: Boolean!
    "Set when a block is scheduled or active; activeFrom in the future is the grace period."
    instantBankingBlock: InstantBankingBlock
    "Null unless a self-exclusion is running."
    selfExclusionDetails: SelfExclusionDetails
    "Null unless a timeout is running."
    timeouts: Timeouts
    areWithdrawalsBlocked: Boolean!
    kycCheckStatus: KycCheckStatus!
    sourceOfWealthStatus: SourceOfWealthStatus!
    "Banking customer due diligence is required."
    bankingCDD: Boolean!
  }

  enum AccountState {
    Open
    Closed
    Blocked
  }

  type AccountStatus {
    status: AccountState!
    "Why the account is closed or blocked, such as CustomerRequest or MultipleAccounts."
    cause: String
    reopenByCustomerAllowed: Boolean!
  }

  type Country {
    "ISO 3166-1 alpha-2, same as code."
    id: ID!
    code: String!
    name: String!
    currency: String!
  }

  type PersonalInfo {
    firstName: String
    lastName: String
    street: String
    city: String
    zipCode: String
    state: String
    "YYYY-MM-DD"
    dateOfBirth: String
    ssn: String
  }

  type MarketingPreferences {
    marketingBlocked: Boolean!
  }

  type InstantBankingBlock {
    "ISO 8601 timestamp."
    activeFrom: String!
  }

  type SelfExclusionDetails {
    exclusionEndsAt: String!
  }

  type Timeouts {
    timeoutEndsAt: String!
  }

  enum VerificationState {
    Done
    NotRequired
    Required
  }

  type KycCheckStatus {
    status: VerificationState!
    deadline: String
    verificationsDone: [String!]!
    verificationsMissing: [String!]!
  }

  enum SourceOfWealthState {
    Done
    NotNeed
    Pending
    Required
    WillBeRequired
  }

  type SourceOfWealthStatus {
    status: SourceOfWealthState!
    dueDate: String
    dueDateExpired: Boolean!
    "Documents the player must upload; empty when none are requested."
    requiredDocumentsUploadV2: [RequiredDocumentUpload!]!
  }

  type RequiredDocumentUpload {
    comment: String!
    "Salary, Dividends, Other, Inheritance, SaleOfCompany or SaleOfProperty"
    requestedFundingType: String!
  }

  type Customer {
    id: ID!
    "Pop-up ids the lobby should show; CustomerPopUpAdded announces new ones."
    popUpsNeeded: [String!]!
    isCancelWithdrawalBlocked: Boolean!
    isIncreaseDepositLimitBlocked: Boolean!
    isRewardsBlocked: Boolean!
    isDepositsBlocked: Boolean!
  }

  type Wallet {
    id: ID!
    "Cash balance, decimal string."
    balance: String!
    bonusBalance: String!
    currency: String!
    minDepositAmount: String!
    minWithdrawalAmount: String!
  }

  type RecentlyPlayedGame {
    "The game's id in the catalogue."
    gameId: ID!
    isLiveCasinoGame: Boolean!
    lastPlayedAt: String!
    game: Game
    gameDescriptorV2: GameDescriptorV2!
  }

  type GameDescriptorV2 {
    "{ id, slug, name, studio, imageUrl, href }"
    json: JSON!
  }
`;

const COUNTRY_CURRENCY: Readonly<Record<string, string>> = {
  FI: 'EUR', SE: 'SEK', NO: 'NOK', DK: 'DKK', DE: 'EUR', AT: 'EUR', FR: 'EUR', IT: 'EUR', EE: 'EUR', LV: 'EUR', LT: 'EUR',
  IE: 'EUR', NL: 'EUR', ES: 'EUR', CA: 'CAD', US: 'USD', GB: 'GBP', CH: 'CHF', NZ: 'NZD', AU: 'AUD', IN: 'INR', JP: 'JPY', ZA: 'ZAR',
};
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Whether a timestamp is still in the future. */
function running(value: string | null): boolean {
  return value !== null && Date.parse(value) > Date.now();
}

/** Loads the signed-in player's row once per request. */
async function viewerRow(ctx: GraphQLContext & { viewerRow?: Promise<PlayerRow | null> }): Promise<PlayerRow> {
  const auth = await ctx.auth();
  ctx.viewerRow ??= playerById(ctx.services.db, auth.playerId);
  const row = await ctx.viewerRow;
  if (!row) throw new PlatformError('AuthenticationFailure', 'The signed-in player no longer exists: sign in again');
  return row;
}

/** The viewer as resolvers see it: the session; everything else is resolved from the bearer token. */
export interface ViewerParent {
  sessionId: string;
  flow: string;
}

/** A wallet as resolvers see it (the cashier resolves effectiveMinDepositAmount on it). */
export interface WalletParent {
  id: string;
  balance: string;
  bonusBalance: string;
  currency: string;
  minDepositAmount: string;
  minWithdrawalAmount: string;
}

/** A recently played game as resolvers see it: the game's slug is kept for its game field. */
export interface RecentlyPlayedParent {
  gameId: string;
  isLiveCasinoGame: boolean;
  lastPlayedAt: string;
  slug: string;
  gameDescriptorV2: { json: unknown };
}

/** Resolvers of the viewer query. */
export const playerResolvers: Resolvers = {
  Query: {
    async viewer(_: unknown, __: unknown, ctx: GraphQLContext): Promise<ViewerParent> {
      const auth = await ctx.auth();
      return { sessionId: auth.sid, flow: auth.flow };
    },
  },
  Viewer: {
    player: (_: unknown, __: unknown, ctx: GraphQLContext) => viewerRow(ctx),
    customer: (_: unknown, __: unknown, ctx: GraphQLContext) => viewerRow(ctx),
    async wallet(_: unknown, __: unknown, ctx: GraphQLContext) {
      const row = await viewerRow(ctx);
      const balances = await ctx.services.ledger.balances(row.wallet_id);
      return {
        id: row.wallet_id,
        balance: formatMinor(balances.cash, row.currency),
        bonusBalance: formatMinor(balances.bonus, row.currency),
        currency: row.currency,
        minDepositAmount: formatMinor(BigInt(row.min_deposit_minor), row.currency),
        minWithdrawalAmount: formatMinor(BigInt(row.min_withdrawal_minor), row.currency),
      };
    },
    async recentlyPlayedGamesV2(_: unknown, args: { maxRecentlyPlayedGames?: number | null }, ctx: GraphQLContext) {
      const max = args.maxRecentlyPlayedGames ?? 5;
      if (!Number.isInteger(max) || max < 0 || max > 50) {
        throw new PlatformError('BadUserInput', `maxRecentlyPlayedGames must be between 0 and 50, not ${max}`);
      }
      const row = await viewerRow(ctx);
      const { rows } = await ctx.services.db.query<{ id: string; slug: string; name: string; studio: string; is_live_casino: boolean; played_at: string }>(
        `select g.id, g.slug, g.name, s.name as studio, g.is_live_casino,
                to_char(r.played_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as played_at
           from recently_played_games r join games g on g.id = r.game_id join studios s on s.slug = g.studio_slug
          where r.player_id = $1 order by r.played_at desc, g.idx limit $2`,
        [row.id, max],
      );
      return rows.map((game) => ({
        gameId: game.id,
        isLiveCasinoGame: game.is_live_casino,
        lastPlayedAt: game.played_at,
        slug: game.slug,
        gameDescriptorV2: {
          json: { id: game.id, slug: game.slug, name: game.name, studio: game.studio, imageUrl: gameImageUrl(game.slug), href: `/games/${game.slug}/` },
        },
      }));
    },
  },
  RecentlyPlayedGame: {
    async game(parent: RecentlyPlayedParent, _: unknown, ctx: GraphQLContext) {
      const game = await ctx.services.catalogue.gameBySlug(parent.slug);
      return game ? { ...game, currency: ctx.brandOrNull()?.currency ?? 'EUR' } : null;
    },
  },
  Player: {
    playerId: (row: PlayerRow) => row.player_number,
    emailVerified: (row: PlayerRow) => row.email_verified,
    phoneNumber: (row: PlayerRow) => row.phone_number,
    isPhoneNumberVerified: (row: PlayerRow) => row.phone_verified,
    realityCheckPeriod: (row: PlayerRow) => row.reality_check_period,
    accountStatus: (row: PlayerRow) => ({
      status: row.account_status,
      cause: row.account_status_cause,
      reopenByCustomerAllowed: row.reopen_by_customer_allowed,
    }),
    country: (row: PlayerRow) => ({
      id: row.country_code,
      code: row.country_code,
      name: regionNames.of(row.country_code) ?? row.country_code,
      currency: COUNTRY_CURRENCY[row.country_code] ?? row.currency,
    }),
    numberOfDeposits: async (row: PlayerRow, _: unknown, ctx: GraphQLContext) => (await depositStats(ctx.services.db, row.wallet_id)).count,
    totalDepositAmount: async (row: PlayerRow, _: unknown, ctx: GraphQLContext) =>
      formatMinor((await depositStats(ctx.services.db, row.wallet_id)).totalMinor, row.currency),
    hasFirstTimeDeposit: async (row: PlayerRow, _: unknown, ctx: GraphQLContext) => (await depositStats(ctx.services.db, row.wallet_id)).count > 0,
    canWithdraw: (row: PlayerRow) => row.account_status === 'Open' && !row.withdrawals_blocked,
    personalInfo: (row: PlayerRow) => ({
      firstName: row.first_name,
      lastName: row.last_name,
      street: row.street,
      city: row.city,
      zipCode: row.zip_code,
      state: row.state,
      dateOfBirth: row.date_of_birth,
      ssn: row.ssn,
    }),
    marketingPreferences: (row: PlayerRow) => ({ marketingBlocked: row.marketing_blocked }),
    isSuppressedInAnyCommunicationGroup: (row: PlayerRow) => row.suppressed_in_any_communication_group,
    isSmsMarketingAccepted: (row: PlayerRow) => row.sms_marketing_accepted,
    isEmailMarketingAccepted: (row: PlayerRow) => row.email_marketing_accepted,
    isPhoneMarketingAccepted: (row: PlayerRow) => row.phone_marketing_accepted,
    isWebPushMarketingAccepted: (row: PlayerRow) => row.web_push_marketing_accepted,
    termsAccepted: (row: PlayerRow) => row.terms_accepted_version !== null,
    termsAcceptedVersion: (row: PlayerRow) => row.terms_accepted_version,
    privacyPolicyAccepted: (row: PlayerRow) => row.privacy_policy_accepted_version !== null,
    privacyPolicyAcceptedVersion: (row: PlayerRow) => row.privacy_policy_accepted_version,
    legalAcceptances: async (row: PlayerRow, _: unknown, ctx: GraphQLContext) =>
      (await playerAcceptances(ctx.services.db, row.id)).map((entry) => ({ document: entry.document, version: entry.version, source: entry.source, acceptedAt: entry.accepted_at })),
    isInstantBankingBlocked: (row: PlayerRow) =>
      row.instant_banking_block_active_from !== null && !running(row.instant_banking_block_active_from),
    instantBankingBlock: (row: PlayerRow) => (row.instant_banking_block_active_from ? { activeFrom: row.instant_banking_block_active_from } : null),
    selfExclusionDetails: (row: PlayerRow) => {
      const endsAt = row.self_exclusion_ends_at;
      return endsAt !== null && running(endsAt) ? { exclusionEndsAt: endsAt } : null;
    },
    timeouts: (row: PlayerRow) => {
      const endsAt = row.timeout_ends_at;
      return endsAt !== null && running(endsAt) ? { timeoutEndsAt: endsAt } : null;
    },
    areWithdrawalsBlocked: (row: PlayerRow) => row.withdrawals_blocked,
    kycCheckStatus: (row: PlayerRow) => ({
      status: row.kyc_status,
      deadline: row.kyc_deadline,
      verificationsDone: row.kyc_verifications_done,
      verificationsMissing: row.kyc_verifications_missing,
    }),
    sourceOfWealthStatus: (row: PlayerRow) => ({
      status: row.sow_status,
      dueDate: row.sow_due_date,
      dueDateExpired: row.sow_due_date !== null && !running(row.sow_due_date),
      requiredDocumentsUploadV2: row.sow_documents_required,
    }),
    bankingCDD: (row: PlayerRow) => row.banking_cdd,
  },
  Customer: {
    id: (row: PlayerRow) => row.customer_id,
    popUpsNeeded: (row: PlayerRow) => row.pop_ups_needed,
    isCancelWithdrawalBlocked: (row: PlayerRow) => row.is_cancel_withdrawal_blocked,
    isIncreaseDepositLimitBlocked: (row: PlayerRow) => row.is_increase_deposit_limit_blocked,
    isRewardsBlocked: (row: PlayerRow) => row.is_rewards_blocked,
    isDepositsBlocked: (row: PlayerRow) => row.is_deposits_blocked,
  },
};
