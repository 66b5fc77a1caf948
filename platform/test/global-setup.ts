/**
 * Runs once before the platform suite: prepares the databases every test platform starts from, so
 * no test file pays for initdb, the migrations and the demo seed again (they took most of a
 * platform start: about 10 s of it on a busy 2-core machine, against about 1 s for a copy).
 *
 * - PGlite: two dumped data folders (tar files in a temporary folder): `empty`, straight after
 *   initdb, for tests that migrate or seed themselves or use other brands; `fixtures`, migrated and
 *   seeded for the fixture brands (demo players, their payments, the platform's secrets).
 * - PostgreSQL (DATABASE_URL): a template database, migrated and seeded the same way; each test
 *   platform gets `create database … template …` of it. A role that may not create databases keeps
 *   the old way (a scratch schema, migrated and seeded per platform).
 *
 * Each test still gets a database of its own: a copy, never a shared one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { Db } from '../src/db/db.ts';
import { prepareDatabase } from '../src/db/open.ts';
import { wrapPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { createPlatform } from '../src/platform.ts';
import { CONTENT_DIR, databaseUrl, FIXTURE_BRANDS, type PreparedDatabases } from './helpers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    preparedDatabases: PreparedDatabases;
  }
}

/** Migrates and seeds an open database as a platform start does (players, payments, secrets), without listening. */
async function seedFixtures(db: Db): Promise<void> {
  await prepareDatabase(db);
  const platform = await createPlatform({ brandsDir: FIXTURE_BRANDS, contentDir: CONTENT_DIR, db, watchBrands: false, demoPlayers: 'seed' });
  await platform.close();
}

async function preparePglite(folder: string): Promise<PreparedDatabases['pglite']> {
  const pglite = await PGlite.create();
  try {
    const empty = join(folder, 'pglite-empty.tar');
    writeFileSync(empty, new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    await seedFixtures(wrapPglite(pglite));
    const fixtures = join(folder, 'pglite-fixtures.tar');
    writeFileSync(fixtures, new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    return { empty, fixtures };
  } finally {
    await pglite.close();
  }
}

/** Creates the PostgreSQL template database, or answers null when the role may not create databases. */
async function preparePostgres(url: string): Promise<string | null> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ allowed: boolean }>('select rolsuper or rolcreatedb as allowed from pg_roles where rolname = current_user');
    if (!rows[0]?.allowed) {
      console.warn('[platform tests] the DATABASE_URL role may not create databases: each test platform migrates and seeds a scratch schema instead');
      return null;
    }
    const name = `atrium_test_template_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}`);
    try {
      const db = await openPostgres({ connectionString: databaseUrl(url, name), max: 2 });
      try {
        await seedFixtures(db);
      } finally {
        // A template may have no open connection while it is copied.
        await db.close();
      }
    } catch (error) {
      await admin.query(`drop database if exists ${name}`).catch(() => {});
      throw error;
    }
    return name;
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const folder = mkdtempSync(join(tmpdir(), 'atrium-test-databases-'));
  const url = process.env.DATABASE_URL;
  let postgresTemplate: string | null = null;
  try {
    const pglite = await preparePglite(folder);
    if (url) postgresTemplate = await preparePostgres(url);
    project.provide('preparedDatabases', { pglite, postgresTemplate });
    console.log(`[platform tests] prepared the test databases in ${((Date.now() - started) / 1000).toFixed(1)} s${postgresTemplate ? ` (PostgreSQL template ${postgresTemplate})` : ''}`);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (url && postgresTemplate) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`drop database if exists ${postgresTemplate}`);
      } finally {
        await admin.end();
      }
    }
  };
}
