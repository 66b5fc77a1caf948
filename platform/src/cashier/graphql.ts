/**
 * GraphQL of the cashier: the player's money mutations (initiateDeposit, initiateWithdrawal,
 * cancelWithdrawal: the names a rate limiter keys on), LastCompletedDeposit and the deposit and
 * withdrawal histories on Viewer, and a sandbox mutation that makes a provider report a status
 * (approve a manual withdrawal, roll back a deposit) with odd deliveries for tests and demos.
 */
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import { formatMinor } from '../ledger/money.ts';
import { findPlayer, playerById } from '../players/repository.ts';
import type { PaymentStatus } from './flow.ts';
import { minimumDepositMinor } from './payments.ts';
import { historyCursor } from './payment-store.ts';
import type { HistoryFilter, PaymentRow, WithdrawalType } from './payment-store.ts';
import type { NotificationDelivery, PaymentProvider } from './providers.ts';

/** Schema of the cashier. */
export const cashierTypeDefs = /* GraphQL */ `
  "The sandboxed payment providers (spec section 3)."
  enum PaymentProvider {
    TRUSTLY
    ZIMPLER
    PIQ
  }

  "Payment transaction statuses (spec section 3)."
  enum PaymentTransactionStatus {
    Initialized
    Completed
    Cancelled
    CancelInitialized
    RollbackInitialized
    RolledBacked
  }

  enum TransactionType {
    Deposit
    Withdrawal
  }

  enum WithdrawalType {
    Instant
    Manual
  }

  "How the sandbox provider delivers its notifications: once in order, each twice, in reverse order, or in order after a delay."
  enum NotificationDelivery {
    ONCE
    TWICE
    REVERSED
    LATE
  }

  type Payment {
    id: ID!
    type: TransactionType!
    status: PaymentTransactionStatus!
    provider: PaymentProvider!
    "Null for deposits."
    withdrawalType: WithdrawalType
    "Decimal string in the wallet currency."
    amount: String!
    currency: String!
    "ISO 8601."
    createdAt: String!
    updatedAt: String!
    "When the payment was completed, cancelled or rolled back; null while pending."
    processedAt: String
    "The account the provider reported, such as Nordea •••• 1234; null until it reports one."
    account: String
    paymentMethod: String
    "True for a pending withdrawal the player may cancel (customer.isCancelWithdrawalBlocked is false)."
    cancellable: Boolean!
  }

  type PaymentResult {
    payment: Payment!
    "Where to send the browser to confirm at the provider (same origin as the lobby, under /platform/); null when nothing is left to confirm."
    redirectUrl: String
  }

  type LastCompletedDeposit {
    provider: PaymentProvider!
    "JSON text: { txName, accountId, attributes: { paymentMethod }, debtor: { account } }."
    payload: String!
    amount: String!
    currency: String!
    completedAt: String
  }

  input PaymentHistoryFilter {
    statuses: [PaymentTransactionStatus!]
    "YYYY-MM-DD or ISO 8601, inclusive."
    from: String
    "YYYY-MM-DD (that whole day) or ISO 8601, inclusive."
    to: String
  }

  type PaymentEdge {
    cursor: String!
    node: Payment!
  }

  type PaymentPageInfo {
    hasNextPage: Boolean!
    endCursor: String
  }

  type PaymentConnection {
    edges: [PaymentEdge!]!
    pageInfo: PaymentPageInfo!
    "Payments matching the filter, on all pages."
    totalCount: Int!
  }

  extend type Viewer {
    "The last completed deposit (provider and payload), or null."
    lastCompletedDeposit: LastCompletedDeposit
    "Deposits, newest first; first between 1 and 100."
    depositHistory(filter: PaymentHistoryFilter, first: Int = 20, after: String): PaymentConnection!
    "Withdrawals, newest first; first between 1 and 100."
    withdrawalHistory(filter: PaymentHistoryFilter, first: Int = 20, after: String): PaymentConnection!
    "One of the player's payments."
    payment(id: ID!): Payment
    "EnableFinancialHistory: what the player paid in and took out over the last days (completed payments only); days between 1 and 3660."
    financialSummary(days: Int = 30): FinancialSummary!
  }

  "Money in and out over a window, decimal strings in the wallet's currency."
  type FinancialSummary {
    days: Int!
    deposited: String!
    withdrawn: String!
    "deposited minus withdrawn: what the player is down (positive) or up (negative) on payments."
    net: String!
    currency: String!
    deposits: Int!
    withdrawals: Int!
  }

  extend type Wallet {
    "The smallest deposit: the larger of the spec's currency table and minDepositAmount."
    effectiveMinDepositAmount: String!
  }

  input InitiateDepositInput {
    "Decimal string in the wallet currency, such as 25.00; at least the minimum deposit."
    amount: String!
    currency: String!
    provider: PaymentProvider!
    "One per intended deposit, kept across retries and resubmits (a uuid)."
    idempotencyKey: String!
    "Repeat the last completed deposit's account with this provider: approved at once, no provider page."
    useLastUsedAccount: Boolean = false
    "Where the provider page sends the browser back to (on the brand's own host)."
    returnUrl: String
  }

  input InitiateWithdrawalInput {
    amount: String!
    currency: String!
    "Defaults to the provider of the last completed deposit."
    provider: PaymentProvider
    withdrawalType: WithdrawalType!
    idempotencyKey: String!
  }

  extend type Mutation {
    "Starts a deposit (money mutation; idempotent by idempotencyKey). Errors: PaymentProviderUnavailable (the provider is not offered; in production none is until an operator adds one), DepositsBlocked, BadUserInput (amount, currency, minimum), IdempotencyConflict."
    initiateDeposit(input: InitiateDepositInput!): PaymentResult!
    "Starts a withdrawal and holds the amount (money mutation; idempotent by idempotencyKey). Errors: PaymentProviderUnavailable, WithdrawalsBlocked, InstantBankingBlocked, InsufficientFunds, BadUserInput, IdempotencyConflict."
    initiateWithdrawal(input: InitiateWithdrawalInput!): PaymentResult!
    "Cancels a pending withdrawal (idempotent by payment). Errors: CancelWithdrawalBlocked, PaymentNotCancellable, NotFound."
    cancelWithdrawal(paymentId: ID!): PaymentResult!
    "Sandbox (PLATFORM_ENABLE_SANDBOX_ADMIN=1): the payment's provider reports a status, such as Completed for a manual withdrawal or RolledBacked for a deposit, delivered as told."
    sandboxSendPaymentNotification(paymentId: ID!, status: PaymentTransactionStatus!, delivery: NotificationDelivery = ONCE): Payment!
  }
`;

