/**
 * The scale-out section of `npm run bench` (BENCH_ONLY=sockets), also runnable alone:
 *   DATABASE_URL=postgres://… npx node scripts/bench-sockets.ts
 *
 * Two platform processes (platform/src/main.ts twice) on the PostgreSQL server in DATABASE_URL, in a
 * schema of their own that is dropped afterwards. BENCH_SOCKET_PLAYERS (500) players sign in by SMS,
 * and each holds BENCH_SOCKETS_PER_PLAYER (10) wallet subscriptions, half on each process: 5,000
 * graphql-transport-ws sockets by default. It prints:
 * - sockets held per process, and each process's resident memory per 1,000 sockets (RSS after the
 *   sockets opened minus before, from /proc);
 * - one event's fan-out: BENCH_SINGLE_CREDITS (100) credits one at a time, alternating processes;
 * - event fan-out under load: rounds of BENCH_FANOUT_PLAYERS (50) credits at once through alternating processes,
 *   BENCH_FANOUT_ROUNDS (10) rounds; the time from each credit's request to each of its player's
 *   sockets receiving the balance update, p50 and p99, overall and by where the socket is (the
 *   process that raised the event, or the other one).
 * - the jackpot's fan-out: BENCH_JACKPOT_SOCKETS (1,000) visitor sockets on the jackpot service
 *   (/jackpot-service/v1/ws, half on each process) subscribed to aurelia's instance, and
 *   BENCH_JACKPOT_ROUNDS (50) real-money rounds of an opted-in player, one at a time, alternating
 *   processes: from each round's request to each socket having the new pot values (its
 *   JackpotUpdate of a higher version), p50 and p99 per delivery and for the last socket of a round.
 * It prints figures and asserts nothing. Socket addresses are spread over 127.0.0.0/8 in
 * X-Forwarded-For, so the per-address cap (50) is not what is measured.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { percentile } from '../tests/support/hostile.ts';

const root = path.resolve(import.meta.dirname, '..');
const PLAYERS = Number(process.env.BENCH_SOCKET_PLAYERS ?? 500);
const PER_PLAYER = Number(process.env.BENCH_SOCKETS_PER_PLAYER ?? 10);
const FANOUT_PLAYERS = Number(process.env.BENCH_FANOUT_PLAYERS ?? 50);
const FANOUT_ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 10);
const SINGLE_CREDITS = Number(process.env.BENCH_SINGLE_CREDITS ?? 100);
const JACKPOT_SOCKETS = Number(process.env.BENCH_JACKPOT_SOCKETS ?? 1000);
const JACKPOT_ROUNDS = Number(process.env.BENCH_JACKPOT_ROUNDS ?? 50);
const SANDBOX_KEY = `bench-${randomBytes(12).toString('hex')}`;

interface Proc {
  child: ChildProcess;
  url: string;
  name: string;
}

/** Starts main.ts on the database and schema; resolves once it listens. */
function startPlatform(databaseUrl: string, schema: string, name: string): Promise<Proc> {
  const child = spawn(process.execPath, [path.join(root, 'platform', 'src', 'main.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PLATFORM_DATABASE_SCHEMA: schema, PLATFORM_PORT: '0', PLATFORM_ENABLE_SANDBOX_ADMIN: '1', PLATFORM_SANDBOX_KEY: SANDBOX_KEY, PLATFORM_SMS_RESEND_COOLDOWN_S: '0', PLATFORM_TRUST_PROXY: 'loopback' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (data: Buffer) => {
      output += data.toString();
      const match = /listening on (http:\/\/\S+) /.exec(output);
      if (match) resolve({ child, url: match[1]!, name });
      // Past start-up the SMS lines are of no interest; keep only a tail for errors.
      if (output.length > 20_000) output = output.slice(-5_000);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`platform ${name} exited with ${code}: ${output.slice(-2000)}`)));
  });
}

