/**
 * The subscriptions of spec section 7, one field per event. Each needs the player's access token
 * (in the WebSocket connection params) and only ever sees that player's events. The lobby's
 * operations: PlayerUpdated, SessionDestroyed, CustomerPopUpAdded, RewardsContextSubscription and
 * Wallet select these fields.
 */
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import type { PlayerEvents } from './events.ts';

/** Schema of the subscriptions. */
export const realtimeTypeDefs = /* GraphQL */ `
  type Subscription {
    "PlayerUpdated: the player's account changed (closed by the operator)."
    playerUpdated: PlayerUpdatedEvent!
    "SessionDestroyed: one of the player's sessions was ended elsewhere; compare sessionId with your own sid."
    sessionDestroyed: SessionDestroyedEvent!
    "CustomerPopUpAdded: pop-ups the lobby should show."
    customerPopUpAdded: CustomerPopUpAddedEvent!
    "RewardsContextSubscription: a reward's status changed."
    rewardUpdated: RewardUpdatedEvent!
    "Wallet: every ledger transaction on the player's wallet."
    balanceUpdated: BalanceUpdatedEvent!
  }

  type PlayerUpdatedEvent {
    isAccountClosed: Boolean!
  }

  type SessionDestroyedEvent {
    sessionId: ID!
    "Why it ended: AnotherDevice (a sign-in elsewhere, or the operator), or SelfExclusion / Timeout (a break the player took on another device)."
    cause: SessionEndCause!
    "When the break ends (ISO 8601), for SelfExclusion and Timeout; null otherwise."
    until: String
  }

  enum SessionEndCause {
    AnotherDevice
    SelfExclusion
    Timeout
  }

  type CustomerPopUpAddedEvent {
    popUpIdsAdded: [String!]!
  }

  enum RewardStatus {
    Credited
    Expired
    FailedProcessing
    Processing
    Removed
    Scheduled
    Unclaimed
  }

  type RewardUpdatedEvent {
    reward: RewardSummary!
    status: RewardStatus!
    assignationId: ID!
  }

  type RewardSummary {
    rewardId: ID!
    name: String!
    "Cashback or Incentive"
    rewardType: String!
    "manual or automatic"
    claimType: String!
    rewardReason: String
    startsAt: String
    endsAt: String
    "Seconds until the reward expires."
    expiresIn: Int
  }

  "Deposit, Withdrawal, InitWithdrawal or CasinoBet (spec section 3); SportsBet for the sportsbook's stakes and payouts."
  enum MoneyType {
    Deposit
    Withdrawal
    InitWithdrawal
    "A casino game round: its stake (transactionKind CasinoBet) and its payout (transactionKind CasinoWin)."
    CasinoBet
    "A sportsbook bet: its stake (SportsBet) and its payout or refund (SportsWin)."
    SportsBet
  }

  type BalanceUpdatedEvent {
    "Cash balance after the transaction, decimal string."
    balance: String!
    bonusBalance: String!
    currency: String!
    "What the transaction moved on the wallet (cash plus bonus), unsigned decimal string."
    amount: String!
    "Null for ledger kinds without a money type (bonus credits, adjustments)."
    moneyType: MoneyType
    "The ledger kind: Deposit, Withdrawal, InitWithdrawal, CancelWithdrawal, CasinoBet (a stake), CasinoWin (a payout), SportsBet, SportsWin, BonusCredit, BonusForfeit, BonusConversion (wagering done: bonus to cash), RewardCredit (a money drop), Adjustment, JackpotContribution, JackpotWin, RaffleWin, MissionReward or TournamentPrize."
    transactionKind: String!
    "Percent of the bonus wagering done; null without an active bonus."
    wageringProgress: Int
  }
`;

/** A subscription field reading one event type of the signed-in player. */
function playerStream<K extends keyof PlayerEvents>(type: K) {
  return {
    async subscribe(_: unknown, __: unknown, ctx: GraphQLContext) {
      const auth = await ctx.auth();
      return ctx.services.events.subscribe(auth.playerId, type, ctx.streamGate ?? undefined);
    },
    resolve: (payload: PlayerEvents[K]) => payload,
  };
}

/** Resolvers of the subscriptions. */
export const realtimeResolvers: Resolvers = {
  Subscription: {
    playerUpdated: playerStream('playerUpdated'),
    sessionDestroyed: playerStream('sessionDestroyed'),
    customerPopUpAdded: playerStream('customerPopUpAdded'),
    rewardUpdated: playerStream('rewardUpdated'),
    balanceUpdated: playerStream('balanceUpdated'),
  },
};
