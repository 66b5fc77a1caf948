/**
 * The GraphQL mutations under a rate limit, in ONE table: the mutation's name, which limit it
 * counts against and whose attempt it is. To limit a new mutation (a deposit, a withdrawal), add
 * a line here; start-up fails when a name is not in the schema.
 */
import { normalisePhone } from '../players/phone.ts';
import { findPlayer } from '../players/repository.ts';
import { createHash } from 'node:crypto';
import type { GraphQLSchema } from 'graphql';
import { defaultFieldResolver } from 'graphql';
import { clientAddress } from '../geo/country.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import { rateLimitMessage, type RateLimiter, type RateRuleName } from './rate-limit.ts';

type Args = Record<string, unknown>;

/** How one mutation is limited. */
export interface LimitedMutation {
  rule: RateRuleName;
  /** What the attempts are, for the error message ("sign-in code requests"). */
  what: string;
  /** Whose attempt this is: the key the per-subject limit counts under. */
  subject(args: Args, ctx: GraphQLContext): Promise<string>;
  /** A second limit the same call counts against when it applies (a code texted to a new number). */
  also?(args: Args, ctx: GraphQLContext): Promise<{ rule: RateRuleName; what: string; subject: string } | null>;
}

/** The number in E.164 within the brand: "+358 40 123 4567", "00358401234567" and "+358401234567" are one subject. */
function normalisedPhone(args: Args): string {
  const text = String(args.phoneNumber ?? '');
  try {
    return normalisePhone(text);
  } catch {
    // Not a number the mutation will accept either: count it by its digits, so variations still add up.
    return text.replace(/\D/g, '');
  }
}
const byPhone = async (args: Args, ctx: GraphQLContext) => `${ctx.brandOrNull()?.id ?? '-'}|${normalisedPhone(args)}`;

/**
 * Code entries per number AND client address: a stranger who types wrong codes for someone's number
 * spends only their own address's tries, never the owner's. Guessing stays bounded per number across
 * all addresses by the code itself (auth/sms.ts: void after a few wrong entries in total) and by the
 * codes a number can be sent (the LOGIN rule, per number).
 */
const byPhoneAndAddress = async (args: Args, ctx: GraphQLContext) => `${await byPhone(args, ctx)}|${clientAddress(ctx.req) ?? '-'}`;

/** A code texted to a number no account of the brand uses yet counts against the address's new numbers. */
const newNumber = async (args: Args, ctx: GraphQLContext) => {
  const brand = ctx.brandOrNull();
  const phone = normalisedPhone(args);
  if (!brand || !phone.startsWith('+') || (await findPlayer(ctx.services.db, brand.id, phone, 'phone'))) return null;
  return { rule: 'signup' as const, what: 'sign-in codes for new numbers', subject: `new-numbers|${clientAddress(ctx.req) ?? '-'}` };
};

/** The signed-in player (AuthenticationFailure first when there is none, as the mutation itself would say). */
const byPlayer = async (_args: Args, ctx: GraphQLContext) => `player|${(await ctx.auth()).playerId}`;

/** The refresh token's family (one sign-in); an unknown token counts under the client address. */
const byRefreshFamily = async (args: Args, ctx: GraphQLContext) => {
  const token = String(args.refreshToken ?? '');
  const hash = createHash('sha256').update(token).digest('hex');
  const { rows } = await ctx.services.db.query<{ family_id: string }>('select family_id from refresh_tokens where token_hash = $1', [hash]);
  return rows[0] ? `family|${rows[0].family_id}` : `unknown-token|${clientAddress(ctx.req) ?? '-'}`;
};

/** Mutation name → its limit. Add money mutations (deposits, withdrawals) under the 'money' rule. */
export const RATE_LIMITED_MUTATIONS: Readonly<Record<string, LimitedMutation>> = {
  requestSmsLoginCode: { rule: 'login', what: 'sign-in code requests for this number', subject: byPhone, also: newNumber },
  resendSmsLoginCode: { rule: 'login', what: 'sign-in code requests for this number', subject: byPhone },
  verifySmsLoginCode: { rule: 'code', what: 'code entries for this number from this address', subject: byPhoneAndAddress },
  refreshAccessToken: { rule: 'refresh', what: 'token refreshes for this session', subject: byRefreshFamily },
  placeSportsBet: { rule: 'money', what: 'money operations for this player', subject: byPlayer },
  initiateDeposit: { rule: 'money', what: 'money operations for this player', subject: byPlayer },
  initiateWithdrawal: { rule: 'money', what: 'money operations for this player', subject: byPlayer },
  cancelWithdrawal: { rule: 'money', what: 'money operations for this player', subject: byPlayer },
  recordConsent: { rule: 'consent', what: 'consent decisions for this visitor', subject: async (args, ctx) => `${ctx.brandOrNull()?.id ?? '-'}|${String(args.visitorId ?? '').toLowerCase()}` },
};

/**
 * Wraps the resolvers of the limited mutations so each call first counts against its limit; a
 * refused call fails with RateLimited (HTTP 429 with Retry-After over HTTP). Throws when the table
 * names a mutation the schema does not have, so a typo cannot leave a mutation unlimited.
 */
export function applyRateLimits(schema: GraphQLSchema, limiter: RateLimiter, table: Readonly<Record<string, LimitedMutation>> = RATE_LIMITED_MUTATIONS): void {
  const fields = schema.getMutationType()?.getFields() ?? {};
  for (const [name, limited] of Object.entries(table)) {
    const field = fields[name];
    if (!field) throw new Error(`RATE_LIMITED_MUTATIONS names "${name}", which is not a mutation of the schema: fix the name in platform/src/security/limited-mutations.ts`);
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = async (source, args: Args, ctx: GraphQLContext, info) => {
      const address = clientAddress(ctx.req);
      const decision = await limiter.attempt(limited.rule, await limited.subject(args, ctx), address);
      if (!decision.allowed) {
        throw new PlatformError('RateLimited', rateLimitMessage(limited.what, decision), { retryAfterSeconds: decision.retryAfterSeconds });
      }
      const second = await limited.also?.(args, ctx);
      const extra = second ? await limiter.attempt(second.rule, second.subject, address) : null;
      if (second && extra && !extra.allowed) {
        throw new PlatformError('RateLimited', rateLimitMessage(second.what, extra), { retryAfterSeconds: extra.retryAfterSeconds });
      }
      return resolve(source, args, ctx, info);
    };
  }
}
