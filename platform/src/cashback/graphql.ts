/**
 * GraphQL of weekly cashback: `viewer.cashback` (this week's running figure and past payouts) and the
 * sandbox's `sandboxRunCashback` (operator key only), which pays a week now instead of waiting for
 * the hourly job.
 */
import { localiseText } from '../content/resolve.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import { formatMinor } from '../ledger/money.ts';

/** Schema of the cashback fields. */
export const cashbackTypeDefs = /* GraphQL */ `
  "The player's weekly cashback: a percentage of each ISO week's (Monday 00:00 UTC to Monday 00:00 UTC) net casino losses, paid as a Cashback reward after the week."
  type WeeklyCashback {
    "Percent of the net losses, such as 10."
    percent: String!
    currency: String!
    "This week's start (ISO 8601, a Monday 00:00 UTC)."
    weekStart: String!
    "This week's net casino losses so far (0 after a net win)."
    losses: String!
    "What they would pay: losses × percent, rounded down."
    running: String!
    "Past payouts, newest first."
    payouts: [CashbackPayout!]!
  }

  "One week's cashback, a reward of the player (viewer.rewards)."
  type CashbackPayout {
    assignationId: ID!
    name: String!
    amount: String!
    status: RewardStatus!
    assignedAt: String!
  }

  extend type Viewer {
    "The player's weekly cashback; null when the brand has none (content/<brand>/cashback.json)."
    cashback(locale: String): WeeklyCashback
  }

  extend type Mutation {
    "Sandbox: pays the ISO week containing weekOf (ISO 8601; default: last week) now, for every player who played in it; answers how many were paid. Idempotent: a week is paid once per player."
    sandboxRunCashback(weekOf: String): Int!
  }
`;

/** Resolvers of the cashback fields. */
export const cashbackResolvers: Resolvers = {
  Viewer: {
    async cashback(_, args, ctx) {
      const auth = await ctx.auth();
      const view = await ctx.services.cashback.view(auth.playerId);
      if (!view) return null;
      const locale = ctx.locale(args.locale);
      return {
        percent: view.percent, currency: view.currency, weekStart: view.weekStart.toISOString(),
        losses: formatMinor(view.lossMinor, view.currency), running: formatMinor(view.runningMinor, view.currency),
        payouts: view.payouts.map((payout) => ({
          assignationId: payout.id, name: localiseText(payout.definition.name, locale),
          amount: payout.definition.variant === 'FreeSpinReward' ? '0' : payout.definition.amount,
          status: payout.status, assignedAt: payout.assignedAt.toISOString(),
        })),
      };
    },
  },
  Mutation: {
    async sandboxRunCashback(_, args, ctx) {
      ctx.services.sandbox.require(ctx.req, 'This sandbox mutation');
      let weekOf: Date | undefined;
      if (args.weekOf) {
        weekOf = new Date(args.weekOf);
        if (Number.isNaN(weekOf.getTime())) throw new PlatformError('BadUserInput', `weekOf "${args.weekOf}" is not an ISO 8601 time such as 2026-11-23T00:00:00Z`);
      }
      return ctx.services.cashback.payWeek(weekOf);
    },
  },
};
