/**
 * The browser GraphQL client's error shapes (spec section 8). It lives in src/lib; its test sits
 * here because the games feature is the client's first user.
 */
import { describe, expect, it } from 'vitest';
import { GraphqlClientError, graphqlRequest } from './graphql-client.ts';
import { TypedDocumentString } from './graphql/generated/graphql.ts';

const PING = new TypedDocumentString<{ ping: boolean }, { a: number }>('query Ping { ping }');

const answer = (status: number, body: unknown): typeof fetch =>
  (async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, statusText: status === 200 ? 'OK' : 'Bad Gateway' })) as typeof fetch;

async function failureOf(send: typeof fetch): Promise<GraphqlClientError> {
  try {
    await graphqlRequest(new TypedDocumentString<unknown, object>('query GameListSlice { ping }'), {}, { fetch: send });
  } catch (error) {
    if (error instanceof GraphqlClientError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('graphqlRequest', () => {
  it('POSTs query, operationName and variables to same-origin /graphql and returns data', async () => {
    let seen: { url: string; init: RequestInit } | undefined;
    const send = (async (url: string, init: RequestInit) => {
      seen = { url, init };
      return new Response(JSON.stringify({ data: { ping: true } }));
    }) as unknown as typeof fetch;
    const data = await graphqlRequest(PING, { a: 1 }, { fetch: send });
    expect(data).toEqual({ ping: true });
    expect(seen?.url).toBe('/graphql');
    expect(seen?.init.method).toBe('POST');
    expect(JSON.parse(String(seen?.init.body))).toEqual({ query: 'query Ping { ping }', operationName: 'Ping', variables: { a: 1 } });
  });

  it('prefixes GraphQL errors with [GraphQL], takes the kind from the first reason and keeps the trace id', async () => {
    const error = await failureOf(answer(200, {
      errors: [{ message: 'first must be between 0 and 100', extensions: { reason: 'BadUserInput', traceId: 'abc123' } }, { message: 'second' }],
      data: null,
    }));
    expect(error.message).toBe('[GraphQL] GameListSlice: first must be between 0 and 100');
    expect(error.kind).toBe('BadUserInput');
    expect(error.traceId).toBe('abc123');
    expect(error.extensions).toEqual({ reason: 'BadUserInput', traceId: 'abc123' });
    expect(error.isNetworkError).toBe(false);
  });

  it('falls back to the type without dollar signs when there is no reason', async () => {
    const error = await failureOf(answer(200, { errors: [{ message: 'nope', extensions: { type: '$Auth$Failure' } }] }));
    expect(error.kind).toBe('AuthFailure');
  });

  it('prefixes network failures, non-JSON answers and failed statuses with [Network]', async () => {
    const offline = await failureOf((async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch);
    expect(offline.message).toBe('[Network] Could not fetch: /graphql. Message: Failed to fetch');
    expect(offline.kind).toBe('NetworkError');
    const html = await failureOf(answer(502, '<html>Bad gateway</html>'));
    expect(html.message).toBe('[Network] /graphql answered 502 Bad Gateway without JSON');
    expect(html.status).toBe(502);
    const empty = await failureOf(answer(502, {}));
    expect(empty.message).toBe('[Network] /graphql answered 502 Bad Gateway');
    expect(empty.isNetworkError).toBe(true);
  });
});

describe('generated documents', () => {
  it('are sent under the name of their operation, fragments and all', async () => {
    const { SearchGamesDocument } = await import('./graphql/generated/graphql.ts');
    let body: { query: string; operationName: string } | undefined;
    const send = (async (_url: string, init: RequestInit) => {
      body = JSON.parse(String(init.body));
      return new Response(JSON.stringify({ data: { searchGames: { query: 'x', totalCount: 0, games: [], studios: [] } } }));
    }) as unknown as typeof fetch;
    const data = await graphqlRequest(SearchGamesDocument, { query: 'x', first: 1 }, { fetch: send });
    expect(data.searchGames.totalCount).toBe(0);
    expect(body?.operationName).toBe('SearchGames');
    expect(body?.query).toMatch(/^\s*query SearchGames\(/);
    expect(body?.query).toContain('fragment GameTile on Game');
  });

  it('refuses a document without a named operation', async () => {
    await expect(graphqlRequest(new TypedDocumentString<unknown, object>('{ ping }'), {})).rejects.toThrow(/named operation/);
  });
});
