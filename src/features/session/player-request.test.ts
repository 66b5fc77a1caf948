/**
 * The light player request keeps the Apollo link chain's policy (spec sections 7 to 9): Bearer on
 * every operation but two, one refresh and one retry on refusal, a query (never a mutation) sent
 * once more after a network or 5xx failure, and reporting of what still fails.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GraphqlClientError } from '../../lib/graphql-client.ts';
import { TypedDocumentString } from '../../lib/graphql/generated/graphql.ts';
import type { TokenRefresher } from './token-refresh.ts';

const reported: unknown[] = [];
vi.mock('../../lib/error-reporting/hand-over.ts', () => ({ reportLater: (error: unknown) => reported.push(error) }));
const { createPlayerRequest } = await import('./player-request.ts');

const QUERY = new TypedDocumentString<{ viewer: { id: string } }, Record<string, never>>('query GetPlayerInfo { viewer { id } }');
const MUTATION = new TypedDocumentString<{ logout: boolean }, Record<string, never>>('mutation Logout { logout }');
const REFRESH = new TypedDocumentString<{ ok: boolean }, { refreshToken: string }>('mutation RefreshAccessToken($refreshToken: String!) { ok }');

interface Sent {
  authorization: string | null;
  operationName: string;
}

/** A fetch that answers each call with the next of `answers` (a Response, or an Error to throw), recording what was sent. */
function platform(answers: (Response | Error)[]) {
  const sent: Sent[] = [];
  const send = (async (_url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    sent.push({ authorization: headers.get('authorization'), operationName: (JSON.parse(String(init.body)) as { operationName: string }).operationName });
    const answer = answers[sent.length - 1] ?? new Response(JSON.stringify({ data: { viewer: { id: 'p1' } } }));
    if (answer instanceof Error) throw answer;
    return answer;
  }) as unknown as typeof fetch;
  return { send, sent };
}

const ok = (data: unknown) => new Response(JSON.stringify({ data }));
const refused = () => new Response(JSON.stringify({ errors: [{ message: 'token expired', extensions: { reason: 'AuthenticationFailure' } }] }), { status: 401 });
const down = (status: number) => new Response('<html>bad gateway</html>', { status });

function tokens(): TokenRefresher & { refreshed: (string | null)[] } {
  let current = 'access-1';
  const refreshed: (string | null)[] = [];
  return {
    refreshed,
    freshAccessToken: () => Promise.resolve(current),
    refresh(stale) {
      refreshed.push(stale);
      current = 'access-2';
      return Promise.resolve({ accessToken: current, refreshToken: 'refresh-2' });
    },
  };
}

describe('the light player request', () => {
  const sleeps: number[] = [];
  const sleep = (ms: number) => {
    sleeps.push(ms);
    return Promise.resolve();
  };
  beforeEach(() => {
    reported.length = 0;
    sleeps.length = 0;
  });

  it('sends the access token as a Bearer header and returns the data', async () => {
    const { send, sent } = platform([ok({ viewer: { id: 'p1' } })]);
    await expect(createPlayerRequest(tokens(), { fetch: send, sleep })(QUERY, {})).resolves.toEqual({ viewer: { id: 'p1' } });
    expect(sent).toEqual([{ authorization: 'Bearer access-1', operationName: 'GetPlayerInfo' }]);
  });

  it('sends RefreshAccessToken without a token (spec section 7)', async () => {
    const { send, sent } = platform([ok({ ok: true })]);
    await createPlayerRequest(tokens(), { fetch: send, sleep })(REFRESH, { refreshToken: 'r' });
    expect(sent[0]?.authorization).toBeNull();
  });

  it('refreshes once and retries once when the token is refused, and not a third time', async () => {
    const session = tokens();
    const { send, sent } = platform([refused(), ok({ viewer: { id: 'p1' } })]);
    await expect(createPlayerRequest(session, { fetch: send, sleep })(QUERY, {})).resolves.toEqual({ viewer: { id: 'p1' } });
    expect(session.refreshed).toEqual(['access-1']);
    expect(sent.map((call) => call.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);

    const again = platform([refused(), refused(), ok({})]);
    const error = await createPlayerRequest(tokens(), { fetch: again.send, sleep })(QUERY, {}).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(GraphqlClientError);
    expect((error as GraphqlClientError).kind).toBe('AuthenticationFailure');
    expect(again.sent).toHaveLength(2);
    // A refused session is the session's business, not a fault to report.
    expect(reported).toEqual([]);
  });

  it('sends a query again after about a second when it got no answer or a 5xx, once', async () => {
    const { send, sent } = platform([new TypeError('Failed to fetch'), ok({ viewer: { id: 'p1' } })]);
    await expect(createPlayerRequest(tokens(), { fetch: send, sleep })(QUERY, {})).resolves.toEqual({ viewer: { id: 'p1' } });
    expect(sent).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeLessThanOrEqual(2000);

    const failing = platform([down(502), down(503), ok({})]);
    const error = await createPlayerRequest(tokens(), { fetch: failing.send, sleep })(QUERY, {}).catch((failure: unknown) => failure);
    expect((error as GraphqlClientError).isNetworkError).toBe(true);
    expect(failing.sent).toHaveLength(2);
    expect(reported).toEqual([error]);
  });

  it('never sends a mutation twice, and does not retry what the platform refused on purpose', async () => {
    const mutation = platform([new TypeError('Failed to fetch'), ok({ logout: true })]);
    await expect(createPlayerRequest(tokens(), { fetch: mutation.send, sleep })(MUTATION, {})).rejects.toThrow('[Network]');
    expect(mutation.sent).toHaveLength(1);

    const refusal = new Response(JSON.stringify({ errors: [{ message: 'no', extensions: { reason: 'BadUserInput' } }] }));
    const refusing = platform([refusal, ok({})]);
    await expect(createPlayerRequest(tokens(), { fetch: refusing.send, sleep })(QUERY, {})).rejects.toThrow('[GraphQL] GetPlayerInfo: no');
    expect(refusing.sent).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});
