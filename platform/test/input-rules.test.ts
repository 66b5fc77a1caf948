import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPlayer } from '../src/players/repository.ts';
import { DATABASES, bearer, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

describe.each(DATABASES)('GraphQL input boundary on $name', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    app = await startPlatform(database);
  });
  afterAll(() => app?.close());

  const refused = async (query: string, variables: Record<string, unknown>, field: string, message: RegExp, headers: Record<string, string> = {}) => {
    const reply = await app.gql(query, variables, headers);
    expect(reply.errors?.[0]?.extensions).toMatchObject({ reason: 'BadUserInput', field, traceId: expect.any(String) });
    expect(reply.errors?.[0]?.message).toMatch(message);
    // What the client reads names the argument and the fix, never an internal error or a stack.
    expect(JSON.stringify(reply.errors)).not.toMatch(/InternalError|\bat [\w.]+ \(|node:internal|\.ts:\d+/);
    return reply;
  };

  it('refuses control characters in any text argument', async () => {
    await refused('query ($s: String!) { game(slug: $s) { name } }', { s: 'starlit\u0000' }, 'slug', /control characters/);
    await refused('query ($s: String!) { game(slug: $s) { name } }', { s: 'line\nbreak' }, 'slug', /control characters/);
    await refused('query ($k: [String!]!) { translations(locale: "en", keys: $k) }', { k: ['common.signIn', 'bad\u001b[31m'] }, 'keys.1', /control characters/);
  });

  it('refuses text longer than 100 characters, and longer tokens than a token can be', async () => {
    await refused('query ($q: String!) { searchGames(query: $q) { totalCount } }', { q: 'x'.repeat(101) }, 'query', /at most 100 characters/);
    await refused('mutation ($t: String!) { refreshAccessToken(refreshToken: $t) { accessToken } }', { t: 'x'.repeat(5000) }, 'refreshToken', /at most 4096 characters/);
    const ok = await app.gql('query ($q: String!) { searchGames(query: $q) { totalCount } }', { q: 'x'.repeat(100) });
    expect(ok.errors).toBeUndefined();
  });

  it('checks formats and the text inside input objects, and stores nothing', async () => {
    await refused('mutation ($p: String!) { requestSmsLoginCode(phoneNumber: $p) { phoneNumber } }', { p: '+358<script>' }, 'phoneNumber', /must be a phone number/);
    const player = await findPlayer(app.platform.db, 'aurelia', 'verified');
    const { accessToken } = await app.platform.services.auth.startSession({ playerId: player?.id as string, brand: 'aurelia', flow: 'sms', passwordless: true });
    const before = (await app.platform.db.query<{ n: number }>('select count(*)::int as n from payments')).rows[0]?.n;
    await refused(
      'mutation ($i: InitiateDepositInput!) { initiateDeposit(input: $i) { payment { id } } }',
      { i: { amount: '25', currency: 'EUR', provider: 'TRUSTLY', idempotencyKey: `${randomUUID()}\u0000` } },
      'input.idempotencyKey',
      /control characters/,
      bearer(accessToken),
    );
    expect((await app.platform.db.query<{ n: number }>('select count(*)::int as n from payments')).rows[0]?.n).toBe(before);
  });
});
