/**
 * `npm run cluster` as an operator meets it: without DATABASE_URL it says what to set; with it, two
 * lobbies and two platforms on that PostgreSQL server answer through HAProxy (deploy/haproxy/atrium.cfg),
 * which takes turns between the lobbies, carries WebSocket upgrades (GraphQL and the jackpot service)
 * through to a platform, serves only the framed pages on the game origin, takes a draining lobby out
 * before it closes, and sees a killed process come back; the PostgreSQL backends terminated under
 * load lose no money and take no lobby out; a layout publish an editor schedules goes live once when the
 * platform that took it is stopped before its time; SIGTERM stops it all.
 * (The cluster cases run where DATABASE_URL is set, as in .ci/run, like the platform suite's PostgreSQL case.)
 */
import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import pg from 'pg';
import WebSocket from 'ws';
import { expect, test } from './support/test.ts';
import { consoleToken, signIn } from './support/operator.ts';
import { unique } from './support/player.ts';
import { EXTRA_STACK_PORTS } from './support/urls.ts';
import { parseStatsCsv } from '../scripts/haproxy.ts';

const SANDBOX_KEY = 'cluster-test-sandbox-operator-key';

/** Runs `node scripts/cluster.ts`; `ready` resolves when it prints its address. */
function cluster(env: Record<string, string | undefined>) {
  // Its PostgreSQL connections carry a name of their own (node-postgres reads PGAPPNAME), so a test
  // can end exactly these and not those of the suite's platform on the same server.
  const appName = `atrium_cluster_${env.PORT}`;
  // A process group of its own, so a failed test can end the cluster's children with it.
  // The rate-limit windows live in the database, which the suite's own platform shares when
  // DATABASE_URL is set: its many sign-ups from this address must not use up the cluster's allowance
  // (the limit itself is tested in platform/test/rate-limit.test.ts and scale-out.test.ts).
  const limits = { PLATFORM_RATE_LIMIT_SIGNUP: '100000/3600', PLATFORM_RATE_LIMIT_SIGNUP_PER_ADDRESS: '100000/3600' };
  const child = spawn(process.execPath, ['scripts/cluster.ts'], { env: { ...process.env, ATRIUM_SKIP_BUILD: '1', PGAPPNAME: appName, ...limits, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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
  return { child, ready, exited, appName, output: () => output };
}

/** HAProxy's view of each process (its status page, PORT+3). */
async function servers(port: number) {
  const response = await fetch(`http://127.0.0.1:${port + 3}/;csv`);
  return Object.fromEntries(parseStatsCsv(await response.text()).map((server) => [server.server, server]));
}

/** The pid the cluster's log gave a process last (at start, or when it came back). */
function pidOf(output: string, name: string): number {
  const pids = [...output.matchAll(new RegExp(`${name} (?:\\(pid |is back \\(pid )(\\d+)`, 'g'))].map((match) => Number(match[1]));
  return pids.at(-1) ?? 0;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

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

test('without HAProxy the cluster says how to install it and starts nothing', async () => {
  const run = cluster({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', HAPROXY_BIN: '/nonexistent/haproxy', PORT: String(EXTRA_STACK_PORTS.cluster) });
  expect(await run.exited).toBe(1);
  expect(run.output()).toContain('HAPROXY_BIN "/nonexistent/haproxy" is not an executable file. Install it: `sudo apt-get install haproxy`');
  expect(run.output()).not.toMatch(/^\s+at /m);
});

const POSTGRES = process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [];
for (const databaseUrl of POSTGRES) {
  test('two lobbies and two platforms on PostgreSQL answer through HAProxy, WebSockets included, and a lobby restarts with no request lost', async () => {
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

      // The game origin serves the framed pages only; health endpoints are not public.
      const gameOrigin = (path: string) => request(port + 1, path, { headers: { host: `127.0.0.1:${port + 1}` } });
      expect((await gameOrigin('/graphql')).status).toBe(404);
      expect((await gameOrigin('/platform/sms-outbox.json')).status).toBe(404);
      expect((await gameOrigin('/sportsbook/')).status).not.toBe(404);
      expect((await request(port, '/readyz')).status).toBe(404);

      // The jackpot service's sockets through HAProxy, the lobby and HAProxy again, on either platform:
      // a pot dropped by whichever process takes the mutation reaches every one of them.
      const jackpotSockets = await Promise.all(Array.from({ length: 4 }, async () => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/jackpot-service/v1/ws?brand=aurelia&currency=EUR`, { headers: { host: `aurelia.localhost:${port}` } });
        const messages: { type: string; win_id?: string }[] = [];
        socket.on('message', (message: Buffer) => messages.push(JSON.parse(message.toString()) as { type: string }));
        await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
        socket.send(JSON.stringify({ type: 'SubscribeRequest', instance_ids: ['northstar-jackpot'] }));
        await expect.poll(() => messages.some((message) => message.type === 'JackpotUpdate')).toBe(true);
        return { socket, messages };
      }));
      const drop = await graphql<{ sandboxForceJackpotWin: { winId: string } }>(port, 'mutation($p: ID!) { sandboxForceJackpotWin(instanceId: "northstar-jackpot", potId: "minor", playerId: $p) { winId } }', { p: phone });
      for (const { messages } of jackpotSockets) {
        await expect.poll(() => messages.find((message) => message.type === 'WinEvent')?.win_id).toBe(drop.sandboxForceJackpotWin.winId);
      }
      for (const { socket } of jackpotSockets) socket.close();

      // A rolling restart of lobby-1 while pages are asked for without a pause: HAProxy's check sees its
      // 503 while it still serves (ATRIUM_DRAIN_MS), it stops, the cluster starts it again, HAProxy takes
      // it back, and not one page failed meanwhile.
      const lobby1 = pidOf(run.output(), 'lobby-1');
      expect(lobby1).toBeGreaterThan(0);
      let loading = true;
      const statuses: number[] = [];
      const load = (async () => {
        while (loading) statuses.push((await request(port, '/en/').catch(() => ({ status: 0 }))).status);
      })();
      process.kill(lobby1, 'SIGTERM');
      await expect.poll(async () => (await servers(port))['lobby-1'], { intervals: [100] }).toMatchObject({ status: 'DOWN', checkStatus: 'L7STS', checkCode: '503' });
      // Taken out by the health check before it closed anything: the process is still there.
      expect(alive(lobby1)).toBe(true);
      await expect.poll(() => /lobby-1 is back \(pid \d+\)/.test(run.output()), { timeout: 30_000 }).toBe(true);
      await expect.poll(async () => (await servers(port))['lobby-1']?.status, { timeout: 15_000 }).toBe('UP');
      expect(alive(lobby1)).toBe(false);
      loading = false;
      await load;
      expect(statuses.length).toBeGreaterThan(20);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expect(run.output()).toMatch(/\[cluster\] lobby-1 exited \(code 0\); starting it again in 1 s \(restart 1\)/);

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('The cluster has stopped.');
    } finally {
      if (run.child.exitCode === null && run.child.pid) process.kill(-run.child.pid, 'SIGKILL');
    }
  });

  test('killing a platform process during traffic loses no money, it comes back, and PostgreSQL ending every connection takes nothing out', async () => {
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
      const ledgerBalances = async () => {
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
      };
      await ledgerBalances();

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

      // The cluster started platform-1 again, and HAProxy has it back in rotation.
      expect(run.output()).toMatch(/\[cluster\] platform-1 exited \(SIGKILL\); starting it again in 1 s \(restart 1\)/);
      await expect.poll(() => pidOf(run.output(), 'platform-1'), { timeout: 30_000 }).not.toBe(victim);
      await expect.poll(async () => (await servers(port))['platform-1']?.status, { timeout: 15_000 }).toBe('UP');

      // PostgreSQL ends every connection of the cluster's processes (pools and LISTEN), twice, while
      // credits flow and a checker asks both lobbies' /readyz: no process dies, no lobby leaves the
      // rotation, every credit lands once and the ledger balances.
      const names = ['platform-1', 'platform-2', 'lobby-1', 'lobby-2'];
      const pids = names.map((name) => pidOf(run.output(), name));
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      let flowing = true;
      let next = 0;
      const landed: string[] = [];
      const creditor = async () => {
        while (flowing) {
          const key = `pg-${phone}-${next++}`;
          await credit(key);
          landed.push(key);
        }
      };
      const readiness: number[] = [];
      const checker = (async () => {
        while (flowing) {
          for (const lobbyPort of [port + 10, port + 11]) readiness.push((await fetch(`http://127.0.0.1:${lobbyPort}/readyz`).catch(() => ({ status: 0 }))).status);
        }
      })();
      const creditors = [creditor(), creditor()];
      try {
        for (let cut = 0; cut < 2; cut += 1) {
          const before = landed.length;
          const ended = await admin.query<{ n: number }>(
            'select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where application_name like $1 and datname = current_database()) ended',
            [`${run.appName}%`],
          );
          expect(ended.rows[0]!.n).toBeGreaterThan(0);
          await expect.poll(() => landed.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(before + 5);
        }
      } finally {
        flowing = false;
        await Promise.all([...creditors, checker]);
        await admin.end();
      }
      expect(pids.map(alive)).toEqual([true, true, true, true]);
      expect(names.map((name) => pidOf(run.output(), name))).toEqual(pids);
      expect(readiness.filter((status) => status !== 200)).toEqual([]);
      expect(Object.values(await servers(port)).map((server) => server.status)).toEqual(['UP', 'UP', 'UP', 'UP']);
      await expect.poll(async () => (await balance()).data.viewer.wallet.balance).toBe(`${40 + extra + landed.length}.00`);
      await ledgerBalances();
    } finally {
      if (run.child.exitCode === null && run.child.pid) process.kill(-run.child.pid, 'SIGKILL');
    }
  });

  test('a layout publish an editor schedules goes live once through HAProxy when the platform that took it stops before its time', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const port = EXTRA_STACK_PORTS.thirdCluster;
    // The visitor is in Iceland (x-debug-country, a tester's power the platforms allow here).
    const run = cluster({ DATABASE_URL: databaseUrl, PORT: String(port), PLATFORM_SANDBOX_KEY: SANDBOX_KEY, PLATFORM_ALLOW_COUNTRY_OVERRIDE: '1' });
    // A country variant no other test visits (layout.IS.json), so the lobbies the suite shares this content/ with keep their layout.
    const variantFile = 'content/aurelia/layout.IS.json';
    const before = await readFile(variantFile, 'utf8').catch(() => null);
    const db = new pg.Client({ connectionString: databaseUrl });
    let frozen = 0;
    let scheduleId: string | null = null;
    try {
      await Promise.race([run.ready, run.exited.then((code) => Promise.reject(new Error(`the cluster exited with ${code}:\n${run.output()}`)))]);
      await db.connect();
      const origin = `http://aurelia.localhost:${port}`;
      const visitorContext = await browser.newContext({ extraHTTPHeaders: { 'x-sandbox-key': SANDBOX_KEY, 'x-debug-country': 'IS' } });
      const visitor = await visitorContext.newPage();
      const hero = visitor.locator('#block-hero');
      await visitor.goto(`${origin}/en/`);
      const publishedTitle = await hero.textContent();

      // The editor signs in to the console through HAProxy and schedules the publish on platform-1 itself.
      await signIn(page, 'editor', '/operator/', origin);
      const token = await consoleToken(page);
      const onPlatform1 = async <T>(query: string, variables: object = {}): Promise<T> => {
        const response = await fetch(`http://127.0.0.1:${port + 20}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-brand': 'aurelia', authorization: `Bearer ${token}` },
          body: JSON.stringify({ query, variables }),
        });
        const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
        if (body.errors?.length) throw new Error(body.errors[0]!.message);
        return body.data as T;
      };
      const { operatorContentDocument: base } = await onPlatform1<{ operatorContentDocument: { document: { blocks: Record<string, unknown>[] } } }>('{ operatorContentDocument(path: "layout.json") { document } }');
      const { operatorContentDocument: variant } = await onPlatform1<{ operatorContentDocument: { version: number } }>('{ operatorContentDocument(path: "layout.IS.json") { version } }');
      const title = `Iceland, on schedule ${unique()}`;
      const scheduledLayout = { ...base.document, blocks: base.document.blocks.map((block) => (block.id === 'hero' ? { ...block, title: { en: title } } : block)) };
      const counts = async () => {
        const versions = await db.query<{ n: number }>(`select count(*)::int as n from content_versions where brand = 'aurelia' and path = 'layout.IS.json'`);
        const audits = await db.query<{ n: number }>(`select count(*)::int as n from operator_audit_log where action = 'content.publishScheduled' and target like 'layout.IS.json#%'`);
        return { versions: versions.rows[0]!.n, audits: audits.rows[0]!.n };
      };
      const start = await counts();
      const { operatorScheduleContentPublish: schedule } = await onPlatform1<{ operatorScheduleContentPublish: { id: string } }>(
        'mutation($d: JSON!, $b: Int!, $at: String!) { operatorScheduleContentPublish(path: "layout.IS.json", document: $d, baseVersion: $b, publishAt: $at, note: "Cluster test") { id } }',
        { d: scheduledLayout, b: variant.version, at: new Date(Date.now() + 6000).toISOString() },
      );
      scheduleId = schedule.id;

      // platform-1 stops at once (frozen, as a hung process is: the supervisor cannot restart it and it runs nothing).
      frozen = pidOf(run.output(), 'platform-1');
      expect(frozen).toBeGreaterThan(0);
      process.kill(frozen, 'SIGSTOP');
      await expect.poll(async () => (await servers(port))['platform-1']?.status, { timeout: 30_000 }).not.toBe('UP');

      // platform-2, up since before the schedule existed, publishes it: the visitor's lobby changes.
      await expect(async () => {
        await visitor.reload();
        await expect(hero).toHaveText(title, { timeout: 2000 });
      }).toPass({ timeout: 90_000 });
      expect(publishedTitle).not.toBe(title);
      const status = await db.query<{ status: string; version: number }>('select status, version from content_schedules where id = $1', [schedule.id]);
      expect(status.rows[0]).toEqual({ status: 'Published', version: variant.version + 1 });
      expect(await counts()).toEqual({ versions: start.versions + 1, audits: start.audits + 1 });

      // platform-1 is killed; the one the cluster starts in its place sweeps the schedules and publishes nothing again.
      process.kill(frozen, 'SIGKILL');
      await expect.poll(() => alive(frozen)).toBe(false);
      frozen = 0;
      await expect.poll(() => /platform-1 is back \(pid \d+\)/.test(run.output()), { timeout: 60_000 }).toBe(true);
      await expect.poll(async () => (await servers(port))['platform-1']?.status, { timeout: 30_000 }).toBe('UP');
      expect(await counts()).toEqual({ versions: start.versions + 1, audits: start.audits + 1 });
      await visitorContext.close();

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      if (frozen) process.kill(frozen, 'SIGKILL');
      if (run.child.exitCode === null && run.child.pid) process.kill(-run.child.pid, 'SIGKILL');
      // A failed run leaves no schedule waiting to write content/ when a platform next starts on this database.
      if (scheduleId) await db.query(`update content_schedules set status = 'Cancelled', finished_at = now() where id = $1 and status = 'Scheduled'`, [scheduleId]).catch(() => undefined);
      await db.end().catch(() => undefined);
      // The content as it was: the variant did not exist (or held what it held).
      if (before === null) await rm(variantFile, { force: true });
      else await writeFile(variantFile, before);
    }
  });
}
