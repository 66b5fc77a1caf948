/**
 * The player's histories (viewer.gameHistory, viewer.sessionHistory): real rounds appear with their
 * game, bet and win as the game server answered them, newest first, paged by cursor with `first`
 * bounded to 1..100, never another player's; bad cursors are clear GraphQL errors. Sessions list
 * newest first with the device and country of their sign-in (SMS, the identity provider and
 * pay-and-play each record them) and how they ended, the current one marked. Signed out, both refuse.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { depositEntries } from '../src/ledger/ledger.ts';
import { deviceOf } from '../src/auth/sign-in-origin.ts';
import { bearer, CookieJar, DATABASES, latestSmsCode, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** An address the fixture ip-country table maps to Canada (platform/data/ip-country.json). */
const CANADIAN_ADDRESS = '198.51.100.20';
const LAUNCH = 'mutation ($slug: String!) { launchGame(slug: $slug, mode: REAL, lobbyOrigin: "http://aurelia.localhost:4321") { gameSessionId } }';
const ROUNDS = `query ($first: Int, $after: String) { viewer { gameHistory(first: $first, after: $after) {
  edges { cursor node { id gameSlug gameName bet win currency status playedAt settledAt } } pageInfo { hasNextPage endCursor } } } }`;
const SESSIONS = `query ($first: Int, $after: String) { viewer { sessionId sessionHistory(first: $first, after: $after) {
  edges { cursor node { sessionId flow startedAt endedAt active current endReason device countryCode } } pageInfo { hasNextPage endCursor } } } }`;
const REDIRECT_URI = 'http://aurelia.localhost:4321/en/keycloak-login-handler/';

describe('device of a user agent', () => {
  it('reads phones and tablets as Mobile, everything else as Desktop, and nothing as unknown', () => {
    expect(deviceOf(PHONE_AGENT)).toBe('Mobile');
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1')).toBe('Mobile');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36')).toBe('Mobile');
    expect(deviceOf(DESKTOP_AGENT)).toBe('Desktop');
    expect(deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15')).toBe('Desktop');
    expect(deviceOf('')).toBeNull();
    expect(deviceOf(undefined)).toBeNull();
  });
});

