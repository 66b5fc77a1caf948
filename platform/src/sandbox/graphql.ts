/**
 * Sandbox mutations for tests and demos: credit a wallet, destroy a session ("signed in on another
 * device"), close an account, add a customer pop-up, change a reward, and stand in for the back office: ask
 * for a source of wealth and review uploaded documents. They work only when the
 * platform runs with PLATFORM_ENABLE_SANDBOX_ADMIN=1 (the lobby's start script sets it for the demo
 * and the tests) and with the operator key (sandbox/gate.ts); otherwise they fail with SandboxDisabled or SandboxKeyRequired. Never enable it in production.
 */
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import { depositEntries } from '../ledger/ledger.ts';
import { checkPaymentAmount, checkWalletCurrency, formatMinor, parseAmount } from '../ledger/money.ts';
import { addCustomerPopUp, closeAccount, findPlayer, playerById } from '../players/repository.ts';
import type { PlayerRow } from '../players/repository.ts';
import { requestSourceOfWealth, reviewDocument } from '../players/source-of-wealth.ts';

/** Schema of the sandbox mutations. */
export const sandboxTypeDefs = /* GraphQL */ `
  extend type Mutation {
    "Sandbox (PLATFORM_ENABLE_SANDBOX_ADMIN=1): posts a Deposit to the player's wallet and publishes Wallet.balanceUpdated. playerId is the player's id, number, email, username or phone (x-brand)."
    sandboxCreditWallet(playerId: ID!, amount: String!, currency: String!, idempotencyKey: String!): SandboxLedgerResult!
    "Sandbox: ends a session as a second login elsewhere would (SessionDestroyed to the player, session_destroyed_error to that session's sockets). Give sessionId, or playerId to end all of the player's sessions."
    sandboxDestroySession(sessionId: ID, playerId: ID): SandboxDestroyedSessions!
    "Sandbox: moves a session's start back by minutes, as if the player had been playing that long (to show a session limit running out without waiting)."
    sandboxAgeSession(sessionId: ID!, minutes: Int!): SandboxAgedSession!
    "Sandbox: closes the account and publishes PlayerUpdated { isAccountClosed: true }."
    sandboxCloseAccount(playerId: ID!, reopenByCustomerAllowed: Boolean = false, cause: String = "CustomerRequest"): SandboxPlayer!
    "Sandbox: adds a pop-up id to customer.popUpsNeeded and publishes CustomerPopUpAdded."
    sandboxAddCustomerPopUp(playerId: ID!, popUpId: String!): SandboxPopUps!
    "Sandbox (the operator's back office): moves one of the player's rewards (from sandboxAssignReward or any assignment) to a status the way that status is reached: Unclaimed starts a Scheduled one now, Credited claims it (crediting its variant), Removed or Expired take it away unclaimed. Publishes RewardsContextSubscription.rewardUpdated."
    sandboxUpdateReward(playerId: ID!, status: RewardStatus!, assignationId: ID!): RewardUpdatedEvent!
    "Sandbox (the operator's back office): asks the player for their source of wealth, due in dueInDays, with documents for the funding types named (none: the declaration alone). Publishes PlayerUpdated."
    sandboxRequestSourceOfWealth(playerId: ID!, dueInDays: Int = 30, documents: [SandboxDocumentRequest!] = []): Player!
    "Sandbox (the operator's back office): approves or rejects an uploaded document. Identity and address approvals complete KYC; approving every document of a submitted source-of-wealth declaration makes it Done; a rejection asks the player again (with the comment). Publishes PlayerUpdated."
    sandboxReviewDocument(documentId: ID!, status: DocumentReview!, comment: String): Player!
  }

  type SandboxAgedSession {
    sessionId: ID!
    "When the session now counts as started (ISO 8601)."
    startedAt: String!
  }

  input SandboxDocumentRequest {
    requestedFundingType: FundingType!
    "What to upload, as the player will read it."
    comment: String!
  }

  enum DocumentReview {
    Approved
    Rejected
  }

  type SandboxLedgerResult {
    transactionId: ID!
    "True when the idempotency key was used before with the same content."
    replayed: Boolean!
    balance: String!
    bonusBalance: String!
    currency: String!
  }

  type SandboxDestroyedSessions {
    destroyedSessionIds: [ID!]!
  }

  type SandboxPlayer {
    id: ID!
    accountStatus: AccountStatus!
  }

  type SandboxPopUps {
    popUpsNeeded: [String!]!
  }
`;

function guard(ctx: GraphQLContext): void {
  ctx.services.sandbox.require(ctx.req, 'This sandbox mutation');
}

/** A player by any reference, within x-brand when it is given. */
async function player(ctx: GraphQLContext, ref: string): Promise<PlayerRow> {
  const brand = ctx.brandOrNull();
  const row = brand ? await findPlayer(ctx.services.db, brand.id, ref, 'any') : await playerById(ctx.services.db, ref);
  if (!row) throw new PlatformError('NotFound', `No player "${ref}"${brand ? ` on ${brand.id}` : ''}: use the id, number, email, username or phone of a player (see platform/DEMO-PLAYERS.md)`);
  return row;
}

/** The player as they now are. */
async function reread(ctx: GraphQLContext, id: string): Promise<PlayerRow> {
  const row = await playerById(ctx.services.db, id);
  if (!row) throw new PlatformError('NotFound', `No player "${id}"`);
  return row;
}

