/**
 * Helpers of the jackpot tests: demo players with sessions, real-money rounds through the game
 * server (the path every real bet takes), and a client of the jackpot WebSocket that waits for a
 * message by condition rather than by time.
 */
import WebSocket from 'ws';
import { findPlayer } from '../src/players/repository.ts';
import type { TestPlatform } from './helpers.ts';

/** A signed-in demo player. */
export interface JackpotPlayer {
  id: string;
  walletId: string;
  currency: string;
  token: string;
  sid: string;
}

/** Signs a demo player of a brand in (a session opened directly). */
export async function jackpotPlayer(app: TestPlatform, username: string, brand = 'aurelia'): Promise<JackpotPlayer> {
  const row = await findPlayer(app.platform.db, brand, username);
  if (!row) throw new Error(`No demo player ${username} on ${brand}`);
  const issued = await app.platform.services.auth.startSession({ playerId: row.id, brand, flow: 'sms', passwordless: true });
  const { rows } = await app.platform.db.query<{ currency: string }>('select currency from wallets where id = $1', [row.wallet_id]);
  return { id: row.id, walletId: row.wallet_id as string, currency: rows[0]?.currency ?? 'EUR', token: issued.accessToken, sid: issued.sessionId };
}

/** The slug of a plain slot offered everywhere. */
export async function anySlot(app: TestPlatform): Promise<string> {
  const { rows } = await app.platform.db.query<{ slug: string }>(
    `select slug from games where 'slots' = any(categories) and restricted_licences = '{}' and restricted_countries = '{}' order by idx limit 1`,
  );
  return rows[0]?.slug as string;
}

let rounds = 0;
/** Plays real-money rounds of a slot for a player (a new game session each call). */
export async function playRounds(app: TestPlatform, player: JackpotPlayer, bet: string, count = 1, slug?: string, brand = 'aurelia'): Promise<void> {
  const services = app.platform.services;
  const game = await services.catalogue.gameBySlug(slug ?? (await anySlot(app)));
  const brandRow = services.brands.get(brand);
  if (!game || !brandRow) throw new Error('No game or brand');
  const launched = await services.games.launch({ brand: brandRow, game, mode: 'REAL', player: { id: player.id, sid: player.sid }, currency: player.currency, lobbyOrigin: 'http://aurelia.localhost:4321', locale: 'en' });
  for (let i = 0; i < count; i += 1) {
    rounds += 1;
    await services.games.play(launched.gameSessionId, { roundId: `jackpot-test-${Date.now()}-${rounds}`, bet });
  }
}

/** A jackpot socket that keeps every message and waits for one by condition. */
export interface JackpotClient {
  messages: Record<string, any>[];
  send(message: unknown): void;
  sendRaw(text: string): void;
  /** Resolves with the first message (already received or to come) that matches. */
  next(match: (message: Record<string, any>) => boolean, timeoutMs?: number): Promise<Record<string, any>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** Opens the jackpot socket of a platform (from `address`, given as X-Forwarded-For, when set). */
export async function jackpotSocket(baseUrl: string, query: Record<string, string>, address?: string): Promise<JackpotClient> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/jackpot-service/v1/ws?${new URLSearchParams(query)}`;
  const ws = new WebSocket(url, address ? { headers: { 'x-forwarded-for': address } } : {});
  const messages: Record<string, any>[] = [];
  const waiters: { match: (message: Record<string, any>) => boolean; resolve: (message: Record<string, any>) => void }[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Record<string, any>;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    messages,
    send: (message) => ws.send(JSON.stringify(message)),
    sendRaw: (text) => ws.send(text),
    next(match, timeoutMs = 5000) {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No matching jackpot message within ${timeoutMs} ms; got ${JSON.stringify(messages).slice(0, 600)}`)), timeoutMs);
        waiters.push({ match, resolve: (message) => { clearTimeout(timer); resolve(message); } });
      });
    },
    closed,
    close: () => ws.close(),
  };
}
