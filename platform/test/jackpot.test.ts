import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBase, toBase } from '../src/jackpot/currencies.ts';
import { splitContribution, winShares } from '../src/jackpot/pots.ts';
import { initials } from '../src/jackpot/boards.ts';
import { raffleId, raffleWindow, weightedDraw } from '../src/jackpot/raffles.ts';
import { loadJackpotConfig } from '../src/jackpot/config.ts';
import { bearer, DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';
import { jackpotPlayer, jackpotSocket, playRounds, type JackpotPlayer } from './jackpot-support.ts';

const INSTANCE = 'northstar-jackpot';
const sumPots = (pots: { id: string; current_value: string }[]) => pots.find((pot) => pot.id === 'total')?.current_value;

describe('jackpot arithmetic', () => {
  it('converts exactly, splits a contribution whole and shares the shared pot by contribution', () => {
    expect(fromBase(10n, 'NOK', 'half-up')).toBe(115n);
    expect(fromBase(5n, 'NOK', 'half-up')).toBe(58n);
    expect(fromBase(5n, 'NOK')).toBe(57n);
    expect(fromBase(100n, 'JPY')).toBe(160n);
    expect(toBase(1150n, 'NOK')).toBe(100n);
    const config = loadJackpotConfig();
    const instance = config.instances.get(INSTANCE);
    if (!instance) throw new Error('no instance');
    const parts = splitContribution(instance, 7n);
    expect(Object.values(parts).reduce((a, b) => a + b, 0n)).toBe(7n);
    const shares = winShares('shared', 1001n, 'a', [{ playerId: 'a', baseMinor: 1n }, { playerId: 'b', baseMinor: 3n }]);
    expect(shares.reduce((sum, share) => sum + share.baseMinor, 0n)).toBe(1001n);
    expect(shares.find((share) => share.playerId === 'b')).toEqual({ playerId: 'b', community: true, baseMinor: 375n });
    expect(winShares('mega', 500n, 'a', [{ playerId: 'b', baseMinor: 3n }])).toEqual([{ playerId: 'a', community: false, baseMinor: 500n }]);    // Names become initials; a player without one gets a tag of their own, the same each time, not "?".
    expect(initials('maija', 'Virtanen', 'p1')).toBe('M.V.');
    expect(initials(null, ' ', 'p1')).toMatch(/^#[0-9A-F]{4}$/);
    expect(initials(null, null, 'p1')).toBe(initials('', null, 'p1'));
    expect(initials(null, null, 'p1')).not.toBe(initials(null, null, 'p2'));
  });

  it('draws distinct winners weighted by tickets, and windows in UTC', () => {
    const entries = [{ id: 'a', tickets: 1n }, { id: 'b', tickets: 0n }, { id: 'c', tickets: 3n }];
    expect(weightedDraw(entries, 3, () => 0n).map((entry) => entry.id)).toEqual(['a', 'c']);
    expect(weightedDraw(entries, 1, () => 1n).map((entry) => entry.id)).toEqual(['c']);
    const at = new Date('2026-03-04T10:20:30Z');
    expect(raffleWindow('hourly', at)).toEqual({ start: new Date('2026-03-04T10:00:00Z'), end: new Date('2026-03-04T11:00:00Z') });
    expect(raffleWindow('weekly', at).start).toEqual(new Date('2026-03-02T00:00:00Z'));
    expect(raffleId('aurelia', 'daily', raffleWindow('daily', at).start)).toBe('aurelia-daily-20260304T0000');
  });
});

describe.each(DATABASES)('the jackpot service on $name', (database) => {
  let app: TestPlatform;
  let eur: JackpotPlayer;
  let nok: JackpotPlayer;

  beforeAll(async () => {
    app = await startPlatform(database, { auth: { enableSandboxAdmin: true }, settleIntervalMs: 0, jackpotIntervalMs: 0 });
    eur = await jackpotPlayer(app, 'wallet-eur');
    nok = await jackpotPlayer(app, 'wallet-nok');
  });
  afterAll(() => app?.close());

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${app.url}/jackpot-service/v1/${path}`, { headers });
    return { status: response.status, body: (await response.json()) as any };
  };
  const cash = async (player: JackpotPlayer) => (await app.platform.services.ledger.balances(player.walletId)).cash;

  it("counts a fresh platform's first real bet in the raffles (the weekly drop's studio is read inside the stake's transaction)", async () => {
    await playRounds(app, eur, '1.00');
    const { rows } = await app.platform.db.query<{ tickets: string }>('select tickets::text from raffle_tickets where player_id = $1', [eur.id]);
    expect(rows.map((row) => row.tickets)).toContain('1');
  });

  it('serves the multipliers and the instances by source and brand, with the player part only for their token', async () => {
    const currencies = await get('currencies');
    expect(currencies.body).toMatchObject({ base: 'EUR', multipliers: { EUR: 1, NOK: 11.5, JPY: 160 } });
    const visitor = await get('instances?source=casino&brand=aurelia');
    expect(visitor.status).toBe(200);
    expect(visitor.body.instances).toHaveLength(1);
    expect(visitor.body.instances[0]).toMatchObject({ id: INSTANCE, source: 'casino' });
    expect(visitor.body.instances[0].pots.map((pot: { id: string; name: string }) => `${pot.id}:${pot.name}`)).toEqual(['mega:epic', 'major:super', 'minor:mini', 'shared:shared', 'total:total']);
    expect(visitor.body.instances[0].player).toBeUndefined();
    const mine = await get(`instances?source=casino&brand=aurelia&player_id=${eur.id}:EUR:aurelia&country_code=FI`, bearer(eur.token));
    // Never chosen: no preferences (JackpotAutoOptIn acts on that), and the brand's initial option.
    expect(mine.body.instances[0].player).toEqual({ opted_in: false, contribution_preferences: {}, preferred_contribution_value: 0.1 });
    expect((await get(`instances?source=casino&brand=aurelia&player_id=${nok.id}`, bearer(eur.token))).status).toBe(401);
    expect((await get('instances?source=casino&brand=aurelia', bearer('forged'))).status).toBe(401);
    const bad = await get('instances?source=lottery&brand=aurelia');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('source must be one of casino, hourly, daily, weekly');
    expect((await get('instances?source=casino&brand=nowhere')).body.error.message).toContain('Unknown brand');
    const hourly = await get('instances?source=hourly&brand=aurelia&currency=NOK');
    expect(hourly.body.instances[0]).toMatchObject({ type: 'hourly', pots: [{ id: 'total', current_value: '287.50' }] });
  });

  it('refuses unknown and non-JSON messages and player messages without a token, as the protocol says', async () => {
    const visitor = await jackpotSocket(app.url, { operator: 'northstar-gaming', brand: 'aurelia', currency: 'EUR' });
    visitor.send({ type: 'Bogus' });
    expect(await visitor.next((message) => message.request_type === 'Bogus')).toMatchObject({ type: 'Error', reason: 'InvalidMessageType', message: 'Invalid message type!' });
    visitor.sendRaw('not json');
    expect(await visitor.next((message) => message.reason === 'BadRequest')).toMatchObject({ type: 'Error' });
    visitor.send({ type: 'PlayerOptInRequest', instance_id: INSTANCE, opt_in: true });
    expect(await visitor.next((message) => message.request_type === 'PlayerOptInRequest')).toMatchObject({ reason: 'AuthenticationFailure' });
    visitor.close();
    const wrong = await jackpotSocket(app.url, { operator: 'someone-else', brand: 'aurelia' });
    expect((await wrong.closed).code).toBe(4400);
    const forged = await jackpotSocket(app.url, { brand: 'aurelia', token: 'forged' });
    expect((await forged.closed).code).toBe(4401);
  });

  it('refuses the 51st jackpot socket from one client address with 4429 until one closes', async () => {
    const query = { operator: 'northstar-gaming', brand: 'aurelia', currency: 'EUR' };
    const open = [];
    for (let n = 0; n < 50; n += 1) open.push(await jackpotSocket(app.url, query, '198.51.100.40'));
    const refused = await jackpotSocket(app.url, query, '198.51.100.40');
    expect(await refused.closed).toEqual({ code: 4429, reason: 'Too many sockets from this address: at most 50' });
    // Another address is served, and this one again once a socket has closed.
    const elsewhere = await jackpotSocket(app.url, query, '198.51.100.41');
    elsewhere.send({ type: 'SubscribeRequest', instance_ids: [INSTANCE] });
    await elsewhere.next((message) => message.type === 'JackpotUpdate');
    const first = open.shift()!;
    first.close();
    await first.closed;
    const again = await jackpotSocket(app.url, query, '198.51.100.40');
    again.send({ type: 'SubscribeRequest', instance_ids: [INSTANCE] });
    await again.next((message) => message.type === 'JackpotUpdate');
    for (const client of [...open, elsewhere, again]) client.close();
  });

  it('grows the pots by an opted-in player\'s real bets only, through the ledger, and sends the new values to a visitor\'s socket', async () => {
    const visitor = await jackpotSocket(app.url, { operator: 'northstar-gaming', brand: 'aurelia', currency: 'NOK' });
    visitor.send({ type: 'SubscribeRequest', instance_ids: [INSTANCE] });
    const first = await visitor.next((message) => message.type === 'JackpotUpdate');
    const before = (await get('instances?source=casino&brand=aurelia')).body.instances[0];

    // Not opted in: a bet contributes nothing.
    await playRounds(app, eur, '1.00');
    expect((await get('instances?source=casino&brand=aurelia')).body.instances[0].pots).toEqual(before.pots);

    const player = await jackpotSocket(app.url, { operator: 'northstar-gaming', brand: 'aurelia', currency: 'NOK', token: nok.token });
    player.send({ type: 'PlayerOptInRequest', instance_id: INSTANCE, player_id: `${nok.id}:NOK:aurelia`, brand_id: 'northstar-gaming:aurelia', player_country: 'NO', opt_in: true, contribution_value: 0.3 });
    expect((await player.next((message) => message.type === 'Error')).message).toContain('is not one of the options 0.05, 0.1, 0.2, 0.5');
    player.send({ type: 'PlayerOptInRequest', instance_id: INSTANCE, player_id: `${nok.id}:NOK:aurelia`, brand_id: 'northstar-gaming:aurelia', player_country: 'NO', opt_in: true, contribution_value: 0.2 });
    const optedIn = await player.next((message) => message.type === 'JackpotUpdate' && message.player?.opted_in === true);
    expect(optedIn.player).toEqual({ opted_in: true, contribution_preferences: { EUR: 0.2, NOK: 2.3 }, preferred_contribution_value: 0.2 });

    const cashBefore = await cash(nok);
    await playRounds(app, nok, '10.00');
    const after = (await get('instances?source=casino&brand=aurelia')).body.instances[0];
    const { rows } = await app.platform.db.query<{ amount: string; base: string }>('select amount_minor::text as amount, base_minor::text as base from jackpot_contributions where player_id = $1', [nok.id]);
    expect(rows).toEqual([{ amount: '230', base: '20' }]);
    // 0.20 EUR more in the pots; 2.30 NOK of the player's cash beyond the stake and its payout.
    expect(Math.round((Number(sumPots(after.pots)) - Number(sumPots(before.pots))) * 100)).toBe(20);
    const { rows: posted } = await app.platform.db.query<{ n: number }>(
      `select count(*)::int as n from ledger_transactions t where t.kind = 'JackpotContribution' and t.wallet_id = $1`, [nok.walletId]);
    expect(posted[0]?.n).toBe(1);
    expect(cashBefore - (await cash(nok))).toBeGreaterThanOrEqual(230n - 100_000n);
    const update = await visitor.next((message) => message.type === 'JackpotUpdate' && message.version > first.version);
    expect(sumPots(update.pots)).toBe(sumPots((await get('instances?source=casino&brand=aurelia&currency=NOK')).body.instances[0].pots));
    // The feed shows the same figures.
    const feed = (await (await fetch(`${app.url}/api/feed?brand=aurelia&currency=EUR`)).json()) as { jackpots: { id: string; current_value: string }[] };
    expect(sumPots(feed.jackpots)).toBe(sumPots(after.pots));

    // Opting out stops the contributions.
    player.send({ type: 'PlayerOptInRequest', instance_id: INSTANCE, player_id: nok.id, opt_in: false, contribution_value: 0.2 });
    await player.next((message) => message.type === 'JackpotUpdate' && message.player?.opted_in === false);
    await playRounds(app, nok, '5.00');
    expect((await app.platform.db.query('select 1 from jackpot_contributions where player_id = $1', [nok.id])).rows).toHaveLength(1);
    visitor.close();
    player.close();
  });

  it('drops a forced pot to the next contributor, pays it once, resets it to its seed and tells every subscriber', async () => {
    const watcher = await jackpotSocket(app.url, { brand: 'aurelia', currency: 'EUR' });
    watcher.send({ type: 'SubscribeRequest', instance_ids: [INSTANCE] });
    await watcher.next((message) => message.type === 'JackpotUpdate');
    await app.platform.services.jackpot.optIn({ instanceId: INSTANCE, playerId: eur.id, brand: 'aurelia', playerCountry: 'FI', optIn: true, contributionValue: 0.1 });
    const armed = await app.gql('mutation { sandboxForceJackpotWin(instanceId: "northstar-jackpot", potId: "minor") { armed winId } }');
    expect(armed.data.sandboxForceJackpotWin).toEqual({ armed: true, winId: null });
    const minorBefore = BigInt((await app.platform.db.query<{ v: string }>(`select value_minor::text as v from jackpot_pots where instance_id = $1 and pot_id = 'minor'`, [INSTANCE])).rows[0]?.v ?? '0');
    await playRounds(app, eur, '1.00');
    const win = await watcher.next((message) => message.type === 'WinEvent');
    // The pot's value plus this bet's 20 % of 0.10 EUR.
    expect(win).toMatchObject({ instance_id: INSTANCE, win_pot_id: 'minor', currency: 'EUR', player_id: `${eur.id}:EUR:aurelia`, community_winners: [] });
    expect(BigInt(Math.round(Number(win.win_amount) * 100))).toBe(minorBefore + 2n);
    expect(win.currency_multipliers.multipliers.NOK).toBe(11.5);
    const pot = (await app.platform.db.query<{ v: string; cycle: number }>(`select value_minor::text as v, cycle from jackpot_pots where instance_id = $1 and pot_id = 'minor'`, [INSTANCE])).rows[0];
    expect(pot?.v).toBe('5000');
    // Processing the win again pays nothing more.
    const winId = win.win_id as string;
    await app.platform.services.jackpot.payWin(winId);
    await app.platform.services.jackpot.settle();
    const { rows } = await app.platform.db.query<{ n: number; total: string }>(
      `select count(*)::int as n, sum(p.amount_minor)::text as total from ledger_transactions t join ledger_postings p on p.transaction_id = t.id join ledger_accounts a on a.id = p.account_id
        where t.kind = 'JackpotWin' and t.idempotency_key like $1 and a.code = 'cash'`, [`jackpot-win:${winId}:%`]);
    expect(rows[0]).toEqual({ n: 1, total: (minorBefore + 2n).toString() });

    // The shared pot, forced to a named player, shares half among everyone who fed it.
    const shared = await app.gql(`mutation { sandboxForceJackpotWin(instanceId: "northstar-jackpot", potId: "shared", playerId: "wallet-eur") { armed winId } }`);
    expect(shared.data.sandboxForceJackpotWin.armed).toBe(false);
    const sharedWin = await watcher.next((message) => message.type === 'WinEvent' && message.win_pot_id === 'shared');
    expect(sharedWin.community_winners).toEqual([expect.objectContaining({ player_id: `${nok.id}:NOK:aurelia`, currency: 'NOK' })]);
    watcher.close();
  });

  it("puts the smallest option's players on every pot's board: 0.05 EUR a bet still feeds the shared pot", async () => {
    const tiny = await jackpotPlayer(app, 'verified');
    await app.platform.services.jackpot.optIn({ instanceId: INSTANCE, playerId: tiny.id, brand: 'aurelia', playerCountry: 'FI', optIn: true, contributionValue: 0.05 });
    await playRounds(app, tiny, '1.00');
    for (const pot of ['shared', 'mega']) {
      const board = await app.gql(
        `query { jackpotLeaderboard(brand: "aurelia", jackpotInstanceId: "northstar-jackpot", jackpotPotId: "${pot}", currency: "EUR", size: 100) { playerPosition } }`,
        {}, bearer(tiny.token),
      );
      expect(board.errors).toBeUndefined();
      expect(board.data.jackpotLeaderboard.playerPosition, pot).toBeGreaterThanOrEqual(1);
    }
  });

  it('refuses the sandbox switches without the operator key', async () => {
    const refused = await app.gql('mutation { sandboxRunRaffleDraw(type: "hourly") { raffleId } }', {}, { 'x-sandbox-key': 'wrong-wrong-wrong-wrong' });
    expect(refused.errors?.[0]?.extensions.reason).toBe('SandboxKeyRequired');
  });

  it('counts a ticket per 1.00 EUR wagered, draws the window once, pays the winner once and lists the draw', async () => {
    // The window so far holds other tests' tickets: draw it, so the next one is this player's alone.
    await app.gql('mutation { sandboxRunRaffleDraw(type: "hourly") { raffleId } }');
    const player = await jackpotSocket(app.url, { brand: 'aurelia', currency: 'NOK', token: nok.token });
    await playRounds(app, nok, '5.00', 3);
    player.send({ type: 'PlayerRaffleTicketsRequest', player_id: nok.id });
    const tickets = await player.next((message) => message.type === 'PlayerRaffleTicketsListResponse');
    // 15.00 NOK is 1.30 EUR: one ticket in the hourly and the daily draw.
    const hourly = tickets.tickets.find((entry: { instance_id: string }) => entry.instance_id.startsWith('aurelia-hourly-'));
    expect(hourly.ticket_count).toBe(1);
    const listed = (await get('instances?source=hourly&brand=aurelia', bearer(nok.token))).body.instances[0];
    expect(listed.player).toEqual({ ticket_count: 1 });

    const drawn = await app.gql('mutation { sandboxRunRaffleDraw(type: "hourly") { raffleId winners } }');
    expect(drawn.data.sandboxRunRaffleDraw).toEqual({ raffleId: hourly.instance_id, winners: 1 });
    const won = await player.next((message) => message.type === 'RaffleWinEvent');
    expect(won).toMatchObject({ instance_id: hourly.instance_id, currency: 'NOK', win_amount: '287.50', rank: 1, player_id: `${nok.id}:NOK:aurelia` });
    await app.platform.services.jackpot.draw(hourly.instance_id);
    await app.platform.services.jackpot.settle();
    const { rows } = await app.platform.db.query<{ n: number }>(`select count(*)::int as n from ledger_transactions where kind = 'RaffleWin' and idempotency_key like $1`, [`raffle:${hourly.instance_id}:%`]);
    expect(rows[0]?.n).toBe(1);

    const winners = await app.gql('query { public { raffleWinners(baseCurrency: "EUR", last: 15) { edges { cursor node { instanceId jackpotName winners { winnerInitials winAmount winCurrency brand instanceId } } } pageInfo { hasPreviousPage } } } }');
    expect(winners.data.public.raffleWinners.edges.at(-1).node).toMatchObject({ instanceId: hourly.instance_id, jackpotName: 'hourly', winners: [{ winAmount: '25.00', winCurrency: 'EUR', brand: 'aurelia', instanceId: hourly.instance_id }] });
    // The next bet opens a new hourly window.
    await playRounds(app, nok, '5.00', 3);
    const next = (await get('instances?source=hourly&brand=aurelia')).body.instances[0];
    expect(next.id).not.toBe(hourly.instance_id);
    player.close();
  });

  it('counts contributions in the loss limits, and leaves out one that would pass a limit', async () => {
    // Decision: a contribution is money put at risk with the stake, so the loss limits count it (and
    // a jackpot win as a win); a round whose contribution would pass a limit is played without it.
    // est (vantor) offers loss limits; mga (aurelia) does not.
    const player = await jackpotPlayer(app, 'wallet-eur', 'vantor');
    const headers = { ...bearer(player.token), 'x-brand': 'vantor' };
    const SET = 'mutation ($input: LimitInput!) { setLimit(input: $input) { used } }';
    const used = async () => (await app.gql('{ viewer { limits { kind used } } }', {}, headers)).data.viewer.limits.find((limit: { kind: string }) => limit.kind === 'Loss').used as string;
    expect((await app.gql(SET, { input: { kind: 'Loss', period: 'Day', amount: '100' } }, headers)).errors).toBeUndefined();
    await app.platform.services.jackpot.optIn({ instanceId: 'baltic-crest-jackpot', playerId: player.id, brand: 'vantor', playerCountry: 'EE', optIn: true, contributionValue: 0.5 });
    const contributions = async () => (await app.platform.db.query<{ amount: string }>('select amount_minor::text as amount from jackpot_contributions where player_id = $1', [player.id])).rows;

    // The day's loss: the stakes and the contributions, less the wins (signed, in cents).
    const cents = async (kind: string) => Number((await app.platform.db.query<{ sum: string }>(
      `select coalesce(sum(po.amount_minor), 0)::text as sum from ledger_postings po join ledger_transactions t on t.id = po.transaction_id
        join ledger_accounts a on a.id = po.account_id and a.code = 'cash' where t.wallet_id = $1 and t.kind = $2`, [player.walletId, kind])).rows[0]?.sum);
    const loss = async () => -((await cents('CasinoBet')) + (await cents('CasinoWin')) + (await cents('JackpotContribution')));
    await playRounds(app, player, '1.00', 1, undefined, 'vantor');
    expect(await contributions()).toEqual([{ amount: '50' }]);
    expect(await used()).toBe((Math.max(0, await loss()) / 100).toFixed(2));
    expect(await cents('JackpotContribution')).toBe(-50);
    // The reality check's session figures count it as staked too.
    const session = (await app.gql('{ viewer { session { staked } } }', {}, headers)).data.viewer.session;
    expect(session.staked).toBe((-((await cents('CasinoBet')) + (await cents('JackpotContribution'))) / 100).toFixed(2));
    // Rounds until the day is not in profit (a win can put it there, and then the limit counts nothing
    // lost, so no limit could let the stake through and stop its contribution).
    while ((await loss()) < 0) await playRounds(app, player, '1.00', 1, undefined, 'vantor');

    // Room for the next 1.00 stake and 0.10 more: the stake is taken, its 0.50 contribution is not.
    const lossMinor = await loss();
    const before = (await contributions()).length;
    const stakes = await cents('CasinoBet');
    expect((await app.gql(SET, { input: { kind: 'Loss', period: 'Day', amount: ((lossMinor + 110) / 100).toFixed(2) } }, headers)).errors).toBeUndefined();
    await playRounds(app, player, '1.00', 1, undefined, 'vantor');
    expect(await cents('CasinoBet')).toBe(stakes - 100);
    expect(await contributions()).toHaveLength(before);
  });

  it('ranks contributors on the leaderboard with the player\'s own position, and serves the settings by country', async () => {
    const board = await app.gql(
      'query { jackpotLeaderboard(brand: "aurelia", jackpotInstanceId: "northstar-jackpot", jackpotPotId: "mega", currency: "EUR", size: 10) { playerPosition playerRank entries { position initials brand expectedPrize rankName } } }',
      {}, bearer(eur.token),
    );
    expect(board.errors).toBeUndefined();
    const { entries, playerPosition } = board.data.jackpotLeaderboard;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toMatchObject({ position: 1, brand: 'aurelia', rankName: 'Legend' });
    expect(playerPosition).toBeGreaterThanOrEqual(1);
    const settings = await app.gql('query { jackpotSettings(ipCountryCode: "FI") { enabled instanceId contributionOptions initialContributionValue } jackpotSettingsV2(ipCountryCode: "FI", locale: "fi") { titleRows optInTitle } raffleSettings(ipCountryCode: "FI") { enabled } }');
    expect(settings.data.jackpotSettings).toEqual({ enabled: true, instanceId: INSTANCE, contributionOptions: [0.05, 0.1, 0.2, 0.5], initialContributionValue: 0.1 });
    expect(settings.data.jackpotSettingsV2.optInTitle).toBe('Jättipotin asetukset');
    expect(settings.data.raffleSettings.enabled).toBe(true);
  });
});