/** Resolvers of the sandbox mutations. */
export const sandboxResolvers: Resolvers = {
  Mutation: {
    async sandboxCreditWallet(_: unknown, args: { playerId: string; amount: string; currency: string; idempotencyKey: string }, ctx: GraphQLContext) {
      guard(ctx);
      const row = await player(ctx, args.playerId);
      const currency = checkWalletCurrency(args.currency);
      if (currency !== row.currency) {
        throw new PlatformError('BadUserInput', `The wallet of ${row.username} holds ${row.currency}, not ${currency}: credit it in ${row.currency}`);
      }
      const amount = checkPaymentAmount(parseAmount(args.amount, currency), currency);
      const result = await ctx.services.ledger.post({
        idempotencyKey: args.idempotencyKey,
        walletId: row.wallet_id,
        kind: 'Deposit',
        entries: depositEntries(amount),
        metadata: { source: 'sandboxCreditWallet' },
      });
      return {
        transactionId: result.transactionId,
        replayed: result.replayed,
        balance: formatMinor(result.cashBalanceMinor, currency),
        bonusBalance: formatMinor(result.bonusBalanceMinor, currency),
        currency,
      };
    },
    async sandboxDestroySession(_: unknown, args: { sessionId?: string | null; playerId?: string | null }, ctx: GraphQLContext) {
      guard(ctx);
      let sids: string[];
      if (args.sessionId) sids = [args.sessionId];
      else if (args.playerId) {
        const row = await player(ctx, args.playerId);
        const { rows } = await ctx.services.db.query<{ sid: string }>('select sid from sessions where player_id = $1 and revoked_at is null', [row.id]);
        sids = rows.map((session) => session.sid);
      } else throw new PlatformError('BadUserInput', 'Give sessionId (the sid claim of the access token) or playerId');
      const destroyed: string[] = [];
      for (const sid of sids) if (await ctx.services.auth.endSession(sid, 'destroyed')) destroyed.push(sid);
      if (args.sessionId && destroyed.length === 0) {
        throw new PlatformError('NotFound', `No active session "${args.sessionId}": it never existed or has already ended`);
      }
      return { destroyedSessionIds: destroyed };
    },
    async sandboxAgeSession(_: unknown, args: { sessionId: string; minutes: number }, ctx: GraphQLContext) {
      guard(ctx);
      if (!Number.isInteger(args.minutes) || args.minutes < 1 || args.minutes > 7 * 24 * 60) {
        throw new PlatformError('BadUserInput', `minutes must be a whole number from 1 to ${7 * 24 * 60} (a week), not ${args.minutes}`);
      }
      const { rows } = await ctx.services.db.query<{ created_at: Date | string }>(
        `update sessions set created_at = created_at - make_interval(mins => $2) where sid = $1 and revoked_at is null returning created_at`,
        [args.sessionId, args.minutes],
      );
      if (!rows[0]) throw new PlatformError('NotFound', `No active session "${args.sessionId}": it never existed or has already ended`);
      return { sessionId: args.sessionId, startedAt: new Date(rows[0].created_at).toISOString() };
    },
    async sandboxCloseAccount(_: unknown, args: { playerId: string; reopenByCustomerAllowed: boolean; cause: string }, ctx: GraphQLContext) {
      guard(ctx);
      const row = await player(ctx, args.playerId);
      await closeAccount(ctx.services.db, row.id, args.cause, args.reopenByCustomerAllowed);
      ctx.services.events.publish(row.id, 'playerUpdated', { isAccountClosed: true });
      return { id: row.id, accountStatus: { status: 'Closed', cause: args.cause, reopenByCustomerAllowed: args.reopenByCustomerAllowed } };
    },
    async sandboxAddCustomerPopUp(_: unknown, args: { playerId: string; popUpId: string }, ctx: GraphQLContext) {
      guard(ctx);
      const popUpId = args.popUpId.trim();
      if (!popUpId || popUpId.length > 100) throw new PlatformError('BadUserInput', 'popUpId must be 1 to 100 characters');
      const row = await player(ctx, args.playerId);
      if (await addCustomerPopUp(ctx.services.db, row.id, popUpId)) {
        ctx.services.events.publish(row.id, 'customerPopUpAdded', { popUpIdsAdded: [popUpId] });
      }
      const updated = await playerById(ctx.services.db, row.id);
      return { popUpsNeeded: updated?.pop_ups_needed ?? [] };
    },
    async sandboxUpdateReward(_, args, ctx) {
      guard(ctx);
      const row = await player(ctx, args.playerId);
      if (!(await ctx.services.rewards.get(row.id, args.assignationId))) {
        throw new PlatformError('NotFound', `Player "${args.playerId}" has no reward "${args.assignationId}": give one with sandboxAssignReward first`);
      }
      return ctx.services.rewards.event(await ctx.services.rewards.setStatus(args.assignationId, args.status));
    },
    async sandboxRequestSourceOfWealth(_: unknown, args: { playerId: string; dueInDays?: number | null; documents?: readonly { requestedFundingType: string; comment: string }[] | null }, ctx: GraphQLContext) {
      guard(ctx);
      const row = await player(ctx, args.playerId);
      await requestSourceOfWealth(ctx.services, row.id, args.dueInDays ?? 30, args.documents ?? []);
      return reread(ctx, row.id);
    },
    async sandboxReviewDocument(_: unknown, args: { documentId: string; status: 'Approved' | 'Rejected'; comment?: string | null }, ctx: GraphQLContext) {
      guard(ctx);
      const { playerId } = await reviewDocument(ctx.services, args.documentId, args.status, args.comment ?? null);
      return reread(ctx, playerId);
    },
  },
};
