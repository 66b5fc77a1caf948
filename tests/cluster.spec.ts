/**
 * `npm run cluster` as an operator meets it: without DATABASE_URL it says what to set; with it, two
 * lobbies and two platforms on that PostgreSQL server answer through one balancer, which takes turns
 * between the lobbies and carries WebSocket upgrades through to a platform; SIGTERM stops it all.
 * (The cluster case runs where DATABASE_URL is set, as in .ci/run, like the platform suite's PostgreSQL case.)
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import pg from 'pg';
import WebSocket from 'ws';
import { expect, test } from './support/test.ts';
import { unique } from './support/player.ts';
import { EXTRA_STACK_PORTS } from './support/urls.ts';

const SANDBOX_KEY = 'cluster-test-sandbox-operator-key';

/** Runs `node scripts/cluster.ts`; `ready` resolves when it prints its address. */
function cluster(env: Record<string, string | undefined>) {
  // A process group of its own, so a failed test can end the cluster's children with it.
  // The rate-limit windows live in the database, which the suite's own platform shares when
  // DATABASE_URL is set: its many sign-ups from this address must not use up the cluster's allowance
  // (the limit itself is tested in platform/test/rate-limit.test.ts and scale-out.test.ts).
  const limits = { PLATFORM_RATE_LIMIT_SIGNUP: '100000/3600', PLATFORM_RATE_LIMIT_SIGNUP_PER_ADDRESS: '100000/3600' };
  const child = spawn(process.execPath, ['scripts/cluster.ts'], { env: { ...process.env, ATRIUM_SKIP_BUILD: '1', ...limits, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const ready = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Atrium cluster is running')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, ready, exited, output: () => output };
}

/** One request through the balancer as a brand's site; node:http, as fetch does not send a Host of one's own. */
function request(port: number, path: string, options: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; instance: string | undefined; body: string }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', agent: false, headers: { host: `aurelia.localhost:${port}`, ...options.headers } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, instance: response.headers['x-atrium-instance'] as string | undefined, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A GraphQL call through the balancer; throws on errors. */
async function graphql<T>(port: number, query: string, variables: object = {}): Promise<T> {
  const response = await request(port, '/graphql', {
    method: 'POST',
    body: JSON.stringify({ query, variables }),
    headers: { 'content-type': 'application/json', 'x-sandbox-key': SANDBOX_KEY },
  });
  const parsed = JSON.parse(response.body) as { data?: T; errors?: { message: string }[] };
  if (parsed.errors?.length) throw new Error(parsed.errors[0]!.message);
  return parsed.data as T;
}

test('without DATABASE_URL the cluster says what to set and starts nothing', async () => {
  const run = cluster({ DATABASE_URL: '', PORT: String(EXTRA_STACK_PORTS.cluster) });
  expect(await run.exited).toBe(1);
  expect(run.output()).toContain('npm run cluster needs a PostgreSQL server: set DATABASE_URL');
  expect(run.output()).not.toMatch(/^\s+at /m);
});

const POSTGRES = process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [];
for (const databaseUrl of POSTGRES) {
  test('two lobbies and two platforms on PostgreSQL answer through one balancer, WebSockets included', async () => {
    test.setTimeout(240_000);
    const port = EXTRA_STACK_PORTS.cluster;
    const run = cluster({ DATABASE_URL: databaseUrl, PORT: String(port), PLATFORM_SANDBOX_KEY: SANDBOX_KEY });
    try {
      await Promise.race([run.ready, run.exited.then((code) => Promise.reject(new Error(`the cluster exited with ${code}:\n${run.output()}`)))]);

      // Round robin: consecutive pages come from both lobby processes.
      const instances = new Set<string | undefined>();
      for (let index = 0; index < 6; index += 1) {
        const page = await request(port, '/en/');
        expect(page.status).toBe(200);
        expect(page.body).toContain('</html>');
        instances.add(page.instance);
      }
      expect([...instances].sort()).toEqual(['lobby-1', 'lobby-2']);

      // A player signs in through the balancer (the code is read back from the platform's outbox) and
      // opens sockets: the upgrade goes balancer -> lobby -> platform balancer -> platform and is acknowledged.
      const phone = `+35840${unique()}`;
      await graphql(port, 'mutation($p: String!) { requestSmsLoginCode(phoneNumber: $p) { phoneNumber } }', { p: phone });
      const outbox = await request(port, `/platform/sms-outbox.json?brand=aurelia&phone=${encodeURIComponent(phone)}`, { headers: { 'x-sandbox-key': SANDBOX_KEY } });
      const code = (JSON.parse(outbox.body) as { messages: { code: string }[] }).messages[0]!.code;
      const { verifySmsLoginCode: tokens } = await graphql<{ verifySmsLoginCode: { accessToken: string } }>(
        port, 'mutation($p: String!, $c: String!) { verifySmsLoginCode(phoneNumber: $p, code: $c) { accessToken } }', { p: phone, c: code },
      );
      for (let index = 0; index < 2; index += 1) {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws', { headers: { host: `aurelia.localhost:${port}` } });
        const first = await new Promise<string>((resolve, reject) => {
          socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { accessToken: tokens.accessToken } })));
          socket.once('message', (message: Buffer) => resolve(message.toString()));
          socket.once('error', reject);
          socket.once('close', (closeCode: number, reason: Buffer) => reject(new Error(`closed ${closeCode} ${reason.toString()}`)));
        });
        expect(JSON.parse(first)).toMatchObject({ type: 'connection_ack' });
        socket.close();
      }

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('The cluster has stopped.');
    } finally {
      if (run.child.exitCode === null && run.child.pid) process.kill(-run.child.pid, 'SIGKILL');
    }
  });

  test('killing a platform process during traffic loses no money, and a socket on the other process shows the right balance', async () => {
    test.setTimeout(240_000);
    const port = EXTRA_STACK_PORTS.secondCluster;
    const run = cluster({ DATABASE_URL: databaseUrl, PORT: String(port), PLATFORM_SANDBOX_KEY: SANDBOX_KEY });
    try {
      await Promise.race([run.ready, run.exited.then((code) => Promise.reject(new Error(`the cluster exited with ${code}:\n${run.output()}`)))]);
      const victim = Number(/platform-1 \(pid (\d+)\)/.exec(run.output())?.[1]);
      expect(victim).toBeGreaterThan(0);

      const phone = `+35840${unique()}`;
      await graphql(port, 'mutation($p: String!) { requestSmsLoginCode(phoneNumber: $p) { phoneNumber } }', { p: phone });
      const outbox = await request(port, `/platform/sms-outbox.json?brand=aurelia&phone=${encodeURIComponent(phone)}`, { headers: { 'x-sandbox-key': SANDBOX_KEY } });
      const code = (JSON.parse(outbox.body) as { messages: { code: string }[] }).messages[0]!.code;
      const { verifySmsLoginCode: tokens } = await graphql<{ verifySmsLoginCode: { accessToken: string } }>(
        port, 'mutation($p: String!, $c: String!) { verifySmsLoginCode(phoneNumber: $p, code: $c) { accessToken } }', { p: phone, c: code },
      );

      // A client's credit: the same idempotency key again until an answer comes (a process may die under it).
      const credit = async (key: string) => {
        for (let attempt = 0; attempt < 40; attempt += 1) {
          try {
            return await graphql(port, 'mutation($p: ID!, $k: String!) { sandboxCreditWallet(playerId: $p, amount: "1.00", currency: "EUR", idempotencyKey: $k) { balance } }', { p: phone, k: key });
          } catch {
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
        throw new Error(`credit ${key} never got an answer`);
      };
      const keys = Array.from({ length: 40 }, (_, index) => `kill-${phone}-${index}`);
      let sent = 0;
      let killed = false;
      const worker = async () => {
        while (sent < keys.length) {
          const key = keys[sent++]!;
          await credit(key);
          // A quarter of the way through, platform-1 dies with credits in flight.
          if (!killed && sent >= 10) {
            killed = true;
            process.kill(victim, 'SIGKILL');
          }
        }
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
      await expect.poll(() => { try { process.kill(victim, 0); return 'alive'; } catch { return 'gone'; } }).toBe('gone');

      // Every credit landed once, and the ledger balances.
      const balance = async () => JSON.parse((await request(port, '/graphql', {
        method: 'POST',
        body: JSON.stringify({ query: '{ viewer { wallet { balance } } }' }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.accessToken}` },
      })).body) as { data: { viewer: { wallet: { balance: string } } } };
      expect((await balance()).data.viewer.wallet.balance).toBe('40.00');
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const unbalanced = await client.query('select transaction_id from ledger_postings group by transaction_id having sum(amount_minor) <> 0');
        expect(unbalanced.rows).toEqual([]);
        const drifted = await client.query(`select a.id from ledger_accounts a left join ledger_postings p on p.account_id = a.id
          group by a.id, a.balance_minor having a.balance_minor <> coalesce(sum(p.amount_minor), 0)`);
        expect(drifted.rows).toEqual([]);
      } finally {
        await client.end();
      }

      // A client reconnects (to the process left) and its subscription shows the next credit's balance.
      const socket = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws', { headers: { host: `aurelia.localhost:${port}` } });
      const updates: string[] = [];
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { accessToken: tokens.accessToken } })));
        socket.on('message', (message: Buffer) => {
          const frame = JSON.parse(message.toString()) as { type: string; payload?: { data?: { balanceUpdated?: { balance: string } } } };
          if (frame.type === 'connection_ack') {
            socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { balanceUpdated { balance } }' } }));
            resolve();
          }
          if (frame.payload?.data?.balanceUpdated) updates.push(frame.payload.data.balanceUpdated.balance);
        });
        socket.once('error', reject);
      });
      // The subscription may take a moment to register: credit again (new keys) until an event comes.
      let extra = 0;
      await expect.poll(async () => {
        if (updates.length === 0) await credit(`kill-${phone}-extra-${extra++}`);
        return updates.length;
      }, { timeout: 15_000 }).toBeGreaterThan(0);
      await expect.poll(() => updates.at(-1)).toBe(`${40 + extra}.00`);
      socket.close();
      expect(run.output()).toMatch(/platform-1/);
    } finally {
      if (run.child.exitCode === null && run.child.pid) process.kill(-run.child.pid, 'SIGKILL');
    }
  });
}