/** Resident memory of a process in bytes (Linux /proc). */
function rss(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

/** X-Forwarded-For of the n-th client: 40 per address, all in loopback. */
const addressOf = (n: number) => `127.${1 + (Math.floor(n / 40) >> 16)}.${(Math.floor(n / 40) >> 8) & 255}.${Math.floor(n / 40) & 255}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a bench reads a few known fields
type Data = any;

async function gql(url: string, query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Data> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-brand': 'aurelia', 'x-sandbox-key': SANDBOX_KEY, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Data; errors?: unknown[] };
  if (body.errors) throw new Error(`${query.slice(0, 40)}…: ${JSON.stringify(body.errors).slice(0, 300)}`);
  return body.data;
}

/** A new player signed in by SMS: id and access token. */
async function signUp(url: string, index: number): Promise<{ id: string; token: string }> {
  const phone = `+35840${String(7_000_000 + index).padStart(7, '0')}${randomBytes(1)[0]! % 10}`;
  const headers = { 'x-forwarded-for': addressOf(index * 2) };
  await gql(url, 'mutation ($p: String!) { requestSmsLoginCode(phoneNumber: $p) { phoneNumber } }', { p: phone }, headers);
  const outbox = (await (await fetch(`${url}/platform/sms-outbox.json?brand=aurelia&phone=${encodeURIComponent(phone)}`, { headers: { 'x-sandbox-key': SANDBOX_KEY } })).json()) as { messages: { code: string }[] };
  const data = await gql(url, 'mutation ($p: String!, $c: String!) { verifySmsLoginCode(phoneNumber: $p, code: $c) { accessToken } }', { p: phone, c: outbox.messages[0]!.code }, headers);
  const token = data.verifySmsLoginCode.accessToken as string;
  const viewer = await gql(url, '{ viewer { player { id } } }', {}, { authorization: `Bearer ${token}` });
  return { id: viewer.viewer.player.id as string, token };
}

interface Held {
  socket: WebSocket;
  proc: Proc;
  player: number;
  /** Called with the amount of every balance update. */
  onAmount: ((amount: string) => void) | null;
}

/** Opens a signed-in socket subscribed to the wallet. */
function openSocket(proc: Proc, token: string, player: number, address: string): Promise<Held> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${proc.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { headers: { 'x-forwarded-for': address, 'x-brand': 'aurelia' } });
    const held: Held = { socket, proc, player, onAmount: null };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { accessToken: token } })));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; payload?: { data?: { balanceUpdated?: { amount: string } } } };
      if (message.type === 'connection_ack') {
        socket.send(JSON.stringify({ id: 'w', type: 'subscribe', payload: { query: 'subscription { balanceUpdated { amount } }' } }));
        resolve(held);
      }
      const amount = message.payload?.data?.balanceUpdated?.amount;
      if (amount) held.onAmount?.(amount);
    });
    socket.on('error', reject);
    socket.on('close', (code, reason) => reject(new Error(`socket closed ${code} ${reason.toString()}`)));
  });
}

/** Runs fn over items with at most `limit` at once. */
async function pool<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index]!, index);
      }
    }),
  );
  return results;
}

const CREDIT = 'mutation ($k: String!, $a: String!, $p: ID!) { sandboxCreditWallet(playerId: $p, amount: $a, currency: "EUR", idempotencyKey: $k) { balance } }';

/** Credits players through procs (alternating) and resolves with each delivery's milliseconds, split by the socket's process. */
async function fanOutRound(procs: Proc[], players: { id: string }[], chosen: number[], sockets: Held[][], round: string) {
  const same: number[] = [];
  const other: number[] = [];
  const answered: number[] = [];
  await Promise.all(
    chosen.map(async (player, index) => {
      const via = procs[index % procs.length]!;
      const amount = `${Number(round) + 1}.${String(index % 100).padStart(2, '0')}`;
      const arrived = sockets[player]!.map(
        (held) =>
          new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`a socket of player ${player} did not get ${amount} in 30 s`)), 30_000);
            held.onAmount = (got) => {
              if (got !== amount) return;
              clearTimeout(timer);
              (held.proc === via ? same : other).push(performance.now() - started);
              resolve();
            };
          }),
      );
      const started = performance.now();
      await gql(via.url, CREDIT, { k: `bench:${round}:${player}:${randomBytes(4).toString('hex')}`, a: amount, p: players[player]!.id });
      answered.push(performance.now() - started);
      await Promise.all(arrived);
    }),
  );
  return { same, other, answered };
}

/** A jackpot socket: the last pot version it has seen, and who waits for a newer one. */
interface JackpotHeld {
  socket: WebSocket;
  version: number;
  onVersion: ((version: number) => void) | null;
}

const JACKPOT_INSTANCE = 'northstar-jackpot';

/** Opens a jackpot socket (a visitor's, or a player's with a token) subscribed to aurelia's instance; resolves at its first JackpotUpdate. */
function openJackpotSocket(proc: Proc, address: string, token?: string): Promise<JackpotHeld> {
  const query = new URLSearchParams({ operator: 'northstar-gaming', brand: 'aurelia', currency: 'EUR', ...(token ? { token } : {}) });
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${proc.url.replace('http', 'ws')}/jackpot-service/v1/ws?${query}`, { headers: { 'x-forwarded-for': address } });
    const held: JackpotHeld = { socket, version: -1, onVersion: null };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'SubscribeRequest', instance_ids: [JACKPOT_INSTANCE] })));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; version?: number };
      if (message.type !== 'JackpotUpdate' || message.version === undefined) return;
      if (held.version < 0) resolve(held);
      held.version = Math.max(held.version, message.version);
      held.onVersion?.(message.version);
    });
    socket.on('error', reject);
    socket.on('close', (code, reason) => reject(new Error(`jackpot socket closed ${code} ${reason.toString()}`)));
  });
}

