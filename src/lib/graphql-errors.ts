/**
 * The spec's GraphQL error catalogue (section 8), shared by the server-side and browser clients:
 * the kind of an error is its first extensions.reason, else its type without dollar signs, and a
 * failed call keeps the extensions and the platform's trace id. What goes to error reporting is
 * decided here too, and handed over in a few lines: the reporting module (error-reporting/report.ts)
 * and its client are downloaded only when a page has an error to report. (One module rather than
 * two: every page loads this one already, and each extra file costs bytes of the lobby's budget.)
 */
import { ERROR_DSN_ATTRIBUTE } from '../../shared/error-reporting.ts';

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

/** Reports an error: loads the reporting module on first use. Never throws. */
export function reportLater(error: unknown, tags: Record<string, string> = {}): void {
  if (typeof document === 'undefined') return;
  void import('./error-reporting/report.ts').then(({ reportError }) => reportError(error, tags), () => undefined);
}

let installed = false;

/** Reports what nothing caught: uncaught errors and unhandled promise rejections. Once per page. */
export function reportUncaughtErrors(): void {
  const dsn = document.documentElement.getAttribute(ERROR_DSN_ATTRIBUTE);
  if (installed || !dsn || dsn === 'off') return;
  installed = true;
  addEventListener('error', (event) => reportLater(event.error ?? event.message, { mechanism: 'onerror' }));
  addEventListener('unhandledrejection', (event) => reportLater(event.reason, { mechanism: 'onunhandledrejection' }));
}