describe.each(DATABASES)('player histories on $name', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    // One phone signs in several times in a row here: no resend cooldown between the codes.
    app = await startPlatform(database, { auth: { smsResendCooldownSeconds: 0 } });
  });
  afterAll(() => app?.close());

  let phones = 0;
  /** Signs a new SMS player in, the request carrying these headers (user agent, forwarded address). */
  const smsSignIn = async (phone: string, headers: Record<string, string> = {}) => {
    await app.gql('mutation ($p: String!) { requestSmsLoginCode(phoneNumber: $p) { phoneNumber } }', { p: phone });
    const code = await latestSmsCode(app, phone);
    const verified = await app.gql(
      'mutation ($p: String!, $c: String!) { verifySmsLoginCode(phoneNumber: $p, code: $c) { accessToken refreshToken sessionId } }',
      { p: phone, c: code },
      headers,
    );
    expect(verified.errors).toBeUndefined();
    return verified.data.verifySmsLoginCode as { accessToken: string; refreshToken: string; sessionId: string };
  };
  const newPhone = () => `+35840${String(Date.now() % 1_000_000).padStart(6, '0')}${(phones += 1)}`;

  /** A new player with 50.00 EUR, signed in. */
  const fundedPlayer = async () => {
    const tokens = await smsSignIn(newPhone(), { 'user-agent': DESKTOP_AGENT });
    const headers = bearer(tokens.accessToken);
    const { rows } = await app.platform.db.query<{ wallet: string }>('select w.id as wallet from wallets w join sessions s on s.player_id = w.player_id where s.sid = $1', [tokens.sessionId]);
    await app.platform.services.ledger.post({ idempotencyKey: `test-credit-${randomUUID()}`, walletId: rows[0]?.wallet as string, kind: 'Deposit', entries: depositEntries(5_000n) });
    return { headers, tokens };
  };

  /** Launches the first two unrestricted slots for real and returns a way to play a round of either. */
  const slots = async (headers: Record<string, string>) => {
    const { rows } = await app.platform.db.query<{ slug: string; name: string }>(
      `select slug, name from games where 'slots' = any(categories) and not is_live_casino and restricted_licences = '{}' and restricted_countries = '{}' order by idx limit 2`,
    );
    const launched = [];
    for (const game of rows) {
      const result = await app.gql(LAUNCH, { slug: game.slug }, headers);
      expect(result.errors).toBeUndefined();
      launched.push({ ...game, gameSessionId: result.data.launchGame.gameSessionId as string });
    }
    return launched;
  };
  const play = async (gameSessionId: string, bet: string) => {
    const response = await fetch(`${app.url}/games/api/${gameSessionId}/rounds`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ roundId: `round-${randomUUID()}`, bet }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { round: { bet: string; win: string | null; status: string } }).round;
  };

  it('lists the rounds played, newest first, with the game, the bet and the win the game server answered', async () => {
    const { headers } = await fundedPlayer();
    const [first, second] = await slots(headers);
    const played = [
      { game: first!, round: await play(first!.gameSessionId, '1.00') },
      { game: second!, round: await play(second!.gameSessionId, '2.50') },
      { game: first!, round: await play(first!.gameSessionId, '0.50') },
    ];
    const { data, errors } = await app.gql(ROUNDS, {}, headers);
    expect(errors).toBeUndefined();
    const nodes = data.viewer.gameHistory.edges.map((edge: { node: unknown }) => edge.node);
    expect(nodes).toHaveLength(3);
    expect(nodes).toEqual(played.reverse().map(({ game, round }) => expect.objectContaining({
      gameSlug: game.slug, gameName: game.name, bet: round.bet, win: round.win, currency: 'EUR', status: 'Settled',
    })));
    expect(nodes.map((node: { bet: string }) => node.bet)).toEqual(['0.50', '2.50', '1.00']);
    // Exact decimal strings, never floats: a win is "x.yy" with two decimals, as the ledger posted it.
    for (const node of nodes) expect(node.win).toMatch(/^\d+\.\d{2}$/);
    const playedAt = nodes.map((node: { playedAt: string }) => Date.parse(node.playedAt));
    expect([...playedAt].sort((a, b) => b - a)).toEqual(playedAt);
    expect(data.viewer.gameHistory.pageInfo).toEqual({ hasNextPage: false, endCursor: data.viewer.gameHistory.edges[2].cursor });

    // The ledger agrees: the wins listed are what was credited for this player's rounds.
    const { rows } = await app.platform.db.query<{ won: string }>(
      `select coalesce(sum(po.amount_minor), 0)::text as won from ledger_postings po join ledger_transactions t on t.id = po.transaction_id
        join ledger_accounts a on a.id = po.account_id join wallets w on w.id = a.wallet_id
        join sessions s on s.player_id = w.player_id
       where s.sid = $1 and t.kind = 'CasinoWin' and a.code in ('cash', 'bonus') and po.amount_minor > 0`,
      [(await app.gql('{ viewer { sessionId } }', {}, headers)).data.viewer.sessionId],
    );
    const listedMinor = nodes.reduce((sum: bigint, node: { win: string }) => sum + BigInt(node.win.replace('.', '')), 0n);
    expect(listedMinor.toString()).toBe(rows[0]?.won);
  });

  it('pages with cursors, bounds first to 1..100, refuses a bad cursor clearly, and never shows another player’s rounds', async () => {
    const me = await fundedPlayer();
    const other = await fundedPlayer();
    const [mine] = await slots(me.headers);
    const [theirs] = await slots(other.headers);
    for (const bet of ['1.00', '2.00', '3.00', '4.00', '5.00']) await play(mine!.gameSessionId, bet);
    for (let round = 0; round < 3; round += 1) await play(theirs!.gameSessionId, '0.75');

    const bets: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page: { data?: any; errors?: unknown } = await app.gql(ROUNDS, { first: 2, after }, me.headers);
      expect(page.errors).toBeUndefined();
      const connection = page.data.viewer.gameHistory;
      expect(connection.edges.length).toBeLessThanOrEqual(2);
      bets.push(...connection.edges.map((edge: { node: { bet: string } }) => edge.node.bet));
      after = connection.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null;
      pages += 1;
    } while (after !== null && pages < 10);
    expect(pages).toBe(3);
    expect(bets).toEqual(['5.00', '4.00', '3.00', '2.00', '1.00']);

    // The other player sees only their own three 0.75 rounds.
    const theirsListed = await app.gql(ROUNDS, { first: 100 }, other.headers);
    expect(theirsListed.data.viewer.gameHistory.edges.map((edge: { node: { bet: string } }) => edge.node.bet)).toEqual(['0.75', '0.75', '0.75']);

    for (const first of [0, -1, 101]) {
      const refused = await app.gql(ROUNDS, { first }, me.headers);
      expect(refused.status).toBe(200);
      expect(refused.errors?.[0]).toMatchObject({ message: `first must be a whole number between 1 and 100, not ${first}`, extensions: { reason: 'BadUserInput' } });
    }
    const sessionCursor = Buffer.from(`s:${randomBytes(18).toString('base64url')}`).toString('base64url');
    for (const bad of ['nonsense', 'cDox', sessionCursor, 'x'.repeat(300)]) {
      const refused = await app.gql(ROUNDS, { after: bad }, me.headers);
      expect(refused.status, bad).toBe(200);
      expect(refused.errors?.[0]?.extensions.reason, bad).toBe('BadUserInput');
      expect(refused.errors?.[0]?.message, bad).toMatch(/is not a cursor of the game history: pass pageInfo\.endCursor of the page before$/);
    }
  });

  it('lists sessions newest first with device, country and how each ended, the current one marked', async () => {
    const phone = newPhone();
    const oldest = await smsSignIn(phone, { 'user-agent': PHONE_AGENT, 'x-forwarded-for': CANADIAN_ADDRESS });
    const loggedOut = await smsSignIn(phone, { 'user-agent': DESKTOP_AGENT });
    const destroyed = await smsSignIn(phone, { 'user-agent': DESKTOP_AGENT });
    const expired = await smsSignIn(phone, { 'user-agent': PHONE_AGENT });
    const current = await smsSignIn(phone, { 'user-agent': DESKTOP_AGENT });
    expect((await app.gql('mutation { logout { loggedOut } }', {}, bearer(loggedOut.accessToken))).errors).toBeUndefined();
    expect((await app.gql('mutation ($s: ID) { sandboxDestroySession(sessionId: $s) { destroyedSessionIds } }', { s: destroyed.sessionId })).errors).toBeUndefined();
    // Nobody ended it, but it can no longer be refreshed.
    await app.platform.db.query(`update refresh_tokens set expires_at = now() - interval '1 hour' where session_id = $1`, [expired.sessionId]);

    const { data, errors } = await app.gql(SESSIONS, {}, bearer(current.accessToken));
    expect(errors).toBeUndefined();
    expect(data.viewer.sessionId).toBe(current.sessionId);
    const nodes = data.viewer.sessionHistory.edges.map((edge: { node: Record<string, unknown> }) => edge.node);
    expect(nodes.map((node: { sessionId: string }) => node.sessionId)).toEqual([current, expired, destroyed, loggedOut, oldest].map((tokens) => tokens.sessionId));
    expect(nodes[0]).toMatchObject({ flow: 'sms', active: true, current: true, endedAt: null, endReason: null, device: 'Desktop', countryCode: 'FI' });
    expect(nodes[1]).toMatchObject({ active: false, current: false, endReason: 'Expired', device: 'Mobile', countryCode: 'FI' });
    expect(nodes[2]).toMatchObject({ active: false, current: false, endReason: 'EndedElsewhere', device: 'Desktop' });
    expect(nodes[3]).toMatchObject({ active: false, current: false, endReason: 'SignedOut', device: 'Desktop' });
    expect(nodes[4]).toMatchObject({ active: true, current: false, endReason: null, device: 'Mobile', countryCode: 'CA' });
    for (const node of nodes.slice(2, 4)) expect(Date.parse(node.endedAt)).toBeGreaterThanOrEqual(Date.parse(node.startedAt));
    // An expired session ended when its last refresh token stopped working.
    expect(nodes[1].endedAt).toBe((await app.platform.db.query<{ at: Date }>('select max(expires_at) as at from refresh_tokens where session_id = $1', [expired.sessionId])).rows[0]?.at.toISOString());

    // Paged: two, two and one, no overlap; a cursor naming a session that is not this player's is refused.
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 3; page += 1) {
      const result: { data?: any } = await app.gql(SESSIONS, { first: 2, after }, bearer(current.accessToken));
      seen.push(...result.data.viewer.sessionHistory.edges.map((edge: { node: { sessionId: string } }) => edge.node.sessionId));
      after = result.data.viewer.sessionHistory.pageInfo.endCursor;
      expect(result.data.viewer.sessionHistory.pageInfo.hasNextPage).toBe(page < 2);
    }
    expect(seen).toEqual(nodes.map((node: { sessionId: string }) => node.sessionId));
    const stranger = await smsSignIn(newPhone());
    const foreign = Buffer.from(`s:${stranger.sessionId}`).toString('base64url');
    const refused = await app.gql(SESSIONS, { after: foreign }, bearer(current.accessToken));
    expect(refused.errors?.[0]).toMatchObject({ extensions: { reason: 'BadUserInput' } });
    expect(refused.errors?.[0]?.message).toContain('is not a cursor of the session history');
    const strangerSessions = await app.gql(SESSIONS, {}, bearer(stranger.accessToken));
    expect(strangerSessions.data.viewer.sessionHistory.edges.map((edge: { node: { sessionId: string } }) => edge.node.sessionId)).toEqual([stranger.sessionId]);
    expect((await app.gql(SESSIONS, { first: 101 }, bearer(current.accessToken))).errors?.[0]?.extensions.reason).toBe('BadUserInput');
  });

  it('records the device and country of identity-provider and pay-and-play sign-ins', async () => {
    const browser = { 'user-agent': PHONE_AGENT, 'x-forwarded-for': CANADIAN_ADDRESS };
    // The identity provider: the browser's authorization request opens the grant's session.
    const discovery = (await (await fetch(`${app.url}/auth/realms/aurelia/.well-known/openid-configuration`)).json()) as Record<string, string>;
    const jar = new CookieJar();
    const browse = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(new URL(url, app.url).href, { ...init, redirect: 'manual', headers: { ...browser, ...(init.headers as Record<string, string>), cookie: jar.header() } });
      jar.take(response);
      return response;
    };
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(discovery.authorization_endpoint as string);
    for (const [key, value] of Object.entries({
      client_id: 'app', redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'openid profile email offline_access', state: 's', nonce: 'n',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256',
    })) authorize.searchParams.set(key, value);
    const loginUrl = (await browse(authorize.href)).headers.get('location') as string;
    await browse(loginUrl);
    const done = await browse(loginUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: 'login', identifier: 'verified', password: 'Demo-pass-1' }).toString() });
    const code = new URL((await browse(done.headers.get('location') as string)).headers.get('location') as string).searchParams.get('code') as string;
    const tokenResponse = await fetch(discovery.token_endpoint as string, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'app', grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }).toString(),
    });
    const accessToken = ((await tokenResponse.json()) as { access_token: string }).access_token;
    // The token's first use is a server's request (no user agent, loopback): the session keeps the browser's facts.
    const oidc = await app.gql(SESSIONS, { first: 1 }, bearer(accessToken));
    expect(oidc.errors).toBeUndefined();
    expect(oidc.data.viewer.sessionHistory.edges[0].node).toMatchObject({ flow: 'keycloak', current: true, active: true, device: 'Mobile', countryCode: 'CA' });

    // Pay-and-play: the bank's confirmation opens the session.
    const bank = await fetch(`${app.url}/platform/sandbox/trustly/`, {
      method: 'POST', redirect: 'manual',
      headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ brand: 'aurelia', locale: 'en', returnUrl: 'http://aurelia.localhost:4321/en/trustly-login-handler/', person: 'aurelia-verified', orderId: `history-${randomUUID()}` }).toString(),
    });
    expect(bank.status).toBe(303);
    const bankToken = new URL(bank.headers.get('location') as string).searchParams.get('accessToken') as string;
    const paid = await app.gql(SESSIONS, { first: 1 }, bearer(bankToken));
    expect(paid.data.viewer.sessionHistory.edges[0].node).toMatchObject({ flow: 'trustly', current: true, device: 'Mobile', countryCode: 'CA' });
  });

  it('refuses both histories without a signed-in player', async () => {
    for (const query of [ROUNDS, SESSIONS]) {
      const refused = await app.gql(query);
      expect(refused.data?.viewer ?? null).toBeNull();
      expect(refused.errors?.[0]?.extensions.reason).toBe('AuthenticationFailure');
    }
  });
});
