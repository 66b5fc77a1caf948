/**
 * GraphQL of the player's own protection tools: limits (limits.ts enforces them: `viewer.limits`,
 * `viewer.limitHistory`, setLimit, removeLimit, cancelPendingLimit) and self-exclusion and timeouts
 * (self-exclusion.ts: selfExclude, takeTimeout), the reality check's interval (setRealityCheckPeriod)
 * and this session's summary for the reality check and the session clock (`viewer.session`). Which
 * tools, periods, terms and cooling-offs a player
 * gets come from the licence profile of the player's brand (shared/licences.ts), the same table the
 * lobby's pages read.
 */
import { licenceProfile, type LimitKind, type LimitPeriod } from '../../../shared/licences.ts';
import type { Queryable } from '../db/db.ts';
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import { formatMinor } from '../ledger/money.ts';
import { cancelPendingLimit, limitHistory, limitsOf, removeLimit, setLimit, usedInWindow, type LimitContext, type LimitHistoryEntry, type LimitState } from './limits.ts';
import { playerById } from './repository.ts';
import type { PlayerRow } from './repository.ts';
import { selfExclude, takeTimeout, type ExclusionRequest } from './self-exclusion.ts';
import { documentsOf } from './documents.ts';

/** Schema of the limits. */
export const limitTypeDefs = /* GraphQL */ `
  "Deposit (mga, crc, anj), Loss and GlobalLoss (est), Session (mga): shared/licences.ts says which a licence offers."
  enum LimitKind {
    Deposit
    "Casino stakes minus wins."
    Loss
    "Casino and sports stakes minus wins."
    GlobalLoss
    "The longest a signed-in session may play."
    Session
  }

  "A rolling window: the last 24 hours, 7 days or 30 days."
  enum LimitPeriod {
    Day
    Week
    Month
  }

  enum LimitChangeAction {
    "A new limit, in force at once."
    Set
    "Lowered, in force at once."
    Decreased
    "Raised: in force after the licence's cooling-off."
    IncreaseRequested
    "Removal asked for: the limit holds through the cooling-off."
    RemovalRequested
    "A pending increase or removal was cancelled."
    PendingCancelled
  }

  type PlayerLimit {
    kind: LimitKind!
    "Null for the session limit."
    period: LimitPeriod
    "Money limits: decimal string in the wallet's currency; null for the session limit."
    amount: String
    "The session limit in minutes; null for money limits."
    minutes: Int
    "Money limits: what the window has used (deposits, or stakes minus wins)."
    used: String
    "Money limits: what is left in the window now."
    remaining: String
    "An increase or removal waiting for its cooling-off."
    pendingChange: PendingLimitChange
  }

  type PendingLimitChange {
    "The new amount (money limits); null for a removal."
    amount: String
    "The new minutes (session limit); null for a removal."
    minutes: Int
    removal: Boolean!
    "When the change takes effect (ISO 8601, UTC)."
    effectiveAt: String!
  }

  type LimitHistoryEntry {
    kind: LimitKind!
    period: LimitPeriod
    action: LimitChangeAction!
    "The value asked for (null for a removal): a decimal string, or minutes for the session limit."
    value: String
    "The value in force before."
    previousValue: String
    effectiveAt: String!
    createdAt: String!
  }

  input LimitInput {
    kind: LimitKind!
    "Day, Week or Month for money limits; leave out for Session."
    period: LimitPeriod
    "Money limits: a decimal amount in the wallet's currency."
    amount: String
    "Session limit: one of the minutes the licence offers."
    minutes: Int
  }

  input LimitTarget {
    kind: LimitKind!
    period: LimitPeriod
  }

  "The signed-in session as the reality check and the session clock show it."
  type PlayerSession {
    "When this session signed in (ISO 8601): the reality check and the session clock count from here, across page loads."
    startedAt: String!
    "Casino and sports stakes since then, jackpot contributions included, decimal string in the wallet's currency."
    staked: String!
    "Casino and sports wins since then, jackpot wins included (raffle prizes are not)."
    won: String!
    "won minus staked: the player's net position this session (negative for a loss)."
    net: String!
    currency: String!
  }

  "A document the player uploaded (POST /platform/documents): KYC identity or address, or a source-of-wealth proof."
  type PlayerDocument {
    id: ID!
    "Identity, Address or SourceOfWealth."
    kind: String!
    "For SourceOfWealth: Salary, Dividends, Other, Inheritance, SaleOfCompany or SaleOfProperty."
    fundingType: String
    fileName: String!
    "What the bytes are: image/jpeg, image/png or application/pdf."
    contentType: String!
    sizeBytes: Int!
    "Pending until reviewed, then Approved or Rejected."
    status: String!
    uploadedAt: String!
  }

  extend type Viewer {
    "The player's uploaded documents, newest first."
    documents: [PlayerDocument!]!
    "This session: when it started and the money played in it."
    session: PlayerSession!
    "The player's limits in force (and their pending changes): deposit limits first, shortest period first."
    limits: [PlayerLimit!]!
    "Every change the player asked for, newest first; first between 1 and 100."
    limitHistory(first: Int = 20): [LimitHistoryEntry!]!
  }

  extend type Mutation {
    "Sets a limit: a new limit or a decrease applies at once, an increase after the cooling-off (LimitIncreaseBlocked when customer.isIncreaseDepositLimitBlocked)."
    setLimit(input: LimitInput!): PlayerLimit!
    "Asks to remove a limit: it holds through the cooling-off."
    removeLimit(input: LimitTarget!): PlayerLimit!
    "Cancels a pending increase or removal."
    cancelPendingLimit(input: LimitTarget!): PlayerLimit!
    "Self-excludes for one of the licence's terms (days; mga 180, 365 or 1825, crc 365): deposits, bets and real-money launches are refused at once, the player's other sessions end, withdrawals still work. It cannot be lifted or shortened."
    selfExclude(days: Int!): Player!
    "A timeout (a short break) of one of the licence's lengths (hours: 24, 168 or 720): in force at once like a self-exclusion, and as final."
    takeTimeout(hours: Int!): Player!
    "Sets the minutes between reality-check reminders: one of the licence's intervals (mga: 15, 30, 60 or 120)."
    setRealityCheckPeriod(minutes: Int!): Player!
  }
`;

