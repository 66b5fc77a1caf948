/**
 * `npm run operator -- create-admin` (platform/src/operators/cli.ts): the first admin of a production
 * platform, made from the command line on PGlite and on PostgreSQL, signs in to the operator realm
 * with the printed password and a code of the printed TOTP secret and holds admin; bad input and an
 * existing e-mail are refused with what to fix, writing nothing. A TOTP secret left in plain text by a
 * database from before migration 067 is sealed when the platform starts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/open.ts';
import { OperatorCommandError, runOperatorCommand } from '../src/operators/cli.ts';
import { bearer, DATABASES, FIXTURE_BRANDS, scratchSchema, signInOperator, startPlatform } from './helpers.ts';

describe.each(DATABASES)('npm run operator -- create-admin on $name', (database) => {
  let env: NodeJS.ProcessEnv;
  let dir: string;
  let printed: string[] = [];
  const run = (args: string[], stdin = '') => {
    printed = [];
    return runOperatorCommand(args, { env, readStdin: async () => stdin, print: (line) => printed.push(line) });
  };
  const refusal = async (args: string[], stdin = '') => {
    const error = await run(args, stdin).then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(OperatorCommandError);
    return (error as Error).message;
  };
  const databaseOf = () => openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, schema: env.PLATFORM_DATABASE_SCHEMA as string } : { dataDir: env.PLATFORM_DATA_DIR as string });

  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    dir = await mkdtemp(join(tmpdir(), 'atrium-operator-cli-'));
    // A database no platform has opened: the command migrates it as a start would.
    env = database.url
      ? { DATABASE_URL: database.url, PLATFORM_DATABASE_SCHEMA: scratchSchema(), ATRIUM_BRANDS_DIR: FIXTURE_BRANDS }
      : { PLATFORM_DATA_DIR: join(dir, 'db'), ATRIUM_BRANDS_DIR: FIXTURE_BRANDS };
  });
  afterAll(async () => {
    if (env.DATABASE_URL) {
      const db = await databaseOf();
      await db.query(`drop schema if exists ${env.PLATFORM_DATABASE_SCHEMA as string} cascade`);
      await db.query(`drop schema if exists ${env.PLATFORM_DATABASE_SCHEMA as string}_jobs cascade`);
      await db.close();
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('creates an admin who signs in with the printed password and a code of the printed secret, and holds admin on the brand', async () => {
    const created = await run(['create-admin', '--email', 'first.admin@aurelia.example', '--brand', 'aurelia', '--name', 'First Admin']);
    expect(created.generatedPassword).toMatch(/^[\w-]{24}$/);
    expect(printed.join('\n')).toContain(`Password (shown once: keep it in a password manager): ${created.generatedPassword}`);
    expect(printed.join('\n')).toContain(`  secret: ${created.totpSecret}`);
    expect(printed.join('\n')).toContain(`  uri:    otpauth://totp/Atrium%20operators:first.admin%40aurelia.example?issuer=Atrium%20operators&secret=${created.totpSecret}`);
    // A second admin on every brand, their password piped in (a trailing newline is not part of it).
    const second = await run(['create-admin', '--email', 'second.admin@aurelia.example', '--brand', '*', '--password-stdin'], 'a piped-in passphrase\n');
    expect(second.generatedPassword).toBeNull();
    expect(printed.join('\n')).not.toContain('Password');

    // An operator as a database from before migration 067 holds one: the TOTP secret in plain text.
    const legacy = await databaseOf();
    try {
      await legacy.query(`update operators set totp_secret = 'JBSWY3DPEHPK3PXPLEGACYPLAINTEXT2', totp_secret_sealed = null where email = 'second.admin@aurelia.example'`);
    } finally {
      await legacy.close();
    }

    // A platform started on that database (sandbox off, as in production) seals it, and lets both sign in with their second factor.
    const app = await startPlatform(database, { auth: { enableSandboxAdmin: false }, ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, databaseSchema: env.PLATFORM_DATABASE_SCHEMA as string } : { dataDir: env.PLATFORM_DATA_DIR as string }) }, {});
    try {
      const token = await signInOperator(app, 'first.admin@aurelia.example', created.generatedPassword as string, created.totpSecret);
      const me = await app.gql('{ operatorMe { email name roles { brand role } } }', {}, { 'x-sandbox-key': '', ...bearer(token) });
      expect(me.data.operatorMe).toEqual({ email: 'first.admin@aurelia.example', name: 'First Admin', roles: [{ brand: 'aurelia', role: 'admin' }] });
      const log = await app.gql('{ operatorAuditLog(action: "operator.create") { operatorEmail target after } }', {}, { 'x-sandbox-key': '', ...bearer(token) });
      expect(log.data.operatorAuditLog).toEqual([{ operatorEmail: 'command line (npm run operator)', target: 'first.admin@aurelia.example', after: { roles: [{ brand: 'aurelia', role: 'admin' }], secondFactor: 'totp' } }]);
      const stored = await app.platform.db.query<{ totp_secret: string | null; totp_secret_sealed: string | null }>(`select totp_secret, totp_secret_sealed from operators where email = 'second.admin@aurelia.example'`);
      expect(stored.rows[0]?.totp_secret).toBeNull();
      expect(stored.rows[0]?.totp_secret_sealed).toMatch(/^ey[\w-]+\.\./);
      const everywhere = await signInOperator(app, 'second.admin@aurelia.example', 'a piped-in passphrase', 'JBSWY3DPEHPK3PXPLEGACYPLAINTEXT2');
      const roles = await app.gql('{ operatorMe { roles { brand role } } }', {}, { 'x-sandbox-key': '', 'x-brand': 'vantor', ...bearer(everywhere) });
      expect(roles.data.operatorMe.roles).toEqual([{ brand: '*', role: 'admin' }]);
    } finally {
      await app.close();
    }
  });

  it('refuses an existing e-mail (any case), an unknown brand, a short password and a bad command, saying what to fix and writing nothing', async () => {
    expect(await refusal(['create-admin', '--email', 'FIRST.ADMIN@aurelia.example', '--brand', 'aurelia'])).toMatch(/^An operator with the e-mail first\.admin@aurelia\.example exists already \(id [\w-]+\): nothing was created\. Give another --email/);
    expect(await refusal(['create-admin', '--email', 'new@aurelia.example', '--brand', 'nowhere'])).toBe(`Unknown brand "nowhere" in ${FIXTURE_BRANDS.replace(/\/$/, '')}: use one of aurelia, mapleridge, vantor, or "*" for every brand`);
    expect(await refusal(['create-admin', '--email', 'new@aurelia.example', '--brand', 'aurelia', '--password-stdin'], 'short\n')).toContain('The password read from stdin has 5 characters; an operator password needs at least 12');
    expect(await refusal(['create-admin', '--email', 'not-an-address', '--brand', 'aurelia'])).toBe('"not-an-address" is not an e-mail address: give the operator\'s work address; nothing was created');
    expect(await refusal(['create-admin', '--brand', 'aurelia'])).toContain('--email is missing');
    expect(await refusal(['create-admin', '--email', 'new@aurelia.example'])).toContain('--brand is missing');
    expect(await refusal(['create-admin', '--email', 'new@aurelia.example', '--brand', 'aurelia', '--role', 'editor'])).toContain("Unknown option '--role'. Usage: npm run operator -- create-admin");
    expect(await refusal(['create-user'])).toContain('Unknown command "create-user": the one command is create-admin');
    const db = await databaseOf();
    try {
      const { rows } = await db.query<{ email: string }>('select email from operators order by email');
      expect(rows.map((row) => row.email)).toEqual(['first.admin@aurelia.example', 'second.admin@aurelia.example']);
    } finally {
      await db.close();
    }
  });
});
