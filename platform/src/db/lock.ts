/**
 * A lock file next to the PGlite data folder. PGlite is single-process: two platforms opening the
 * same folder would corrupt it, so the second one stops with a message naming the first.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Takes the lock for dataDir (replacing a stale one) and returns its release function. */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  // A fresh clone has no .data/ yet: the lock file's folder must exist before the first start.
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) rmSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The data folder ${dataDir} is in use by another platform (pid ${owner}): stop it, or set PLATFORM_DATA_DIR to another folder`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}: remove ${file} if no platform is running`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
