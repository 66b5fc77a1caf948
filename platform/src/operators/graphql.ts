/**
 * The operator console's GraphQL operations (issue 32): top-level fields prefixed `operator`, as the
 * sandbox's are prefixed `sandbox`, acting on the brand in x-brand. Each calls operatorOperation
 * (access.ts): an operator realm access token, the role on the brand, and an audit entry in the same
 * transaction as the effect. Compliance: the document queue and review, consent records, the
 * self-exclusion register. Support: the player look-up and ending a session. Admin: roles and the audit
 * log. The files and CSV exports are REST (routes.ts). operatorMe only says who is signed in.
 */
import type { Resolvers } from '../graphql/generated/resolvers-types.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { PlatformError } from '../graphql/errors.ts';
import { reviewDocumentIn } from '../players/source-of-wealth.ts';
import { EVERY_BRAND, isOperatorRole, operatorByEmail, operatorById, OPERATOR_ROLES, type OperatorRole } from './accounts.ts';
import { operatorOperation, type OperationSpec, type OperationOutcome, type OperatorCaller } from './access.ts';
import type { Queryable } from '../db/db.ts';
import { readAudit } from './audit.ts';
import { consentRecords, documentQueue, findPlayers, pageSize, playerDetails, selfExclusionRegister } from './queries.ts';

