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
import { operatorOperation, requireRole, type OperationSpec, type OperationOutcome, type OperatorCaller } from './access.ts';
import type { Queryable } from '../db/db.ts';
import type { ContentIssue } from '../content/store.ts';
import { dateArgument, readAudit } from './audit.ts';
import { contentJsonSchema } from '../content/json-schema.ts';
import { editablePath, parseDocument, PREVIEW_HEADER, type ContentDraftView, type ContentVersion } from './content-editing.ts';
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

  "A problem the content store finds in a document: the field (a dot path such as blocks.0.image.desktop; null for the whole file) and what is wrong."
  type OperatorContentIssue {
    path: String
    message: String!
  }

  "An operator's draft of a content document (one per operator and file)."
  type OperatorContentDraft {
    path: String!
    "The version the draft started from: publishing it needs this to still be the latest."
    baseVersion: Int!
    document: JSON!
    savedAt: String!
  }

  "A publish at a time. Status: Scheduled (waiting), Published, Cancelled, or Failed (failure says why: the file moved on, or the document no longer passes the store's checks)."
  type OperatorContentSchedule {
    id: ID!
    path: String!
    baseVersion: Int!
    publishAt: String!
    status: String!
    operatorEmail: String!
    note: String
    "The version it published."
    version: Int
    failure: String
  }

  "A content document of the brand (content/<brand>/<path>) as the console reads it; a hand edit of the file is recorded as a version (author 'file') first."
  type OperatorContentDocument {
    "The file in the brand's folder: layout.json, layout.SE.json, menu.json, banners.json, legal/privacy-policy.json, …"
    path: String!
    "The latest version (0: the file does not exist yet; save and publish with baseVersion 0 to create it)."
    version: Int!
    "The document (null when the file does not exist)."
    document: JSON
    "Who published the latest version (an operator's e-mail, or 'file' for a hand edit)."
    author: String
    publishedAt: String
    "What the content store's checks find in the published file (empty when good)."
    problems: [OperatorContentIssue!]!
    "The signed-in operator's draft of it, if any."
    draft: OperatorContentDraft
    "Its scheduled publishes, newest first."
    schedules: [OperatorContentSchedule!]!
  }

  "One version of a content document."
  type OperatorContentVersion {
    number: Int!
    "An operator's e-mail, or 'file' for a change found in the file (edited outside the console)."
    author: String!
    publishedAt: String!
    note: String
    "For a rollback: the version it restored."
    rolledBackFrom: Int
    "The document of this version (null: the file was removed)."
    document: JSON
  }

  "A run of lines of a diff: added, removed or unchanged (neither)."
  type OperatorContentDiffPart {
    added: Boolean!
    removed: Boolean!
    count: Int
    value: String!
  }

  "A line diff between two versions of a document (their JSON as published)."
  type OperatorContentDiff {
    path: String!
    from: Int!
    to: Int!
    "A unified diff (the diff package's patch)."
    unified: String!
    "The same as runs of lines, in order, for a side-by-side or inline view."
    parts: [OperatorContentDiffPart!]!
  }

  "Lets the lobby render the signed-in operator's draft of a document: the lobby page /<locale>/?preview=<token> (or its server's atrium-preview header)."
  type OperatorPreviewToken {
    token: String!
    expiresAt: String!
    "The query parameter, cookie and header name that carries it (atrium-preview)."
    name: String!
  }

  extend type Query {
    "Editor (x-brand): the brand's content documents (every editable file in its folder, and every one with versions)."
    operatorContentDocuments: [OperatorContentDocument!]!
    "Editor (x-brand): one content document with its version, problems, your draft and its schedules."
    operatorContentDocument(path: String!): OperatorContentDocument!
    "Editor (x-brand): the versions of a document, newest first."
    operatorContentVersions(path: String!): [OperatorContentVersion!]!
    "Editor (x-brand): one version with its document."
    operatorContentVersion(path: String!, number: Int!): OperatorContentVersion!
    "Editor (x-brand): a readable diff between two versions of a document."
    operatorContentDiff(path: String!, from: Int!, to: Int!): OperatorContentDiff!
    "Editor (x-brand): the brand's scheduled publishes (of one document when path is given), newest first."
    operatorContentSchedules(path: String): [OperatorContentSchedule!]!
    "Editor (x-brand): checks a document with the content store's checks without saving it: the problems by field (empty when good)."
    operatorValidateContent(path: String!, document: JSON!): [OperatorContentIssue!]!
    "Editor (x-brand): the JSON Schema (draft 2020-12) of the document at path, generated from the content store's own schema; x-widget marks localised maps, HTML, images and lobby paths for the console's forms. Checks it cannot say (references into the catalogue) are operatorValidateContent's."
    operatorContentSchema(path: String!): JSON!
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
    "Editor (x-brand): saves your draft of a document. Refused with ContentConflict when baseVersion is not the latest version, and with InvalidContent (extensions.issues: the problems by field) when the store would refuse it; nothing is saved then."
    operatorSaveDraft(path: String!, document: JSON!, baseVersion: Int!): OperatorContentDraft!
    "Editor (x-brand): discards your draft of a document (audited with the draft as it was); true when there was one. Your preview tokens of it then show the published document."
    operatorDiscardDraft(path: String!): Boolean!
    "Editor (x-brand): publishes a document now as the next version (the file is written; the lobby shows it on its next load). ContentConflict on a stale baseVersion, InvalidContent with issues when it does not pass the checks."
    operatorPublishContent(path: String!, document: JSON!, baseVersion: Int!, note: String): OperatorContentVersion!
    "Editor (x-brand): publishes a document at publishAt (ISO 8601), once across the platform's processes; checked now and again then (it fails rather than overwrite a newer version)."
    operatorScheduleContentPublish(path: String!, document: JSON!, baseVersion: Int!, publishAt: String!, note: String): OperatorContentSchedule!
    "Editor (x-brand): cancels a scheduled publish that is still waiting."
    operatorCancelContentSchedule(id: ID!): OperatorContentSchedule!
    "Editor (x-brand): publishes version toVersion's document again as a new version (baseVersion: the latest, as for a publish)."
    operatorRollbackContent(path: String!, toVersion: Int!, baseVersion: Int!, note: String): OperatorContentVersion!
    "Editor (x-brand): a token (30 minutes) that lets the lobby render your saved draft of the document (a layout or the menu) instead of the published one: open /<locale>/?atrium-preview=<token>."
    operatorPreviewToken(path: String!): OperatorPreviewToken!
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

/** A version as the schema shows one. */
function versionView(version: ContentVersion) {
  return { number: version.number, author: version.author, publishedAt: version.at, note: version.note, rolledBackFrom: version.rolledBackFrom, document: parseDocument(version.text) };
}

/** A document with the caller's draft and its schedules. */
async function documentView(ctx: GraphQLContext, tx: Queryable, brand: string, path: string, operatorId: string) {
  const editing = ctx.services.contentEditing;
  const document = await editing.read(tx, brand, path);
  return { ...document, draft: await editing.draft(tx, brand, path, operatorId), schedules: await editing.schedules(tx, brand, path) };
}

/** Adds the store's problems to documents read in an operation (after its transaction: the checks read the catalogue). */
async function withProblems<T extends { path: string; document: unknown }>(ctx: GraphQLContext, brand: string, documents: T[]): Promise<(T & { problems: ContentIssue[] })[]> {
  return Promise.all(documents.map(async (document) => ({ ...document, problems: await ctx.services.contentEditing.problems(brand, document) })));
}

/** A note as stored: trimmed, null when empty. */
const noteOf = (note: string | null | undefined): string | null => note?.trim() || null;

/** The content editing operations (editor): reads write an entry naming the document; writes hold the document before and after. */
const contentQueries = {
  async operatorContentDocuments(_: unknown, _args: unknown, ctx: GraphQLContext) {
    const brand = ctx.brand().id;
    const documents = await run(ctx, { role: 'editor', brand, action: 'content.list' }, async (tx, caller) => {
      const listed = await ctx.services.contentEditing.list(tx, brand);
      const drafts: (ContentDraftView | null)[] = [];
      for (const document of listed) drafts.push(await ctx.services.contentEditing.draft(tx, brand, document.path, caller.operator.id));
      return { result: listed.map((document, index) => ({ ...document, draft: drafts[index] ?? null, schedules: [] })) };
    });
    return withProblems(ctx, brand, documents);
  },
  async operatorContentDocument(_: unknown, args: { path: string }, ctx: GraphQLContext) {
    const brand = ctx.brand().id;
    const path = await editorPath(ctx, brand, args.path);
    const document = await run(ctx, { role: 'editor', brand, action: 'content.read', target: path }, async (tx, caller) => ({ result: await documentView(ctx, tx, brand, path, caller.operator.id) }));
    return { ...document, problems: await ctx.services.contentEditing.problems(brand, document) };
  },
  async operatorContentVersions(_: unknown, args: { path: string }, ctx: GraphQLContext) {
    const brand = ctx.brand().id;
    const path = await editorPath(ctx, brand, args.path);
    return run(ctx, { role: 'editor', brand, action: 'content.versions', target: path }, async (tx) => ({ result: (await ctx.services.contentEditing.versions(tx, brand, path)).map(versionView) }));
  },
  async operatorContentVersion(_: unknown, args: { path: string; number: number }, ctx: GraphQLContext) {
    const brand = ctx.brand().id;
    const path = await editorPath(ctx, brand, args.path);
    return run(ctx, { role: 'editor', brand, action: 'content.version', target: `${path}@${args.number}` }, async (tx) => ({ result: versionView(await ctx.services.contentEditing.version(tx, brand, path, args.number)) }));
  },
  async operatorContentDiff(_: unknown, args: { path: string; from: number; to: number }, ctx: GraphQLContext) {
    const brand = ctx.brand().id;
    const path = await editorPath(ctx, brand, args.path);
    return run(ctx, { role: 'editor', brand, action: 'content.diff', target: `${path}@${args.from}..${args.to}` }, async (tx) => ({ result: await ctx.services.contentEditing.diff(tx, brand, path, args.from, args.to) }));
  },
  async operatorContentSchedules(_: unknown, args: { path?: string | null }, ctx: GraphQLContext) {
    const brand = ctx.brand().id;
    const path = (await editorPath(ctx, brand, args.path ?? null)) || null;
    return run(ctx, { role: 'editor', brand, action: 'content.schedules', target: path }, async (tx) => ({ result: await ctx.services.contentEditing.schedules(tx, brand, path) }));
  },
  async operatorContentSchema(_: unknown, args: { path: string }, ctx: GraphQLContext) {
    const brand = ctx.brand().id;
    const path = await editorPath(ctx, brand, args.path);
    return run(ctx, { role: 'editor', brand, action: 'content.schema', target: path }, async () => ({ result: contentJsonSchema(path) }));
  },
  async operatorValidateContent(_: unknown, args: { path: string; document: unknown }, ctx: GraphQLContext) {
    const brand = ctx.brand().id;
    const path = await editorPath(ctx, brand, args.path);
    await run(ctx, { role: 'editor', brand, action: 'content.validate', target: path }, async () => ({ result: null }));
    return (await ctx.services.content.validate(brand, path, args.document)).issues;
  },
};

/**
 * The document path of an editor's operation, once the caller is known to hold editor on the brand:
 * a stranger is refused for who they are before anything about their arguments. The store's checks of
 * a written document run after this and before the write's transaction (they read the catalogue,
 * which PGlite's one connection cannot serve inside it); the operation checks the role again and audits.
 */
async function editorPath(ctx: GraphQLContext, brand: string, path: string | null): Promise<string> {
  requireRole(await ctx.services.operators.authenticate(ctx.req), brand, 'editor');
  return path === null ? '' : editablePath(path);
}

const contentMutations = {
  async operatorSaveDraft(_: unknown, args: { path: string; document: unknown; baseVersion: number }, ctx: GraphQLContext) {
    const brand = ctx.brand().id;
    const path = await editorPath(ctx, brand, args.path);
    await ctx.services.contentEditing.check(brand, path, args.document);
    return run(ctx, { role: 'editor', brand, action: 'content.draft', target: path }, async (tx, caller) => {
      const { draft, before } = await ctx.services.contentEditing.saveDraft(tx, brand, path, args.document, args.baseVersion, caller.operator);
      return { result: draft, before: before && { baseVersion: before.baseVersion, document: before.document }, after: { baseVersion: draft.baseVersion, document: draft.document } };
    });
  },
  async operatorDiscardDraft(_: unknown, args: { path: string }, ctx: GraphQLContext) {
    const brand = ctx.brand().id;
    const path = await editorPath(ctx, brand, args.path);
    return run(ctx, { role: 'editor', brand, action: 'content.discardDraft', target: path }, async (tx, caller) => {
      const before = await ctx.services.contentEditing.discardDraft(tx, brand, path, caller.operator.id);
      return { result: before !== null, before: before && { baseVersion: before.baseVersion, document: before.document }, after: null };
    });
  },
  async operatorPublishContent(_: unknown, args: { path: string; document: unknown; baseVersion: number; note?: string | null }, ctx: GraphQLContext) {
    const brand = ctx.brand().id;
    const path = await editorPath(ctx, brand, args.path);
    await ctx.services.contentEditing.check(brand, path, args.document);
    return run(ctx, { role: 'editor', brand, action: 'content.publish', target: path }, async (tx, caller) => {
      const outcome = await ctx.services.contentEditing.publish(tx, brand, path, args.document, args.baseVersion, caller.operator, noteOf(args.note));
      return { result: versionView(outcome.version), before: outcome.before, after: outcome.after };
    });
  },
  async operatorScheduleContentPublish(_: unknown, args: { path: string; document: unknown; baseVersion: number; publishAt: string; note?: string | null }, ctx: GraphQLContext) {
    const brand = ctx.brand().id;
    const path = await editorPath(ctx, brand, args.path);
    const at = dateArgument('publishAt', args.publishAt);
    if (!at) throw new PlatformError('BadUserInput', 'publishAt is required: an ISO 8601 time such as 2026-12-01T08:00:00Z', { field: 'publishAt' });
    await ctx.services.contentEditing.check(brand, path, args.document);
    const schedule = await run(ctx, { role: 'editor', brand, action: 'content.schedule', target: path }, async (tx, caller) => {
      const scheduled = await ctx.services.contentEditing.schedule(tx, brand, path, args.document, args.baseVersion, at, caller.operator, noteOf(args.note));
      return { result: scheduled, target: `${path}#${scheduled.id}`, after: { publishAt: scheduled.publishAt, baseVersion: scheduled.baseVersion, document: args.document } };
    });
    // Armed once committed: a job never points at a schedule that was rolled back.
    await ctx.services.contentEditing.arm(schedule);
    return schedule;
  },
  async operatorCancelContentSchedule(_: unknown, args: { id: string }, ctx: GraphQLContext) {
    const brand = ctx.brand().id;
    return run(ctx, { role: 'editor', brand, action: 'content.cancelSchedule', target: args.id }, async (tx) => {
      const schedule = await ctx.services.contentEditing.cancel(tx, brand, args.id);
      return { result: schedule, target: `${schedule.path}#${schedule.id}`, before: { status: 'Scheduled', publishAt: schedule.publishAt }, after: { status: schedule.status } };
    });
  },
  async operatorRollbackContent(_: unknown, args: { path: string; toVersion: number; baseVersion: number; note?: string | null }, ctx: GraphQLContext) {
    const brand = ctx.brand().id;
    const path = await editorPath(ctx, brand, args.path);
    // An earlier version must still pass today's checks (a game it names may be gone).
    const earlier = await ctx.services.contentEditing.storedDocument(brand, path, args.toVersion);
    if (earlier !== undefined && earlier !== null) await ctx.services.contentEditing.check(brand, path, earlier);
    return run(ctx, { role: 'editor', brand, action: 'content.rollback', target: path }, async (tx, caller) => {
      const outcome = await ctx.services.contentEditing.rollback(tx, brand, path, args.toVersion, args.baseVersion, caller.operator, noteOf(args.note));
      return { result: versionView(outcome.version), before: outcome.before, after: { ...outcome.after, rolledBackFrom: args.toVersion } };
    });
  },
  async operatorPreviewToken(_: unknown, args: { path: string }, ctx: GraphQLContext) {
    const brand = ctx.brand().id;
    const path = await editorPath(ctx, brand, args.path);
    const operatorId = await run(ctx, { role: 'editor', brand, action: 'content.preview', target: path }, async (_tx, caller) => ({ result: caller.operator.id }));
    // Minted once the operation is allowed and audited (the key is read outside its transaction).
    const { token, expiresAt } = await ctx.services.contentEditing.previewToken(brand, path, operatorId);
    return { token, expiresAt, name: PREVIEW_HEADER };
  },
};

/** Resolvers of the operator operations. */
export const operatorResolvers: Resolvers = {
  Query: {
    ...contentQueries,
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
    ...contentMutations,
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
      const announce = await run(ctx, { role: 'support', brand, action: 'session.end', target: args.sessionId }, async (tx) => {
        const { rows } = await tx.query<{ player_id: string; revoked: boolean; flow: string }>('select player_id, revoked_at is not null as revoked, flow from sessions where sid = $1 and brand = $2', [args.sessionId, brand]);
        const session = rows[0];
        if (!session) throw new PlatformError('NotFound', `No session "${args.sessionId}" on brand ${brand}: take one from operatorPlayer's sessions`);
        if (session.revoked) throw new PlatformError('NotFound', `Session "${args.sessionId}" has already ended`);
        const ended = await ctx.services.auth.endSessionIn(tx, args.sessionId, 'destroyed', { cause: 'AnotherDevice', until: null });
        return { result: ended, target: args.sessionId, before: { playerId: session.player_id, active: true }, after: { playerId: session.player_id, active: false } };
      });
      // Announced (SessionDestroyed, the device's sockets) only once the end and its audit entry are committed.
      announce?.();
      return true;
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