/**
 * The jackpot's fan-out on the two processes: an opted-in player's real-money rounds, one at a time,
 * each timed from its request to every subscribed socket having the new pot values.
 */
async function jackpotFanOut(procs: Proc[]): Promise<void> {
  const held: JackpotHeld[] = [];
  try {
    const player = await signUp(procs[0]!.url, PLAYERS * 2 + 7);
    const auth = { authorization: `Bearer ${player.token}` };
    await gql(procs[0]!.url, CREDIT, { k: `bench:jackpot:${randomBytes(4).toString('hex')}`, a: '5000.00', p: player.id });
    const list = await gql(procs[0]!.url, '{ listOfGames(listOfGamesSlug: "slots", first: 1) { games { edges { node { slug } } } } }', {});
    const slug = list.listOfGames.games.edges[0].node.slug as string;
    const launched = await gql(procs[0]!.url, 'mutation ($s: String!) { launchGame(slug: $s, mode: REAL, currency: "EUR") { gameSessionId } }', { s: slug }, auth);
    const gameSession = launched.launchGame.gameSessionId as string;
    // The player opts in on a socket of their own, with the largest option.
    const own = await openJackpotSocket(procs[0]!, addressOf(1_000_000), player.token);
    held.push(own);
    own.socket.send(JSON.stringify({ type: 'PlayerOptInRequest', instance_id: JACKPOT_INSTANCE, player_id: `${player.id}:EUR:aurelia`, brand_id: 'northstar-gaming:aurelia', player_country: 'FI', opt_in: true, contribution_value: 0.5 }));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the bench player was never opted in')), 10_000);
      own.socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { type: string; player?: { opted_in?: boolean }; message?: string };
        if (message.type === 'Error') reject(new Error(`opt-in refused: ${message.message}`));
        if (message.player?.opted_in) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const openedAt = performance.now();
    const visitors = await pool(Array.from({ length: JACKPOT_SOCKETS }, (_, n) => n), 100, (n) => openJackpotSocket(procs[n % 2]!, addressOf(n + 2_000_000)));
    held.push(...visitors);
    const openMs = performance.now() - openedAt;
    const deliveries: number[] = [];
    const lastOfRound: number[] = [];
    const answered: number[] = [];
    for (let round = 0; round < JACKPOT_ROUNDS; round += 1) {
      const via = procs[round % 2]!;
      const started = performance.now();
      const arrived = visitors.map((socket) => {
        const seen = socket.version;
        return new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`a jackpot socket did not get a version above ${seen} in 30 s`)), 30_000);
          socket.onVersion = (version) => {
            if (version <= seen) return;
            clearTimeout(timer);
            socket.onVersion = null;
            resolve(performance.now() - started);
          };
        });
      });
      const response = await fetch(`${via.url}/games/api/${gameSession}/rounds`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ roundId: `bench-${round}-${randomBytes(4).toString('hex')}`, bet: '1.00' }),
      });
      if (!response.ok) throw new Error(`round ${round} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      answered.push(performance.now() - started);
      const times = await Promise.all(arrived);
      deliveries.push(...times);
      lastOfRound.push(Math.max(...times));
    }
    const ms = (values: number[], p: number) => `${percentile(values, p).toFixed(1)} ms`.padStart(9);
    console.log(`\nThe jackpot's fan-out across the two processes (${JACKPOT_SOCKETS} visitor sockets subscribed, half on each; ${JACKPOT_ROUNDS} real-money rounds of an opted-in player, one at a time):`);
    console.log(`  ${JACKPOT_SOCKETS} jackpot sockets opened and subscribed in ${(openMs / 1000).toFixed(1)} s (100 at a time)`);
    console.log(`    answer to the round        ${String(answered.length).padStart(6)}   p50 ${ms(answered, 50)}   p99 ${ms(answered, 99)}`);
    console.log(`    every delivery             ${String(deliveries.length).padStart(6)}   p50 ${ms(deliveries, 50)}   p99 ${ms(deliveries, 99)}`);
    console.log(`    the round's last socket    ${String(lastOfRound.length).padStart(6)}   p50 ${ms(lastOfRound, 50)}   p99 ${ms(lastOfRound, 99)}`);
  } finally {
    for (const socket of held) {
      socket.socket.removeAllListeners('close');
      socket.socket.on('error', () => undefined);
      socket.socket.terminate();
    }
  }
}

