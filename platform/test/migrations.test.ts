import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { MIGRATIONS_DIR, openDatabase, prepareDatabase } from '../src/db/open.ts';
import { DATABASES, databaseOptions } from './helpers.ts';

describe.each(DATABASES)('migrations on $name', (database) => {
  let db: Db;
  let schema: string | undefined;

  beforeAll(async () => {
    const options = databaseOptions(database);
    schema = options.databaseSchema;
    db = await openDatabase({
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
      ...(schema ? { schema } : {}),
      ...(options.databaseTemplate ? { template: options.databaseTemplate } : {}),
    });
  });

  afterAll(async () => {
    if (schema) await db.exec(`drop schema ${schema} cascade`);
    await db.close();
  });

  it('applies every migration and the seed once, then nothing on later runs', async () => {
    const first = await prepareDatabase(db);
    expect(first.migrationsApplied).toEqual(readMigrations(MIGRATIONS_DIR).map((migration) => migration.version));
    expect(first.seeded).toBe(true);
    const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from games')).rows[0]?.n;
    const games = await count();

    const second = await prepareDatabase(db);
    expect(second).toEqual({ migrationsApplied: [], seeded: false });
    expect(await count()).toBe(games);
    const recorded = await db.query<{ version: number }>('select version from schema_migrations order by version');
    expect(recorded.rows.map((row) => row.version)).toEqual(first.migrationsApplied);
  });

  it('refuses a migration that was edited after it was applied', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atrium-migrations-'));
    try {
      for (const migration of readMigrations(MIGRATIONS_DIR)) {
        const file = `${String(migration.version).padStart(3, '0')}_${migration.name}.sql`;
        writeFileSync(join(dir, file), readFileSync(join(MIGRATIONS_DIR, file), 'utf8') + '\n-- edited\n');
      }
      await expect(db.transaction((tx) => migrate(tx, readMigrations(dir)))).rejects.toThrow(/changed after it was applied/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rolls a failing migration back completely', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atrium-migrations-'));
    try {
      for (const migration of readMigrations(MIGRATIONS_DIR)) {
        writeFileSync(join(dir, `${String(migration.version).padStart(3, '0')}_${migration.name}.sql`), migration.sql);
      }
      writeFileSync(join(dir, '900_half_broken.sql'), 'create table half_done (id int);\nselect * from no_such_table;');
      await expect(db.transaction((tx) => migrate(tx, readMigrations(dir)))).rejects.toThrow();
      const leftovers = await db.query("select 1 from information_schema.tables where table_name = 'half_done'");
      expect(leftovers.rows).toHaveLength(0);
      const recorded = await db.query('select 1 from schema_migrations where version = 900');
      expect(recorded.rows).toHaveLength(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('migration files', () => {
  it('rejects misnamed and duplicate numbers with the file name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'atrium-migrations-'));
    try {
      writeFileSync(join(dir, '1_bad.sql'), 'select 1;');
      expect(() => readMigrations(dir)).toThrow(/1_bad\.sql is misnamed/);
      rmSync(join(dir, '1_bad.sql'));
      writeFileSync(join(dir, '002_a.sql'), 'select 1;');
      writeFileSync(join(dir, '002_b.sql'), 'select 1;');
      expect(() => readMigrations(dir)).toThrow(/share number 002/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