const toEnum = (provider: PaymentProvider) => provider.toUpperCase() as Uppercase<PaymentProvider>;
const fromEnum = (provider: string | null | undefined): PaymentProvider | null => (provider ? (provider.toLowerCase() as PaymentProvider) : null);

/**
 * Refuses a payment through a provider this platform does not offer (services.paymentProviders):
 * in production none ships, so the cashier says money cannot move rather than sending the player to
 * a sandbox bank that would credit them for nothing.
 */
function assertOffered(ctx: GraphQLContext, what: 'Deposits' | 'Withdrawals', provider: PaymentProvider | null): void {
  const offered = ctx.services.paymentProviders;
  if (offered.length === 0) {
    throw new PlatformError('PaymentProviderUnavailable', `${what} are not available: no payment provider is configured on this platform (an operator adds one; see the README's payment providers section)`);
  }
  if (provider && !offered.includes(provider)) {
    throw new PlatformError('PaymentProviderUnavailable', `${what} through ${provider.toUpperCase()} are not available here: use ${offered.map(toEnum).join(', ')}`);
  }
}

/** The signed-in player's id. */
async function playerId(ctx: GraphQLContext): Promise<string> {
  return (await ctx.auth()).playerId;
}

/** A redirect to the provider page for a deposit still waiting for the player there. */
function redirectFor(payment: PaymentRow, returnUrl: string | null | undefined): string | null {
  if (payment.type !== 'Deposit' || payment.status !== 'Initialized') return null;
  const query = new URLSearchParams(returnUrl ? { returnUrl } : {});
  return `/platform/sandbox/${payment.provider}/pay/${payment.id}/${query.size > 0 ? `?${query}` : ''}`;
}