/** The section: prints its lines. Needs DATABASE_URL. */
export async function socketsSection(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log('\nSockets and event fan-out across two platform processes: skipped (set DATABASE_URL to a PostgreSQL server)');
    return;
  }
  const schema = `atrium_bench_${randomBytes(4).toString('hex')}`;
  const procs: Proc[] = [];
  const held: Held[] = [];
  try {
    // One after the other: the first migrates and seeds the schema.
    procs.push(await startPlatform(databaseUrl, schema, 'A'));
    procs.push(await startPlatform(databaseUrl, schema, 'B'));
    const players = await pool(Array.from({ length: PLAYERS }, (_, i) => i), 8, (i) => signUp(procs[i % 2]!.url, i));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = procs.map((proc) => rss(proc.child.pid!));
    const sockets: Held[][] = players.map(() => []);
    const plan = players.flatMap((_, player) => Array.from({ length: PER_PLAYER }, (_, k) => ({ player, proc: procs[k % 2]! })));
    const openedAt = performance.now();
    await pool(plan, 100, async ({ player, proc }, n) => {
      const socket = await openSocket(proc, players[player]!.token, player, addressOf(n));
      sockets[player]!.push(socket);
      held.push(socket);
    });
    const openMs = performance.now() - openedAt;
    // Warm-up, which also proves every subscription live (a subscribe is taken a moment after its
    // message is sent): credits until each socket of the player has seen one.
    await pool(players.map((_, i) => i), 25, async (player) => {
      const seen = new Set<Held>();
      for (const socket of sockets[player]!) socket.onAmount = () => void seen.add(socket);
      for (let attempt = 0; seen.size < sockets[player]!.length; attempt += 1) {
        if (attempt === 50) throw new Error(`the sockets of player ${player} never got a balance update`);
        await gql(procs[player % 2]!.url, CREDIT, { k: `bench:warm:${player}:${attempt}:${randomBytes(4).toString('hex')}`, a: '0.01', p: players[player]!.id });
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = procs.map((proc) => rss(proc.child.pid!));
    const perProc = procs.map((proc) => held.filter((socket) => socket.proc === proc).length);

    // One credit at a time: the fan-out of one event, with nothing else going on.
    const single = { same: [] as number[], other: [] as number[], answered: [] as number[] };
    for (let n = 0; n < SINGLE_CREDITS; n += 1) {
      const result = await fanOutRound([procs[n % 2]!], players, [(n * 7) % players.length], sockets, String(10 + (n % 80)));
      single.same.push(...result.same);
      single.other.push(...result.other);
      single.answered.push(...result.answered);
    }
    const same: number[] = [];
    const other: number[] = [];
    const answered: number[] = [];
    for (let round = 1; round <= FANOUT_ROUNDS; round += 1) {
      const chosen = Array.from({ length: FANOUT_PLAYERS }, (_, i) => (round * FANOUT_PLAYERS + i) % players.length);
      const result = await fanOutRound(procs, players, chosen, sockets, String(round));
      same.push(...result.same);
      other.push(...result.other);
      answered.push(...result.answered);
    }
    const all = [...same, ...other];
    const ms = (values: number[], p: number) => `${percentile(values, p).toFixed(1)} ms`.padStart(9);
    console.log(`\nSockets and event fan-out across two platform processes (PostgreSQL LISTEN/NOTIFY, ${PLAYERS} players x ${PER_PLAYER} sockets):`);
    for (const [i, proc] of procs.entries()) {
      const grown = after[i]! - before[i]!;
      console.log(`  process ${proc.name}: ${perProc[i]} sockets held, RSS ${(before[i]! / 2 ** 20).toFixed(0)} -> ${(after[i]! / 2 ** 20).toFixed(0)} MiB, ${((grown / perProc[i]!) * 1000 / 2 ** 20).toFixed(1)} MiB per 1,000 sockets`);
    }
    console.log(`  ${held.length} sockets opened and subscribed in ${(openMs / 1000).toFixed(1)} s (100 at a time)`);
    console.log(`  one credit at a time (${SINGLE_CREDITS}, alternating processes; each to ${PER_PLAYER} sockets), credit request to socket:`);
    console.log(`    answer to the credit   ${String(single.answered.length).padStart(5)}   p50 ${ms(single.answered, 50)}   p99 ${ms(single.answered, 99)}`);
    console.log(`    on the raising process ${String(single.same.length).padStart(5)}   p50 ${ms(single.same, 50)}   p99 ${ms(single.same, 99)}`);
    console.log(`    on the other process   ${String(single.other.length).padStart(5)}   p50 ${ms(single.other, 50)}   p99 ${ms(single.other, 99)}`);
    console.log(`  fan-out, ${FANOUT_ROUNDS} rounds of ${FANOUT_PLAYERS} credits at once (each to ${PER_PLAYER} sockets), credit request to socket:`);
    console.log(`    answer to the credit   ${String(answered.length).padStart(5)}   p50 ${ms(answered, 50)}   p99 ${ms(answered, 99)}`);
    console.log(`    all ${String(all.length).padStart(5)} deliveries   p50 ${ms(all, 50)}   p99 ${ms(all, 99)}`);
    console.log(`    on the raising process ${String(same.length).padStart(5)}   p50 ${ms(same, 50)}   p99 ${ms(same, 99)}`);
    console.log(`    on the other process   ${String(other.length).padStart(5)}   p50 ${ms(other, 50)}   p99 ${ms(other, 99)}`);
    await jackpotFanOut(procs);
  } finally {
    for (const socket of held) {
      socket.socket.removeAllListeners('close');
      socket.socket.on('error', () => undefined);
      socket.socket.terminate();
    }
    await Promise.all(procs.map((proc) => new Promise((resolve) => {
      proc.child.removeAllListeners('exit');
      proc.child.once('exit', resolve);
      proc.child.kill('SIGTERM');
    })));
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade; drop schema if exists ${schema}_jobs cascade`).finally(() => admin.end());
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await socketsSection();
