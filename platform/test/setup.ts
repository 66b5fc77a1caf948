/**
 * Runs in every platform test file. The files share one module graph (vitest.config.ts: isolate is
 * off for the platform project), so spies a file leaves behind, such as a silenced console.log,
 * would reach the next file: they are undone when each file ends.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.restoreAllMocks();
});