async function cancellable(payment: PaymentRow, ctx: GraphQLContext): Promise<boolean> {
  if (payment.type !== 'Withdrawal' || payment.status !== 'Initialized') return false;
  const row = await playerById(ctx.services.db, payment.player_id);
  return !!row && !row.is_cancel_withdrawal_blocked;
}

async function history(ctx: GraphQLContext, type: 'Deposit' | 'Withdrawal', args: { filter?: HistoryFilter | null; first?: number | null; after?: string | null }) {
  const page = await ctx.services.cashier.history(await playerId(ctx), type, { ...(args.filter ?? {}), first: args.first ?? 20, after: args.after ?? null });
  const edges = page.rows.map((row) => ({ cursor: historyCursor(row), node: row }));
  return { edges, totalCount: page.totalCount, pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.at(-1)?.cursor ?? null } };
}

/** Resolvers of the cashier. */
export const cashierResolvers: Resolvers = {
  Payment: {
    provider: (row: PaymentRow) => toEnum(row.provider),
    withdrawalType: (row: PaymentRow) => row.withdrawal_type,
    amount: (row: PaymentRow) => formatMinor(BigInt(row.amount_minor), row.currency),
    createdAt: (row: PaymentRow) => row.created_at,
    updatedAt: (row: PaymentRow) => row.updated_at,
    processedAt: (row: PaymentRow) => row.processed_at,
    account: (row: PaymentRow) => row.payload?.debtor?.account ?? null,
    paymentMethod: (row: PaymentRow) => row.payload?.attributes?.paymentMethod ?? null,
    cancellable: (row: PaymentRow, _: unknown, ctx: GraphQLContext) => cancellable(row, ctx),
  },
  Viewer: {
    async financialSummary(_: unknown, args: { days?: number | null }, ctx: GraphQLContext) {
      const days = args.days ?? 30;
      if (!Number.isInteger(days) || days < 1 || days > 3660) throw new PlatformError('BadUserInput', `days must be between 1 and 3660, not ${days}`);
      const row = await playerById(ctx.services.db, await playerId(ctx));
      if (!row) throw new PlatformError('AuthenticationFailure', 'The signed-in player no longer exists: sign in again');
      const since = new Date(ctx.services.clock().getTime() - days * 86_400_000);
      const { rows } = await ctx.services.db.query<{ type: 'Deposit' | 'Withdrawal'; total: string; count: number }>(
        `select type, coalesce(sum(amount_minor), 0)::text as total, count(*)::int as count from payments
          where player_id = $1 and status = 'Completed' and coalesce(processed_at, created_at) >= $2 group by type`,
        [row.id, since],
      );
      const total = (type: string) => BigInt(rows.find((entry) => entry.type === type)?.total ?? '0');
      const count = (type: string) => rows.find((entry) => entry.type === type)?.count ?? 0;
      const money = (minor: bigint) => formatMinor(minor, row.currency);
      return {
        days, currency: row.currency,
        deposited: money(total('Deposit')), withdrawn: money(total('Withdrawal')), net: money(total('Deposit') - total('Withdrawal')),
        deposits: count('Deposit'), withdrawals: count('Withdrawal'),
      };
    },
    async lastCompletedDeposit(_: unknown, __: unknown, ctx: GraphQLContext) {
      const row = await ctx.services.cashier.lastCompletedDeposit(await playerId(ctx));
      if (!row) return null;
      return {
        provider: toEnum(row.provider),
        payload: JSON.stringify(row.payload ?? {}),
        amount: formatMinor(BigInt(row.amount_minor), row.currency),
        currency: row.currency,
        completedAt: row.processed_at,
      };
    },
    depositHistory: (_: unknown, args: { filter?: HistoryFilter | null; first?: number | null; after?: string | null }, ctx: GraphQLContext) => history(ctx, 'Deposit', args),
    withdrawalHistory: (_: unknown, args: { filter?: HistoryFilter | null; first?: number | null; after?: string | null }, ctx: GraphQLContext) => history(ctx, 'Withdrawal', args),
    async payment(_: unknown, args: { id: string }, ctx: GraphQLContext) {
      const row = await ctx.services.cashier.payment(args.id);
      return row && row.player_id === (await playerId(ctx)) ? row : null;
    },
  },
  Wallet: {
    effectiveMinDepositAmount: (wallet: { currency: string; minDepositAmount: string }) => {
      const [whole = '0', fraction = ''] = wallet.minDepositAmount.split('.');
      const walletMinor = BigInt(whole + fraction);
      return formatMinor(minimumDepositMinor(wallet.currency, walletMinor), wallet.currency);
    },
  },
  Mutation: {
    async initiateDeposit(_: unknown, args: { input: { amount: string; currency: string; provider: string; idempotencyKey: string; useLastUsedAccount?: boolean | null; returnUrl?: string | null } }, ctx: GraphQLContext) {
      const { input } = args;
      const player = await playerId(ctx);
      assertOffered(ctx, 'Deposits', fromEnum(input.provider));
      const payment = await ctx.services.cashier.initiateDeposit(player, { ...input, provider: fromEnum(input.provider) as PaymentProvider });
      return { payment, redirectUrl: redirectFor(payment, input.returnUrl) };
    },
    async initiateWithdrawal(_: unknown, args: { input: { amount: string; currency: string; provider?: string | null; withdrawalType: WithdrawalType; idempotencyKey: string } }, ctx: GraphQLContext) {
      const { input } = args;
      const player = await playerId(ctx);
      assertOffered(ctx, 'Withdrawals', fromEnum(input.provider));
      const payment = await ctx.services.cashier.initiateWithdrawal(player, { ...input, provider: fromEnum(input.provider) });
      return { payment, redirectUrl: null };
    },
    async cancelWithdrawal(_: unknown, args: { paymentId: string }, ctx: GraphQLContext) {
      return { payment: await ctx.services.cashier.cancelWithdrawal(await playerId(ctx), args.paymentId), redirectUrl: null };
    },
    async sandboxSendPaymentNotification(_: unknown, args: { paymentId: string; status: PaymentStatus; delivery: NotificationDelivery }, ctx: GraphQLContext) {
      ctx.services.sandbox.require(ctx.req, 'sandboxSendPaymentNotification');
      const cashier = ctx.services.cashier;
      const payment = await cashier.payment(args.paymentId);
      if (!payment) throw new PlatformError('NotFound', `No payment ${args.paymentId}`);
      const brand = ctx.brandOrNull();
      if (brand && !(await findPlayer(ctx.services.db, brand.id, payment.player_id, 'any'))) throw new PlatformError('NotFound', `No payment ${args.paymentId} on ${brand.id}`);
      const row = await playerById(ctx.services.db, payment.player_id);
      // A withdrawal is paid where the platform says (closed loop: the last deposit's account); a deposit comes from the provider's first account.
      const account = args.status !== 'Completed' || !row ? null : payment.type === 'Withdrawal' ? await cashier.payoutAccount(payment) : cashier.accountsFor(payment.provider, row)[0] ?? null;
      await cashier.providerReports(payment.id, args.status, { account, delivery: args.delivery });
      const reported = await cashier.payment(payment.id);
      if (!reported) throw new PlatformError('NotFound', `No payment ${args.paymentId}`);
      return reported;
    },
  },
};
