import { beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = { apollo: () => Promise.resolve({ marker: 'client' }), refetchPlayer: vi.fn<() => Promise<void>>() };
vi.mock('./player-runtime.ts', () => ({ settledPlayerRuntime: () => Promise.resolve(runtime) }));
const { playerCall } = await import('./player-call.ts');

describe('playerCall', () => {
  beforeEach(() => {
    runtime.refetchPlayer.mockReset();
    runtime.refetchPlayer.mockResolvedValue(undefined);
  });

  it("reads the player again after a mutation that changes the account, before it resolves", async () => {
    const order: string[] = [];
    runtime.refetchPlayer.mockImplementation(async () => { order.push('refetch'); });
    const result = await playerCall(async (client) => {
      order.push(`work with ${(client as unknown as { marker: string }).marker}`);
      return 'ends at noon';
    }, { changesPlayer: true });
    expect(result).toBe('ends at noon');
    expect(order).toEqual(['work with client', 'refetch']);
  });

  it('does not read the player for a call that changes nothing', async () => {
    await playerCall(async () => 1);
    expect(runtime.refetchPlayer).not.toHaveBeenCalled();
  });

  it('keeps a succeeded mutation succeeded when the read after it fails', async () => {
    runtime.refetchPlayer.mockRejectedValue(new Error('socket down'));
    await expect(playerCall(async () => 'done', { changesPlayer: true })).resolves.toBe('done');
  });

  it('reads nothing after a failed mutation, and says why it failed', async () => {
    await expect(playerCall(async () => { throw new Error('refused'); }, { changesPlayer: true })).rejects.toThrow('refused');
    expect(runtime.refetchPlayer).not.toHaveBeenCalled();
  });
});