/** Schema of the operator operations. */
export const operatorTypeDefs = /* GraphQL */ `
  "A console role, held per brand (admin implies the others)."
  enum OperatorRole {
    ${OPERATOR_ROLES.join('\n    ')}
  }

  "A role an operator holds: on a brand, or on every brand ('*')."
  type OperatorRoleGrant {
    brand: String!
    role: OperatorRole!
  }

  "A signed-in operator."
  type Operator {
    id: ID!
    email: String!
    name: String!
    roles: [OperatorRoleGrant!]!
  }

  "Who a queued document belongs to."
  type OperatorDocumentPlayer {
    id: ID!
    playerNumber: String!
    name: String!
    email: String!
    kycStatus: String!
    sowStatus: String!
  }

  "A document in the compliance queue. Its file: GET /platform/operator/documents/<id> (attachment)."
  type OperatorDocument {
    id: ID!
    kind: String!
    fundingType: String
    fileName: String!
    contentType: String!
    sizeBytes: Int!
    status: String!
    uploadedAt: String!
    player: OperatorDocumentPlayer!
  }

  "A player's KYC and source-of-wealth state after a review."
  type OperatorReviewResult {
    documentId: ID!
    documentStatus: String!
    playerId: ID!
    kycStatus: String!
    sowStatus: String!
  }

  "One entry of the self-exclusion register."
  type OperatorSelfExclusion {
    playerId: ID!
    playerNumber: String!
    name: String!
    email: String!
    selfExclusionEndsAt: String
    timeoutEndsAt: String
    "Whether a self-exclusion or timeout is running now."
    active: Boolean!
  }

  "A player found by support."
  type OperatorPlayerMatch {
    id: ID!
    playerNumber: String!
    name: String!
    username: String!
    email: String!
    phoneNumber: String
    accountStatus: String!
  }

  type OperatorPlayerLimit {
    kind: String!
    period: String!
    "Money in the wallet's currency, or minutes for the session limit."
    value: String
    pendingValue: String
    pendingEffectiveAt: String
  }

  type OperatorPlayerSession {
    sessionId: ID!
    flow: String!
    device: String
    countryCode: String
    startedAt: String!
    endedAt: String
    endReason: String
  }

  type OperatorPlayerPayment {
    id: ID!
    type: String!
    status: String!
    provider: String!
    amount: String!
    currency: String!
    createdAt: String!
  }

  "What support reads of a player (read-only)."
  type OperatorPlayer {
    id: ID!
    playerNumber: String!
    name: String!
    username: String!
    email: String!
    phoneNumber: String
    countryCode: String!
    currency: String!
    accountStatus: String!
    kycStatus: String!
    sowStatus: String!
    selfExclusionEndsAt: String
    timeoutEndsAt: String
    limits: [OperatorPlayerLimit!]!
    "The 20 most recent sessions, newest first."
    sessions: [OperatorPlayerSession!]!
    "The 20 most recent payments, newest first."
    payments: [OperatorPlayerPayment!]!
  }

  "One audit log entry: before and after are the state the action changed (JSON), null for a read."
  type OperatorAuditEntry {
    id: ID!
    at: String!
    operatorId: ID!
    operatorEmail: String!
    brand: String!
    action: String!
    target: String
    before: JSON
    after: JSON
  }

  extend type Query {
    "The signed-in operator and their roles (operator realm access token)."
    operatorMe: Operator!
    "Compliance (x-brand): documents of a status (Pending by default), oldest first; page with after (the last id)."
    operatorDocumentQueue(status: String = "Pending", kind: String, limit: Int = 50, after: ID): [OperatorDocument!]!
    "Compliance (x-brand): consent records by playerId, visitorId and/or a date range (from inclusive, to exclusive; ISO 8601), newest first; page with before (the last id). CSV: GET /platform/operator/consent-records.csv with the same parameters."
    operatorConsentRecords(playerId: ID, visitorId: ID, from: String, to: String, limit: Int = 50, before: ID): [ConsentRecord!]!
    "Compliance (x-brand): the self-exclusion register (self-exclusions and timeouts), read-only."
    operatorSelfExclusions: [OperatorSelfExclusion!]!
    "Support (x-brand): players by id, player number, e-mail, username, phone or part of their name (at most 20)."
    operatorFindPlayers(query: String!): [OperatorPlayerMatch!]!
    "Support (x-brand): one player, read-only: statuses, limits, recent sessions and payments."
    operatorPlayer(playerId: ID!): OperatorPlayer!
    "Admin (x-brand, or every brand for an admin on '*'): the audit log, newest first, filtered by operator (id or e-mail), action and date range; page with before (the last id). CSV: GET /platform/operator/audit-log.csv."
    operatorAuditLog(operator: String, action: String, from: String, to: String, limit: Int = 50, before: ID): [OperatorAuditEntry!]!
    "Admin (x-brand): the operators holding a role on the brand (or on every brand)."
    operatorOperators: [Operator!]!
  }

  extend type Mutation {
    "Compliance (x-brand): approves or rejects a document, with the sandbox review's effects (KYC, source of wealth; PlayerUpdated). A rejection needs a comment (the player reads it for a source-of-wealth document)."
    operatorReviewDocument(documentId: ID!, status: DocumentReview!, comment: String): OperatorReviewResult!
    "Support (x-brand): ends one of a player's sessions (the device signs out: SessionDestroyed)."
    operatorEndSession(sessionId: ID!): Boolean!
    "Admin on the brand (brand, or '*' for every brand, which needs admin on '*'): grants a role to an operator (id or e-mail)."
    operatorGrantRole(operator: String!, brand: String!, role: OperatorRole!): Operator!
    "Admin on the brand: revokes a role."
    operatorRevokeRole(operator: String!, brand: String!, role: OperatorRole!): Operator!
  }
`;

/** Runs an operation for a GraphQL field on ctx's request. */
function run<T>(ctx: GraphQLContext, spec: OperationSpec, body: (tx: Queryable, caller: OperatorCaller) => Promise<OperationOutcome<T>>): Promise<T> {
  return operatorOperation(ctx.services, ctx.req, spec, body);
}

/** An operator with their roles, as the schema shows one. */
async function operatorView(db: Queryable, id: string) {
  const operator = await operatorById(db, id);
  if (!operator) throw new PlatformError('NotFound', `No operator "${id}"`);
  const { rows } = await db.query<{ brand: string; role: OperatorRole }>('select brand, role from operator_roles where operator_id = $1 order by brand, role', [id]);
  return { id: operator.id, email: operator.email, name: operator.name, roles: rows };
}

/** The brand a grant names: a known brand or '*'. */
function grantBrand(ctx: GraphQLContext, brand: string): string {
  if (brand === EVERY_BRAND || ctx.services.brands.has(brand)) return brand;
  throw new PlatformError('BadUserInput', `Unknown brand "${brand}": use one of ${[...ctx.services.brands.keys()].join(', ')}, or '*' for every brand`, { field: 'brand' });
}

