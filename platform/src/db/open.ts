/**
 * Opens the platform database and brings it up to date: migrations and the demo seed run in one
 * transaction, so a half-migrated or half-seeded database is never left behind.
 */
import { fileURLToPath } from 'node:url';
import { seedCatalogue } from '../catalogue/seed.ts';
import type { Db } from './db.ts';
import { migrate, readMigrations } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** The migrations shipped with the platform. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** Where the database lives: a PostgreSQL URL wins; else PGlite in dataDir, else PGlite in memory. */
export interface DatabaseOptions {
  databaseUrl?: string;
  /** With databaseUrl: keep every table in this schema (tests). */
  schema?: string;
  dataDir?: string;
  /** PGlite only: start from this dumped data folder instead of an empty database (tests). */
  template?: Blob;
}

/** What preparing the database did, for the start-up log line. */
export interface PrepareReport {
  migrationsApplied: number[];
  seeded: boolean;
}

/** Opens the database described by options (no migrations). */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
    return openPostgres({ connectionString: options.databaseUrl, ...(options.schema ? { schema: options.schema } : {}) });
  }
  return openPglite(options.dataDir, options.template ? { template: options.template } : {});
}

/** Applies pending migrations and the demo seed in one transaction. */
export async function prepareDatabase(db: Db, migrationsDir: string = MIGRATIONS_DIR): Promise<PrepareReport> {
  const migrations = readMigrations(migrationsDir);
  return db.transaction(async (tx) => {
    const migrationsApplied = await migrate(tx, migrations);
    const seeded = await seedCatalogue(tx);
    return { migrationsApplied, seeded };
  });
}
