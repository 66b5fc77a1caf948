/**
 * Helpers of the gamification tests: a content folder of one's own (a copy of content/ with
 * aurelia's tournaments replaced), the provider's token for a player, a Server-Sent Events reader
 * that waits for an event by condition, and a wait-for-condition poll.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTENT_DIR, type TestPlatform } from './helpers.ts';
import type { JackpotPlayer } from './jackpot-support.ts';

/** A copy of content/ whose aurelia tournaments are `tournaments`; remove() deletes it. */
export function contentWithTournaments(tournaments: unknown[]): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-gamification-'));
  cpSync(CONTENT_DIR, dir, { recursive: true });
  writeFileSync(join(dir, 'aurelia', 'tournaments.json'), JSON.stringify({ tournaments }));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A tournament of aurelia's with a fixed window. */
export function fixedTournament(id: string, startsAt: Date, endsAt: Date, scoring: 'wagered' | 'multiplier', prizes = ['30.00', '20.00']): Record<string, unknown> {
  return {
    id, title: { en: id }, description: { en: 'test' }, image: '/media/banners/jackpot.svg', scoring,
    schedule: { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() }, prizes,
  };
}

/** Calls the provider: JSON in and out. */
export async function provider(app: TestPlatform, path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(`${app.url}/gamification-service/v1/${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** The provider's token for a player (through aurelia's client id) and, with optIn, opted in. */
export async function providerToken(app: TestPlatform, player: JackpotPlayer, optIn = true): Promise<string> {
  const issued = await provider(app, 'token', { body: { clientId: 'aurelia-lobby', identityToken: player.token } });
  if (issued.status !== 200) throw new Error(`no provider token: ${JSON.stringify(issued.body)}`);
  const token = issued.body.accessToken as string;
  if (optIn) {
    const opted = await provider(app, 'player/gamification-opt', { token, body: { enable: true } });
    if (opted.status !== 200) throw new Error(`no opt-in: ${JSON.stringify(opted.body)}`);
  }
  return token;
}

/** Waits until check() holds, polling every 20 ms, for at most `ms`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A Server-Sent Events stream that keeps every event and waits for one by condition. */
export interface EventStream {
  events: { event: string; data: any }[];
  next(match: (event: { event: string; data: any }) => boolean, timeoutMs?: number): Promise<{ event: string; data: any }>;
  /** Resolves when the server ends the stream (or the test closes it). */
  ended: Promise<void>;
  close(): void;
}

/** Opens a stream. */
export async function openStream(url: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
  const events: { event: string; data: any }[] = [];
  const wake = new Set<() => void>();
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          for (const waker of wake) waker();
        }
      }
    } catch {
      // Closed by the test.
    }
  })();
  return {
    events,
    ended,
    async next(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events).slice(0, 800)}`);
        await new Promise<void>((resolve) => {
          const waker = () => {
            wake.delete(waker);
            resolve();
          };
          wake.add(waker);
          setTimeout(waker, 100);
        });
      }
    },
    close: () => controller.abort(),
  };
}
