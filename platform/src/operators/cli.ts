/**
 * `npm run operator -- <command>`: operator accounts from the command line, for what no one can do
 * in the console yet, on the platform's own database (PGlite in PLATFORM_DATA_DIR, or DATABASE_URL
 * and PLATFORM_DATABASE_SCHEMA, read as the platform reads them). Today one command:
 *
 *   create-admin --email <address> --brand <brand id | *> [--name <name>] [--password-stdin]
 *
 * creates an operator holding admin on the brand (or every brand), with the password read from
 * stdin or, without --password-stdin, a generated one printed once; and their TOTP secret, printed
 * once with its otpauth:// URI for an authenticator app: admins sign in with a code from the start.
 * The creation is in the audit log (operator.create, by "command line"). A bad input or an
 * existing e-mail is refused with what was wrong and how to fix it; nothing is written then.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Secret } from 'otpauth';
import { loadBrands } from '../brands/brands.ts';
import { platformConfigFromEnv } from '../config.ts';
import type { Db } from '../db/db.ts';
import { lockDataDir } from '../db/lock.ts';
import { openDatabase, prepareDatabase } from '../db/open.ts';
import { PlatformError } from '../graphql/errors.ts';
import { createOperator, EVERY_BRAND, operatorByEmail, sealPlainTotpSecrets, totpUri } from './accounts.ts';
import { appendAudit } from './audit.ts';

/** The audit log's actor of a command-line change. */
export const COMMAND_LINE_ACTOR = 'command line (npm run operator)';

/** How to call the command, for a refusal to end with. */
export const OPERATOR_COMMAND_USAGE = 'Usage: npm run operator -- create-admin --email <address> --brand <brand id, or "*" for every brand> [--name <name>] [--password-stdin]';

/** A refusal: one line saying what was wrong and how to fix it (exit status 1, no stack trace). */
export class OperatorCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorCommandError';
  }
}

/** Where a command reads and writes: the environment, stdin (read on demand) and one line at a time out. */
export interface OperatorCommandIo {
  env: NodeJS.ProcessEnv;
  readStdin: () => Promise<string>;
  print: (line: string) => void;
}

/** What create-admin made (tests read it; the command prints it). */
export interface CreatedAdmin {
  id: string;
  email: string;
  brand: string;
  /** The generated password, or null when it was read from stdin. */
  generatedPassword: string | null;
  totpSecret: string;
  totpUri: string;
}

/** Runs one command (argv without node and the script); throws OperatorCommandError on a refusal. */
export async function runOperatorCommand(argv: string[], io: OperatorCommandIo): Promise<CreatedAdmin> {
  const [command, ...rest] = argv;
  if (command !== 'create-admin') {
    throw new OperatorCommandError(`${command ? `Unknown command "${command}"` : 'No command given'}: the one command is create-admin. ${OPERATOR_COMMAND_USAGE}`);
  }
  let values: { email?: string; brand?: string; name?: string; 'password-stdin'?: boolean };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { email: { type: 'string' }, brand: { type: 'string' }, name: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new OperatorCommandError(`${(error as Error).message}. ${OPERATOR_COMMAND_USAGE}`);
  }
  const email = values.email?.trim() ?? '';
  const brand = values.brand?.trim() ?? '';
  if (!email) throw new OperatorCommandError(`--email is missing: give the admin's work e-mail address. ${OPERATOR_COMMAND_USAGE}`);
  if (!brand) throw new OperatorCommandError(`--brand is missing: give the brand the admin manages, or "*" for every brand. ${OPERATOR_COMMAND_USAGE}`);

  let config;
  try {
    config = platformConfigFromEnv(io.env);
  } catch (error) {
    throw new OperatorCommandError((error as Error).message);
  }
  const { options } = config;
  if (brand !== EVERY_BRAND) {
    let known: string[];
    try {
      known = [...loadBrands(options.brandsDir).keys()];
    } catch (error) {
      throw new OperatorCommandError((error as Error).message);
    }
    if (!known.includes(brand)) throw new OperatorCommandError(`Unknown brand "${brand}" in ${options.brandsDir}: use one of ${known.join(', ')}, or "*" for every brand`);
  }

  let password: string;
  let generatedPassword: string | null = null;
  if (values['password-stdin']) {
    // One line: a trailing newline (echo, a password manager's pipe) is not part of it.
    password = (await io.readStdin()).replace(/\r?\n$/, '');
    if (password.length < 12) throw new OperatorCommandError(`The password read from stdin has ${password.length} characters; an operator password needs at least 12. Pipe a longer one, or leave out --password-stdin and one is generated`);
  } else {
    generatedPassword = randomBytes(18).toString('base64url');
    password = generatedPassword;
  }

  const releaseLock = options.dataDir && !options.databaseUrl ? lockOrRefuse(options.dataDir) : () => {};
  let db: Db | null = null;
  try {
    db = await openDatabase({
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
      ...(options.databaseSchema ? { schema: options.databaseSchema } : {}),
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    });
    // The platform's migrations, as its start applies them: the command works on a database no platform has opened yet.
    await prepareDatabase(db);
    await sealPlainTotpSecrets(db);
    const totpSecret = new Secret({ size: 20 }).base32;
    const open = db;
    const id = await open.transaction(async (tx) => {
      const existing = await operatorByEmail(tx, email);
      if (existing) {
        throw new OperatorCommandError(`An operator with the e-mail ${existing.email} exists already (id ${existing.id}): nothing was created. Give another --email, or have an admin grant roles to that operator in the console (Admin)`);
      }
      let created: string;
      try {
        // The secret is stored confirmed: the admin adds it to their app now, and every sign-in asks for a code.
        created = await createOperator(tx, { email, name: values.name ?? email, password, totpSecret });
      } catch (error) {
        if (error instanceof PlatformError) throw new OperatorCommandError(`${error.message}; nothing was created`);
        throw error;
      }
      await tx.query('insert into operator_roles (operator_id, brand, role) values ($1, $2, $3)', [created, brand, 'admin']);
      await appendAudit(tx, { operatorId: created, operatorEmail: COMMAND_LINE_ACTOR, brand, action: 'operator.create', target: email, before: null, after: { roles: [{ brand, role: 'admin' }], secondFactor: 'totp' } });
      return created;
    });
    const uri = totpUri(totpSecret, email);
    io.print(`Created operator ${email} (id ${id}) with the admin role on ${brand === EVERY_BRAND ? 'every brand (*)' : `brand ${brand}`}.`);
    if (generatedPassword) io.print(`Password (shown once: keep it in a password manager): ${generatedPassword}`);
    io.print('Second factor: add this secret to an authenticator app (SHA-1, 6 digits, 30 s); it is shown once:');
    io.print(`  secret: ${totpSecret}`);
    io.print(`  uri:    ${uri}`);
    io.print("Sign in at /operator/ on the brand's host with this e-mail, the password and the app's current code.");
    return { id, email, brand, generatedPassword, totpSecret, totpUri: uri };
  } finally {
    await db?.close().catch(() => {});
    releaseLock();
  }
}

/** Takes the PGlite folder's lock, or refuses saying which platform holds it. */
function lockOrRefuse(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    throw new OperatorCommandError(`${(error as Error).message}. PGlite opens in one process at a time: stop the platform, run the command, start it again`);
  }
}
