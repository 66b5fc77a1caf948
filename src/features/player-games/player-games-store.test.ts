import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyBalanceUpdate, setWallet, type BalanceUpdate } from '../wallet/wallet-store.ts';

// The player's light request (session/player-request.ts): the document, its variables, the data.
const request = vi.fn<(document: unknown, variables: Record<string, unknown>) => Promise<unknown>>();
vi.mock('../session/player-runtime.ts', () => ({
  settledPlayerRuntime: () => Promise.resolve({ request, refetchWallet: async () => {}, logout: async () => {} }),
}));

const { $favourites, $recentlyPlayed, setFavourite, startPlayerGames } = await import('./player-games-store.ts');

const FILTERS = { currencyCode: 'USD', ipCountryCode: 'NZ', license: 'cos', locale: 'en' };
const recent = (...slugs: string[]) => ({
  viewer: { recentlyPlayedGamesV2: slugs.map((slug) => ({ gameId: slug, lastPlayedAt: '', gameDescriptorV2: { json: { id: slug, slug, name: slug.toUpperCase(), studio: 'Nova', imageUrl: '' } } })) },
});
const update = (balance: string): BalanceUpdate => ({ balance, bonusBalance: '0.00', currency: 'USD', amount: '1.00', moneyType: 'CasinoBet', transactionKind: 'CasinoBet', wageringProgress: null });
const syncCalls = () => request.mock.calls.filter(([document]) => String(document).includes('SyncRecentlyPlayedGames'));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('player games store', () => {
  beforeEach(() => {
    request.mockReset();
    request.mockImplementation(async (document) => (String(document).includes('SyncRecentlyPlayedGames') ? recent('a') : { viewer: { favouriteGames: [] } }));
  });

  it('asks for 5 recently played games and syncs again on every third balance change only', async () => {
    const stop = startPlayerGames(FILTERS);
    await flush();
    expect(syncCalls()).toHaveLength(1);
    expect(syncCalls()[0]![1]).toEqual({ maxRecentlyPlayedGames: 5 });
    expect($recentlyPlayed.get()).toMatchObject({ status: 'ready', games: [{ slug: 'a', name: 'A' }] });

    request.mockImplementation(async () => recent('b', 'a'));
    applyBalanceUpdate(update('9.00'));
    applyBalanceUpdate(update('8.00'));
    // A refetch of the whole wallet is not a balance event.
    setWallet({ id: 'w', balance: '8.00', bonusBalance: '0.00', currency: 'USD', minDepositAmount: '10.00', minWithdrawalAmount: '10.00' });
    await flush();
    expect(syncCalls()).toHaveLength(1);
    applyBalanceUpdate(update('7.00'));
    await flush();
    expect(syncCalls()).toHaveLength(2);
    expect($recentlyPlayed.get().games.map((game) => game.slug)).toEqual(['b', 'a']);
    stop();
  });

  it('hearts at once and puts the heart back when the platform refuses', async () => {
    const game = { id: 'g1', slug: 'g1', name: 'G1', imageUrl: '', studioName: 'Nova' };
    $favourites.set({ status: 'ready', games: [] });
    request.mockResolvedValueOnce({ addFavouriteGame: true });
    await expect(setFavourite(game, true)).resolves.toBe(true);
    expect($favourites.get().games.map((entry) => entry.slug)).toEqual(['g1']);
    expect(String(request.mock.calls[0]![0])).toContain('mutation AddFavouriteGame');
    expect(request.mock.calls[0]![1]).toEqual({ slug: 'g1' });

    request.mockRejectedValueOnce(new Error('[Network] down'));
    const pending = setFavourite(game, false);
    expect($favourites.get().games).toEqual([]);
    await expect(pending).resolves.toBe(false);
    expect($favourites.get().games.map((entry) => entry.slug)).toEqual(['g1']);
  });
});
