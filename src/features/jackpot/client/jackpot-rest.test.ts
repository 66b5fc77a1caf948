import { describe, expect, it, vi } from 'vitest';
import { convertFromBase, fetchAllRaffleInstances, fetchJackpotInstances, JACKPOT_FETCH_RETRY, RAFFLE_FETCH_FAILED } from './jackpot-rest.ts';

const multipliers = { base: 'EUR', multipliers: { EUR: 1, NOK: 11.5, USD: 1.08, JPY: 160 } };

function failingFetch(failures: number, body: unknown) {
  let calls = 0;
  const urls: string[] = [];
  const fetcher = vi.fn(async (url: URL | RequestInfo, init?: RequestInit) => {
    urls.push(String(url));
    calls += 1;
    if (calls <= failures) return new Response('down', { status: 503 });
    return Response.json({ ...(body as object), auth: (init?.headers as Record<string, string>)?.authorization ?? null });
  });
  return { fetcher, urls };
}

describe('jackpot REST', () => {
  it('tries the jackpot instances 10 times, 2 s apart, then gives up with the status', async () => {
    const sleep = vi.fn(async () => undefined);
    const { fetcher } = failingFetch(99, {});
    await expect(fetchJackpotInstances({ serviceUrl: '/jackpot-service', origin: 'http://lobby.test', fetch: fetcher, sleep }, { brand: 'aurelia' })).rejects.toThrow(/Could not fetch: \/jackpot-service\/v1\/instances\?source=casino&brand=aurelia\. Message: 503/);
    expect(fetcher).toHaveBeenCalledTimes(JACKPOT_FETCH_RETRY.attempts);
    expect(sleep.mock.calls).toEqual(Array.from({ length: 9 }, () => [2_000]));
  });

  it('asks for the token again on every attempt, so a retry never sends one that ran out meanwhile', async () => {
    const { fetcher } = failingFetch(2, { instances: [] });
    let issued = 0;
    const token = vi.fn(async () => `t${++issued}`);
    await fetchJackpotInstances({ serviceUrl: 'https://jackpots.example', fetch: fetcher, sleep: async () => undefined }, { brand: 'aurelia', playerId: 'p1', token });
    expect(fetcher.mock.calls.map(([, init]) => (init?.headers as Record<string, string>).authorization)).toEqual(['Bearer t1', 'Bearer t2', 'Bearer t3']);
  });

  it('gives up on a service that does not answer within timeoutMs (a server render waits no longer)', async () => {
    const hanging = vi.fn((_url: URL | RequestInfo, init?: RequestInit) => new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
    }));
    const started = Date.now();
    await expect(fetchJackpotInstances({ serviceUrl: 'https://jackpots.example', fetch: hanging, timeoutMs: 50 }, { brand: 'aurelia' }, { attempts: 1, delayMs: 0 })).rejects.toThrow(/timed out|abort/i);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("succeeds after failures, with the player's token and id", async () => {
    const { fetcher, urls } = failingFetch(2, { instances: [{ id: 'pot-1' }] });
    const instances = await fetchJackpotInstances({ serviceUrl: 'https://jackpots.example/', fetch: fetcher, sleep: async () => undefined }, { brand: 'aurelia', currency: 'NOK', playerId: 'p1', token: 't1' });
    expect(instances).toEqual([{ id: 'pot-1' }]);
    expect(urls.at(-1)).toBe('https://jackpots.example/v1/instances?source=casino&brand=aurelia&currency=NOK&player_id=p1');
    expect(fetcher.mock.calls.at(-1)?.[1]).toMatchObject({ headers: { authorization: 'Bearer t1' } });
  });

  it('tries each raffle 3 times and logs when no raffle instance came', async () => {
    const sleep = vi.fn(async () => undefined);
    const { fetcher } = failingFetch(99, {});
    const log = { warn: vi.fn() };
    expect(await fetchAllRaffleInstances({ serviceUrl: '/jackpot-service', origin: 'http://lobby.test', fetch: fetcher, sleep, log }, { brand: 'aurelia' })).toEqual([]);
    expect(fetcher).toHaveBeenCalledTimes(9);
    expect(log.warn).toHaveBeenCalledWith(RAFFLE_FETCH_FAILED);
  });

  it('refuses a relative service URL without an origin on the server, saying how to fix it', async () => {
    await expect(fetchJackpotInstances({ serviceUrl: '/jackpot-service', sleep: async () => undefined }, { brand: 'aurelia' }, { attempts: 1, delayMs: 0 })).rejects.toThrow(/pass origin/);
  });

  it('converts EUR amounts with the multipliers exactly, rounding half up like the service', () => {
    expect(convertFromBase(0.05, 'NOK', multipliers)).toBe('0.58');
    expect(convertFromBase('0.10', 'USD', multipliers)).toBe('0.11');
    expect(convertFromBase('412.30', 'JPY', multipliers)).toBe('65968');
    expect(convertFromBase(0.2, 'EUR', multipliers)).toBe('0.20');
    expect(() => convertFromBase(1, 'XYZ', multipliers)).toThrow(/No jackpot multiplier for XYZ/);
  });
});
