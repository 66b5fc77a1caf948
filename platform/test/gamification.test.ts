/**
 * The gamification provider (issue 30): its arithmetic and content rules, then on each database
 * the token endpoint and player data, points and ranks from real bets (and none after opting out),
 * missions paid once from real rounds and deposits, and tournaments scored by real rounds with a
 * live leaderboard and prizes paid once at the close, however many closes race.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCatalogueRepository } from '../src/catalogue/repository.ts';
import { createContentStore } from '../src/content/store.ts';
import { loyaltyFile, missionsFile, tournamentsFile } from '../src/gamification/content.ts';
import { missionStep } from '../src/gamification/missions.ts';
import { earnPoints, rankOf } from '../src/gamification/ranks.ts';
import { roundScore, tournamentInstanceId, tournamentWindow } from '../src/gamification/tournaments.ts';
import { bearer, CONTENT_DIR, DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';
import { contentWithTournaments, fixedTournament, openStream, provider, providerToken } from './gamification-support.ts';
import { jackpotPlayer, playRounds, type JackpotPlayer } from './jackpot-support.ts';

const loyalty = JSON.parse(readFileSync(join(CONTENT_DIR, 'aurelia', 'loyalty.json'), 'utf8')) as Record<string, any>;
const mission = (goal: unknown, games: unknown = 'any') => missionsFile.parse({ missions: [{ id: 'm', title: { en: 'm' }, description: { en: 'm' }, image: '/media/banners/promo.svg', goal, games, reward: '1.00' }] }).missions[0]!;

describe('gamification arithmetic and content', () => {
  it('earns points exactly at the rate, carrying the remainder, and ranks by the cards', () => {
    const rate = { per: '1.00', points: 1 };
    let carry = 0n;
    let points = 0n;
    for (let i = 0; i < 10; i += 1) {
      const earned = earnPoints(carry, 10n, rate);
      points += earned.points;
      carry = earned.carry;
    }
    expect({ points, carry }).toEqual({ points: 1n, carry: 0n });
    expect(earnPoints(0n, 250n, { per: '0.50', points: 3 })).toEqual({ points: 15n, carry: 0n });
    expect(earnPoints(40n, 99n, { per: '2.00', points: 1 })).toEqual({ points: 0n, carry: 139n });
    const cards = loyaltyFile.parse(loyalty).rankCards;
    expect(rankOf(0n, cards).current.level).toBe(1);
    expect(rankOf(499n, cards).next?.level).toBe(2);
    expect(rankOf(500n, cards).current.level).toBe(2);
    expect(rankOf(10_000_000n, cards)).toMatchObject({ current: { level: 4 }, next: null });
  });

  it('scores by amount wagered or by win over bet, and windows tournaments in UTC', () => {
    expect(roundScore('wagered', { baseBetMinor: 150n, betMinor: 1725n, winMinor: 0n })).toBe(150n);
    expect(roundScore('multiplier', { baseBetMinor: 20n, betMinor: 20n, winMinor: 57n })).toBe(285n);
    const daily = tournamentsFile.parse({ tournaments: [{ id: 'race', title: { en: 'r' }, description: { en: 'r' }, image: '/media/banners/jackpot.svg', scoring: 'wagered', schedule: { every: 'day' }, prizes: ['5.00'] }] }).tournaments[0]!;
    const window = tournamentWindow(daily, new Date('2026-03-04T10:20:30Z'));
    expect(window).toEqual({ start: new Date('2026-03-04T00:00:00Z'), end: new Date('2026-03-05T00:00:00Z') });
    expect(tournamentInstanceId('aurelia', 'race', window.start)).toBe('aurelia-race-20260304T0000');
  });

  it('moves missions only by what their goal and games name', () => {
    const megaways = { megaways: true, liveCasino: false, categories: ['slots'] };
    const live = { megaways: false, liveCasino: true, categories: ['live-casino'] };
    expect(missionStep(mission({ rounds: 30 }, 'megaways'), { kind: 'round', baseMinor: 50n, game: megaways })).toBe(1n);
    expect(missionStep(mission({ rounds: 30 }, 'megaways'), { kind: 'round', baseMinor: 50n, game: live })).toBe(0n);
    expect(missionStep(mission({ wager: '50.00' }, 'live-casino'), { kind: 'round', baseMinor: 250n, game: live })).toBe(250n);
    expect(missionStep(mission({ wager: '50.00' }, { category: 'slots' }), { kind: 'round', baseMinor: 250n, game: megaways })).toBe(250n);
    expect(missionStep(mission({ deposits: 1 }), { kind: 'round', baseMinor: 250n, game: megaways })).toBe(0n);
    expect(missionStep(mission({ deposits: 1 }), { kind: 'deposit' })).toBe(1n);
    expect(missionStep(mission({ rounds: 3 }), { kind: 'deposit' })).toBe(0n);
  });

  it('validates every demo brand\'s content, and says what is wrong and how to fix it', () => {
    const brands = readdirSync(CONTENT_DIR).filter((name) => !name.startsWith('_'));
    expect(brands.length).toBeGreaterThanOrEqual(6);
    for (const brand of brands) {
      const read = (file: string) => JSON.parse(readFileSync(join(CONTENT_DIR, brand, file), 'utf8')) as unknown;
      expect(loyaltyFile.safeParse(read('loyalty.json')).success, `${brand}/loyalty.json`).toBe(true);
      expect(missionsFile.safeParse(read('missions.json')).success, `${brand}/missions.json`).toBe(true);
      expect(tournamentsFile.safeParse(read('tournaments.json')).success, `${brand}/tournaments.json`).toBe(true);
    }
    const sevenFaqs = loyaltyFile.safeParse({ ...loyalty, faq: loyalty.faq.slice(0, 7) });
    expect(sevenFaqs.error?.issues[0]?.message).toBe('exactly 8 question and answer pairs (spec section 9)');
    const unordered = loyaltyFile.safeParse({ ...loyalty, rankCards: [loyalty.rankCards[0], { ...loyalty.rankCards[1], pointsFrom: 0 }] });
    expect(unordered.error?.issues[0]).toMatchObject({ path: ['rankCards', 1, 'pointsFrom'], message: '0 is not more than the rank before it (0): list ranks lowest first' });
    const badPrizes = tournamentsFile.safeParse({ tournaments: [{ id: 'x', title: { en: 'x' }, description: { en: 'x' }, image: '/media/banners/jackpot.svg', scoring: 'wagered', schedule: { every: 'day' }, prizes: ['1.00', '2.00'] }] });
    expect(badPrizes.error?.issues[0]?.message).toContain('first place first');
  });
});

describe.each(DATABASES)('the gamification provider on $name', (database) => {
  let app: TestPlatform;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const started = Date.now();
  const content = contentWithTournaments([
    fixedTournament('wager-race', new Date(started - 3_600_000), new Date(started + 3_600_000), 'wagered'),
    fixedTournament('multiplier-race', new Date(started - 3_600_000), new Date(started + 3_600_000), 'multiplier', ['10.00']),
    // Later than the rest: only the players of the test that moves the clock into it score there.
    fixedTournament('duel', new Date(started + 10 * 3_600_000), new Date(started + 12 * 3_600_000), 'wagered'),
    // Running through every other test's clock: the sandbox closes it early.
    fixedTournament('sprint', new Date(started - 3_600_000), new Date(started + 24 * 3_600_000), 'wagered', ['15.00', '10.00', '5.00']),
  ]);
  const players: Record<string, JackpotPlayer> = {};

  beforeAll(async () => {
    app = await startPlatform(database, { contentDir: content.dir, settleIntervalMs: 0, jackpotIntervalMs: 0, gamificationIntervalMs: 0, clock });
    for (const name of ['verified', 'banking-cdd', 'withdrawals-blocked', 'wallet-eur', 'wallet-gbp', 'sow-upload-required']) players[name] = await jackpotPlayer(app, name);
  });
  afterAll(async () => {
    await app?.close();
    content.remove();
  });

  const points = async (player: JackpotPlayer) => (await app.platform.db.query<{ points: string }>('select points::text from gamification_players where player_id = $1', [player.id])).rows[0]?.points;
  const ledgerCount = async (kind: string, key: string) =>
    (await app.platform.db.query<{ n: number }>('select count(*)::int as n from ledger_transactions where kind = $1 and idempotency_key like $2', [kind, key])).rows[0]?.n;
  const gameSlug = async (where: string) => (await app.platform.db.query<{ slug: string }>(`select slug from games where ${where} and restricted_licences = '{}' and restricted_countries = '{}' order by idx limit 1`)).rows[0]!.slug;

  it('trades a platform access token for its own through the client id, checked by the platform\'s verifier', async () => {
    const player = players.verified!;
    expect((await provider(app, 'token', { body: { clientId: 'nobody', identityToken: player.token } })).body.error.message).toContain('Unknown clientId "nobody"');
    const forged = await provider(app, 'token', { body: { clientId: 'aurelia-lobby', identityToken: 'eyJhbGciOiJub25lIn0.eyJwbGF5ZXJfaWQiOiJ4In0.' } });
    expect(forged.status).toBe(401);
    // Another brand's client id with this player's token: the platform's verifier refuses the brand.
    expect((await provider(app, 'token', { body: { clientId: 'vantor-lobby', identityToken: player.token } })).status).toBe(401);
    expect((await provider(app, 'token', { body: { clientId: 'aurelia-lobby' } })).body.error.message).toContain('identityToken is required');
    const token = await providerToken(app, player, false);
    const data = await provider(app, 'player', { token });
    expect(data.body).toMatchObject({ id: player.id, gamificationOpt: { enable: false }, isPlayerBlockedInGamanza: false, playerGamificationDetails: { level: 1, rank: 'Bronze', points: 0 } });
    expect((await provider(app, 'player', { token: 'made-up' })).status).toBe(401);
    expect((await provider(app, 'player/gamification-opt', { token, body: { enable: 'yes' } })).body.error.message).toContain('{ "enable": true }');
    expect((await provider(app, 'player/gamification-opt', { token, body: { enable: true } })).body.gamificationOpt).toEqual({ enable: true });
    // GetGamanzaInfo and the enablement settings through GraphQL.
    const info = await app.gql('query GetGamanzaInfo { viewer { player { id isPlayerBlockedInGamanza playerGamificationDetails { level optedIn } } } gamificationSettings { enabled clientId providerPath } }', {}, bearer(player.token));
    expect(info.data).toEqual({
      viewer: { player: { id: player.id, isPlayerBlockedInGamanza: false, playerGamificationDetails: { level: 1, optedIn: true } } },
      gamificationSettings: { enabled: true, clientId: 'aurelia-lobby', providerPath: '/gamification-service/' },
    });
    // A session that ends takes the provider's token with it.
    await app.platform.services.auth.endSession(player.sid, 'logout');
    expect((await provider(app, 'player', { token })).status).toBe(401);
    players.verified = await jackpotPlayer(app, 'verified');
  });

  it('earns points from real bets at the brand\'s rate and moves the player up a rank; opting out or a block stops them', async () => {
    const player = players['banking-cdd']!;
    const token = await providerToken(app, player);
    const credited = await app.gql('mutation ($p: ID!) { sandboxCreditWallet(playerId: $p, amount: "1000.00", currency: "EUR", idempotencyKey: "gm-points") { balance } }', { p: player.id });
    expect(credited.errors).toBeUndefined();
    await playRounds(app, player, '2.50', 2);
    expect(await points(player)).toBe('5');
    await playRounds(app, player, '100.00', 5);
    const data = await provider(app, 'player', { token });
    expect(data.body.playerGamificationDetails).toMatchObject({ level: 2, rank: 'Silver', points: 505, nextLevel: { level: 3, rank: 'Gold', pointsFrom: 2500 } });
    await provider(app, 'player/gamification-opt', { token, body: { enable: false } });
    await playRounds(app, player, '10.00', 2);
    expect(await points(player)).toBe('505');
    await provider(app, 'player/gamification-opt', { token, body: { enable: true } });
    expect((await app.gql('mutation ($p: ID!) { sandboxSetGamificationBlocked(playerId: $p, blocked: true) }', { p: player.id })).data).toEqual({ sandboxSetGamificationBlocked: true });
    await playRounds(app, player, '10.00', 1);
    expect(await points(player)).toBe('505');
    const blocked = await provider(app, 'player/gamification-opt', { token, body: { enable: true } });
    expect(blocked.body.error.message).toContain('blocked from gamification');
    expect((await provider(app, 'player', { token })).body).toMatchObject({ isPlayerBlockedInGamanza: true, gamificationOpt: { enable: false } });
  });

  it('completes a Megaways mission from 30 real rounds and pays its reward once, even with rounds racing', async () => {
    const player = players['withdrawals-blocked']!;
    const token = await providerToken(app, player);
    const megaways = await gameSlug('is_megaways');
    const slot = await gameSlug(`not is_megaways and 'slots' = any(categories)`);
    await playRounds(app, player, '0.50', 3, slot);
    await playRounds(app, player, '0.50', 26, megaways);
    const missions = await provider(app, 'missions', { token });
    expect(missions.body.missions.find((entry: { id: string }) => entry.id === 'megaways-marathon')).toMatchObject({ goal: 'rounds', target: '30', progress: '26', percent: 86, completed: false, reward: '5.00' });
    // Four sessions at once: only the round that reaches 30 pays.
    await Promise.all([1, 2, 3, 4].map(() => playRounds(app, player, '0.50', 1, megaways)));
    expect(await ledgerCount('MissionReward', `mission:aurelia:megaways-marathon:${player.id}`)).toBe(1);
    const reward = await app.platform.db.query<{ amount: string }>(
      `select p.amount_minor::text as amount from ledger_postings p join ledger_transactions t on t.id = p.transaction_id join ledger_accounts a on a.id = p.account_id
        where t.idempotency_key = $1 and a.wallet_id is not null`, [`mission:aurelia:megaways-marathon:${player.id}`]);
    expect(reward.rows.map((row) => row.amount)).toEqual(['500']);
    const done = await provider(app, 'missions', { token });
    expect(done.body.missions.find((entry: { id: string }) => entry.id === 'megaways-marathon')).toMatchObject({ progress: '30', percent: 100, completed: true });
    await playRounds(app, player, '0.50', 2, megaways);
    expect(await ledgerCount('MissionReward', `mission:aurelia:megaways-marathon:${player.id}`)).toBe(1);
  });

  it('completes the deposit mission from a completed deposit, once, and not for a player who opted out', async () => {
    const depositOnce = async (player: JackpotPlayer, key: string) => {
      const { cashier } = app.platform.services;
      const payment = await cashier.initiateDeposit(player.id, { amount: '20.00', currency: 'EUR', provider: 'trustly', idempotencyKey: key });
      const row = await app.platform.db.query<{ first_name: string | null; last_name: string | null }>('select first_name, last_name from players where id = $1', [player.id]);
      await cashier.providerReports(payment.id, 'Completed', { account: cashier.accountsFor('trustly', { id: player.id, ...row.rows[0]! })[0] ?? null });
      expect((await cashier.payment(payment.id))?.status).toBe('Completed');
    };
    const player = players['wallet-eur']!;
    await providerToken(app, player);
    const before = (await app.platform.services.ledger.balances(player.walletId)).cash;
    await depositOnce(player, `gm-deposit-${Date.now()}-1`);
    await depositOnce(player, `gm-deposit-${Date.now()}-2`);
    expect((await app.platform.services.ledger.balances(player.walletId)).cash - before).toBe(4000n + 200n);
    expect(await ledgerCount('MissionReward', `mission:aurelia:first-deposit:${player.id}`)).toBe(1);
    const other = players['wallet-gbp']!;
    await providerToken(app, other, false);
    const gbp = await app.platform.services.cashier.initiateDeposit(other.id, { amount: '20.00', currency: 'GBP', provider: 'trustly', idempotencyKey: `gm-deposit-${Date.now()}-3` });
    await app.platform.services.cashier.providerReports(gbp.id, 'Completed', { account: app.platform.services.cashier.accountsFor('trustly', { id: other.id, first_name: null, last_name: null })[0] ?? null });
    expect(await ledgerCount('MissionReward', `mission:aurelia:first-deposit:${other.id}`)).toBe(0);
  });

  it('scores a multiplier tournament by the best round\'s win over its bet', async () => {
    const player = players.verified!;
    await providerToken(app, player);
    const slot = await gameSlug(`'slots' = any(categories)`);
    for (let tries = 0; tries < 40; tries += 1) {
      await playRounds(app, player, '0.50', 5, slot);
      const { rows } = await app.platform.db.query<{ n: number }>('select count(*)::int as n from game_rounds where player_id = $1 and win_minor > 0', [player.id]);
      if ((rows[0]?.n ?? 0) > 0) break;
    }
    const { rows: best } = await app.platform.db.query<{ best: string }>(
      `select max(win_minor * 100 / bet_minor)::text as best from game_rounds where player_id = $1 and mode = 'REAL' and created_at >= $2`, [player.id, new Date(started)]);
    const instanceId = tournamentInstanceId('aurelia', 'multiplier-race', new Date(started - 3_600_000));
    const { rows } = await app.platform.db.query<{ score: string }>('select score::text from gamification_tournament_scores where tournament_id = $1 and player_id = $2', [instanceId, player.id]);
    expect(rows[0]?.score).toBe(best[0]?.best);
  });

  it('ranks a tournament by real rounds, streams the leaderboard live, and pays each prize once at the close however many closes race', async () => {
    const [first, second] = [players['sow-upload-required']!, players['wallet-gbp']!];
    const firstToken = await providerToken(app, first);
    await providerToken(app, second);
    const instanceId = tournamentInstanceId('aurelia', 'duel', new Date(started + 10 * 3_600_000));
    offsetMs += 11 * 3_600_000;
    await playRounds(app, second, '1.00', 1);
    const stream = await openStream(`${app.url}/gamification-service/v1/tournaments/${instanceId}/stream`);
    await stream.next((event) => event.event === 'leaderboard' && event.data.entries.length === 1);
    await playRounds(app, first, '3.00', 1);
    const live = await stream.next((event) => event.event === 'leaderboard' && event.data.entries.length === 2);
    expect(live.data.entries.map((entry: { rank: number; score: string; prize: string }) => `${entry.rank}:${entry.score}:${entry.prize}`)).toEqual(['1:3.00:30.00', '2:1.17:20.00']);
    const listed = await provider(app, 'tournaments', { token: firstToken });
    const race = listed.body.tournaments.find((entry: { tournamentId: string }) => entry.tournamentId === 'duel');
    expect(race).toMatchObject({ id: instanceId, status: 'running', scoring: 'wagered', prizes: ['30.00', '20.00'], leaderboard: { player: { rank: 1, score: '3.00' } } });
    const gql = await app.gql('{ tournaments(size: 1) { id status leaderboard { entries { rank score } player { rank } } } }', {}, bearer(second.token));
    expect(gql.data.tournaments.find((entry: { id: string }) => entry.id === instanceId)).toEqual({ id: instanceId, status: 'running', leaderboard: { entries: [{ rank: 1, score: '3.00' }], player: { rank: 2 } } });

    // Before its end a close does nothing; after it, five racing closes and a sweep pay each prize once.
    await app.platform.services.gamification.close(instanceId);
    expect(await ledgerCount('TournamentPrize', `tournament:${instanceId}:%`)).toBe(0);
    const cashBefore = (await app.platform.services.ledger.balances(first.walletId)).cash;
    offsetMs += 2 * 3_600_000;
    await Promise.all([1, 2, 3, 4, 5].map(() => app.platform.services.gamification.close(instanceId)));
    await app.platform.services.gamification.settle();
    expect(await ledgerCount('TournamentPrize', `tournament:${instanceId}:1`)).toBe(1);
    expect(await ledgerCount('TournamentPrize', `tournament:${instanceId}:2`)).toBe(1);
    expect((await app.platform.services.ledger.balances(first.walletId)).cash - cashBefore).toBe(3000n);
    await stream.next((event) => event.event === 'closed');
    stream.close();
    // A round after the close scores nowhere.
    await playRounds(app, second, '5.00', 1);
    const after = await provider(app, `tournaments/${instanceId}/leaderboard`);
    expect(after.body).toMatchObject({ status: 'closed', entries: [{ rank: 1, score: '3.00' }, { rank: 2, score: '1.17' }] });
    offsetMs = 0;
  });

  it('closes a running window at once through the sandbox (demos and browser tests), paying each prize once', async () => {
    const instanceId = tournamentInstanceId('aurelia', 'sprint', new Date(started - 3_600_000));
    const player = players['wallet-eur']!;
    await providerToken(app, player);
    await playRounds(app, player, '20.00', 1);
    const CLOSE = 'mutation ($t: ID!) { sandboxCloseTournament(tournamentId: $t) { tournamentId rank playerId currency amount } }';
    expect((await app.gql(CLOSE, { t: 'no-such-race' })).errors?.[0]?.extensions.reason).toBe('NotFound');
    const board = await provider(app, `tournaments/${instanceId}/leaderboard`);
    expect(board.body.status).toBe('open');
    const winners = board.body.entries.length as number;
    const first = await app.gql(CLOSE, { t: 'sprint' });
    expect(first.errors).toBeUndefined();
    expect(first.data.sandboxCloseTournament.map((prize: { tournamentId: string; rank: number }) => `${prize.tournamentId}:${prize.rank}`))
      .toEqual(Array.from({ length: Math.min(winners, 3) }, (_, index) => `${instanceId}:${index + 1}`));
    expect(await ledgerCount('TournamentPrize', `tournament:${instanceId}:%`)).toBe(Math.min(winners, 3));
    // Again, or the job and the sweep after it: nothing more is paid.
    expect((await app.gql(CLOSE, { t: 'sprint' })).data.sandboxCloseTournament).toEqual([]);
    await app.platform.services.gamification.settle();
    expect(await ledgerCount('TournamentPrize', `tournament:${instanceId}:%`)).toBe(Math.min(winners, 3));
    expect((await provider(app, `tournaments/${instanceId}/leaderboard`)).body.status).toBe('closed');
  });

  it('serves the loyalty page in the locale, and the missions to a visitor without progress', async () => {
    const page = await app.gql('{ loyaltyPage(locale: "fi") { enabled rankCards { level rank pointsFrom } steps { title } rewardCards { title colour } faq { question } images { shopDesktop } pointsRate { per points } } }');
    expect(page.data.loyaltyPage).toMatchObject({ enabled: true, rankCards: [{ level: 1, rank: 'Pronssi', pointsFrom: 0 }, { level: 2, rank: 'Hopea' }, { level: 3 }, { level: 4 }], images: { shopDesktop: '/media/banners/promo.webp' }, pointsRate: { per: '1.00', points: 1 } });
    expect(page.data.loyaltyPage.faq).toHaveLength(8);
    const missions = await app.gql('{ missions { id goal target progress percent completed reward } }');
    expect(missions.data.missions).toEqual([
      { id: 'megaways-marathon', goal: 'rounds', target: '30', progress: '0', percent: 0, completed: false, reward: '5.00' },
      { id: 'live-casino-regular', goal: 'wager', target: '50.00', progress: '0.00', percent: 0, completed: false, reward: '5.00' },
      { id: 'first-deposit', goal: 'deposits', target: '1', progress: '0', percent: 0, completed: false, reward: '2.00' },
    ]);
    expect((await app.gql('{ loyaltyPage { enabled } }', {}, { 'x-brand': 'nowhere' })).errors?.[0]?.extensions.reason).toBe('UnknownBrand');
  });

  it('keeps serving the last good loyalty content when a save breaks, and reports the problem', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atrium-loyalty-'));
    try {
      const store = createContentStore(dir, createCatalogueRepository(app.platform.db));
      const file = join(dir, 'aurelia', 'loyalty.json');
      mkdirSync(join(dir, 'aurelia'));
      writeFileSync(file, JSON.stringify(loyalty));
      expect((await store.gamification('aurelia')).loyalty?.settings.clientId).toBe('aurelia-lobby');
      writeFileSync(file, JSON.stringify({ ...loyalty, faq: loyalty.faq.slice(0, 3) }));
      utimesSync(file, new Date(), new Date(Date.now() + 5000));
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect((await store.gamification('aurelia')).loyalty?.faq).toHaveLength(8);
      const problems = await store.problems('aurelia');
      expect(problems.find((problem) => problem.file.endsWith('aurelia/loyalty.json'))?.message).toContain('field "faq": exactly 8 question and answer pairs');
      warn.mockRestore();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ends its leaderboard streams when the platform drains, so they do not hold its shutdown', async () => {
    const other = await startPlatform(database, { contentDir: content.dir, settleIntervalMs: 0, jackpotIntervalMs: 0, gamificationIntervalMs: 0 });
    const stream = await openStream(`${other.url}/gamification-service/v1/tournaments/aurelia-none-20260101T0000/stream`);
    await stream.next((event) => event.event === 'leaderboard');
    const began = Date.now();
    // close() gives requests in flight 5 s: a stream left open would hold it that long.
    await Promise.all([other.close(), stream.ended]);
    expect(Date.now() - began).toBeLessThan(3000);
  });
});
