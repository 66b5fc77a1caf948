/**
 * `npm run operator -- create-admin --email <address> --brand <brand id | *> [--name <name>] [--password-stdin]`:
 * operator accounts from the command line (platform/src/operators/cli.ts), on the database the
 * platform's environment names. A refusal is one line on stderr and exit status 1.
 */
import { text } from 'node:stream/consumers';
import { OperatorCommandError, runOperatorCommand } from '../platform/src/operators/cli.ts';

try {
  await runOperatorCommand(process.argv.slice(2), {
    env: process.env,
    readStdin: () => text(process.stdin),
    print: (line) => console.log(line),
  });
} catch (error) {
  // A refusal says what to fix; anything else (a database that cannot be reached) still gets one line.
  const message = error instanceof OperatorCommandError ? error.message : `Nothing was created: ${(error as Error).message}`;
  console.error(`[operator] ${message}`);
  process.exitCode = 1;
}
