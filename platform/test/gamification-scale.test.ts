/**
 * Tournament prizes paid once across platform processes (issue 30): two platforms on one PostgreSQL
 * database (two pools, two LISTEN connections, two job workers), rounds scored through both, the
 * window closed by its one-off job at its end (the sweep off, so the job alone does it), each prize
 * paid once; then the sweep of both at once finds nothing left to pay. Skipped without DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLOSE_JOB } from '../src/gamification/service.ts';
import { tournamentInstanceId } from '../src/gamification/tournaments.ts';
import { jobsSchema } from '../src/jobs/jobs.ts';
import { DATABASES, startPlatform, startPlatformBeside } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';
import { contentWithTournaments, fixedTournament, openStream, providerToken, until } from './gamification-support.ts';
import { jackpotPlayer, playRounds } from './jackpot-support.ts';

const POSTGRES = DATABASES.find((database) => database.name === 'postgres');

describe.skipIf(!POSTGRES)('tournaments across two platforms on one PostgreSQL database', () => {
  let a: TestPlatform;
  let b: TestPlatform;
  let offsetMs = 0;
  // One clock for both, as one wall clock.
  const clock = () => new Date(Date.now() + offsetMs);
  const startsAt = new Date(Date.now() - 3_600_000);
  const endsAt = new Date(Date.now() + 3_600_000);
  const content = contentWithTournaments([fixedTournament('cluster-race', startsAt, endsAt, 'wagered')]);

  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const options = { contentDir: content.dir, settleIntervalMs: 0, jackpotIntervalMs: 0, gamificationIntervalMs: 0, clock };
    a = await startPlatform(POSTGRES!, options);
    b = await startPlatformBeside(a, options);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    content.remove();
    vi.restoreAllMocks();
  });

  it('closes the window once by its job at the end, with both processes working the job, and pays each prize once', async () => {
    const first = await jackpotPlayer(a, 'verified');
    const second = await jackpotPlayer(b, 'banking-cdd');
    await providerToken(a, first);
    await providerToken(b, second);
    const instanceId = tournamentInstanceId('aurelia', 'cluster-race', startsAt);
    // The window ends 3 s from now on the shared clock: the job is due then.
    offsetMs = endsAt.getTime() - Date.now() - 3000;
    const stream = await openStream(`${b.url}/gamification-service/v1/tournaments/${instanceId}/stream`);
    await playRounds(a, first, '4.00', 1);
    await playRounds(b, second, '2.00', 1);
    // A round through A reaches a leaderboard stream held by B.
    await stream.next((event) => event.event === 'leaderboard' && event.data.entries.length === 2);
    const cashBefore = (await a.platform.services.ledger.balances(first.walletId)).cash;
    await until(async () => (await a.platform.db.query(`select 1 from gamification_tournament_winners where tournament_id = $1 and paid_at is not null`, [instanceId])).rows.length === 2, 'the close job to pay both prizes', 15_000);
    await stream.next((event) => event.event === 'closed');
    stream.close();
    const { rows } = await a.platform.db.query<{ key: string }>(`select idempotency_key as key from ledger_transactions where kind = 'TournamentPrize' order by idempotency_key`);
    expect(rows.map((row) => row.key)).toEqual([`tournament:${instanceId}:1`, `tournament:${instanceId}:2`]);
    expect((await a.platform.services.ledger.balances(first.walletId)).cash - cashBefore).toBe(3000n);
    const schema = jobsSchema(a.database.databaseSchema);
    const jobStates = async () => (await a.platform.db.executeSql(`select state from ${schema}.job where name = $1 and singleton_key = $2`, [CLOSE_JOB, instanceId])).rows;
    await until(async () => (await jobStates())[0]?.state === 'completed', 'the close job to complete');
    expect(await jobStates()).toEqual([{ state: 'completed' }]);
    // The safety net in both at once, and the job's work again: nothing more is paid.
    await Promise.all([a.platform.services.gamification.settle(), b.platform.services.gamification.settle(), a.platform.services.gamification.close(instanceId), b.platform.services.gamification.close(instanceId)]);
    const again = await a.platform.db.query<{ n: number }>(`select count(*)::int as n from ledger_transactions where kind = 'TournamentPrize'`);
    expect(again.rows[0]?.n).toBe(2);
  });
});
