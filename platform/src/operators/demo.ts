/**
 * The sandbox's demo operators, one per role on every brand (platform/README.md, operator console):
 * their password and TOTP secrets are published, so a production start (sandbox off) refuses a
 * database that holds one, as it refuses demo players (players/demo.ts).
 */
import type { Db, Queryable } from '../db/db.ts';
import { hashPassword } from '../players/password.ts';
import { createOperator, EVERY_BRAND, type OperatorRole } from './accounts.ts';

/** The demo operators' password (published: sandbox only). */
export const DEMO_OPERATOR_PASSWORD = 'Demo-operator-1';
/** The published TOTP secrets of the demo operators whose roles ask for a second factor (base32). */
export const DEMO_TOTP_SECRETS: Partial<Record<OperatorRole, string>> = {
  compliance: 'JBSWY3DPEHPK3PXPCOMPLIANCEDEMOAA',
  admin: 'JBSWY3DPEHPK3PXPADMINDEMOSECRETA',
};
/** The demo operators: one per role, e-mail `<role>@operators.demo`. */
export const DEMO_OPERATORS: readonly { role: OperatorRole; email: string; name: string }[] = (['editor', 'compliance', 'support', 'admin'] as const).map((role) => ({
  role,
  email: `${role}@operators.demo`,
  name: `Demo ${role}`,
}));
const SEED = 'demo-operators-v1';

/** Seeds the demo operators once per database (two platforms starting together seed once). */
export async function seedDemoOperators(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_OPERATOR_PASSWORD);
  await db.transaction(async (tx) => {
    const claimed = await tx.query('insert into platform_seeds (name) values ($1) on conflict (name) do nothing returning name', [SEED]);
    if (claimed.rows.length === 0) return;
    for (const demo of DEMO_OPERATORS) {
      const id = `demo-operator-${demo.role}`;
      await createOperator(tx, { id, email: demo.email, name: demo.name, password: '', passwordHash, totpSecret: DEMO_TOTP_SECRETS[demo.role] ?? null, demoKey: demo.role });
      await tx.query('insert into operator_roles (operator_id, brand, role) values ($1, $2, $3)', [id, EVERY_BRAND, demo.role]);
    }
  });
}

/** Refuses a production start on a database holding demo operators (published password and secrets), saying how to go on. */
export async function assertNoDemoOperators(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ count: number }>('select count(*)::int as count from operators where demo_key is not null');
  const count = rows[0]?.count ?? 0;
  if (count > 0) {
    throw new Error(
      `This database holds ${count} sandbox demo operators, whose password and authenticator secrets are published, and the sandbox is off (production): ` +
        'start production on a fresh database, or start with PLATFORM_ENABLE_SANDBOX_ADMIN=1 for a demo',
    );
  }
}
