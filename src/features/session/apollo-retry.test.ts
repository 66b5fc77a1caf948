import { ApolloLink, execute, gql, ApolloClient, InMemoryCache } from '@apollo/client';
import { ServerError, CombinedGraphQLErrors } from '@apollo/client/errors';
import { Observable, firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRetryLink, isTransientFailure } from './apollo.ts';
import { QUERY_RETRY } from './call-policy.ts';

const QUERY = gql`query Balance { viewer { id } }`;
const MUTATION = gql`mutation Deposit { deposit { id } }`;

/** A terminating link that fails with each given error in turn, then answers. */
function flaky(failures: unknown[]) {
  const calls = { count: 0 };
  const link = new ApolloLink(() => new Observable((observer) => {
    const failure = failures[calls.count];
    calls.count += 1;
    if (failure !== undefined) observer.error(failure);
    else {
      observer.next({ data: { viewer: { id: '1' } } });
      observer.complete();
    }
  }));
  return { link, calls };
}

function run(query: typeof QUERY, failures: unknown[]) {
  const { link, calls } = flaky(failures);
  const chain = ApolloLink.from([createRetryLink(), link]);
  const client = new ApolloClient({ link: chain, cache: new InMemoryCache() });
  const result = firstValueFrom(execute(chain, { query }, { client }));
  return { result, calls };
}

const serverError = (status: number) => new ServerError('failed', { response: new Response('', { status }), bodyText: '' });

describe('query retry (spec section 9: 1 s, at most 15 s, 2 attempts)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a query that got no answer once more, after a delay of at most twice the initial one', async () => {
    const { result, calls } = run(QUERY, [new TypeError('Failed to fetch')]);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(QUERY_RETRY.initialDelayMs * 2);
    expect(calls.count).toBe(2);
    await expect(result).resolves.toMatchObject({ data: { viewer: { id: '1' } } });
  });

  it('gives up after two attempts in all', async () => {
    const { result, calls } = run(QUERY, [serverError(503), serverError(502), serverError(500)]);
    const settled = result.then(() => 'answered', (error: unknown) => error);
    await vi.advanceTimersByTimeAsync(QUERY_RETRY.maxDelayMs * 2);
    expect(calls.count).toBe(QUERY_RETRY.attempts);
    expect(ServerError.is(await settled)).toBe(true);
  });

  it('never sends a mutation again, nor a query the server refused on its merits', async () => {
    for (const [query, failure] of [[MUTATION, new TypeError('Failed to fetch')], [QUERY, serverError(400)]] as const) {
      const { result, calls } = run(query, [failure]);
      const settled = result.then(() => 'answered', (error: unknown) => error);
      await vi.advanceTimersByTimeAsync(QUERY_RETRY.maxDelayMs * 2);
      expect(calls.count).toBe(1);
      expect(await settled).toBe(failure);
    }
  });

  it('tells transient failures from answers', () => {
    expect(isTransientFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isTransientFailure(serverError(502))).toBe(true);
    expect(isTransientFailure(serverError(401))).toBe(false);
    expect(isTransientFailure(new CombinedGraphQLErrors({ errors: [{ message: 'no' }] }))).toBe(false);
  });
});