/** A limit as the schema returns it. */
interface LimitView {
  kind: LimitKind;
  period: LimitPeriod | null;
  amount: string | null;
  minutes: number | null;
  used: string | null;
  remaining: string | null;
  pendingChange: { amount: string | null; minutes: number | null; removal: boolean; effectiveAt: string } | null;
}

/** The signed-in player's rules: licence of their brand, wallet currency, increase block, the platform's time. */
async function limitContext(ctx: GraphQLContext): Promise<LimitContext> {
  const auth = await ctx.auth();
  const row = await playerById(ctx.services.db, auth.playerId);
  if (!row) throw new PlatformError('AuthenticationFailure', 'The signed-in player no longer exists: sign in again');
  const brand = ctx.services.brands.get(row.brand);
  if (!brand) throw new PlatformError('UnknownBrand', `The player's brand "${row.brand}" is not served any more`);
  return { playerId: row.id, licence: brand.license, currency: row.currency, increaseBlocked: row.is_increase_deposit_limit_blocked, now: ctx.services.clock() };
}

async function view(ctx: GraphQLContext, context: LimitContext, limit: LimitState): Promise<LimitView> {
  const session = limit.period === 'Session';
  const money = (value: bigint) => formatMinor(value, context.currency);
  let used: bigint | null = null;
  if (!session && limit.kind !== 'Session') used = await usedInWindow(ctx.services.db, context.playerId, limit.kind, limit.period as LimitPeriod, context.now);
  return {
    kind: limit.kind,
    period: session ? null : (limit.period as LimitPeriod),
    amount: session ? null : money(limit.value),
    minutes: session ? Number(limit.value) : null,
    used: used === null ? null : money(used),
    remaining: used === null ? null : money(limit.value > used ? limit.value - used : 0n),
    pendingChange: limit.pending
      ? {
          amount: session || limit.pending.value === null ? null : money(limit.pending.value),
          minutes: session && limit.pending.value !== null ? Number(limit.pending.value) : null,
          removal: limit.pending.value === null,
          effectiveAt: limit.pending.effectiveAt.toISOString(),
        }
      : null,
  };
}

function historyView(entry: LimitHistoryEntry, currency: string) {
  const period = entry.period === 'Session' ? null : entry.period;
  const session = period === null;
  const value = (minor: bigint | null) => (minor === null ? null : session ? minor.toString() : formatMinor(minor, currency));
  return {
    kind: entry.kind,
    period,
    action: entry.action,
    value: value(entry.value),
    previousValue: value(entry.previousValue),
    effectiveAt: entry.effectiveAt.toISOString(),
    createdAt: entry.createdAt.toISOString(),
  };
}

type Target = { kind: LimitKind; period?: LimitPeriod | null };

/** Runs a limit change in a transaction and returns the limit as it now stands. */
async function change(ctx: GraphQLContext, run: (tx: Queryable, context: LimitContext) => Promise<LimitState>) {
  const context = await limitContext(ctx);
  const state = await ctx.services.db.transaction((tx) => run(tx, context));
  return view(ctx, context, state);
}

/** The signed-in player and session as an exclusion request; then the player as they now are. */
async function exclusion(ctx: GraphQLContext, run: (request: ExclusionRequest) => Promise<string>): Promise<PlayerRow> {
  const auth = await ctx.auth();
  const context = await limitContext(ctx);
  await run({ playerId: context.playerId, licence: context.licence, sid: auth.sid });
  const row = await playerById(ctx.services.db, context.playerId);
  if (!row) throw new PlatformError('AuthenticationFailure', 'The signed-in player no longer exists: sign in again');
  return row;
}

