/**
 * GraphQL for signing in and out: token refresh (RefreshAccessToken), Logout, SMS login and the
 * Zendesk chat token. Defines the root Mutation type the other features extend.
 */
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { checkRegistrationLimits, type RegistrationDepositLimit } from '../players/registration-limits.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import { playerById } from '../players/repository.ts';
import type { IssuedTokens } from './sessions.ts';
import { signInOrigin } from './sign-in-origin.ts';

/** Schema of the auth mutations. */
export const authTypeDefs = /* GraphQL */ `
  type Mutation {
    "RefreshAccessToken: swaps a refresh token for a new pair (send it without the Authorization header). Each refresh token works once: InvalidTokenFailure when it is unknown, expired or revoked, and reusing a used one revokes the session."
    refreshAccessToken(refreshToken: String!): TokenPair!
    "Logout: ends the session of the bearer token, or of refreshToken when the access token has expired."
    logout(refreshToken: String): LogoutResult!
    "A signed JWT for the Zendesk messaging widget (HS256, external_id = player id)."
    generateZendeskToken: ZendeskToken!
    "Texts a six-digit sign-in code to the number (x-brand); an unknown number registers a new player once the code is verified. depositLimits: what the sign-up form asks (mga), checked here (BadUserInput with extensions.field naming the form field) so the code step cannot fail on them; send them again to verifySmsLoginCode."
    requestSmsLoginCode(phoneNumber: String!, depositLimits: [RegistrationDepositLimit!]): SmsCodeRequest!
    "Texts a new code, replacing the previous one; SmsResendTooSoon inside the cooldown."
    resendSmsLoginCode(phoneNumber: String!): SmsCodeRequest!
    "Checks the code and signs the player in (flow sms, passwordless). An unknown number registers, with the deposit limits its sign-up form asked for (mga) and its marketing opt-in (marketing: true accepts every channel; absent or false none); both are ignored for a number that already has an account."
    verifySmsLoginCode(phoneNumber: String!, code: String!, depositLimits: [RegistrationDepositLimit!], marketing: Boolean): TokenPair!
  }

  "A deposit limit chosen on registration: a rolling period and a decimal amount in the new wallet's currency."
  input RegistrationDepositLimit {
    period: LimitPeriod!
    amount: String!
  }

  type TokenPair {
    accessToken: String!
    refreshToken: String!
    "Seconds until the access token expires."
    expiresIn: Int!
    "The session (sid) these tokens belong to."
    sessionId: ID!
  }

  type LogoutResult {
    loggedOut: Boolean!
  }

  type ZendeskToken {
    token: String!
  }

  type SmsCodeRequest {
    "The number in E.164, as the platform understood it."
    phoneNumber: String!
    codeLength: Int!
    expiresAt: String!
    "When resendSmsLoginCode will accept the next request."
    resendAvailableAt: String!
  }
`;

/** A token pair as GraphQL returns it. */
function pair(tokens: IssuedTokens) {
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresIn: tokens.expiresIn, sessionId: tokens.sessionId };
}

/** Resolvers of the auth mutations. */
export const authResolvers: Resolvers = {
  Mutation: {
    async refreshAccessToken(_: unknown, args: { refreshToken: string }, ctx: GraphQLContext) {
      const brand = ctx.brandOrNull();
      return pair(await ctx.services.auth.refresh(args.refreshToken, brand?.id ?? null));
    },
    async logout(_: unknown, args: { refreshToken?: string | null }, ctx: GraphQLContext) {
      let sid: string | null = null;
      try {
        sid = (await ctx.auth()).sid;
      } catch (error) {
        if (!args.refreshToken) throw error;
      }
      if (!sid && args.refreshToken) {
        const hash = createHash('sha256').update(args.refreshToken).digest('hex');
        const { rows } = await ctx.services.db.query<{ session_id: string }>('select session_id from refresh_tokens where token_hash = $1', [hash]);
        sid = rows[0]?.session_id ?? null;
        if (!sid) throw new PlatformError('InvalidTokenFailure', 'The refresh token is not known to the platform: the player is already signed out');
      }
      await ctx.services.auth.endSession(sid as string, 'logout');
      return { loggedOut: true };
    },
    async generateZendeskToken(_: unknown, __: unknown, ctx: GraphQLContext) {
      const auth = await ctx.auth();
      const player = await playerById(ctx.services.db, auth.playerId);
      if (!player) throw new PlatformError('AuthenticationFailure', 'The signed-in player no longer exists: sign in again');
      const { zendeskSecret, zendeskKeyId } = ctx.services.secrets;
      const name = [player.first_name, player.last_name].filter(Boolean).join(' ') || player.username;
      const token = await new SignJWT({ external_id: player.id, name, email: player.email, email_verified: player.email_verified, scope: 'user' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: zendeskKeyId })
        .setIssuedAt()
        .setExpirationTime('5m')
        .setJti(randomBytes(12).toString('base64url'))
        .sign(zendeskSecret);
      return { token };
    },
    requestSmsLoginCode(_: unknown, args: { phoneNumber: string; depositLimits?: RegistrationDepositLimit[] | null }, ctx: GraphQLContext) {
      const brand = ctx.brand();
      checkRegistrationLimits(brand, args.depositLimits ?? []);
      return ctx.services.sms.requestCode(brand, args.phoneNumber, false);
    },
    resendSmsLoginCode: (_: unknown, args: { phoneNumber: string }, ctx: GraphQLContext) =>
      ctx.services.sms.requestCode(ctx.brand(), args.phoneNumber, true),
    async verifySmsLoginCode(_: unknown, args: { phoneNumber: string; code: string; depositLimits?: RegistrationDepositLimit[] | null; marketing?: boolean | null }, ctx: GraphQLContext) {
      const brand = ctx.brand();
      const { playerId } = await ctx.services.sms.verifyCode(brand, args.phoneNumber, args.code, { depositLimits: args.depositLimits ?? [], marketing: args.marketing ?? false });
      return pair(await ctx.services.auth.startSession({ playerId, brand: brand.id, flow: 'sms', passwordless: true, origin: signInOrigin(ctx.req, brand, ctx.services) }));
    },
  },
};
