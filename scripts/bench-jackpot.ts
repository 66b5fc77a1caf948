/**
 * The jackpot socket fan-out (`npm run bench`, section `jackpot`): 1,000 visitor sockets subscribed
 * to the brand's jackpot on the embedded platform (25 per client address, as many phones behind
 * their carriers' addresses), one opted-in demo player playing real rounds one at a time; for each
 * round, the time from sending the round to every socket holding the pots' new version. Prints the
 * p50 and p99 of all deliveries and of the round's own answer. Needs the platform the bench started
 * (its port is the lobby's + 1), which trusts X-Forwarded-For from loopback.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { percentile } from '../tests/support/hostile.ts';

const SOCKETS = Number(process.env.BENCH_JACKPOT_SOCKETS ?? 1000);
const ROUNDS = Number(process.env.BENCH_JACKPOT_ROUNDS ?? 30);
const PER_ADDRESS = 25;

interface Held {
  socket: WebSocket;
  version: number;
  onVersion: ((version: number) => void) | null;
}

/** What the section needs from the bench: where the platform is and a demo player's token. */
export interface JackpotBenchOptions {
  platformUrl: string;
  brand: string;
  accessToken: string;
}

const addressOf = (n: number) => `127.9.${Math.floor(n / PER_ADDRESS) >> 8}.${Math.floor(n / PER_ADDRESS) & 255}`;

async function gql<T>(options: JackpotBenchOptions, query: string, variables: object = {}): Promise<T> {
  const response = await fetch(`${options.platformUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-brand': options.brand, authorization: `Bearer ${options.accessToken}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors[0]!.message);
  return body.data as T;
}

/** Opens a socket and resolves once its subscription answered with the pots. */
function subscribe(options: JackpotBenchOptions, instanceId: string, n: number, token?: string): Promise<Held> {
  return new Promise((resolve, reject) => {
    const url = `${options.platformUrl.replace('http', 'ws')}/jackpot-service/v1/ws?brand=${options.brand}&currency=EUR${token ? `&token=${token}` : ''}`;
    const socket = new WebSocket(url, { headers: { 'x-forwarded-for': addressOf(n) } });
    const held: Held = { socket, version: 0, onVersion: null };
    const timer = setTimeout(() => reject(new Error(`jackpot socket ${n} got no JackpotUpdate in 30 s`)), 30_000);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'SubscribeRequest', instance_ids: [instanceId] })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; version?: number; message?: string };
      if (message.type === 'Error') return reject(new Error(`jackpot socket ${n}: ${message.message}`));
      if (message.type !== 'JackpotUpdate' || message.version === undefined) return;
      if (held.version === 0) {
        clearTimeout(timer);
        resolve(held);
      }
      held.version = Math.max(held.version, message.version);
      held.onVersion?.(message.version);
    });
    socket.on('close', (code, reason) => reject(new Error(`jackpot socket ${n} closed: ${code} ${String(reason)}`)));
    socket.on('error', reject);
  });
}

/** The section: prints its lines. */
export async function jackpotSection(options: JackpotBenchOptions): Promise<void> {
  const held: Held[] = [];
  try {
    const settings = await gql<{ jackpotSettings: { enabled: boolean; instanceId: string; contributionOptions: number[] } | null }>(options, '{ jackpotSettings { enabled instanceId contributionOptions } }');
    if (!settings.jackpotSettings?.enabled) {
      console.log(`\nJackpot socket fan-out: skipped (${options.brand} has no jackpot enabled)`);
      return;
    }
    const instanceId = settings.jackpotSettings.instanceId;
    const playerId = JSON.parse(Buffer.from(options.accessToken.split('.')[1]!, 'base64url').toString()).player_id as string;
    // The demo player opts in with the smallest option on a socket of their own.
    const player = await subscribe(options, instanceId, SOCKETS + PER_ADDRESS, options.accessToken);
    held.push(player);
    player.socket.send(JSON.stringify({ type: 'PlayerOptInRequest', instance_id: instanceId, player_id: playerId, opt_in: true, contribution_value: Math.min(...settings.jackpotSettings.contributionOptions) }));
    const games = await gql<{ listOfGames: { games: { edges: { node: { slug: string; isLiveCasino: boolean } }[] } } }>(options, '{ listOfGames(listOfGamesSlug: "slots", first: 40) { games { edges { node { slug isLiveCasino } } } } }');
    const slug = games.listOfGames.games.edges.map((edge) => edge.node).find((game) => !game.isLiveCasino)!.slug;
    const launched = await gql<{ launchGame: { gameSessionId: string } }>(options, 'mutation($s: String!) { launchGame(slug: $s, mode: REAL) { gameSessionId } }', { s: slug });

    const openedAt = performance.now();
    for (let start = 0; start < SOCKETS; start += 100) {
      held.push(...(await Promise.all(Array.from({ length: Math.min(100, SOCKETS - start) }, (_, k) => subscribe(options, instanceId, start + k)))));
    }
    const openMs = performance.now() - openedAt;
    const visitors = held.slice(1);

    const deliveries: number[] = [];
    const answers: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      const floor = Math.max(...visitors.map((socket) => socket.version));
      const arrived = visitors.map((socket) => new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`a jackpot socket did not get round ${round}'s pots in 30 s`)), 30_000);
        socket.onVersion = (version) => {
          if (version <= floor) return;
          clearTimeout(timer);
          socket.onVersion = null;
          deliveries.push(performance.now() - started);
          resolve();
        };
      }));
      const response = await fetch(`${options.platformUrl}/games/api/${launched.launchGame.gameSessionId}/rounds`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ roundId: `bench-jackpot-${Date.now()}-${round}`, bet: '0.10' }),
      });
      if (!response.ok) throw new Error(`round ${round} answered ${response.status}: ${await response.text()}`);
      answers.push(performance.now() - started);
      await Promise.all(arrived);
    }
    const ms = (values: number[], p: number) => `${percentile(values, p).toFixed(1)} ms`.padStart(9);
    console.log(`\nJackpot socket fan-out (${visitors.length} visitor sockets on one platform process, ${ROUNDS} real rounds of an opted-in player, one at a time):`);
    console.log(`  ${visitors.length} sockets opened and subscribed in ${(openMs / 1000).toFixed(1)} s (100 at a time)`);
    console.log(`  answer to the round      ${String(answers.length).padStart(6)}   p50 ${ms(answers, 50)}   p99 ${ms(answers, 99)}`);
    console.log(`  round to every socket's new pots ${String(deliveries.length).padStart(6)}   p50 ${ms(deliveries, 50)}   p99 ${ms(deliveries, 99)}   (budget: p99 250 ms for a broadcast to 10,000)`);
  } finally {
    for (const socket of held) {
      socket.socket.removeAllListeners('close');
      socket.socket.on('error', () => undefined);
      socket.socket.terminate();
    }
  }
}
