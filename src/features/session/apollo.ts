/**
 * The one Apollo Client link chain of the lobby, for the account's features (player-call.ts): it
 * is loaded with a feature's first call, never for visitors and not for the session itself, whose
 * calls on every signed-in page go through the light player-request.ts under the same policy
 * (call-policy.ts). In order:
 *
 *   split ─ subscriptions ──────────────────────────────→ realtime (graphql-transport-ws or legacy)
 *         └ queries/mutations → report → retry → auth (Bearer, refresh once and retry once) → HTTP POST /graphql
 *
 * The auth link adds `Authorization: Bearer <token>` to every request except RefreshAccessToken and
 * CountryContextQuery (spec section 7), refreshes a token that expires within 30 s first, and on
 * AuthenticationFailure or HTTP 401 refreshes once and retries once (spec section 8;
 * `withAuthRetry`). The browser talks to the lobby's own origin, whose server proxies to the
 * platform and adds the brand header.
 *
 * The retry link gives a query that failed on the network (no answer, or a 5xx) a second attempt
 * after about a second (spec section 9: initial delay 1 s, at most 15 s, 2 attempts). Mutations are
 * never retried here: the cashier keeps its own idempotency key across the player's own retries.
 * What still fails, if no screen handles it (a network error but 401, an InternalError), is reported.
 */
import { ApolloClient, ApolloLink, InMemoryCache, type DocumentNode } from '@apollo/client';
import { HttpLink } from '@apollo/client/link/http';
import { ErrorLink } from '@apollo/client/link/error';
import { RetryLink } from '@apollo/client/link/retry';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { getMainDefinition } from '@apollo/client/utilities';
import { print } from 'graphql';
import { Observable } from 'rxjs';
import { QUERY_RETRY, UNAUTHENTICATED_OPERATIONS } from './call-policy.ts';
import type { RealtimeConnection } from './realtime-protocol.ts';
import { withAuthRetry, type TokenRefresher } from './token-refresh.ts';
import { reportError } from '../../lib/error-reporting/report.ts';
import { GRAPHQL_ENDPOINT } from '../../lib/graphql-client.ts';
import { isReportable, toCallError } from '../../lib/graphql-errors.ts';
import { apolloDocument } from '../../lib/graphql/apollo-document.ts';
import { operationNameOf, type TypedDocumentString } from '../../lib/graphql/documents.ts';
import type { PlayerClient } from './player-request.ts';

interface Attempt {
  status?: number;
  reasons: string[];
  result?: ApolloLink.Result;
  error?: unknown;
}

function reasonsOf(errors: readonly { extensions?: Record<string, unknown> }[] | undefined): string[] {
  return (errors ?? []).map((error) => String(error.extensions?.reason ?? '')).filter(Boolean);
}

