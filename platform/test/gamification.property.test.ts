/**
 * Gamification's money and points under random play (fast-check): sequences of real bets on Megaways
 * and other slots, opt-ins and opt-outs of three players, then the tournament's close, raced and
 * replayed. After each sequence: each player's points are their opted-in wagers at the rate (no
 * rounding lost across bets); a mission is completed and paid once exactly when the player's
 * opted-in Megaways rounds reach its goal; the tournament's prizes go once each to the best
 * opted-in wagerers; and the provider's house account holds minus everything it paid.
 */
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournamentInstanceId } from '../src/gamification/tournaments.ts';
import { DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';
import { contentWithTournaments, fixedTournament, providerToken } from './gamification-support.ts';
import { jackpotPlayer, playRounds, type JackpotPlayer } from './jackpot-support.ts';

const USERS = ['verified', 'banking-cdd', 'withdrawals-blocked'] as const;
const GOAL = 3;

type Op = { kind: 'bet'; player: number; cents: number; megaways: boolean } | { kind: 'opt'; player: number; enable: boolean };
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('bet' as const), player: fc.integer({ min: 0, max: 2 }), cents: fc.constantFrom(50, 75, 130, 250), megaways: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('opt' as const), player: fc.integer({ min: 0, max: 2 }), enable: fc.boolean() }) },
);

describe.each(DATABASES)('gamification under random play on $name', (database) => {
  let app: TestPlatform;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const content = contentWithTournaments([]);
  const players: JackpotPlayer[] = [];
  const tokens: string[] = [];
  let slugs: { megaways: string; slot: string };

  beforeAll(async () => {
    app = await startPlatform(database, { contentDir: content.dir, settleIntervalMs: 0, jackpotIntervalMs: 0, gamificationIntervalMs: 0, clock });
    for (const name of USERS) {
      const player = await jackpotPlayer(app, name);
      await app.gql('mutation ($p: ID!, $k: String!) { sandboxCreditWallet(playerId: $p, amount: "5000.00", currency: "EUR", idempotencyKey: $k) { balance } }', { p: player.id, k: `gm-property-${name}` });
      players.push(player);
      tokens.push(await providerToken(app, player, false));
    }
    const slug = async (where: string) => (await app.platform.db.query<{ slug: string }>(`select slug from games where ${where} and restricted_licences = '{}' and restricted_countries = '{}' and min_bet_minor <= 50 order by idx limit 1`)).rows[0]!.slug;
    slugs = { megaways: await slug('is_megaways'), slot: await slug(`not is_megaways and 'slots' = any(categories)`) };
  });
  afterAll(async () => {
    await app?.close();
    content.remove();
  });

  let run = 0;
  it('keeps points, mission rewards and prizes exact and paid once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        run += 1;
        offsetMs = 0;
        const missionId = `goal-${run}`;
        const start = new Date(clock().getTime() - 60_000);
        const end = new Date(clock().getTime() + 3_600_000);
        const tournament = `race-${run}`;
        // Fresh content for the run (new ids: earlier runs' rewards are keyed by theirs).
        const write = (file: string, json: unknown) => {
          const path = join(content.dir, 'aurelia', file);
          writeFileSync(path, JSON.stringify(json));
          utimesSync(path, new Date(), new Date(Date.now() + run * 1000));
        };
        write('missions.json', { missions: [{ id: missionId, title: { en: 'm' }, description: { en: 'm' }, image: '/media/banners/promo.svg', goal: { rounds: GOAL }, games: 'megaways', reward: '1.00' }] });
        write('tournaments.json', { tournaments: [fixedTournament(tournament, start, end, 'wagered', ['3.00', '2.00'])] });
        await app.platform.db.query('update gamification_players set points = 0, points_carry = 0, opted_in = false');

        const model = players.map(() => ({ optedIn: false, wagered: 0, megaways: 0 }));
        for (const step of ops) {
          const player = players[step.player]!;
          const state = model[step.player]!;
          if (step.kind === 'opt') {
            const answer = await fetch(`${app.url}/gamification-service/v1/player/gamification-opt`, {
              method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[step.player]}` }, body: JSON.stringify({ enable: step.enable }),
            });
            expect(answer.status).toBe(200);
            state.optedIn = step.enable;
            continue;
          }
          await playRounds(app, player, (step.cents / 100).toFixed(2), 1, step.megaways ? slugs.megaways : slugs.slot);
          if (state.optedIn) {
            state.wagered += step.cents;
            if (step.megaways) state.megaways += 1;
          }
        }

        const instanceId = tournamentInstanceId('aurelia', tournament, start);
        offsetMs = 2 * 3_600_000;
        await Promise.all([app.platform.services.gamification.close(instanceId), app.platform.services.gamification.close(instanceId), app.platform.services.gamification.settle()]);
        await app.platform.services.gamification.close(instanceId);

        for (const [index, player] of players.entries()) {
          const state = model[index]!;
          const { rows } = await app.platform.db.query<{ points: string }>('select points::text from gamification_players where player_id = $1', [player.id]);
          expect(rows[0]?.points, `points of ${USERS[index]}`).toBe(String(Math.floor(state.wagered / 100)));
          const paid = await app.platform.db.query<{ n: number }>(`select count(*)::int as n from ledger_transactions where idempotency_key = $1`, [`mission:aurelia:${missionId}:${player.id}`]);
          expect(paid.rows[0]?.n, `mission reward of ${USERS[index]}`).toBe(state.megaways >= GOAL ? 1 : 0);
        }
        const ranked = model.map((state, index) => ({ index, wagered: state.wagered })).filter((entry) => entry.wagered > 0).sort((x, y) => y.wagered - x.wagered);
        const { rows: winners } = await app.platform.db.query<{ rank: number; player_id: string; paid: boolean }>(
          'select rank, player_id, paid_at is not null as paid from gamification_tournament_winners where tournament_id = $1 order by rank', [instanceId]);
        expect(winners.length).toBe(Math.min(2, ranked.length));
        for (const winner of winners) {
          expect(winner.paid).toBe(true);
          const expected = ranked[winner.rank - 1]!;
          // Ties go to whoever got there first: only the score is certain here.
          expect(model[players.findIndex((player) => player.id === winner.player_id)]?.wagered).toBe(expected.wagered);
        }
        const prizes = await app.platform.db.query<{ n: number }>(`select count(*)::int as n from ledger_transactions where idempotency_key like $1`, [`tournament:${instanceId}:%`]);
        expect(prizes.rows[0]?.n).toBe(winners.length);
        // The provider's house account is minus all it ever paid (every run's rewards and prizes).
        const { rows: house } = await app.platform.db.query<{ house: string; paid: string }>(
          `select (select coalesce(sum(balance_minor), 0) from ledger_accounts where code = 'house:gamification')::text as house,
                  (select coalesce(sum(p.amount_minor), 0) from ledger_postings p join ledger_transactions t on t.id = p.transaction_id join ledger_accounts a on a.id = p.account_id
                    where t.kind in ('MissionReward', 'TournamentPrize') and a.wallet_id is not null)::text as paid`,
        );
        expect(BigInt(house[0]!.house)).toBe(-BigInt(house[0]!.paid));
      }),
      { numRuns: 6, endOnFailure: true },
    );
  }, 600_000);
});
