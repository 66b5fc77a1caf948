/**
 * Writes platform/DEMO-PLAYERS.md from the real brands folder:
 *   npx node platform/src/players/demo-players-doc.ts
 * A test fails when the file is stale.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBrands } from '../brands/brands.ts';
import { demoPlayersMarkdown } from './demo.ts';

/** Where the list is written. */
export const DEMO_PLAYERS_FILE = fileURLToPath(new URL('../../DEMO-PLAYERS.md', import.meta.url));
/** The repository's brands folder. */
export const REPO_BRANDS_DIR = fileURLToPath(new URL('../../../brands/', import.meta.url));

/** The document's text for the repository's brands. */
export function demoPlayersDoc(): string {
  return demoPlayersMarkdown(loadBrands(REPO_BRANDS_DIR));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(DEMO_PLAYERS_FILE, demoPlayersDoc());
  console.log(`Wrote ${join(DEMO_PLAYERS_FILE)}`);
}