/** Sends the operation once down the chain and reports status and error reasons. */
function sendOnce(operation: ApolloLink.Operation, forward: ApolloLink.ForwardFunction, token: string | null): Promise<Attempt> {
  operation.setContext((previous: { headers?: Record<string, string> }) => {
    const headers = { ...previous.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    else delete headers.authorization;
    return { headers };
  });
  return new Promise((resolve) => {
    let settled = false;
    forward(operation).subscribe({
      next: (result) => {
        if (settled) return;
        settled = true;
        resolve({ status: 200, reasons: reasonsOf(result.errors), result });
      },
      error: (error: unknown) => {
        if (settled) return;
        settled = true;
        const status = ServerError.is(error) ? error.statusCode : undefined;
        const reasons = CombinedGraphQLErrors.is(error) ? reasonsOf(error.errors) : [];
        // A 401 answered as application/json arrives as a ServerError; read its reason from the body.
        if (ServerError.is(error)) {
          try {
            reasons.push(...reasonsOf((JSON.parse(error.bodyText) as { errors?: [] }).errors));
          } catch {
            // Not JSON: the status says enough.
          }
        }
        resolve({ status, reasons, error });
      },
      complete: () => {
        if (!settled) {
          settled = true;
          resolve({ status: 200, reasons: [] });
        }
      },
    });
  });
}

/** The auth link: Bearer on every request but two, one refresh and a single retry on refusal. */
export function createAuthLink(tokens: TokenRefresher): ApolloLink {
  return new ApolloLink((operation, forward) => {
    if (UNAUTHENTICATED_OPERATIONS.has(operation.operationName ?? '')) return forward(operation);
    return new Observable<ApolloLink.Result>((observer) => {
      let cancelled = false;
      withAuthRetry(tokens, (token) => sendOnce(operation, forward, token))
        .then((attempt) => {
          if (cancelled) return;
          if (attempt.error !== undefined) observer.error(attempt.error);
          else {
            if (attempt.result) observer.next(attempt.result);
            observer.complete();
          }
        })
        .catch((error: unknown) => {
          if (!cancelled) observer.error(error);
        });
      return () => {
        cancelled = true;
      };
    });
  });
}

/** Whether an operation is a query (only queries are safe to send again unasked). */
function isQuery(query: DocumentNode): boolean {
  const definition = getMainDefinition(query);
  return definition.kind === 'OperationDefinition' && definition.operation === 'query';
}

/** A failure worth trying again: no answer at all, or the server's own fault (5xx). */
export function isTransientFailure(error: unknown): boolean {
  if (ServerError.is(error)) return error.statusCode >= 500;
  if (CombinedGraphQLErrors.is(error)) return false;
  return error instanceof TypeError || (error instanceof Error && error.name === 'NetworkError');
}

/** The retry link: a query that failed transiently is sent again, with a jittered, growing delay. */
export function createRetryLink(): ApolloLink {
  return new RetryLink({
    delay: { initial: QUERY_RETRY.initialDelayMs, max: QUERY_RETRY.maxDelayMs, jitter: true },
    attempts: { max: QUERY_RETRY.attempts, retryIf: (error, operation) => isQuery(operation.query) && isTransientFailure(error) },
  });
}

/** The reporting link: a query or mutation that finally failed in a way no screen handles is reported (section 8). */
export function createReportingLink(): ApolloLink {
  return new ErrorLink(({ error, operation }) => {
    const callError = toCallError(error);
    if (isReportable(callError, ServerError.is(error) ? error.statusCode : undefined)) reportError(callError, { operation: operation.operationName ?? 'anonymous' });
  });
}

/** The subscription link: operations go over the realtime connection. */
export function createRealtimeLink(connection: RealtimeConnection): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) =>
        connection.subscribe(
          { query: print(operation.query), operationName: operation.operationName, variables: operation.variables },
          {
            next: (result) => observer.next(result as ApolloLink.Result),
            error: (error) => observer.error(error),
            complete: () => observer.complete(),
          },
        ),
      ),
  );
}

function isSubscription(query: DocumentNode): boolean {
  const definition = getMainDefinition(query);
  return definition.kind === 'OperationDefinition' && definition.operation === 'subscription';
}

/** Builds the player's Apollo Client over the one link chain. */
export function createApolloClient(options: { tokens: TokenRefresher; realtime: RealtimeConnection }): ApolloClient {
  const http = new HttpLink({ uri: GRAPHQL_ENDPOINT, credentials: 'same-origin' });
  const link = ApolloLink.split(
    ({ query }) => isSubscription(query),
    createRealtimeLink(options.realtime),
    ApolloLink.from([createReportingLink(), createRetryLink(), createAuthLink(options.tokens), http]),
  );
  return new ApolloClient({
    link,
    cache: new InMemoryCache(),
    defaultOptions: { query: { fetchPolicy: 'network-only' }, watchQuery: { fetchPolicy: 'network-only' } },
  });
}

/**
 * The account features' view of the client: a generated document in, its data out (never from the
 * cache: every read asks the platform), parsed for Apollo on first use.
 */
export function playerClientOf(client: ApolloClient): PlayerClient {
  const answered = <T>(document: TypedDocumentString<T, never>, data: unknown): T => {
    if (data === undefined || data === null) throw new Error(`${operationNameOf(document)} returned nothing`);
    return data as T;
  };
  return {
    async query(document, variables) {
      const { data } = await client.query({ query: apolloDocument(document), variables: variables as ApolloClient.QueryOptions['variables'], fetchPolicy: 'network-only' });
      return answered(document, data);
    },
    async mutate(document, variables) {
      const { data } = await client.mutate({ mutation: apolloDocument(document), variables: variables as ApolloClient.MutateOptions['variables'] });
      return answered(document, data);
    },
  };
}
