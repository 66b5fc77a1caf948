/**
 * The browser's light GraphQL client: one POST to the lobby's same-origin `/graphql` (the lobby's
 * server proxies it to the platform and adds the brand header). It is deliberately tiny: the
 * anonymous lobby has an 80 KB brotli JavaScript budget and the signed-in one 110 KB, so the
 * signed-in session's own calls use it too (session/player-request.ts), and Apollo arrives only
 * with an account feature's first call (session/player-call.ts). Errors follow the spec's
 * catalogue (section 8): network failures are prefixed [Network], GraphQL errors [GraphQL]; the
 * kind is the first extensions.reason, else its type without dollar signs; the extensions and
 * traceId are kept.
 */

import { reportLater } from './error-reporting/hand-over.ts';
import { GraphqlCallError, graphqlErrorKind, isReportable, type GraphqlErrorShape } from './graphql-errors.ts';
import { documentText, operationNameOf, type TypedDocumentString } from './graphql/documents.ts';

/** Where browser GraphQL calls go: same origin, so no CORS and no brand knowledge in the browser. */
export const GRAPHQL_ENDPOINT = '/graphql';

/** A failed browser GraphQL call, with the spec's error kind, the trace id and the HTTP status. */
export class GraphqlClientError extends GraphqlCallError {
  /** The HTTP status, when the server answered at all. */
  readonly status: number | undefined;

  constructor(message: string, kind: string, extensions: Record<string, unknown> = {}, status?: number) {
    super(message, kind, extensions);
    this.name = 'GraphqlClientError';
    this.status = status;
  }
}

/** How one browser GraphQL call is sent. */
export interface GraphqlRequestOptions {
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** Sent as `Authorization: Bearer <token>` (the signed-in player's calls, session/player-request.ts). */
  accessToken?: string | null;
  /** False when the caller reports the failure itself, after its own retries. */
  report?: boolean;
  /**
   * Where the call goes (default /graphql): the lobby's session endpoint answers a refresh in
   * GraphQL's shape (server/session-cookies.ts).
   */
  endpoint?: string;
  /** A sign-in whose refresh token the lobby keeps in its HttpOnly cookie (`x-atrium-session: cookie`). */
  keepRefreshTokenOnServer?: boolean;
}

/**
 * Runs one generated GraphQL document from the browser and returns its data, or throws
 * GraphqlClientError; a failure no screen handles (section 8) is reported too, unless the caller
 * aborted the request or reports it itself.
 */
export async function graphqlRequest<T, V>(document: TypedDocumentString<T, V>, variables: V, options: GraphqlRequestOptions = {}): Promise<T> {
  try {
    return await sendRequest(document, variables, options);
  } catch (error) {
    if (options.report !== false && error instanceof GraphqlClientError && !options.signal?.aborted && isReportable(error, error.status)) {
      reportLater(error, { operation: operationNameOf(document) });
    }
    throw error;
  }
}

async function sendRequest<T, V>(document: TypedDocumentString<T, V>, variables: V, options: GraphqlRequestOptions): Promise<T> {
  const operationName = operationNameOf(document);
  const query = documentText(document);
  const send = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await send(options.endpoint ?? GRAPHQL_ENDPOINT, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...(options.accessToken ? { authorization: `Bearer ${options.accessToken}` } : {}),
        ...(options.keepRefreshTokenOnServer ? { 'x-atrium-session': 'cookie' } : {}),
      },
      body: JSON.stringify({ query, operationName, variables }),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new GraphqlClientError(
      `[Network] Could not fetch: ${GRAPHQL_ENDPOINT}. Message: ${(error as Error).message}`,
      'NetworkError',
    );
  }
  let body: { data?: T | null; errors?: GraphqlErrorShape[] };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new GraphqlClientError(
      `[Network] ${GRAPHQL_ENDPOINT} answered ${response.status} ${response.statusText} without JSON`,
      'NetworkError',
      {},
      response.status,
    );
  }
  const first = body.errors?.[0];
  if (first) {
    throw new GraphqlClientError(
      `[GraphQL] ${operationName}: ${first.message}`,
      graphqlErrorKind(first),
      first.extensions ?? {},
      response.status,
    );
  }
  if (!response.ok || body.data === undefined || body.data === null) {
    throw new GraphqlClientError(
      `[Network] ${GRAPHQL_ENDPOINT} answered ${response.status} ${response.statusText}`,
      'NetworkError',
      {},
      response.status,
    );
  }
  return body.data;
}