/** The operator a grant names, by id or e-mail. */
async function grantee(db: Queryable, reference: string) {
  const operator = (await operatorById(db, reference)) ?? (await operatorByEmail(db, reference));
  if (!operator) throw new PlatformError('NotFound', `No operator "${reference}": give an operator's id or e-mail`, { field: 'operator' });
  return operator;
}

/** Resolvers of the operator operations. */
export const operatorResolvers: Resolvers = {
  Query: {
    async operatorMe(_: unknown, _args: unknown, ctx: GraphQLContext) {
      const { operator } = await ctx.services.operators.authenticate(ctx.req);
      return operatorView(ctx.services.db, operator.id);
    },
    operatorDocumentQueue(_: unknown, args: { status?: string | null; kind?: string | null; limit?: number | null; after?: string | null }, ctx: GraphQLContext) {
      const brand = ctx.brand().id;
      const limit = pageSize(args.limit);
      return run(ctx, { role: 'compliance', brand, action: 'document.queue', target: args.status ?? 'Pending' }, async (tx) => ({
        result: await documentQueue(tx, brand, { status: args.status ?? 'Pending', kind: args.kind ?? null, limit, after: args.after ?? null }),
      }));
    },
    operatorConsentRecords(_: unknown, args: { playerId?: string | null; visitorId?: string | null; from?: string | null; to?: string | null; limit?: number | null; before?: string | null }, ctx: GraphQLContext) {
      const brand = ctx.brand().id;
      const limit = pageSize(args.limit);
      const filter = { playerId: args.playerId ?? null, visitorId: args.visitorId ?? null, from: args.from ?? null, to: args.to ?? null };
      return run(ctx, { role: 'compliance', brand, action: 'consent.search', target: JSON.stringify(filter) }, async (tx) => ({
        result: await consentRecords(tx, brand, filter, { limit, before: args.before ?? null }),
      }));
    },
    operatorSelfExclusions(_: unknown, _args: unknown, ctx: GraphQLContext) {
      const brand = ctx.brand().id;
      return run(ctx, { role: 'compliance', brand, action: 'selfExclusion.register' }, async (tx) => ({ result: await selfExclusionRegister(tx, brand, ctx.services.clock()) }));
    },
    operatorFindPlayers(_: unknown, args: { query: string }, ctx: GraphQLContext) {
      const brand = ctx.brand().id;
      return run(ctx, { role: 'support', brand, action: 'player.search', target: args.query }, async (tx) => ({ result: await findPlayers(tx, brand, args.query) }));
    },
    operatorPlayer(_: unknown, args: { playerId: string }, ctx: GraphQLContext) {
      const brand = ctx.brand().id;
      return run(ctx, { role: 'support', brand, action: 'player.view', target: args.playerId }, async (tx) => ({ result: await playerDetails(tx, brand, args.playerId) }));
    },
    operatorAuditLog(_: unknown, args: { operator?: string | null; action?: string | null; from?: string | null; to?: string | null; limit?: number | null; before?: string | null }, ctx: GraphQLContext) {
      const brand = ctx.brand().id;
      const limit = pageSize(args.limit);
      const filter = { brand, operatorId: args.operator ?? null, action: args.action ?? null, from: args.from ?? null, to: args.to ?? null };
      return run(ctx, { role: 'admin', brand, action: 'audit.read', target: JSON.stringify({ operator: filter.operatorId, action: filter.action, from: filter.from, to: filter.to }) }, async (tx) => ({
        result: await readAudit(tx, filter, { limit, beforeId: args.before ?? null }),
      }));
    },
    operatorOperators(_: unknown, _args: unknown, ctx: GraphQLContext) {
      const brand = ctx.brand().id;
      return run(ctx, { role: 'admin', brand, action: 'operator.list' }, async (tx) => {
        const { rows } = await tx.query<{ id: string }>(`select distinct o.id, lower(o.email) from operators o join operator_roles r on r.operator_id = o.id where r.brand in ($1, '*') order by lower(o.email)`, [brand]);
        return { result: await Promise.all(rows.map((row) => operatorView(tx, row.id))) };
      });
    },
  },
  Mutation: {
    async operatorReviewDocument(_: unknown, args: { documentId: string; status: 'Approved' | 'Rejected'; comment?: string | null }, ctx: GraphQLContext) {
      const brand = ctx.brand().id;
      const comment = args.comment?.trim() || null;
      if (args.status === 'Rejected' && !comment) throw new PlatformError('BadUserInput', 'A rejection needs a comment: say what is wrong with the document and what to send instead', { field: 'comment' });
      const outcome = await run(ctx, { role: 'compliance', brand, action: 'document.review', target: args.documentId }, async (tx) => {
        const review = await reviewDocumentIn(tx, args.documentId, args.status, comment, brand);
        return { result: review, before: review.before, after: { ...review.after, comment } };
      });
      ctx.services.events.publish(outcome.playerId, 'playerUpdated', { isAccountClosed: false });
      return { documentId: args.documentId, documentStatus: outcome.after.documentStatus, playerId: outcome.playerId, kycStatus: outcome.after.kycStatus, sowStatus: outcome.after.sowStatus };
    },
    async operatorEndSession(_: unknown, args: { sessionId: string }, ctx: GraphQLContext) {
      const brand = ctx.brand().id;
      return run(ctx, { role: 'support', brand, action: 'session.end', target: args.sessionId }, async (tx) => {
        const { rows } = await tx.query<{ player_id: string; revoked: boolean; flow: string }>('select player_id, revoked_at is not null as revoked, flow from sessions where sid = $1 and brand = $2', [args.sessionId, brand]);
        const session = rows[0];
        if (!session) throw new PlatformError('NotFound', `No session "${args.sessionId}" on brand ${brand}: take one from operatorPlayer's sessions`);
        if (session.revoked) throw new PlatformError('NotFound', `Session "${args.sessionId}" has already ended`);
        await ctx.services.auth.endSession(args.sessionId, 'destroyed', { cause: 'AnotherDevice', until: null }, tx);
        return { result: true, target: args.sessionId, before: { playerId: session.player_id, active: true }, after: { playerId: session.player_id, active: false } };
      });
    },
    async operatorGrantRole(_: unknown, args: { operator: string; brand: string; role: string }, ctx: GraphQLContext) {
      const brand = grantBrand(ctx, args.brand);
      if (!isOperatorRole(args.role)) throw new PlatformError('BadUserInput', `role must be one of ${OPERATOR_ROLES.join(', ')}`, { field: 'role' });
      const role = args.role;
      return run(ctx, { role: 'admin', brand, action: 'role.grant' }, async (tx) => {
        const operator = await grantee(tx, args.operator);
        const before = (await operatorView(tx, operator.id)).roles;
        await tx.query('insert into operator_roles (operator_id, brand, role) values ($1, $2, $3) on conflict do nothing', [operator.id, brand, role]);
        const view = await operatorView(tx, operator.id);
        return { result: view, target: operator.email, before: { roles: before }, after: { roles: view.roles } };
      });
    },
    async operatorRevokeRole(_: unknown, args: { operator: string; brand: string; role: string }, ctx: GraphQLContext) {
      const brand = grantBrand(ctx, args.brand);
      if (!isOperatorRole(args.role)) throw new PlatformError('BadUserInput', `role must be one of ${OPERATOR_ROLES.join(', ')}`, { field: 'role' });
      const role = args.role;
      return run(ctx, { role: 'admin', brand, action: 'role.revoke' }, async (tx, caller) => {
        const operator = await grantee(tx, args.operator);
        // An admin cannot take away the admin role they are acting with: another admin must.
        if (operator.id === caller.operator.id && role === 'admin') throw new PlatformError('BadUserInput', 'You cannot revoke your own admin role: ask another admin', { field: 'operator' });
        const before = (await operatorView(tx, operator.id)).roles;
        const { rows } = await tx.query('delete from operator_roles where operator_id = $1 and brand = $2 and role = $3 returning role', [operator.id, brand, role]);
        if (rows.length === 0) throw new PlatformError('NotFound', `${operator.email} does not hold ${role} on ${brand}`, { field: 'role' });
        const view = await operatorView(tx, operator.id);
        return { result: view, target: operator.email, before: { roles: before }, after: { roles: view.roles } };
      });
    },
  },
};
