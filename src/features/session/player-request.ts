/**
 * The signed-in player's light calls: the session's own reads (player, customer, wallet), its
 * logout, and what pages ask as they open (the game lists, the session clock, a game's launch). They
 * go through the light GraphQL client instead of Apollo, so a signed-in page downloads Apollo only
 * when an account feature first calls (player-call.ts): React and Apollo together already weigh
 * more than the signed-in lobby's 110 KB budget (docs/benchmarks.md).
 *
 * The policy is Apollo's link chain's (apollo.ts, call-policy.ts): a Bearer token on every
 * operation but two, refreshed first when it expires within 30 s; on AuthenticationFailure or HTTP
 * 401 one refresh and one retry (spec section 8); a query that got no answer or a 5xx sent once more
 * after about a second (section 9), never a mutation; and what still fails, if no screen handles it,
 * reported.
 */
import { graphqlRequest, GraphqlClientError } from '../../lib/graphql-client.ts';
import { isReportable } from '../../lib/graphql-errors.ts';
import { reportLater } from '../../lib/error-reporting/hand-over.ts';
import { operationKindOf, operationNameOf, type TypedDocumentString } from '../../lib/graphql/documents.ts';
import { QUERY_RETRY, queryRetryDelayMs, UNAUTHENTICATED_OPERATIONS } from './call-policy.ts';
import { withAuthRetry, type TokenRefresher } from './token-refresh.ts';

/** One call as the signed-in player; throws GraphqlClientError with the platform's reason. */
export type PlayerRequest = <T, V>(document: TypedDocumentString<T, V>, variables: V) => Promise<T>;

/** The player's Apollo client as the account's features use it (apollo.ts `playerClientOf`). */
export interface PlayerClient {
  /** Reads from the platform (never from Apollo's cache). */
  query<T, V>(document: TypedDocumentString<T, V>, variables: V): Promise<T>;
  mutate<T, V>(document: TypedDocumentString<T, V>, variables: V): Promise<T>;
}

/** What a player request needs besides the tokens (tests pass their own). */
export interface PlayerRequestOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

interface Attempt<T> {
  status?: number;
  reasons: string[];
  data?: T;
  error?: GraphqlClientError;
}

/** A failure worth sending a query again for: no answer at all, or the server's own fault (5xx). */
export function isTransientClientFailure(error: GraphqlClientError): boolean {
  return error.isNetworkError && (error.status === undefined || error.status >= 500);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The player's request function over the given tokens. */
export function createPlayerRequest(tokens: TokenRefresher, options: PlayerRequestOptions = {}): PlayerRequest {
  const sleep = options.sleep ?? wait;
  return async function playerRequest<T, V>(document: TypedDocumentString<T, V>, variables: V): Promise<T> {
    const sendOnce = async (accessToken: string | null): Promise<Attempt<T>> => {
      try {
        const data = await graphqlRequest(document, variables, { accessToken, fetch: options.fetch, report: false });
        return { status: 200, reasons: [], data };
      } catch (error) {
        const failure = error instanceof GraphqlClientError ? error : new GraphqlClientError(`[Network] ${(error as Error).message}`, 'NetworkError');
        return { status: failure.status, reasons: failure.isNetworkError ? [] : [failure.kind], error: failure };
      }
    };
    const attempt = () => (UNAUTHENTICATED_OPERATIONS.has(operationNameOf(document)) ? sendOnce(null) : withAuthRetry(tokens, sendOnce));
    const retries = operationKindOf(document) === 'query' ? QUERY_RETRY.attempts - 1 : 0;
    let result = await attempt();
    for (let retry = 1; retry <= retries && result.error && isTransientClientFailure(result.error); retry += 1) {
      await sleep(queryRetryDelayMs(retry));
      result = await attempt();
    }
    if (!result.error) return result.data as T;
    if (isReportable(result.error, result.status)) reportLater(result.error, { operation: operationNameOf(document) });
    throw result.error;
  };
}
