/**
 * The player's GraphQL operations (spec section 7): GetPlayerInfo, GetCustomerInfo, the token
 * mutations and the subscriptions. Loaded with the player runtime only.
 */
import { gql } from '@apollo/client';

/** viewer.player with every field the lobby reads, plus the session id and flow. */
export const GET_PLAYER_INFO = gql`
  query GetPlayerInfo {
    viewer {
      sessionId
      flow
      player {
        id playerId username language email emailVerified phoneNumber isPhoneNumberVerified realityCheckPeriod
        accountStatus { status cause reopenByCustomerAllowed }
        country { id code name currency }
        numberOfDeposits totalDepositAmount hasFirstTimeDeposit canWithdraw
        personalInfo { firstName lastName }
        isInstantBankingBlocked instantBankingBlock { activeFrom }
        selfExclusionDetails { exclusionEndsAt } timeouts { timeoutEndsAt } areWithdrawalsBlocked
        kycCheckStatus { status deadline verificationsDone verificationsMissing }
        sourceOfWealthStatus { status dueDate dueDateExpired requiredDocumentsUploadV2 { comment requestedFundingType } }
        bankingCDD
      }
    }
  }
`;

/** viewer.customer and viewer.wallet. */
export const GET_CUSTOMER_INFO = gql`
  query GetCustomerInfo {
    viewer {
      customer { id popUpsNeeded isCancelWithdrawalBlocked isIncreaseDepositLimitBlocked isRewardsBlocked isDepositsBlocked }
      wallet { id balance bonusBalance currency minDepositAmount minWithdrawalAmount }
    }
  }
`;

/** Logout: ends the session of the bearer token on the platform. */
export const LOGOUT = gql`
  mutation Logout {
    logout { loggedOut }
  }
`;

/** PlayerUpdated (isAccountClosed). */
export const PLAYER_UPDATED = gql`
  subscription PlayerUpdated {
    playerUpdated { isAccountClosed }
  }
`;

/** SessionDestroyed (sessionId). */
export const SESSION_DESTROYED = gql`
  subscription SessionDestroyed {
    sessionDestroyed { sessionId }
  }
`;

/** CustomerPopUpAdded (popUpIdsAdded). */
export const CUSTOMER_POP_UP_ADDED = gql`
  subscription CustomerPopUpAdded {
    customerPopUpAdded { popUpIdsAdded }
  }
`;

/** Wallet (balanceUpdated). */
export const WALLET = gql`
  subscription Wallet {
    balanceUpdated { balance bonusBalance currency amount moneyType transactionKind wageringProgress }
  }
`;

/** RefreshAccessToken, sent with the plain client (no Bearer header, spec section 7). */
export const REFRESH_ACCESS_TOKEN = /* GraphQL */ `
  mutation RefreshAccessToken($refreshToken: String!) {
    refreshAccessToken(refreshToken: $refreshToken) { accessToken refreshToken expiresIn sessionId }
  }
`;
