/**
 * The spec's GraphQL error catalogue (section 8), shared by the server-side and browser clients:
 * the kind of an error is its first extensions.reason, else its type without dollar signs, and a
 * failed call keeps the extensions and the platform's trace id. Which failed calls go to error
 * reporting is decided here too; the hand-over itself is error-reporting/hand-over.ts, which every
 * page loads (this catalogue comes only with a page's first GraphQL call).
 */

/** A GraphQL error as it arrives in a response's `errors`. */
export interface GraphqlErrorShape {
  message: string;
  extensions?: Record<string, unknown>;
}

/** The error kind of a GraphQL error: its first reason, else its type without dollar signs. */
export function graphqlErrorKind(error: GraphqlErrorShape): string {
  const reason = error.extensions?.reason;
  if (typeof reason === 'string' && reason) return reason;
  const type = error.extensions?.type;
  if (typeof type === 'string' && type) return type.replaceAll('$', '');
  return 'GraphQLError';
}

/** A failed GraphQL call, with its error kind and extensions. */
export class GraphqlCallError extends Error {
  readonly kind: string;
  readonly extensions: Record<string, unknown>;

  constructor(message: string, kind: string, extensions: Record<string, unknown> = {}) {
    super(message);
    this.name = 'GraphqlCallError';
    this.kind = kind;
    this.extensions = extensions;
  }

  /** The platform's trace id for this failure, when it sent one. */
  get traceId(): string | undefined {
    return typeof this.extensions.traceId === 'string' ? this.extensions.traceId : undefined;
  }

  /** Whether the request never got a GraphQL answer (offline, proxy down, non-JSON reply). */
  get isNetworkError(): boolean {
    return this.message.startsWith('[Network]');
  }
}

/** Any failed call (an Apollo error with `errors`, a thrown fetch) in the one GraphqlCallError shape. */
export function toCallError(error: unknown): GraphqlCallError {
  if (error instanceof GraphqlCallError) return error;
  const first = (error as { errors?: GraphqlErrorShape[] } | null)?.errors?.[0];
  if (first) return new GraphqlCallError(first.message, graphqlErrorKind(first), first.extensions);
  return new GraphqlCallError(`[Network] ${(error as Error)?.message ?? String(error)}`, 'NetworkError');
}

/** GraphQL error kinds no screen handles: the platform's own failures and malformed operations. */
const UNHANDLED_KINDS: ReadonlySet<string> = new Set(['InternalError', 'GraphQLParseFailed', 'GraphQLValidationFailed', 'BadRequest', 'GraphQLError']);

/** Whether a failed call goes to error reporting (section 8): network errors but 401, and unhandled GraphQL errors. */
export function isReportable(error: GraphqlCallError, status?: number): boolean {
  if (error.isNetworkError) return status !== 401;
  return UNHANDLED_KINDS.has(error.kind);
}
