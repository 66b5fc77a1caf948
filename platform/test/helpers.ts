/**
 * Shared set-up for the platform suite: which databases to run against (PGlite always, plus the
 * PostgreSQL server in DATABASE_URL when set), and a started platform with a tiny GraphQL client.
 * Every platform gets a database of its own, copied from the ones global-setup.ts prepared once
 * (migrated and seeded): a PGlite data folder, or a PostgreSQL database made from a template
 * (a throwaway schema, migrated and seeded there, when the role may not create databases).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { currentTotp } from '../src/operators/accounts.ts';
import { createPlatform } from '../src/platform.ts';
import { findPlayer } from '../src/players/repository.ts';
import type { PlayerRow } from '../src/players/repository.ts';
import type { Platform, PlatformOptions } from '../src/platform.ts';
import { DEFAULT_RATE_RULES, type RateRule, type RateRuleName } from '../src/security/rate-limit.ts';

/** A database the suite runs against. */
export interface DatabaseCase {
  name: 'pglite' | 'postgres';
  url?: string;
}

/** PGlite always; the DATABASE_URL server too when it is set. */
export const DATABASES: DatabaseCase[] = [
  { name: 'pglite' },
  ...(process.env.DATABASE_URL ? [{ name: 'postgres' as const, url: process.env.DATABASE_URL }] : []),
];

/** Test fixtures: two brands shaped like the real ones, so tests never depend on brands/. */
export const FIXTURE_BRANDS = fileURLToPath(new URL('./fixtures/brands/', import.meta.url));
/** The real content folder (the platform owns it). */
export const CONTENT_DIR = fileURLToPath(new URL('../../content/', import.meta.url));

/** A throwaway schema name for one PostgreSQL test run. */
export function scratchSchema(): string {
  return `atrium_test_${randomBytes(4).toString('hex')}`;
}

/** What global-setup.ts prepared: PGlite data folders (tar files) and the PostgreSQL template database, if any. */
export interface PreparedDatabases {
  pglite: {
    /** Straight after initdb: nothing migrated or seeded. */
    empty: string;
    /** Migrated, and seeded by a platform start with the fixture brands. */
    fixtures: string;
  };
  /** A database migrated and seeded like pglite.fixtures; null when the role may not create databases. */
  postgresTemplate: string | null;
}

/** The prepared databases (read once per test file). */
let prepared: PreparedDatabases | undefined;
const templates = new Map<string, Blob>();
function pgliteTemplate(kind: keyof PreparedDatabases['pglite']): Blob {
  prepared ??= inject('preparedDatabases');
  const file = prepared.pglite[kind];
  let blob = templates.get(file);
  if (!blob) templates.set(file, (blob = new Blob([readFileSync(file)])));
  return blob;
}

/**
 * The database options for a case that migrates and seeds by itself: in-memory PGlite (from a copy
 * of an empty data folder, which skips initdb), or the server in a fresh schema.
 */
export function databaseOptions(db: DatabaseCase): Pick<PlatformOptions, 'databaseUrl' | 'databaseSchema' | 'databaseTemplate'> {
  return db.url ? { databaseUrl: db.url, databaseSchema: scratchSchema() } : { databaseTemplate: pgliteTemplate('empty') };
}

