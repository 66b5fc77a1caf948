/**
 * A dropped database connection never crashes the platform (issue 26): a platform process on
 * PostgreSQL carries money traffic while every one of its server connections (the pool's, the
 * LISTEN connection) is terminated, several times. It stays up, a request caught in a drop fails
 * with a trace id, later requests succeed on fresh connections, and the ledger balances.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, scratchSchema, spawnPlatform, TEST_SANDBOX_KEY } from './helpers.ts';
import type { PlatformProcess } from './helpers.ts';

const POSTGRES = DATABASES.find((database) => database.url);

const CREDIT = 'mutation ($k: String!, $a: String!, $p: ID!) { sandboxCreditWallet(playerId: $p, amount: $a, currency: "EUR", idempotencyKey: $k) { balance } }';

/** One answer of the platform, or how the request failed without one (a refused connection is a crash). */
interface Outcome {
  status: number;
  body: { data?: any; errors?: { message: string; extensions?: { reason?: string; traceId?: string } }[] };
}

describe.skipIf(!POSTGRES)('a platform process whose PostgreSQL connections are terminated under money traffic', () => {
  const schema = scratchSchema();
  // Every connection of this platform carries this name, so only its own are terminated (the
  // database is shared with other test runs).
  const applicationName = `atrium_faults_${schema.slice(-8)}`;
  let platform: PlatformProcess;
  let admin: pg.Client;

  const gql = async (query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Outcome> => {
    const response = await fetch(`${platform.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': 'aurelia', 'x-sandbox-key': TEST_SANDBOX_KEY, ...headers },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as Outcome['body'] };
  };

  /** Terminates every server connection of the platform; answers how many there were. */
  const terminate = async (): Promise<number> => {
    const { rows } = await admin.query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = $1',
      [applicationName],
    );
    return rows.filter((row) => row.ended).length;
  };

  beforeAll(async () => {
    const url = new URL(POSTGRES!.url!);
    url.searchParams.set('application_name', applicationName);
    platform = await spawnPlatform(url.href, schema);
    admin = new pg.Client({ connectionString: POSTGRES!.url });
    await admin.connect();
  }, 120_000);

  afterAll(async () => {
    if (platform?.child.exitCode === null) {
      await new Promise((resolve) => {
        platform.child.once('exit', resolve);
        platform.child.kill('SIGTERM');
      });
    }
    await admin?.query(`drop schema if exists ${schema} cascade; drop schema if exists ${schema}_jobs cascade`);
    await admin?.end();
  });

  it('stays up, fails the requests caught in a drop with a trace id, serves later ones and keeps the ledger balanced', async () => {
    const phone = `+35840${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    expect((await gql('mutation ($p: String!) { requestSmsLoginCode(phoneNumber: $p) { phoneNumber } }', { p: phone })).body.errors).toBeUndefined();
    const outbox = (await (await fetch(`${platform.url}/platform/sms-outbox.json?brand=aurelia&phone=${encodeURIComponent(phone)}`, { headers: { 'x-sandbox-key': TEST_SANDBOX_KEY } })).json()) as { messages: { code: string }[] };
    const verified = await gql('mutation ($p: String!, $c: String!) { verifySmsLoginCode(phoneNumber: $p, code: $c) { accessToken } }', { p: phone, c: outbox.messages[0]!.code });
    const token = verified.body.data.verifySmsLoginCode.accessToken as string;
    const viewer = await gql('{ viewer { player { id } } }', {}, { authorization: `Bearer ${token}` });
    const playerId = viewer.body.data.viewer.player.id as string;

    // Money traffic: four clients crediting 0.01-0.09 each, with reads between, until told to stop.
    const credits = new Map<string, bigint>();
    const failed: Outcome[] = [];
    let succeeded = 0;
    let stopping = false;
    // A request with no answer at all means the process went down: that ends the traffic.
    let unanswered: Error | null = null;
    const client = async (name: string) => {
      try {
        for (let i = 0; !stopping && !unanswered; i++) {
          const key = `faults:${name}:${i}`;
          const cents = BigInt((i % 9) + 1);
          credits.set(key, cents);
          const outcome = await gql(CREDIT, { k: key, a: `0.0${cents}`, p: playerId });
          if (outcome.body.errors) failed.push(outcome);
          else succeeded += 1;
          const read = await gql('{ viewer { player { id } } }', {}, { authorization: `Bearer ${token}` });
          if (read.body.errors) failed.push(read);
        }
      } catch (error) {
        unanswered ??= error as Error;
      }
    };
    const traffic = Promise.all(['a', 'b', 'c', 'd'].map(client));

    /** Waits until `count` more credits have gone through. */
    const progress = async (count: number) => {
      const target = succeeded + count;
      const deadline = Date.now() + 20_000;
      while (succeeded < target) {
        if (unanswered) throw new Error(`a request got no answer (${unanswered.message}): the platform went down\n${platform.output()}`);
        if (Date.now() > deadline) throw new Error(`no progress after a drop: ${succeeded} credits, last failures ${JSON.stringify(failed.slice(-3))}\n${platform.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    let terminated = 0;
    try {
      for (let round = 0; round < 5; round++) {
        await progress(10);
        terminated += await terminate();
      }
      await progress(10);
    } finally {
      stopping = true;
      await traffic;
    }

    // Connections were dropped under load, the process lived through it and answers again.
    expect(terminated).toBeGreaterThanOrEqual(5);
    expect(platform.child.exitCode, platform.output()).toBeNull();
    expect(platform.output()).not.toMatch(/Unhandled 'error' event|uncaughtException|unhandledRejection/i);
    const health = await fetch(`${platform.url}/healthz`);
    expect(health.status).toBe(200);
    // A request caught in a drop failed cleanly: a GraphQL error with a trace id, never a stack.
    for (const outcome of failed) {
      expect(outcome.status).toBeLessThan(600);
      for (const error of outcome.body.errors ?? []) {
        expect(error.extensions?.reason).toBe('InternalError');
        expect(error.extensions?.traceId).toMatch(/\S/);
        expect(error.message).not.toMatch(/\n\s+at /);
      }
    }

    // A credit whose answer was lost may or may not have committed: the same key again settles it
    // (idempotent), after which the wallet holds exactly what was sent.
    for (const [key, cents] of credits) {
      const outcome = await gql(CREDIT, { k: key, a: `0.0${cents}`, p: playerId });
      expect(outcome.body.errors, key).toBeUndefined();
    }
    const expected = [...credits.values()].reduce((sum, cents) => sum + cents, 0n);
    const { rows: wallet } = await admin.query<{ balance: string }>(
      `select a.balance_minor::text as balance from ${schema}.ledger_accounts a join ${schema}.wallets w on w.id = a.wallet_id where w.player_id = $1 and a.code = 'cash'`,
      [playerId],
    );
    expect(wallet).toEqual([{ balance: String(expected) }]);
    // Double entry holds: postings sum to zero, and every account's balance is its postings' sum.
    const { rows: totals } = await admin.query<{ total: string }>(`select coalesce(sum(amount_minor), 0)::text as total from ${schema}.ledger_postings`);
    expect(totals).toEqual([{ total: '0' }]);
    const { rows: drifted } = await admin.query(
      `select a.id from ${schema}.ledger_accounts a left join ${schema}.ledger_postings p on p.account_id = a.id
       group by a.id, a.balance_minor having a.balance_minor <> coalesce(sum(p.amount_minor), 0)`,
    );
    expect(drifted).toEqual([]);
  }, 120_000);
});
