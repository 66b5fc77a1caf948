/**
 * Finds Debian's Chromium for the end-to-end tests and benchmarks; a browser download never works
 * on these machines, so a missing Chromium is reported with the command that installs it.
 */
import { existsSync } from 'node:fs';

/** Flags for a headless Chromium on a machine with no outside network (and as root). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The Chromium executable (CHROMIUM_PATH overrides /usr/bin/chromium). */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** Throws a message saying how to install Chromium when it is missing. */
export function assertChromium(): void {
  const path = chromiumPath();
  if (!existsSync(path)) {
    throw new Error(
      `Chromium was not found at ${path}. The end-to-end tests use Debian's Chromium; install it with:\n\n` +
        '    sudo apt-get update && sudo apt-get install -y chromium\n\n' +
        'or set CHROMIUM_PATH to another Chromium executable.',
    );
  }
}