/** The URL of another database on the same server. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.href;
}

/** Runs one statement on the DATABASE_URL server outside any test database. */
async function onServer(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A database of one's own for a platform, and how to get rid of it. */
interface OwnDatabase {
  options: Partial<PlatformOptions>;
  /** Before the platform closes: a scratch schema is dropped through the platform's own pool. */
  beforeClose?(db: Db): Promise<void>;
  /** After it closed: a copied database is dropped from outside. */
  afterClose?(): Promise<void>;
}

/** A copy of the prepared database where one fits (the fixture brands), else an empty one that the start migrates and seeds. */
async function ownDatabase(db: DatabaseCase, fixtureBrands: boolean): Promise<OwnDatabase> {
  if (!db.url) return { options: { databaseTemplate: pgliteTemplate(fixtureBrands ? 'fixtures' : 'empty') } };
  const url = db.url;
  prepared ??= inject('preparedDatabases');
  const template = prepared.postgresTemplate;
  if (!template || !fixtureBrands) {
    const schema = scratchSchema();
    // The job queue (pg-boss) keeps its tables in a schema of its own beside it, when a test used it.
    return { options: { databaseUrl: url, databaseSchema: schema }, beforeClose: (open) => open.exec(`drop schema ${schema} cascade; drop schema if exists ${schema}_jobs cascade`) };
  }
  const name = scratchSchema();
  await onServer(url, `create database ${name} template ${template}`);
  return { options: { databaseUrl: databaseUrl(url, name) }, afterClose: () => onServer(url, `drop database ${name} with (force)`) };
}

/** The response of a GraphQL call, loosely typed for assertions. */
export interface GqlResponse {
  status: number;
  data?: any;
  errors?: { message: string; path?: string[]; extensions: { reason: string; traceId: string; [key: string]: unknown } }[];
}

/** A listening platform with a GraphQL helper. */
export interface TestPlatform {
  platform: Platform;
  url: string;
  /** Where its database is (databaseUrl, databaseSchema or a PGlite template), for a second platform on the same one. */
  database: Partial<PlatformOptions>;
  /** POSTs a query to /graphql (x-brand aurelia unless headers say otherwise). */
  gql(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<GqlResponse>;
  /** Stops it; on PostgreSQL also drops the schema it ran in. */
  close(): Promise<void>;
}

/** The sandbox operator key of every test platform: sandbox mode is on unless a test turns it off. */
export const TEST_SANDBOX_KEY = 'test-sandbox-operator-key';
/** The header that presents it. */
export const SANDBOX_KEY: Record<string, string> = { 'x-sandbox-key': TEST_SANDBOX_KEY };

/**
 * Starts a platform on a random port against a database of its own: a copy of the prepared one,
 * already migrated and seeded for the fixture brands (other brands start from an empty database and
 * are seeded by the start).
 */
export async function startPlatform(db: DatabaseCase, options: Partial<PlatformOptions> = {}, shared?: Partial<PlatformOptions>): Promise<TestPlatform> {
  // A production platform (sandbox off) refuses a database with demo players: it starts on an empty one.
  const production = options.auth?.enableSandboxAdmin === false;
  const own: OwnDatabase = shared ? { options: shared } : options.db ? { options: {} } : await ownDatabase(db, (options.brandsDir ?? FIXTURE_BRANDS) === FIXTURE_BRANDS && !production);
  let platform: Platform;
  try {
    platform = await createPlatform({
      brandsDir: FIXTURE_BRANDS,
      contentDir: CONTENT_DIR,
      // Suites sign the same demo players in many times in seconds; rate-limit.test.ts sets its own rules.
      rateRules: UNLIMITED_RATE_RULES,
      // As the lobby's start does: the tests' X-Forwarded-For comes from loopback, as the lobby's proxy would
      // send it (client-address.test.ts starts platforms that trust no one).
      trustProxy: ['loopback'],
      ...own.options,
      ...options,
      auth: { enableSandboxAdmin: true, sandboxKey: TEST_SANDBOX_KEY, ...options.auth },
    });
  } catch (error) {
    await own.afterClose?.();
    throw error;
  }
  await platform.listen(0, '127.0.0.1');
  const url = platform.url();
  return {
    platform,
    url,
    database: own.options,
    async gql(query, variables = {}, headers = {}) {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-brand': 'aurelia', ...SANDBOX_KEY, ...headers },
        body: JSON.stringify({ query, variables }),
      });
      return { status: response.status, ...((await response.json()) as object) };
    },
    async close() {
      await own.beforeClose?.(platform.db);
      await platform.close();
      await own.afterClose?.();
    },
  };
}

/**
 * A second platform process's stand-in on the same PostgreSQL database as `first` (its own pool, its
 * own LISTEN connection, its own sockets), as two processes behind a load balancer would be. Close
 * it before `first`, which owns the database.
 */
export async function startPlatformBeside(first: TestPlatform, options: Partial<PlatformOptions> = {}): Promise<TestPlatform> {
  if (!first.database.databaseUrl) throw new Error('A second platform shares a PostgreSQL database only (PGlite is one process)');
  return startPlatform({ name: 'postgres', url: first.database.databaseUrl }, options, first.database);
}

/** Rate rules no functional test reaches (the limits themselves are tested in rate-limit.test.ts). */
export const UNLIMITED_RATE_RULES = Object.fromEntries(
  Object.keys(DEFAULT_RATE_RULES).map((name) => [name, { perSubject: { limit: 1_000_000, windowSeconds: 1 }, perAddress: { limit: 1_000_000, windowSeconds: 1 } }]),
) as Record<RateRuleName, RateRule>;

/** Signs a player in by SMS (code read from the outbox) and returns the token pair. */
export async function signInBySms(app: TestPlatform, phoneNumber: string, brand = 'aurelia'): Promise<{ accessToken: string; refreshToken: string; sessionId: string }> {
  const requested = await app.gql('mutation ($p: String!) { requestSmsLoginCode(phoneNumber: $p) { phoneNumber } }', { p: phoneNumber }, { 'x-brand': brand });
  if (requested.errors) throw new Error(JSON.stringify(requested.errors));
  const code = await latestSmsCode(app, phoneNumber, brand);
  const verified = await app.gql(
    'mutation ($p: String!, $c: String!) { verifySmsLoginCode(phoneNumber: $p, code: $c) { accessToken refreshToken sessionId } }',
    { p: phoneNumber, c: code },
    { 'x-brand': brand },
  );
  if (verified.errors) throw new Error(JSON.stringify(verified.errors));
  return verified.data.verifySmsLoginCode;
}

/** Calling codes of the fixture brands' countries, for new numbers. */
const CALLING_CODES: Record<string, string> = { aurelia: '+35840', mapleridge: '+1604', vantor: '+37255' };
let freshNumbers = 0;

