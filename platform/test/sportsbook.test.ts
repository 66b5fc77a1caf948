import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSportsEvents, selectionResult } from '../src/sportsbook/events.ts';
import { onLadder } from '../src/sportsbook/odds.ts';
import { clockMinute, SPORTS_BY_SLUG } from '../src/sportsbook/sports.ts';
import { findPlayer } from '../src/players/repository.ts';
import { formatMinor } from '../src/ledger/money.ts';
import { bearer, DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const PLACE = `mutation Place($selections: [SportsSelectionInput!]!, $stake: String!, $key: String!) {
  placeSportsBet(selections: $selections, stake: $stake, idempotencyKey: $key) {
    replayed balance currency bet { id status stake totalOdds potentialPayout payout selections { eventId outcomeId odds result } }
  }
}`;
const DECIMAL = /^\d+\.\d{2}$/;

describe('sportsbook fixtures', () => {
  it('always has live and upcoming events whose results follow from their ids', () => {
    const live = listSportsEvents({ live: true, first: 100 });
    expect(live.length).toBeGreaterThan(5);
    expect(live.every((event) => event.status === 'LIVE' && event.score !== null)).toBe(true);
    const upcoming = listSportsEvents({ live: false, first: 100, sport: 'tennis' });
    expect(upcoming.every((event) => event.status === 'UPCOMING' && event.sport === 'tennis' && event.markets[0]?.outcomes.length === 2)).toBe(true);
    const football = listSportsEvents({ sport: 'football', first: 1, live: false, nowMs: Date.UTC(2025, 5, 1) })[0];
    expect(football?.markets[0]?.outcomes.map((outcome) => outcome.id)).toEqual(['home', 'draw', 'away']);
    const finishedAt = Date.parse(football?.endsAt as string) + 1;
    const results = ['home', 'draw', 'away'].map((outcome) => selectionResult(football?.id as string, 'winner', outcome, finishedAt));
    expect(results.filter((result) => result === 'won')).toHaveLength(1);
    expect(selectionResult(football?.id as string, 'winner', 'home', Date.parse(football?.startsAt as string))).toBeNull();
  });
});

describe('a book’s clocks and prices', () => {
  // Every event of a day, at every tenth minute it is live: what a player could see.
  const day = Array.from({ length: 144 }, (_, index) => Date.UTC(2026, 10, 28) + index * 600_000);
  const seen = day.flatMap((nowMs) => listSportsEvents({ live: true, first: 200, nowMs }));
  const regulation: Record<string, number | null> = { football: 90, 'ice-hockey': 60, basketball: 40, rugby: 80, handball: 60, tennis: null, esports: null, cricket: null };

  it('shows the match clock: within regulation, from 1, and none in sports without a clock', () => {
    for (const [sport, last] of Object.entries(regulation)) {
      const minutes = seen.filter((event) => event.sport === sport).map((event) => event.minute);
      expect(minutes.length, sport).toBeGreaterThan(10);
      if (last === null) expect(minutes.every((minute) => minute === null), sport).toBe(true);
      else {
        expect(Math.min(...(minutes as number[])), sport).toBeGreaterThanOrEqual(1);
        expect(Math.max(...(minutes as number[])), sport).toBeLessThanOrEqual(last);
        // Minute by minute through a whole event: from 1' to the last minute of regulation, never back.
        const model = SPORTS_BY_SLUG.get(sport)!;
        const clock = Array.from({ length: model.durationMin }, (_, elapsed) => clockMinute(model, elapsed) as number);
        expect([clock[0], Math.max(...clock), clock.at(-1)], sport).toEqual([1, last, last]);
        expect(clock.every((minute, index) => index === 0 || minute >= clock[index - 1]!), sport).toBe(true);
      }
    }
  });

  it('quotes on the ladder between 1.01 and 31.00, suspends a decided live market and never a pre-match one', () => {
    expect([onLadder(0.9), onLadder(1.004), onLadder(1.999), onLadder(2.347), onLadder(5.55), onLadder(47.17)]).toEqual([101, 101, 199, 234, 550, 4700]);
    const upcoming = day.slice(0, 6).flatMap((nowMs) => listSportsEvents({ live: false, first: 200, nowMs }));
    expect(upcoming.every((event) => event.markets.every((market) => !market.suspended))).toBe(true);
    let suspended = 0;
    for (const event of [...seen, ...upcoming]) {
      for (const market of event.markets) {
        const odds = market.outcomes.map((outcome) => outcome.oddsHundredths);
        for (const price of odds) expect(onLadder(price / 100)).toBe(price);
        expect(Math.min(...odds)).toBeGreaterThanOrEqual(101);
        expect(Math.max(...odds)).toBeLessThanOrEqual(3100);
        if (market.suspended) suspended += 1;
        // Open for bets, a market is never priced as already decided.
        else expect(Math.min(...odds), `${event.id} ${market.id}`).toBeGreaterThan(102);
      }
    }
    expect(suspended).toBeGreaterThan(0);
    // Pre-match prices spread as a book's do: not the same pair on every event.
    const events = new Map(upcoming.map((event) => [event.id, event]));
    expect(new Set([...events.values()].map((event) => event.markets[0]?.outcomes.map((outcome) => outcome.oddsHundredths).join('/'))).size).toBeGreaterThan(events.size / 2);
  });
});

describe.each(DATABASES)('sportsbook and feed on $name', (database) => {
  let app: TestPlatform;
  let headers: Record<string, string>;
  let walletId: string;
  const cash = async () => (await app.platform.services.ledger.balances(walletId)).cash;

  beforeAll(async () => {
    app = await startPlatform(database, { auth: { enableSandboxAdmin: true }, settleIntervalMs: 0 });
    const player = await findPlayer(app.platform.db, 'aurelia', 'wallet-eur');
    walletId = player?.wallet_id as string;
    headers = bearer((await app.platform.services.auth.startSession({ playerId: player?.id as string, brand: 'aurelia', flow: 'sms', passwordless: true })).accessToken);
  });
  afterAll(() => app?.close());

  it('lists sports and events with decimal-string odds', async () => {
    const response = await app.gql('{ sports { slug liveCount } sportsEvents(live: true, first: 5) { id sport status isLive score { home away } markets { id name outcomes { id name odds } } } }');
    expect(response.data.sports.map((sport: { slug: string }) => sport.slug)).toEqual(['football', 'ice-hockey', 'tennis', 'basketball', 'esports', 'cricket', 'rugby', 'handball']);
    expect(response.data.sportsEvents).toHaveLength(5);
    for (const event of response.data.sportsEvents) {
      expect(event).toMatchObject({ status: 'LIVE', isLive: true });
      for (const market of event.markets) for (const outcome of market.outcomes) expect(outcome.odds).toMatch(DECIMAL);
    }
    expect((await app.gql('{ sportsEvents(sport: "curling") { id } }')).errors?.[0]?.extensions.reason).toBe('BadUserInput');
    const two = await app.gql('{ sportsEvents(sports: ["tennis", "esports"], first: 30) { sport } }');
    expect(new Set(two.data.sportsEvents.map((event: { sport: string }) => event.sport))).toEqual(new Set(['tennis', 'esports']));
  });

  it('debits a bet once per idempotency key and pays it out when settled', async () => {
    const [first, second] = (await app.gql('{ sportsEvents(sport: "football", live: false, first: 2) { id markets { id outcomes { id odds } } } }')).data.sportsEvents;
    const odds = first.markets[0].outcomes[0].odds as string;
    const selections = [{ eventId: first.id, marketId: 'winner', outcomeId: 'home', odds }];
    const before = await cash();
    const events = app.platform.services.events.subscribe((await findPlayer(app.platform.db, 'aurelia', 'wallet-eur'))?.id as string, 'balanceUpdated');
    const placed = await app.gql(PLACE, { selections, stake: '10.00', key: 'slip-1' }, headers);
    expect(placed.errors).toBeUndefined();
    const bet = placed.data.placeSportsBet;
    const expectedPayout = (1000n * BigInt(odds.replace('.', ''))) / 100n;
    expect(bet).toMatchObject({ replayed: false, currency: 'EUR', bet: { status: 'OPEN', stake: '10.00', totalOdds: odds, payout: null } });
    expect(bet.bet.potentialPayout).toBe(`${expectedPayout / 100n}.${(expectedPayout % 100n).toString().padStart(2, '0')}`);
    expect(await cash()).toBe(before - 1000n);
    expect((await events.next()).value).toMatchObject({ moneyType: 'SportsBet', transactionKind: 'SportsBet', amount: '10.00' });

    const again = await app.gql(PLACE, { selections, stake: '10.00', key: 'slip-1' }, headers);
    expect(again.data.placeSportsBet).toMatchObject({ replayed: true, bet: { id: bet.bet.id } });
    expect(await cash()).toBe(before - 1000n);
    const stakes = await app.platform.db.query("select 1 from ledger_transactions where kind = 'SportsBet' and wallet_id = $1", [walletId]);
    expect(stakes.rows).toHaveLength(1);
    expect((await app.gql(PLACE, { selections, stake: '11.00', key: 'slip-1' }, headers)).errors?.[0]?.extensions.reason).toBe('IdempotencyConflict');

    const moved = await app.gql(PLACE, { selections: [{ ...selections[0], odds: '1.01' }], stake: '1.00', key: 'slip-2' }, headers);
    expect(moved.errors?.[0]?.extensions).toMatchObject({ reason: 'OddsChanged', odds, eventId: first.id });
    expect((await app.gql(PLACE, { selections, stake: '99999.00', key: 'slip-3' }, headers)).errors?.[0]?.extensions.reason).toBe('BadUserInput');
    const broke = await app.gql(PLACE, { selections, stake: '500.00', key: 'slip-4' }, headers);
    expect(broke.errors?.[0]).toMatchObject({ extensions: { reason: 'InsufficientFunds' }, message: expect.stringMatching(/less than the 500\.00 EUR stake/) });
    expect((await app.gql(PLACE, { selections, stake: '1.00', key: 'slip-5' })).status).toBe(401);

    const settle = 'mutation ($id: ID!, $outcome: SportsBetOutcome) { sandboxSettleSportsBet(betId: $id, outcome: $outcome) { status payout selections { result } } }';
    expect((await app.gql(settle, { id: bet.bet.id })).errors?.[0]?.message).toMatch(/has not finished yet/);
    const won = await app.gql(settle, { id: bet.bet.id, outcome: 'WON' });
    expect(won.data.sandboxSettleSportsBet).toEqual({ status: 'WON', payout: bet.bet.potentialPayout, selections: [{ result: 'won' }] });
    expect(await cash()).toBe(before - 1000n + expectedPayout);
    expect((await events.next()).value).toMatchObject({ moneyType: 'SportsBet', transactionKind: 'SportsWin', amount: bet.bet.potentialPayout });
    await events.return?.();
    expect((await app.gql(settle, { id: bet.bet.id, outcome: 'LOST' })).data.sandboxSettleSportsBet.status).toBe('WON');
    expect(await cash()).toBe(before - 1000n + expectedPayout);

    // An accumulator multiplies the odds exactly; the sweep settles it by the results once its events finished.
    const legs = [first, second].map((event) => ({ eventId: event.id, marketId: 'total', outcomeId: 'over', odds: event.markets[1].outcomes[0].odds as string }));
    const acca = (await app.gql(PLACE, { selections: legs, stake: '3.00', key: 'slip-acca' }, headers)).data.placeSportsBet.bet;
    const product = legs.reduce((total, leg) => total * BigInt(leg.odds.replace('.', '')), 1n);
    expect(acca.potentialPayout).toBe(((300n * product) / 10000n / 100n).toString() + '.' + (((300n * product) / 10000n) % 100n).toString().padStart(2, '0'));
    const history = await app.gql('{ viewer { sportsBets { id status } } }', {}, headers);
    expect(history.data.viewer.sportsBets.map((entry: { id: string }) => entry.id)).toEqual([acca.id, bet.bet.id]);
    const end = Date.parse((await app.gql('query ($id: ID!) { sportsEvent(id: $id) { endsAt } }', { id: second.id })).data.sportsEvent.endsAt);
    expect(await app.platform.services.sportsbook.settleDue(end + 1000)).toBe(1);
    const settledAcca = (await app.gql('{ viewer { sportsBets(first: 1) { status payout selections { result } } } }', {}, headers)).data.viewer.sportsBets[0];
    const results = legs.map((leg) => selectionResult(leg.eventId, 'total', 'over', end + 1000));
    expect(settledAcca.selections.map((selection: { result: string }) => selection.result)).toEqual(results);
    expect(settledAcca.status).toBe(results.every((result) => result === 'won') ? 'WON' : 'LOST');
  });

  it('serves the embedded sportsbook to visitors and, with a session, places bets from the page', async () => {
    const visitor = await fetch(`${app.url}/sportsbook/?brand=aurelia&locale=fi&sport=tennis`);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get('content-security-policy')).toMatch(/frame-ancestors http:\/\/aurelia\.localhost:\* https:\/\/aurelia\.localhost:\*/);
    const html = await visitor.text();
    expect(html).toContain('<html lang="fi">');
    expect(html).toContain('<span id="balance-line" hidden>');
    expect(html).toMatch(/class="odds" aria-pressed="false" aria-label="[^"]+kerroin \d+,\d{2}"/);
    expect((await fetch(`${app.url}/sportsbook/?brand=nope`)).status).toBe(400);
    expect((await fetch(`${app.url}/sportsbook/?brand=aurelia&origin=https://evil.example`)).status).toBe(400);

    const launched = await app.gql('mutation { launchSportsbook(lobbyOrigin: "http://aurelia.localhost:4321") { url sportsbookSessionId gameServerOrigin } }', {}, headers);
    const { url, sportsbookSessionId } = launched.data.launchSportsbook;
    expect(url).toBe(`${app.url}/sportsbook/?brand=aurelia&locale=en&origin=${encodeURIComponent('http://aurelia.localhost:4321')}#session=${sportsbookSessionId}`);
    const page = await fetch(url);
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors http://aurelia.localhost:* https://aurelia.localhost:*');
    const launchedHtml = await page.text();
    // The server never sees the fragment: the page is a visitor's until its script loads the session.
    expect(launchedHtml).toContain('>Sign in to bet</button>');
    expect(launchedHtml).toContain('"lobbyOrigin":"http://aurelia.localhost:4321"');
    expect(launchedHtml).not.toContain(sportsbookSessionId);
    expect(launchedHtml).not.toContain(headers.authorization?.slice(7));
    const [event] = (await app.gql('{ sportsEvents(sport: "esports", live: false, first: 1) { id } }')).data.sportsEvents;
    const before = await cash();
    const post = (body: object, extra: Record<string, string> = {}) =>
      fetch(`${app.url}/sportsbook/api/${sportsbookSessionId}/bets`, { method: 'POST', headers: { 'content-type': 'application/json', ...extra }, body: JSON.stringify(body) });
    const slip = { selections: [{ eventId: event.id, marketId: 'winner', outcomeId: 'away' }], stake: '2.50', idempotencyKey: 'page-slip-1' };
    const placed = await post(slip);
    expect(placed.status).toBe(200);
    expect(((await placed.json()) as { bet: { stake: string } }).bet.stake).toBe('2.50');
    expect((await post(slip)).status).toBe(200);
    expect(await cash()).toBe(before - 250n);
    expect((await post(slip, { origin: 'https://evil.example' })).status).toBe(400);
  });

  it('keeps the session id out of the page\'s query: the launch puts it in the fragment and the page loads the player from /session', async () => {
    const launch = async (auth: Record<string, string>, sport = '') =>
      (await app.gql(`mutation { launchSportsbook(lobbyOrigin: "http://aurelia.localhost:4321", locale: "fi"${sport}) { url sportsbookSessionId } }`, {}, auth)).data.launchSportsbook as { url: string; sportsbookSessionId: string };
    const { url, sportsbookSessionId: id } = await launch(headers, ', sport: "tennis"');
    const address = new URL(url);
    expect([...address.searchParams.keys()]).toEqual(['brand', 'locale', 'sport', 'origin']);
    expect(address.searchParams.has('session')).toBe(false);
    expect(address.search).not.toContain(id);
    expect(new URLSearchParams(address.hash.slice(1)).get('session')).toBe(id);

    // An old address with the id in its query is served as a visitor's page, the id nowhere in it.
    const legacy = await (await fetch(`${app.url}/sportsbook/?brand=aurelia&locale=en&session=${id}`)).text();
    expect(legacy).toContain('>Sign in to bet</button>');
    expect(legacy).not.toContain(id);

    const own = (sessionId: string, init?: RequestInit) => fetch(`${app.url}/sportsbook/api/${sessionId}/session`, init);
    const live = await own(id);
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect(live.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await live.json()).toEqual({
      brand: 'aurelia', lobbyOrigin: 'http://aurelia.localhost:4321', locale: 'fi',
      currency: 'EUR', balance: formatMinor(await cash(), 'EUR'), minStake: '0.10', maxStake: '1000.00', defaultStake: '5.00',
    });
    // The balance it answers is the wallet's now, after a bet from the page.
    const [event] = (await app.gql('{ sportsEvents(sport: "tennis", live: false, first: 1) { id } }')).data.sportsEvents;
    const bet = await fetch(`${app.url}/sportsbook/api/${id}/bets`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ selections: [{ eventId: event.id, marketId: 'winner', outcomeId: 'home' }], stake: '1.25', idempotencyKey: 'fragment-slip-1' }),
    });
    expect(bet.status).toBe(200);
    expect(((await (await own(id)).json()) as { balance: string }).balance).toBe(((await bet.json()) as { balance: string }).balance);

    for (const unknown of ['A'.repeat(32), 'short', encodeURIComponent('../events')]) {
      const missing = await own(unknown);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { error: { reason: string } }).error.reason).toBe('NotFound');
    }
    expect((await own(id, { method: 'POST' })).status).toBe(405);

    // Signing out of the lobby ends the page's session: the page stays a visitor's and cannot bet.
    const player = await findPlayer(app.platform.db, 'aurelia', 'wallet-eur');
    const lobby = await app.platform.services.auth.startSession({ playerId: player?.id as string, brand: 'aurelia', flow: 'sms', passwordless: true });
    const ending = await launch(bearer(lobby.accessToken));
    expect((await own(ending.sportsbookSessionId)).status).toBe(200);
    await app.platform.services.auth.endSession(lobby.sessionId, 'logout');
    const ended = await own(ending.sportsbookSessionId);
    expect(ended.status).toBe(410);
    expect(((await ended.json()) as { error: { reason: string; message: string } }).error).toMatchObject({ reason: 'GameSessionEnded', message: expect.stringMatching(/signed out/) });
  });

  it('serves /api/feed with jackpot pots and live tables, and explains bad requests', async () => {
    const response = await fetch(`${app.url}/api/feed?brand=aurelia&operator=northstar-gaming&currency=EUR`);
    expect(response.status).toBe(200);
    const feed = (await response.json()) as any;
    expect(feed).toMatchObject({ brand: 'aurelia', operator: 'northstar-gaming', currency: 'EUR' });
    expect(feed.jackpots.map((pot: { id: string }) => pot.id)).toEqual(['mega', 'major', 'minor', 'shared', 'total']);
    expect(feed.jackpots.map((pot: { name: string }) => pot.name)).toEqual(['epic', 'super', 'mini', 'shared', 'total']);
    for (const pot of feed.jackpots) expect(pot.current_value).toMatch(DECIMAL);
    const sum = feed.jackpots.slice(0, 4).reduce((total: bigint, pot: { current_value: string }) => total + BigInt(pot.current_value.replace('.', '')), 0n);
    expect(BigInt(feed.jackpots[4].current_value.replace('.', ''))).toBe(sum);
    expect(feed.liveCasino.length).toBeGreaterThan(30);
    for (const table of feed.liveCasino) {
      expect(table).toMatchObject({ studio: { slug: expect.any(String), name: expect.any(String) }, imageUrl: `/media/games/${table.slug}.webp`, players: expect.any(Number) });
    }
    expect(feed.liveCasino.some((table: { seats: unknown }) => table.seats !== null)).toBe(true);
    const yen = (await (await fetch(`${app.url}/api/feed?brand=aurelia&currency=JPY`)).json()) as any;
    expect(yen.jackpots[0].current_value).toMatch(/^\d+$/);

    for (const [query, message] of [
      ['', /brand is required/],
      ['?brand=nope', /Unknown brand "nope"/],
      ['?brand=aurelia&operator=someone-else', /does not run brand "aurelia"/],
      ['?brand=aurelia&currency=XYZ', /Unsupported currency "XYZ"/],
    ] as const) {
      const bad = await fetch(`${app.url}/api/feed${query}`);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { reason: string; message: string } }).error).toMatchObject({ reason: 'BadUserInput', message: expect.stringMatching(message) });
    }
  });
});
