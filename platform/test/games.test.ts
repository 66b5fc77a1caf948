import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actBlackjack, dealBlackjack, roundRandom, slotReturnToPlayer, spinSlot } from '../src/games/engines.ts';
import { liveOutcome, liveRoundAt } from '../src/games/live.ts';
import { normaliseSearchText } from '../src/games/search.ts';
import { findPlayer } from '../src/players/repository.ts';
import { bearer, DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const LAUNCH = `mutation Launch($slug: String!, $mode: GameMode!, $currency: String, $lobbyOrigin: String) {
  launchGame(slug: $slug, mode: $mode, currency: $currency, lobbyOrigin: $lobbyOrigin) { url mode gameSessionId gameServerOrigin lobbyOrigin currency game { slug minBet maxBet } }
}`;
const LOBBY = 'http://aurelia.localhost:4321';

describe('game engines', () => {
  it('draws the same outcome for the same key and round, and pays the slot about 96 %', () => {
    expect(spinSlot(roundRandom('k', 'round-1'), 100n)).toEqual(spinSlot(roundRandom('k', 'round-1'), 100n));
    expect(slotReturnToPlayer()).toBeGreaterThan(0.95);
    expect(slotReturnToPlayer()).toBeLessThan(0.97);
    expect(normaliseSearchText("  Café HOLD’em – Ørsted ")).toBe('cafe holdem orsted');
  });
});

describe.each(DATABASES)('demo games on $name', (database) => {
  let app: TestPlatform;
  const tokens = new Map<string, string>();
  /** A signed-in player's bearer header (a session opened directly, faster than SMS). */
  const as = async (username: string) => {
    let token = tokens.get(username);
    if (!token) {
      const player = await findPlayer(app.platform.db, 'aurelia', username);
      token = (await app.platform.services.auth.startSession({ playerId: player?.id as string, brand: 'aurelia', flow: 'sms', passwordless: true })).accessToken;
      tokens.set(username, token);
    }
    return bearer(token);
  };
  const launch = async (slug: string, mode: 'REAL' | 'FUN', headers: Record<string, string> = {}) => {
    const response = await app.gql(LAUNCH, { slug, mode, lobbyOrigin: LOBBY }, headers);
    expect(response.errors).toBeUndefined();
    return response.data.launchGame as { url: string; gameSessionId: string; gameServerOrigin: string; currency: string; game: { minBet: string; maxBet: string } };
  };
  const api = async (session: string, path: string, body?: object, headers: Record<string, string> = {}) => {
    const response = await fetch(`${app.url}/games/api/${session}${path}`, body === undefined ? { headers } : { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as any };
  };
  const slugWhere = async (where: string) => {
    const { rows } = await app.platform.db.query<{ slug: string }>(
      `select slug from games where ${where} and restricted_licences = '{}' and restricted_countries = '{}' order by idx limit 1`,
    );
    return rows[0]?.slug as string;
  };
  const seedOf = async (session: string) =>
    (await app.platform.db.query<{ server_seed: string }>('select server_seed from game_sessions where id = $1', [session])).rows[0]?.server_seed as string;
  const cash = async (username: string) => {
    const player = await findPlayer(app.platform.db, 'aurelia', username);
    return (await app.platform.services.ledger.balances(player?.wallet_id as string)).cash;
  };
  const ledgerCount = async () => (await app.platform.db.query<{ n: number }>('select count(*)::int as n from ledger_transactions')).rows[0]?.n;

  beforeAll(async () => {
    app = await startPlatform(database, { auth: { enableSandboxAdmin: true }, settleIntervalMs: 0 });
  });
  afterAll(() => app?.close());

  it('plays a REAL slot round as a bet and a win in the ledger, once per round id', async () => {
    const slug = await slugWhere(`'slots' = any(categories) and play_for_fun`);
    const launched = await launch(slug, 'REAL', await as('wallet-eur'));
    expect(launched.url).toBe(`${app.url}/games/play/${launched.gameSessionId}`);
    expect(launched.gameServerOrigin).toBe(app.url);
    expect(launched.currency).toBe('EUR');
    const seed = await seedOf(launched.gameSessionId);
    const bet = 100n;
    // Round ids chosen so that one wins and one loses under this session's secret seed.
    const ids = Array.from({ length: 200 }, (_, index) => `round-${index.toString().padStart(4, '0')}`);
    const winning = ids.find((id) => spinSlot(roundRandom(seed, id), bet).winMinor > 0n) as string;
    const losing = ids.find((id) => spinSlot(roundRandom(seed, id), bet).winMinor === 0n) as string;

    const player = await findPlayer(app.platform.db, 'aurelia', 'wallet-eur');
    const events = app.platform.services.events.subscribe(player?.id as string, 'balanceUpdated');
    const before = await cash('wallet-eur');
    const won = await api(launched.gameSessionId, '/rounds', { roundId: winning, bet: '1.00' });
    expect(won.status).toBe(200);
    const expectedWin = spinSlot(roundRandom(seed, winning), bet).winMinor;
    expect(won.body).toMatchObject({ replayed: false, currency: 'EUR', round: { roundId: winning, status: 'settled', bet: '1.00' } });
    expect(won.body.round.win).toBe((Number(expectedWin) / 100).toFixed(2));
    expect(await cash('wallet-eur')).toBe(before - bet + expectedWin);
    expect(won.body.balance).toBe(((Number(before - bet + expectedWin)) / 100).toFixed(2));
    expect((await events.next()).value).toMatchObject({ moneyType: 'CasinoBet', transactionKind: 'CasinoBet', amount: '1.00', currency: 'EUR' });
    expect((await events.next()).value).toMatchObject({ moneyType: 'CasinoBet', transactionKind: 'CasinoWin', amount: won.body.round.win, balance: won.body.balance, bonusBalance: '0.00' });
    await events.return?.();

    const lost = await api(launched.gameSessionId, '/rounds', { roundId: losing, bet: '1.00' });
    expect(lost.body.round).toMatchObject({ status: 'settled', win: '0.00' });
    expect(await cash('wallet-eur')).toBe(before - 2n * bet + expectedWin);

    // Bet and win are separate, balanced ledger transactions keyed by the round.
    const { rows } = await app.platform.db.query<{ idempotency_key: string; kind: string; total: string; cash: string }>(
      `select t.idempotency_key, t.kind, sum(p.amount_minor)::text as total,
              sum(p.amount_minor) filter (where a.wallet_id is not null)::text as cash
         from ledger_transactions t join ledger_postings p on p.transaction_id = t.id join ledger_accounts a on a.id = p.account_id
        where t.idempotency_key like $1 group by t.id order by t.id`,
      [`casino:${launched.gameSessionId}:%`],
    );
    expect(rows).toEqual([
      { idempotency_key: `casino:${launched.gameSessionId}:${winning}:bet`, kind: 'CasinoBet', total: '0', cash: '-100' },
      { idempotency_key: `casino:${launched.gameSessionId}:${winning}:win`, kind: 'CasinoWin', total: '0', cash: expectedWin.toString() },
      { idempotency_key: `casino:${launched.gameSessionId}:${losing}:bet`, kind: 'CasinoBet', total: '0', cash: '-100' },
    ]);

    // Replaying a round id changes nothing; the same id with another bet is a conflict.
    const count = await ledgerCount();
    const replay = await api(launched.gameSessionId, '/rounds', { roundId: winning, bet: '1.00' });
    expect(replay.body).toMatchObject({ replayed: true, round: { win: won.body.round.win } });
    expect(await ledgerCount()).toBe(count);
    expect(await cash('wallet-eur')).toBe(before - 2n * bet + expectedWin);
    expect((await api(launched.gameSessionId, '/rounds', { roundId: winning, bet: '2.00' })).body.error.reason).toBe('IdempotencyConflict');

    // Bets outside the game's limits, malformed amounts and foreign pages are refused.
    expect((await api(launched.gameSessionId, '/rounds', { roundId: 'round-too-big', bet: '100000.00' })).body.error).toMatchObject({ reason: 'BadUserInput', message: expect.stringMatching(/between/) });
    expect((await api(launched.gameSessionId, '/rounds', { roundId: 'round-bad', bet: '1.005' })).status).toBe(400);
    const foreign = await api(launched.gameSessionId, '/rounds', { roundId: 'round-foreign', bet: '1.00' }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(400);
  });

  it('refuses a bet larger than the balance, and a visitor launching REAL', async () => {
    const slug = await slugWhere(`'slots' = any(categories) and play_for_fun`);
    const launched = await launch(slug, 'REAL', await as('newcomer'));
    const refused = await api(launched.gameSessionId, '/rounds', { roundId: 'round-broke-1', bet: launched.game.minBet });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({ reason: 'InsufficientFunds', balance: '0.00', message: expect.stringMatching(/Your balance is 0\.00 EUR, less than the .* bet/) });
    expect((await app.platform.db.query('select 1 from game_rounds where game_session_id = $1', [launched.gameSessionId])).rows).toEqual([]);

    const visitor = await app.gql(LAUNCH, { slug, mode: 'REAL' });
    expect(visitor.status).toBe(401);
    expect(visitor.errors?.[0]?.extensions.reason).toBe('AuthenticationFailure');
    const blocked = await app.gql(LAUNCH, { slug, mode: 'REAL' }, await as('self-excluded'));
    expect(blocked.errors?.[0]?.extensions.reason).toBe('BettingBlocked');

    // Signing out of the lobby ends the REAL game sessions launched from it.
    const player = await findPlayer(app.platform.db, 'aurelia', 'kyc-required');
    const session = await app.platform.services.auth.startSession({ playerId: player?.id as string, brand: 'aurelia', flow: 'sms', passwordless: true });
    const ended = await launch(slug, 'REAL', bearer(session.accessToken));
    await app.platform.services.auth.endSession(session.sessionId, 'logout');
    const after = await api(ended.gameSessionId, '/rounds', { roundId: 'round-after-logout', bet: ended.game.minBet });
    expect(after.status).toBe(410);
    expect(after.body.error).toMatchObject({ reason: 'GameSessionEnded', message: expect.stringMatching(/signed out/) });
    expect((await fetch(ended.url)).status).toBe(410);
  });

  it('plays FUN on a virtual balance that never touches the ledger', async () => {
    const slug = await slugWhere(`'slots' = any(categories) and play_for_fun`);
    const launched = await launch(slug, 'FUN');
    expect(launched.currency).toBe('EUR');
    const count = await ledgerCount();
    const state = await api(launched.gameSessionId, '/state');
    expect(state.body).toMatchObject({ mode: 'FUN', balance: '1000.00', game: { slug, engine: 'slot', live: false } });
    let balance = 1000_00n;
    for (let round = 0; round < 5; round++) {
      const played = await api(launched.gameSessionId, '/rounds', { roundId: `fun-round-${round}`, bet: '2.00' });
      balance += -200n + BigInt(played.body.round.win.replace('.', ''));
      expect(played.body.balance).toBe((Number(balance) / 100).toFixed(2));
    }
    expect(await ledgerCount()).toBe(count);
    expect((await app.platform.db.query("select 1 from game_rounds where mode = 'FUN' and player_id is not null")).rows).toEqual([]);

    const noFun = await app.platform.db.query<{ slug: string }>('select slug from games where not play_for_fun and is_live_casino order by idx limit 1');
    const refused = await app.gql(LAUNCH, { slug: noFun.rows[0]?.slug, mode: 'FUN' });
    expect(refused.errors?.[0]?.extensions.reason).toBe('GameUnavailable');
    expect(refused.errors?.[0]?.message).toMatch(/no play-for-fun mode/);
  });

  it('says a REAL launch is refused for the player\'s country, so the lobby can tell them it is not the site', async () => {
    // aurelia's players are Finnish: a game closed to FI (and open under aurelia's licence) is refused for their country.
    const { rows } = await app.platform.db.query<{ slug: string }>(
      `select slug from games where 'FI' = any(restricted_countries) and not ('mga' = any(restricted_licences)) order by idx limit 1`,
    );
    const refused = await app.gql(LAUNCH, { slug: rows[0]?.slug, mode: 'REAL', lobbyOrigin: LOBBY }, await as('verified'));
    expect(refused.errors?.[0]?.extensions).toMatchObject({ reason: 'GameUnavailable', cause: 'Country', country: 'FI' });
  });

  it('deals blackjack with hit and stand, and settles a live table bet when its round is drawn', async () => {
    const slug = await slugWhere(`'blackjack' = any(categories) and not is_live_casino`);
    const launched = await launch(slug, 'REAL', await as('verified'));
    const seed = await seedOf(launched.gameSessionId);
    const roundId = Array.from({ length: 50 }, (_, index) => `hand-${index}-xyz`).find((id) => !dealBlackjack(seed, id).finished) as string;
    const dealt = await api(launched.gameSessionId, '/rounds', { roundId, bet: launched.game.minBet });
    expect(dealt.body.round).toMatchObject({ status: 'open', actions: ['hit', 'stand'], outcome: { dealerHidden: 1 } });
    expect(dealt.body.round.outcome.dealer).toHaveLength(1);
    const stood = await api(launched.gameSessionId, `/rounds/${roundId}/actions`, { action: 'stand', step: 2 });
    const expected = actBlackjack(dealBlackjack(seed, roundId), 'stand', seed, roundId);
    expect(stood.body.round).toMatchObject({ status: 'settled', outcome: { result: expected.result, dealer: expected.dealer } });
    // A late duplicate click changes nothing.
    expect((await api(launched.gameSessionId, `/rounds/${roundId}/actions`, { action: 'hit', step: 2 })).body.replayed).toBe(true);

    // A live table that is taking bets for a few more seconds.
    const { rows: tables } = await app.platform.db.query<{ id: string; slug: string }>(
      `select id, slug from games where is_live_casino and restricted_licences = '{}' and restricted_countries = '{}' order by idx`,
    );
    const now = Date.now();
    const table = tables.find((candidate) => {
      const round = liveRoundAt(candidate.id, now);
      return round.phase === 'betting' && round.bettingClosesAt - now > 4000;
    }) as { id: string; slug: string };
    const live = await launch(table.slug, 'REAL', await as('verified'));
    const state = await api(live.gameSessionId, '/state');
    expect(state.body.live).toMatchObject({ phase: 'betting', result: null });
    expect(state.body.live.history).toHaveLength(8);
    const engine = state.body.game.engine as 'roulette' | 'baccarat' | 'wheel';
    const choice = engine === 'roulette' ? { bet: 'red' } : engine === 'baccarat' ? { side: 'banker' } : { segment: '2' };
    const before = await cash('verified');
    const placed = await api(live.gameSessionId, '/rounds', { roundId: 'live-bet-0001', bet: live.game.minBet, choice });
    expect(placed.body.round).toMatchObject({ status: 'open', win: null, tableRound: state.body.live.round });
    const settled = await app.platform.services.games.settleDue(state.body.live.resultAt + 1);
    expect(settled).toBeGreaterThanOrEqual(1);
    const secret = (await app.platform.db.query<{ value: string }>("select value from platform_secrets where name = 'games-live-tables'")).rows[0]?.value as string;
    const drawn = liveOutcome(secret, table.id, state.body.live.round, engine);
    const after = await api(live.gameSessionId, '/state');
    const round = after.body.recentRounds.find((entry: { roundId: string }) => entry.roundId === 'live-bet-0001');
    expect(round.status).toBe('settled');
    expect(round.outcome).toMatchObject(drawn);
    const stake = BigInt(live.game.minBet.replace('.', ''));
    expect(await cash('verified')).toBe(before - stake + BigInt(round.win.replace('.', '')));
  });

  it('serves the game page with frame-ancestors for the brand only, and no token in it', async () => {
    const headers = await as('verified');
    const slug = await slugWhere(`'roulette' = any(categories) and not is_live_casino`);
    const launched = await launch(slug, 'REAL', headers);
    expect(launched.url).not.toContain(headers.authorization?.slice(7) ?? 'x');
    const page = await fetch(launched.url);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/frame-ancestors http:\/\/aurelia\.localhost:\* https:\/\/aurelia\.localhost:\* http:\/\/aurelia\.localhost:4321(;|$)/);
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toContain("connect-src 'self'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).not.toContain(headers.authorization?.slice(7));
    expect(html).not.toMatch(/accessToken|refreshToken|Bearer/);
    expect(html).toContain('"lobbyOrigin":"http://aurelia.localhost:4321"');
    expect(html).toContain('role="status" aria-live="polite"');
    expect(html).toMatch(/<label for="bet">Bet \(EUR\)<\/label>/);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(html).toContain(`<script nonce="${nonce}">`);

    const unknown = await fetch(`${app.url}/games/play/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const hostile = await app.gql(LAUNCH, { slug, mode: 'REAL', lobbyOrigin: 'https://evil.example' }, headers);
    expect(hostile.errors?.[0]).toMatchObject({ extensions: { reason: 'BadUserInput' }, message: expect.stringMatching(/lobbyOrigin/) });
    const settings = await app.gql('{ lobbySettings { gameServerOrigin } }');
    expect(settings.data.lobbySettings.gameServerOrigin).toBe(app.url);
  });

  it('tells the lobby the shape to frame each game in: slots and live tables 16:9, card and roulette tables 4:3', async () => {
    const shape = async (where: string) => {
      const slug = await slugWhere(where);
      const response = await app.gql('query ($slug: String!) { game(slug: $slug) { aspectRatio responsive } }', { slug }, { 'x-brand': 'aurelia' });
      expect(response.errors).toBeUndefined();
      return response.data.game as { aspectRatio: number; responsive: boolean };
    };
    expect(await shape(`'slots' = any(categories) and not is_live_casino`)).toEqual({ aspectRatio: 16 / 9, responsive: true });
    expect(await shape(`'blackjack' = any(categories) and not is_live_casino`)).toEqual({ aspectRatio: 4 / 3, responsive: true });
    expect(await shape('is_live_casino')).toEqual({ aspectRatio: 16 / 9, responsive: true });
    // The launch carries the same game, so a lobby that launched without loading the game knows it too.
    const slug = await slugWhere(`'slots' = any(categories) and play_for_fun`);
    const launched = await app.gql('mutation ($slug: String!) { launchGame(slug: $slug, mode: FUN) { game { aspectRatio responsive } } }', { slug }, { 'x-brand': 'aurelia' });
    expect(launched.data.launchGame.game).toEqual({ aspectRatio: 16 / 9, responsive: true });
  });

  it('keeps recently played newest first and capped, as SyncRecentlyPlayedGames reads it', async () => {
    const headers = await as('banking-cdd');
    const { rows } = await app.platform.db.query<{ slug: string; name: string }>(
      `select slug, name from games where 'slots' = any(categories) and play_for_fun and restricted_licences = '{}' and restricted_countries = '{}' order by idx limit 6`,
    );
    for (const [index, game] of rows.entries()) {
      const launched = await launch(game.slug, 'REAL', headers);
      expect((await api(launched.gameSessionId, '/rounds', { roundId: `recent-${index}-round`, bet: launched.game.minBet })).status).toBe(200);
    }
    const sync = `query SyncRecentlyPlayedGames($maxRecentlyPlayedGames: Int) {
      viewer { recentlyPlayedGamesV2(maxRecentlyPlayedGames: $maxRecentlyPlayedGames) { gameId isLiveCasinoGame gameDescriptorV2 { json } } }
    }`;
    const recent = await app.gql(sync, { maxRecentlyPlayedGames: 5 }, headers);
    const games = recent.data.viewer.recentlyPlayedGamesV2 as { isLiveCasinoGame: boolean; gameDescriptorV2: { json: { slug: string; name: string; imageUrl: string; studio: string } } }[];
    expect(games.map((game) => game.gameDescriptorV2.json.slug)).toEqual(rows.slice(1).reverse().map((game) => game.slug));
    expect(games[0]).toMatchObject({ isLiveCasinoGame: false, gameDescriptorV2: { json: { name: rows[5]?.name, imageUrl: `/media/games/${rows[5]?.slug}.webp`, studio: expect.any(String) } } });
    // Playing an older game again brings it to the front; FUN rounds do not count.
    const again = await launch(rows[2]?.slug as string, 'REAL', headers);
    await api(again.gameSessionId, '/rounds', { roundId: 'recent-again-round', bet: again.game.minBet });
    const fun = await launch(rows[0]?.slug as string, 'FUN', headers);
    await api(fun.gameSessionId, '/rounds', { roundId: 'recent-fun-round', bet: fun.game.minBet });
    const reordered = await app.gql(sync, { maxRecentlyPlayedGames: 3 }, headers);
    expect(reordered.data.viewer.recentlyPlayedGamesV2.map((game: { gameDescriptorV2: { json: { slug: string } } }) => game.gameDescriptorV2.json.slug)).toEqual([rows[2]?.slug, rows[5]?.slug, rows[4]?.slug]);
  });

  it('adds and removes favourites idempotently', async () => {
    const headers = await as('verified');
    const slugs = (await app.platform.db.query<{ slug: string }>(`select slug from games where restricted_licences = '{}' and restricted_countries = '{}' order by idx limit 2`)).rows.map((row) => row.slug);
    const add = 'mutation ($s: String!) { addFavouriteGame(slug: $s) { slug isFavourite changed } }';
    const remove = 'mutation ($s: String!) { removeFavouriteGame(slug: $s) { slug isFavourite changed } }';
    expect((await app.gql(add, { s: slugs[0] }, headers)).data.addFavouriteGame).toEqual({ slug: slugs[0], isFavourite: true, changed: true });
    expect((await app.gql(add, { s: slugs[0] }, headers)).data.addFavouriteGame).toEqual({ slug: slugs[0], isFavourite: true, changed: false });
    await app.gql(add, { s: slugs[1] }, headers);
    const list = await app.gql('{ viewer { favouriteGames { slug minBet currency } favouriteGameIds } }', {}, headers);
    expect(list.data.viewer.favouriteGames.map((game: { slug: string }) => game.slug)).toEqual([slugs[1], slugs[0]]);
    expect(list.data.viewer.favouriteGameIds).toHaveLength(2);
    expect((await app.gql(remove, { s: slugs[0] }, headers)).data.removeFavouriteGame).toEqual({ slug: slugs[0], isFavourite: false, changed: true });
    expect((await app.gql(remove, { s: slugs[0] }, headers)).data.removeFavouriteGame.changed).toBe(false);
    expect((await app.gql('{ viewer { favouriteGames { slug } } }', {}, headers)).data.viewer.favouriteGames).toEqual([{ slug: slugs[1] }]);
    expect((await app.gql(add, { s: 'no-such-game' }, headers)).errors?.[0]?.extensions.reason).toBe('GameUnavailable');
    expect((await app.gql(add, { s: slugs[0] })).status).toBe(401);
  });

  it('searches names and studios, prefix and word matches first, accents and case ignored, restrictions applied', async () => {
    const search = async (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
      const response = await app.gql(
        'query ($q: String!, $first: Int, $license: String, $ip: String) { searchGames(query: $q, first: $first, license: $license, ipCountryCode: $ip) { totalCount games { slug name studio { name } } studios { slug name } } }',
        { q: query, first: 100, ...variables },
        headers,
      );
      return response;
    };
    const golden = (await search('gold')).data.searchGames;
    expect(golden.totalCount).toBeGreaterThan(3);
    const words = (name: string) => normaliseSearchText(name).split(' ');
    const isWordMatch = (name: string) => words(name).some((word) => word.startsWith('gold'));
    const firstSubstring = golden.games.findIndex((game: { name: string }) => !isWordMatch(game.name));
    const lastWord = golden.games.map((game: { name: string }) => isWordMatch(game.name)).lastIndexOf(true);
    if (firstSubstring >= 0) expect(lastWord).toBeLessThan(firstSubstring);
    expect(normaliseSearchText(golden.games[0].name).startsWith('gold')).toBe(true);
    expect((await search('GÔLDÉN')).data.searchGames.games).toEqual((await search('golden')).data.searchGames.games);

    const studio = (await search('northw')).data.searchGames;
    expect(studio.studios).toEqual([{ slug: 'northwind-forge', name: 'Northwind Forge' }]);
    expect(studio.games.every((game: { studio: { name: string } }) => game.studio.name === 'Northwind Forge')).toBe(true);

    const long = await search('x'.repeat(101));
    expect(long.errors?.[0]).toMatchObject({ extensions: { reason: 'BadUserInput' }, message: expect.stringMatching(/at most 100/) });
    expect((await search('x'.repeat(100))).data.searchGames.totalCount).toBe(0);
    expect((await search('   ')).data.searchGames).toEqual({ totalCount: 0, games: [], studios: [] });

    const restricted = (await app.platform.db.query<{ name: string; slug: string }>(`select name, slug from games where 'est' = any(restricted_licences) order by idx limit 1`)).rows[0] as { name: string; slug: string };
    const slugsFor = async (license: string) => ((await search(restricted.name, { license }, { 'x-brand': '' })).data.searchGames.games as { slug: string }[]).map((game) => game.slug);
    expect(await slugsFor('mga')).toContain(restricted.slug);
    expect(await slugsFor('est')).not.toContain(restricted.slug);
    const inFinland = (await app.platform.db.query<{ name: string; slug: string }>(`select name, slug from games where 'FI' = any(restricted_countries) order by idx limit 1`)).rows[0] as { name: string; slug: string };
    expect(((await search(inFinland.name, { ip: 'FI' })).data.searchGames.games as { slug: string }[]).map((game) => game.slug)).not.toContain(inFinland.slug);
  });

  it('names a provider of the week with 10 spotlight games and the next 10', async () => {
    const query = 'query ($at: String) { providerOfTheWeek(at: $at) { studio { slug name } weekStart weekEnd studioPath spotlightGames { slug studio { slug } } moreGames { slug studio { slug } } } }';
    const now = (await app.gql(query, { at: '2025-06-04T12:00:00Z' })).data.providerOfTheWeek;
    expect(now.weekStart).toBe('2025-06-02T00:00:00.000Z');
    expect(now.weekEnd).toBe('2025-06-09T00:00:00.000Z');
    expect(now.studioPath).toBe(`/game-studio/${now.studio.slug}/`);
    expect(now.spotlightGames).toHaveLength(10);
    expect(now.moreGames).toHaveLength(10);
    const all = [...now.spotlightGames, ...now.moreGames];
    expect(new Set(all.map((game: { slug: string }) => game.slug)).size).toBe(20);
    expect(all.every((game: { studio: { slug: string } }) => game.studio.slug === now.studio.slug)).toBe(true);
    const next = (await app.gql(query, { at: '2025-06-10T12:00:00Z' })).data.providerOfTheWeek;
    expect(next.studio.slug).not.toBe(now.studio.slug);
    expect((await app.gql(query, { at: 'soon' })).errors?.[0]?.extensions.reason).toBe('BadUserInput');
  });
});
