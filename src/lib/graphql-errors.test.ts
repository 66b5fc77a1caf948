/**
 * Which failed calls go to error reporting (spec section 8): network errors other than 401, and
 * GraphQL errors no screen handles. The failures are the browser client's own, built from answers
 * as the lobby's proxy gives them, and the client is checked to hand over exactly those.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GraphqlClientError, graphqlRequest } from './graphql-client.ts';
import { GraphqlCallError, isReportable, toCallError } from './graphql-errors.ts';
import { TypedDocumentString } from './graphql/generated/graphql.ts';

const reported = vi.hoisted(() => [] as unknown[]);
vi.mock('./error-reporting/hand-over.ts', () => ({ reportLater: (error: unknown) => reported.push(error) }));

const QUERY = new TypedDocumentString<unknown, object>('query GameListSlice { ping }');

const answering = (status: number, body: unknown): typeof fetch =>
  (async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })) as typeof fetch;
const refusal = (reason: string, status = 200) => answering(status, { errors: [{ message: reason, extensions: { reason } }] });

async function failureOf(send: typeof fetch): Promise<GraphqlClientError> {
  const error = await graphqlRequest(QUERY, {}, { fetch: send }).then(() => null, (thrown: unknown) => thrown);
  if (error instanceof GraphqlClientError) return error;
  throw new Error(`expected a GraphqlClientError, got ${String(error)}`);
}

const offline = (async () => {
  throw new TypeError('Failed to fetch');
}) as typeof fetch;

describe('isReportable', () => {
  beforeEach(() => {
    reported.length = 0;
  });

  it('reports a network failure (no answer, a 5xx, a page instead of JSON), never a 401', async () => {
    for (const send of [offline, answering(502, 'Bad Gateway'), answering(503, {})]) {
      const error = await failureOf(send);
      expect(error.isNetworkError).toBe(true);
      expect(isReportable(error, error.status), error.message).toBe(true);
    }
    const unauthorised = await failureOf(answering(401, 'Unauthorized'));
    expect(unauthorised.isNetworkError).toBe(true);
    expect(isReportable(unauthorised, unauthorised.status)).toBe(false);
    // A thrown fetch turned into the shared shape (Apollo's path) has no status and is reported.
    expect(isReportable(toCallError(new TypeError('Failed to fetch')))).toBe(true);
  });

  it('reports the GraphQL errors no screen handles, not the refusals a screen explains', async () => {
    for (const kind of ['InternalError', 'GraphQLParseFailed', 'GraphQLValidationFailed', 'BadRequest']) {
      expect(isReportable(await failureOf(refusal(kind)), 200), kind).toBe(true);
    }
    // An error with neither reason nor type is of kind GraphQLError: nothing handles it.
    expect(isReportable(await failureOf(answering(200, { errors: [{ message: 'boom' }] })))).toBe(true);
    for (const kind of ['AuthenticationFailure', 'InvalidTokenFailure', 'DepositsBlocked', 'SelfExcluded', 'BadUserInput', 'TooManyRequests']) {
      expect(isReportable(await failureOf(refusal(kind)), 200), kind).toBe(false);
    }
    // A refusal the platform sends with a 4xx is still a refusal, not a network failure.
    const limited = await failureOf(refusal('TooManyRequests', 429));
    expect(limited.isNetworkError).toBe(false);
    expect(isReportable(limited, limited.status)).toBe(false);
    expect(isReportable(new GraphqlCallError('[GraphQL] x', 'InternalError'))).toBe(true);
  });

  it('the browser client hands over exactly the reportable failures, and none the caller reports itself or aborted', async () => {
    const internal = await failureOf(refusal('InternalError'));
    await failureOf(refusal('DepositsBlocked'));
    await failureOf(answering(401, 'Unauthorized'));
    const down = await failureOf(answering(502, 'Bad Gateway'));
    expect(reported).toEqual([internal, down]);

    await graphqlRequest(QUERY, {}, { fetch: refusal('InternalError'), report: false }).catch(() => undefined);
    const aborted = new AbortController();
    aborted.abort();
    await graphqlRequest(QUERY, {}, { fetch: offline, signal: aborted.signal }).catch(() => undefined);
    expect(reported).toHaveLength(2);
  });
});