/** A new player of a brand, signed up by SMS with a number nobody has: their bearer and brand headers and ids. */
export async function freshSmsPlayer(app: TestPlatform, brand = 'aurelia'): Promise<{ headers: Record<string, string>; id: string; sessionId: string }> {
  freshNumbers += 1;
  const phone = `${CALLING_CODES[brand] ?? '+35840'}${String(Date.now() % 1_000_000).padStart(6, '0')}${freshNumbers}`;
  const tokens = await signInBySms(app, phone, brand);
  const headers = { ...bearer(tokens.accessToken), 'x-brand': brand };
  const { data } = await app.gql('{ viewer { player { id } } }', {}, headers);
  return { headers, id: data.viewer.player.id as string, sessionId: tokens.sessionId };
}

/** The newest code texted to a number, from /platform/sms-outbox.json. */
export async function latestSmsCode(app: TestPlatform, phoneNumber: string, brand = 'aurelia'): Promise<string> {
  const response = await fetch(`${app.url}/platform/sms-outbox.json?brand=${brand}&phone=${encodeURIComponent(phoneNumber)}`, { headers: SANDBOX_KEY });
  const { messages } = (await response.json()) as { messages: { code: string }[] };
  if (!messages[0]) throw new Error(`No SMS to ${phoneNumber}`);
  return messages[0].code;
}

/** The Authorization header for a token. */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** A seeded demo player of a brand (platform/DEMO-PLAYERS.md); throws when there is none. */
export async function demoPlayerRow(app: TestPlatform, username: string, brand = 'aurelia'): Promise<PlayerRow> {
  const row = await findPlayer(app.platform.db, brand, username);
  if (!row) throw new Error(`no demo player ${username} in ${brand}`);
  return row;
}

/** A bearer header for a demo player: a session opened directly, as a sign-in would. */
export async function signedInAs(app: TestPlatform, username: string, brand = 'aurelia'): Promise<Record<string, string>> {
  const player = await demoPlayerRow(app, username, brand);
  const { accessToken } = await app.platform.services.auth.startSession({ playerId: player.id, brand, flow: 'sms', passwordless: true });
  return bearer(accessToken);
}

/** A minimal cookie jar: enough for the provider's interaction and session cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Signs an operator in through the operator realm as the console does (authorization code + PKCE,
 * the TOTP code of totpSecret when given) and returns the realm's access token.
 */
export async function signInOperator(app: TestPlatform, email: string, password: string, totpSecret?: string | null): Promise<string> {
  const consoleUrl = 'http://aurelia.localhost:4321/operator/';
  const discovery = (await (await fetch(`${app.url}/auth/realms/operators/.well-known/openid-configuration`)).json()) as Record<string, string>;
  const jar = new CookieJar();
  const browse = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, app.url).href, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
    jar.take(response);
    return response;
  };
  const post = (url: string, form: Record<string, string>) => browse(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(discovery.authorization_endpoint as string);
  const params = { client_id: 'operator-console', redirect_uri: consoleUrl, response_type: 'code', scope: 'openid email profile', state: 's', code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const login = (await browse(url.href)).headers.get('location') as string;
  await browse(login);
  let done = await post(login, { action: 'login', email, password });
  if (totpSecret) done = await post(login, { action: 'totp', code: currentTotp(totpSecret) });
  const resumed = await browse(done.headers.get('location') as string);
  const code = new URL(resumed.headers.get('location') as string).searchParams.get('code') as string;
  const response = await fetch(discovery.token_endpoint as string, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'operator-console', grant_type: 'authorization_code', code, redirect_uri: consoleUrl, code_verifier: verifier }).toString(),
  });
  return ((await response.json()) as Record<string, string>).access_token as string;
}

/** A platform process (platform/src/main.ts) on a PostgreSQL schema, with what it printed. */
export interface PlatformProcess {
  child: ChildProcess;
  url: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
}

/**
 * Starts platform/src/main.ts as a child process on the database and schema (sandbox on, the fixture
 * brands); resolves with its URL once it listens. Its output is read all along: a pipe nobody reads
 * would block its writes.
 */
export function spawnPlatform(databaseUrl: string, schema: string, env: Record<string, string> = {}): Promise<PlatformProcess> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('../src/main.ts', import.meta.url))], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PLATFORM_DATABASE_SCHEMA: schema,
      PLATFORM_PORT: '0',
      ATRIUM_BRANDS_DIR: FIXTURE_BRANDS,
      ATRIUM_CONTENT_DIR: CONTENT_DIR,
      PLATFORM_ENABLE_SANDBOX_ADMIN: '1',
      PLATFORM_SANDBOX_KEY: TEST_SANDBOX_KEY,
      PLATFORM_SMS_RESEND_COOLDOWN_S: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (data: Buffer) => {
      output += data.toString();
      const match = /listening on (http:\/\/[^\s]+) /.exec(output);
      if (match) resolve({ child, url: match[1]!, output: () => output });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (data: Buffer) => (output += data.toString()));
    child.on('exit', (code) => reject(new Error(`the platform exited with ${code}: ${output}`)));
  });
}
