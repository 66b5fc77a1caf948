/**
 * The platform's error vocabulary. Every GraphQL error leaves with `extensions.reason` (the kind
 * the lobby switches on, spec section 8) and `extensions.traceId` (quoted in logs on both sides).
 * Unexpected errors are logged here with their stack and reach the client only as InternalError.
 */
import { randomBytes } from 'node:crypto';
import { GraphQLError } from 'graphql';

/** The reasons the platform reports. */
export type ErrorReason =
  | 'AgeRestricted'
  | 'AuthenticationFailure'
  | 'BadRequest'
  | 'BadUserInput'
  | 'BalanceCeiling'
  | 'BettingBlocked'
  | 'CancelWithdrawalBlocked'
  | 'ClosedLoop'
  | 'ContentConflict'
  | 'DepositLimitReached'
  | 'DepositsBlocked'
  | 'DocumentTooLarge'
  | 'GameSessionEnded'
  | 'GameUnavailable'
  | 'GraphQLParseFailed'
  | 'GraphQLValidationFailed'
  | 'IdempotencyConflict'
  | 'InstantBankingBlocked'
  | 'InsufficientFunds'
  | 'InternalError'
  | 'InvalidContent'
  | 'InvalidSmsCode'
  | 'InvalidTokenFailure'
  | 'KycRequired'
  | 'LimitIncreaseBlocked'
  | 'LossLimitReached'
  | 'MarketingBlocked'
  | 'NotEnoughCoins'
  | 'NotFound'
  | 'OddsChanged'
  | 'OperatorAuthenticationFailure'
  | 'OperatorRoleRequired'
  | 'PaymentNotCancellable'
  | 'PaymentProviderUnavailable'
  | 'PhoneVerificationRequired'
  | 'PromotionNotEligible'
  | 'RateLimited'
  | 'RefreshFailure'
  | 'RewardNotClaimable'
  | 'RewardsBlocked'
  | 'SecondFactorRequired'
  | 'SandboxDisabled'
  | 'SandboxKeyRequired'
  | 'SessionLimitReached'
  | 'SmsCodeExpired'
  | 'SmsResendTooSoon'
  | 'SourceOfWealthNotRequested'
  | 'TooManyAttempts'
  | 'UnknownBrand'
  | 'UnsupportedFile'
  | 'WithdrawalsBlocked';

/** An expected failure with a reason and a message written for the developer who caused it. */
export class PlatformError extends Error {
  readonly reason: ErrorReason;
  readonly details: Record<string, unknown>;

  constructor(reason: ErrorReason, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'PlatformError';
    this.reason = reason;
    this.details = details;
  }
}

/** A random trace id (16 hex digits). */
export function newTraceId(): string {
  return randomBytes(8).toString('hex');
}

/** A copy of a GraphQL error with extra extensions (GraphQLError's extensions are read-only). */
export function withExtensions(error: GraphQLError, extensions: Record<string, unknown>): GraphQLError {
  return new GraphQLError(error.message, {
    ...(error.nodes ? { nodes: error.nodes } : {}),
    ...(error.source ? { source: error.source } : {}),
    ...(error.positions ? { positions: error.positions } : {}),
    ...(error.path ? { path: error.path } : {}),
    ...(error.originalError ? { originalError: error.originalError } : {}),
    extensions: { ...error.extensions, ...extensions },
  });
}

/**
 * Gives any error the platform's shape: a reason and a trace id, and no internals for the
 * unexpected ones. Used as graphql-http's formatError, so it sees request, parse, validation
 * and resolver errors alike.
 */
export function formatPlatformError(error: Readonly<GraphQLError | Error>): GraphQLError {
  const traceId = newTraceId();
  if (!(error instanceof GraphQLError)) {
    // graphql-http raises plain Errors for malformed requests ("Missing query", bad JSON).
    return new GraphQLError(error.message, { extensions: { reason: 'BadRequest', traceId } });
  }
  const original = error.originalError;
  if (original instanceof PlatformError) {
    return withExtensions(error, { ...original.details, reason: original.reason, traceId });
  }
  if (original && !(original instanceof GraphQLError)) {
    console.error(`[platform] InternalError ${traceId} at ${error.path?.join('.') ?? 'request'}:`, original);
    return new GraphQLError(`Internal error: the platform failed unexpectedly (traceId ${traceId})`, {
      ...(error.nodes ? { nodes: error.nodes } : {}),
      ...(error.path ? { path: error.path } : {}),
      extensions: { reason: 'InternalError', traceId },
    });
  }
  // Tagged at parse or validation time, or a variable that failed coercion (the caller's input).
  const reason = typeof error.extensions.reason === 'string' ? error.extensions.reason : 'BadUserInput';
  return withExtensions(error, { reason, traceId });
}
