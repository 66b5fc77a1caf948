/**
 * The player's own sign-out from any island (the account menu, the reality check's Stop playing):
 * through the running player runtime, which ends the platform's and the provider's sessions; without
 * one (the session never started), what is stored is cleared and the page leaves.
 */
import { readSessionConfig } from './config.ts';

/** Signs the player out and navigates away. */
export async function logOut(): Promise<void> {
  const { currentPlayerRuntime } = await import('./player-runtime.ts');
  const runtime = await currentPlayerRuntime();
  if (runtime) return runtime.logout();
  const { logout } = await import('./logout.ts');
  return logout(readSessionConfig(), null);
}