/** Resolvers of the limits, self-exclusion and timeouts. */
export const limitResolvers: Resolvers = {
  Viewer: {
    async documents(_: unknown, __: unknown, ctx: GraphQLContext) {
      const auth = await ctx.auth();
      return documentsOf(ctx.services.db, auth.playerId);
    },
    async session(_: unknown, __: unknown, ctx: GraphQLContext) {
      const auth = await ctx.auth();
      const context = await limitContext(ctx);
      const { rows } = await ctx.services.db.query<{ started_at: Date | string; staked: string; won: string }>(
        `select s.created_at as started_at,
                coalesce((select -sum(po.amount_minor) from ledger_postings po join ledger_transactions t on t.id = po.transaction_id
                           join ledger_accounts a on a.id = po.account_id join wallets w on w.id = a.wallet_id
                          where w.player_id = s.player_id and a.code in ('cash', 'bonus') and t.kind in ('CasinoBet', 'SportsBet', 'JackpotContribution')
                            and po.amount_minor < 0 and t.created_at >= s.created_at), 0)::text as staked,
                coalesce((select sum(po.amount_minor) from ledger_postings po join ledger_transactions t on t.id = po.transaction_id
                           join ledger_accounts a on a.id = po.account_id join wallets w on w.id = a.wallet_id
                          where w.player_id = s.player_id and a.code in ('cash', 'bonus') and t.kind in ('CasinoWin', 'SportsWin', 'JackpotWin')
                            and po.amount_minor > 0 and t.created_at >= s.created_at), 0)::text as won
           from sessions s where s.sid = $1`,
        [auth.sid],
      );
      const row = rows[0];
      if (!row) throw new PlatformError('AuthenticationFailure', 'The session has ended: sign in again');
      const staked = BigInt(row.staked);
      const won = BigInt(row.won);
      return {
        startedAt: (row.started_at instanceof Date ? row.started_at : new Date(row.started_at)).toISOString(),
        staked: formatMinor(staked, context.currency),
        won: formatMinor(won, context.currency),
        net: formatMinor(won - staked, context.currency),
        currency: context.currency,
      };
    },
    async limits(_: unknown, __: unknown, ctx: GraphQLContext) {
      const context = await limitContext(ctx);
      const limits = await limitsOf(ctx.services.db, context.playerId, context.now);
      return Promise.all(limits.map((limit) => view(ctx, context, limit)));
    },
    async limitHistory(_: unknown, args: { first?: number | null }, ctx: GraphQLContext) {
      const first = args.first ?? 20;
      if (!Number.isInteger(first) || first < 1 || first > 100) throw new PlatformError('BadUserInput', `first must be between 1 and 100, got ${first}`);
      const context = await limitContext(ctx);
      return (await limitHistory(ctx.services.db, context.playerId, first)).map((entry) => historyView(entry, context.currency));
    },
  },
  Mutation: {
    setLimit: (_: unknown, args: { input: Target & { amount?: string | null; minutes?: number | null } }, ctx: GraphQLContext) =>
      change(ctx, (tx, context) => setLimit(tx, args.input, context)),
    removeLimit: (_: unknown, args: { input: Target }, ctx: GraphQLContext) => change(ctx, (tx, context) => removeLimit(tx, args.input, context)),
    cancelPendingLimit: (_: unknown, args: { input: Target }, ctx: GraphQLContext) => change(ctx, (tx, context) => cancelPendingLimit(tx, args.input, context)),
    selfExclude: (_: unknown, args: { days: number }, ctx: GraphQLContext) => exclusion(ctx, (request) => selfExclude(ctx.services, request, args.days)),
    takeTimeout: (_: unknown, args: { hours: number }, ctx: GraphQLContext) => exclusion(ctx, (request) => takeTimeout(ctx.services, request, args.hours)),
    async setRealityCheckPeriod(_: unknown, args: { minutes: number }, ctx: GraphQLContext) {
      const context = await limitContext(ctx);
      const offered = licenceProfile(context.licence).realityCheckMinutes;
      if (offered.length === 0) throw new PlatformError('BadUserInput', `The reality check is not offered under the ${context.licence} licence`);
      if (!offered.includes(args.minutes)) throw new PlatformError('BadUserInput', `minutes must be one of ${offered.join(', ')}, not ${args.minutes}`);
      await ctx.services.db.query('update players set reality_check_period = $2 where id = $1', [context.playerId, args.minutes]);
      ctx.services.events.publish(context.playerId, 'playerUpdated', { isAccountClosed: false });
      const row = await playerById(ctx.services.db, context.playerId);
      if (!row) throw new PlatformError('AuthenticationFailure', 'The signed-in player no longer exists: sign in again');
      return row;
    },
  },
};
