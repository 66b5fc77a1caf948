/**
 * The player and wallet statuses of spec section 4 as the player runtime moves them: a visitor is
 * LOGGED_OUT with the wallet NOT_AVAILABLE; a session is LOADING (player and wallet) until the
 * platform answers, then LOGGED_IN, and the wallet STREAMING only once a balance was received.
 * The platform, the socket and the token
 * source are stand-ins; the runtime and the stores are the real ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionConfig } from './config.ts';

const platform = vi.hoisted(() => ({
  signedIn: true,
  /** Answers by operation name; a pending promise holds that read. */
  answers: new Map<string, () => Promise<unknown>>(),
}));

vi.mock('./tokens.ts', async (original) => ({
  ...(await original<typeof import('./tokens.ts')>()),
  adoptIncomingTokens: () => false,
  browserTokenStore: () => ({ read: () => (platform.signedIn ? { accessToken: 'a' } : null), write: () => undefined, clear: () => undefined }),
}));
vi.mock('./token-refresh.ts', async (original) => ({
  ...(await original<typeof import('./token-refresh.ts')>()),
  createTokenRefresher: () => ({ freshAccessToken: async () => 'a', refresh: async () => 'a' }),
}));
vi.mock('./player-request.ts', () => ({
  createPlayerRequest: () => (document: { toString(): string }) => {
    const name = /(?:query|mutation)\s+(\w+)/.exec(String(document))?.[1] ?? '';
    return platform.answers.get(name)?.() ?? Promise.reject(new Error(`no answer for ${name}`));
  },
}));
vi.mock('./realtime.ts', () => ({
  createRealtimeConnection: async (_protocol: unknown, _url: unknown, hooks: { onReady(): void }) => {
    hooks.onReady();
    return {
      subscribe: () => () => undefined,
      dispose: () => undefined,
    };
  },
}));
vi.mock('../../lib/yield-to-browser.ts', () => ({ nextTask: () => Promise.resolve() }));

const CONFIG = { brand: 'aurelia', locale: 'en', localization: true, keycloakUrl: '/auth', realtimeProtocol: 'graphql-transport-ws', productMode: 'CASINO', currency: 'EUR' } satisfies SessionConfig;
const PLAYER = { id: 'p1', accountStatus: { status: 'Active' }, personalInfo: { firstName: 'Anna', lastName: null }, username: 'anna' };
const WALLET = { id: 'w1', balance: '12.50', bonusBalance: '0.00', currency: 'EUR', minDepositAmount: '10.00', minWithdrawalAmount: '20.00' };
const CUSTOMER = { id: 'c1', popUpsNeeded: [], isCancelWithdrawalBlocked: false, isIncreaseDepositLimitBlocked: false, isRewardsBlocked: false, isDepositsBlocked: false };

/** A read held until released. */
function held<T>(value: T) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  return { answer: () => gate.then(() => value), release };
}

async function freshModules() {
  vi.resetModules();
  const runtime = await import('./player-runtime.ts');
  const { $player } = await import('./player-store.ts');
  const { $wallet } = await import('../wallet/wallet-store.ts');
  const players: string[] = [];
  const wallets: string[] = [];
  $player.subscribe(({ status }) => { if (players.at(-1) !== status) players.push(status); });
  $wallet.subscribe(({ status }) => { if (wallets.at(-1) !== status) wallets.push(status); });
  return { runtime, $player, $wallet, players, wallets };
}

beforeEach(() => {
  platform.signedIn = true;
  platform.answers.clear();
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('location', new URL('http://aurelia.localhost:4321/en/'));
  vi.stubGlobal('sessionStorage', { length: 0, key: () => null });
  vi.stubGlobal('BroadcastChannel', undefined);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('player and wallet statuses (spec section 4)', () => {
  it('a visitor is LOGGED_OUT and the wallet NOT_AVAILABLE', async () => {
    platform.signedIn = false;
    const { runtime, players, wallets } = await freshModules();
    await expect(runtime.startPlayerRuntime(CONFIG)).resolves.toBeNull();
    expect(players).toEqual(['LOGGED_OUT']);
    expect(wallets).toEqual(['NOT_AVAILABLE']);
  });

  it('a session is LOADING until the platform answers; then LOGGED_IN, and STREAMING once the balance arrived', async () => {
    const playerRead = held({ viewer: { sessionId: 's1', flow: 'sms', player: PLAYER } });
    const walletRead = held({ viewer: { customer: CUSTOMER, wallet: WALLET } });
    platform.answers.set('GetPlayerInfo', playerRead.answer);
    platform.answers.set('GetCustomerInfo', walletRead.answer);
    const { runtime, $player, $wallet, players, wallets } = await freshModules();
    const started = runtime.startPlayerRuntime(CONFIG);
    await vi.waitFor(() => expect($player.get().status).toBe('LOADING'));
    expect($wallet.get().status).toBe('LOADING');

    // The player is in, the balance still on its way: LOGGED_IN, the wallet still LOADING.
    playerRead.release();
    await vi.waitFor(() => expect($player.get().status).toBe('LOGGED_IN'));
    expect($wallet.get()).toMatchObject({ status: 'LOADING', wallet: null });

    walletRead.release();
    await started;
    expect($wallet.get()).toMatchObject({ status: 'STREAMING', wallet: { balance: '12.50' } });
    expect(players).toEqual(['LOGGED_OUT', 'LOADING', 'LOGGED_IN']);
    expect(wallets).toEqual(['NOT_AVAILABLE', 'LOADING', 'STREAMING']);
  });

});
