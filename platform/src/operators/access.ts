/**
 * The one door of every operator operation, GraphQL or REST: operatorOperation resolves the operator
 * from the bearer token (an access token of the operator realm only: a player's token, from a brand
 * realm or the platform's own, and the sandbox key are refused with OperatorAuthenticationFailure),
 * checks the operator is not disabled, that a holder of compliance or admin signed in with the second
 * factor (SecondFactorRequired), that they hold the role on the brand (admin implies every role;
 * OperatorRoleRequired names the role), then runs the operation and appends its audit entry in one
 * transaction: an operation whose entry cannot be written has no effect.
 */
import type { IncomingMessage } from 'node:http';
import type { Db, Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { SANDBOX_KEY_HEADER } from '../sandbox/gate.ts';
import { grantsRole, needsSecondFactor, operatorById, rolesOf, type OperatorRole, type OperatorRow, type RoleGrant } from './accounts.ts';
import { appendAudit } from './audit.ts';

/** What the operator realm knows of one of its access tokens. */
export interface OperatorToken {
  operatorId: string;
  /** How the operator signed in (pwd, otp). */
  amr: readonly string[];
  expiresAt: number;
}

/** Looks an operator realm access token up (set by the identity provider). */
export type OperatorTokenLookup = (token: string) => Promise<OperatorToken | null>;

/** The signed-in operator of one operation. */
export interface OperatorCaller {
  operator: Pick<OperatorRow, 'id' | 'email' | 'name'>;
  roles: readonly RoleGrant[];
  /** The brand the operation acts on. */
  brand: string;
}

/** Resolves operator tokens; the operator realm connects its token store. */
export interface OperatorAccess {
  /** Connects the operator realm's token store. */
  setTokenLookup(lookup: OperatorTokenLookup): void;
  /** The operator behind a request's bearer token, with their roles; OperatorAuthenticationFailure or SecondFactorRequired otherwise. */
  authenticate(req: IncomingMessage): Promise<{ operator: OperatorRow; roles: RoleGrant[] }>;
}

/** The bearer token of a request, or null. */
function bearerOf(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  return /^Bearer\s+(\S+)\s*$/i.exec(typeof header === 'string' ? header : '')?.[1] ?? null;
}

/** Creates the token resolver of the operator realm. */
export function createOperatorAccess(db: Db): OperatorAccess {
  let lookup: OperatorTokenLookup | null = null;
  const fail = (message: string) => new PlatformError('OperatorAuthenticationFailure', message);
  return {
    setTokenLookup(next) {
      lookup = next;
    },
    async authenticate(req) {
      const bearer = bearerOf(req);
      if (!bearer) {
        throw fail(req.headers[SANDBOX_KEY_HEADER]
          ? 'The sandbox key opens sandbox tools only, never an operator operation: sign in to the console (/operator/) and send its access token as Authorization: Bearer <token>'
          : 'This is an operator operation: sign in to the console (/operator/, the operator realm /auth/realms/operators) and send its access token as Authorization: Bearer <token>');
      }
      if (bearer.split('.').length === 3) {
        throw fail("This is a player's access token: operator operations take only an access token of the operator realm (/auth/realms/operators): sign in to the console");
      }
      const token = lookup ? await lookup(bearer) : null;
      if (!token) throw fail('The access token is not one of the operator realm (a player token is never accepted), or it expired: sign in to the console again');
      const operator = await operatorById(db, token.operatorId);
      if (!operator) throw fail('The operator of this token no longer exists: ask an admin');
      if (operator.disabled) throw fail(`The operator ${operator.email} is disabled: ask an admin to enable the account`);
      const roles = await rolesOf(db, operator.id);
      if (needsSecondFactor(roles) && !token.amr.includes('otp')) {
        throw new PlatformError('SecondFactorRequired', 'Your roles (compliance or admin) need the second factor: sign out and sign in to the console again with your authenticator code');
      }
      return { operator, roles };
    },
  };
}

/** What an operation declares: the role it needs on the brand, and what the audit log calls it. */
export interface OperationSpec {
  role: OperatorRole;
  brand: string;
  /** The audit action, `<area>.<verb>` (document.review, player.lookup, …). */
  action: string;
  /** The audit target (a document, player or session id, a search), when it is known up front. */
  target?: string | null;
}

/** What an operation returns: its result, and the audit entry's before, after and (if found out) target. */
export interface OperationOutcome<T> {
  result: T;
  before?: unknown;
  after?: unknown;
  target?: string | null;
}

/** The services operatorOperation needs. */
export interface OperatorServices {
  db: Db;
  operators: OperatorAccess;
}

/** Refuses a caller without the role on the brand, naming what is needed. */
export function requireRole(caller: { operator: Pick<OperatorRow, 'email'>; roles: readonly RoleGrant[] }, brand: string, role: OperatorRole): void {
  if (grantsRole(caller.roles, brand, role)) return;
  const held = caller.roles.filter((grant) => grant.brand === brand || grant.brand === '*').map((grant) => grant.role);
  throw new PlatformError(
    'OperatorRoleRequired',
    `This needs the ${role} role on brand "${brand}" (or admin); ${caller.operator.email} holds ${held.length ? held.join(', ') : 'no role'} there: ask an admin to grant ${role}`,
    { requiredRole: role, brand },
  );
}

/**
 * Runs one operator operation: authenticates the request, checks the role, runs `run` in a
 * transaction and appends the audit entry in it. Every operator resolver and REST handler goes through here.
 */
export async function operatorOperation<T>(services: OperatorServices, req: IncomingMessage, spec: OperationSpec, run: (tx: Queryable, caller: OperatorCaller) => Promise<OperationOutcome<T>>): Promise<T> {
  const { operator, roles } = await services.operators.authenticate(req);
  requireRole({ operator, roles }, spec.brand, spec.role);
  const caller: OperatorCaller = { operator: { id: operator.id, email: operator.email, name: operator.name }, roles, brand: spec.brand };
  return services.db.transaction(async (tx) => {
    const outcome = await run(tx, caller);
    await appendAudit(tx, {
      operatorId: operator.id,
      operatorEmail: operator.email,
      brand: spec.brand,
      action: spec.action,
      target: outcome.target !== undefined ? outcome.target : (spec.target ?? null),
      before: outcome.before ?? null,
      after: outcome.after ?? null,
    });
    return outcome.result;
  });
}
