/**
 * Schema migrations: numbered SQL files `NNN_name.sql`, applied once each in order and recorded
 * in `schema_migrations` with a checksum. Safe to run on every start: applied files are skipped,
 * and an advisory lock keeps two platforms starting at once from racing on a shared server.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from './db.ts';

/** One migration file on disk. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

const FILE_NAME = /^(\d{3})_([a-z0-9_]+)\.sql$/;
/** Arbitrary but fixed: the advisory lock key all platforms agree on for migrating. */
const MIGRATION_LOCK_KEY = 4322_0001;

/** Reads and orders the migration files of a folder, rejecting misnamed or duplicate ones. */
export function readMigrations(dir: string): Migration[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.sql'));
  } catch {
    throw new Error(`Migrations folder not found: ${dir}`);
  }
  const migrations: Migration[] = [];
  const seen = new Map<number, string>();
  for (const file of files) {
    const match = FILE_NAME.exec(file);
    if (!match) {
      throw new Error(`Migration ${join(dir, file)} is misnamed: use NNN_snake_case_name.sql, such as 002_ledger.sql`);
    }
    const version = Number(match[1]);
    const clash = seen.get(version);
    if (clash) throw new Error(`Migrations ${clash} and ${file} share number ${match[1]}: renumber the newer one`);
    seen.set(version, file);
    const sql = readFileSync(join(dir, file), 'utf8');
    migrations.push({ version, name: match[2] ?? '', sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  return migrations.sort((a, b) => a.version - b.version);
}

/**
 * Applies the pending migrations inside the caller's transaction and returns the versions applied.
 * An applied file that was edited since is an error: write a new migration instead.
 */
export async function migrate(tx: Queryable, migrations: Migration[]): Promise<number[]> {
  await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
  await tx.exec(`
    create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`);
  const { rows } = await tx.query<{ version: number; name: string; checksum: string }>(
    'select version, name, checksum from schema_migrations order by version',
  );
  const applied = new Map(rows.map((row) => [row.version, row]));
  const done: number[] = [];
  for (const migration of migrations) {
    const previous = applied.get(migration.version);
    if (previous) {
      if (previous.checksum !== migration.checksum) {
        throw new Error(
          `Migration ${String(migration.version).padStart(3, '0')}_${migration.name}.sql changed after it was applied ` +
            `(applied as "${previous.name}"): revert the edit and add a new migration, or reset the database`,
        );
      }
      continue;
    }
    await tx.exec(migration.sql);
    await tx.query('insert into schema_migrations (version, name, checksum) values ($1, $2, $3)', [
      migration.version,
      migration.name,
      migration.checksum,
    ]);
    done.push(migration.version);
  }
  return done;
}
