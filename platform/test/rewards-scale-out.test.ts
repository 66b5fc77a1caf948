/**
 * Rewards across two platforms on one PostgreSQL database (as scale-out.test.ts does for the bus and
 * the jobs): each reward's expiry is one one-off job that one of the two processes runs, once, and a
 * claim made through one process reaches the player's RewardsContextSubscription socket held by the
 * other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REWARD_JOBS } from '../src/rewards/service.ts';
import { bearer, startPlatform, startPlatformBeside } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';
import { jackpotPlayer, type JackpotPlayer } from './jackpot-support.ts';
import { rewardsContent, until } from './rewards-support.ts';

const POSTGRES = process.env.DATABASE_URL;
const ASSIGN = 'mutation ($p: ID!, $r: ID!) { sandboxAssignReward(playerId: $p, rewardId: $r) { assignationId status } }';
const CLAIM = 'mutation ($id: ID!) { claimReward(assignationId: $id) { status } }';

/** A graphql-transport-ws socket subscribed to the player's rewardUpdated, recording each event. */
async function rewardSocket(url: string, accessToken: string) {
  const events: { status: string; assignationId: string }[] = [];
  const socket = new WebSocket(`${url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const acked = new Promise<void>((resolve) => {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; payload?: { data?: { rewardUpdated?: { status: string; assignationId: string } } } };
      if (message.type === 'connection_ack') resolve();
      const update = message.payload?.data?.rewardUpdated;
      if (message.type === 'next' && update) events.push(update);
    });
  });
  socket.send(JSON.stringify({ type: 'connection_init', payload: { accessToken } }));
  await acked;
  socket.send(JSON.stringify({ id: 'rewards', type: 'subscribe', payload: { query: 'subscription { rewardUpdated { status assignationId } }' } }));
  return { events, close: () => socket.close() };
}

describe.skipIf(!POSTGRES)('rewards across two platforms on one PostgreSQL database', () => {
  let a: TestPlatform;
  let b: TestPlatform;
  let content: ReturnType<typeof rewardsContent>;
  let player: JackpotPlayer;

  beforeAll(async () => {
    content = rewardsContent();
    const options = { contentDir: content.dir, settleIntervalMs: 0, jackpotIntervalMs: 0, rewardsIntervalMs: 0 };
    a = await startPlatform({ name: 'postgres', url: POSTGRES as string }, options);
    b = await startPlatformBeside(a, options);
    player = await jackpotPlayer(a, 'wallet-eur');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    content?.remove();
  });

  /** Resolves once the socket's subscription on `app` is live (a probe event published there arrives). */
  async function live(socket: Awaited<ReturnType<typeof rewardSocket>>, app: TestPlatform): Promise<void> {
    await until(async () => {
      app.platform.services.events.publish(player.id, 'rewardUpdated', { reward: { rewardId: 'probe', name: 'probe', rewardType: 'Incentive', claimType: 'manual', rewardReason: null, startsAt: null, endsAt: null, expiresIn: null }, status: 'Removed', assignationId: 'probe' });
      await app.platform.services.events.flush();
      await new Promise((resolve) => setTimeout(resolve, 50));
      return socket.events.some((event) => event.assignationId === 'probe');
    }, 'the subscription going live', 5000);
  }

  it('runs each expiry once although both processes work the jobs, and tells a socket on either process', async () => {
    const socket = await rewardSocket(b.url, player.token);
    await live(socket, b);
    // Assigned through both processes: each schedules expiries and so runs the jobs' workers.
    const ids: string[] = [];
    for (const app of [a, b, a, b]) {
      const assigned = await app.gql(ASSIGN, { p: player.id, r: 'short' });
      expect(assigned.errors).toBeUndefined();
      ids.push(assigned.data.sandboxAssignReward.assignationId as string);
    }
    await until(async () => {
      const { rows } = await a.platform.db.query<{ n: number }>(`select count(*)::int as n from reward_assignations where id = any($1::text[]) and status = 'Expired'`, [ids]);
      return rows[0]?.n === ids.length;
    }, 'the four expiries');
    await until(() => ids.every((id) => socket.events.some((event) => event.assignationId === id && event.status === 'Expired')), 'the expiries on the socket');
    const { rows: jobs } = await a.platform.db.query<{ key: string; state: string }>(
      `select singleton_key as key, state from atrium_jobs.job where name = $1 and singleton_key = any($2::text[])`,
      [REWARD_JOBS.expire, ids],
    );
    expect(jobs.map((job) => job.key).sort()).toEqual([...ids].sort());
    expect(new Set(jobs.map((job) => job.state))).toEqual(new Set(['completed']));
    await a.platform.services.events.flush();
    await b.platform.services.events.flush();
    for (const id of ids) expect(socket.events.filter((event) => event.assignationId === id).map((event) => event.status)).toEqual(['Unclaimed', 'Expired']);
    socket.close();
  });

  it('delivers a claim made through one process to the socket held by the other, once', async () => {
    const socket = await rewardSocket(b.url, player.token);
    await live(socket, b);
    const id = (await a.gql(ASSIGN, { p: player.id, r: 'drop' })).data.sandboxAssignReward.assignationId as string;
    const claims = await Promise.all([a.gql(CLAIM, { id }, bearer(player.token)), b.gql(CLAIM, { id }, bearer(player.token))]);
    for (const claim of claims) expect(claim.data.claimReward.status).toBe('Credited');
    await until(() => socket.events.some((event) => event.assignationId === id && event.status === 'Credited'), 'the credit on B');
    await a.platform.services.events.flush();
    await b.platform.services.events.flush();
    expect(socket.events.filter((event) => event.assignationId === id).map((event) => event.status)).toEqual(['Unclaimed', 'Credited']);
    const { rows } = await a.platform.db.query<{ n: number }>('select count(*)::int as n from ledger_transactions where idempotency_key = $1', [`reward:${id}:credit`]);
    expect(rows[0]?.n).toBe(1);
    socket.close();
  });
});
