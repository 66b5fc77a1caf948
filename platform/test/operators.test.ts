/**
 * The operator console's platform half (issue 32): operators sign in to the operator realm with
 * authorization code + PKCE (and a TOTP code for compliance and admin), every operator operation
 * checks the operator realm token and the role on the brand, and writes an append-only audit entry
 * with its before and after; exports are CSV that a spreadsheet cannot run.
 */
import { createHash, randomBytes } from 'node:crypto';
import { compactDecrypt } from 'jose';
import { Secret } from 'otpauth';
import { getNamedType, getNullableType, isEnumType, isListType, isNonNullType, isObjectType, isScalarType } from 'graphql';
import type { GraphQLField, GraphQLInputType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../src/db/db.ts';
import { createSchema } from '../src/graphql/schema.ts';
import { createOperator, currentTotp, openTotpSecret, sealPlainTotpSecrets, verifyTotp } from '../src/operators/accounts.ts';
import { csvField, csvLine } from '../src/operators/csv.ts';
import { assertNoDemoOperators, DEMO_OPERATOR_PASSWORD, DEMO_TOTP_SECRETS } from '../src/operators/demo.ts';
import { bearer, CookieJar, DATABASES, freshSmsPlayer, SANDBOX_KEY, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const CONSOLE = 'http://aurelia.localhost:4321/operator/';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('CSV exports', () => {
  it('quotes commas, quotes and line breaks, and keeps formula-leading fields as text', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    for (const formula of ['=1+2', '+1', '-1', '@SUM(A1)', '\tx']) expect(csvField(formula)).toBe(csvField(`'${formula}`));
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvField(null)).toBe('');
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvLine(['a', '=b', 'c,d'])).toBe("a,'=b,\"c,d\"\r\n");
  });
});

describe.each(DATABASES)('the operator console platform on $name', (database) => {
  let app: TestPlatform;
  let discovery: Record<string, string>;
  const tokens: Record<string, string> = {};

  /** Follows a browser request by hand, keeping cookies. */
  async function browse(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(new URL(url, app.url).href, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
    jar.take(response);
    return response;
  }
  const post = (jar: CookieJar, url: string, form: Record<string, string>) =>
    browse(jar, url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });

  /** The browser part of an operator sign-in up to the form after the password: its page, or the code when none is asked. */
  async function startSignIn(email: string, password = DEMO_OPERATOR_PASSWORD) {
    const jar = new CookieJar();
    const verifier = randomBytes(32).toString('base64url');
    const url = new URL(discovery.authorization_endpoint as string);
    const params = { client_id: 'operator-console', redirect_uri: CONSOLE, response_type: 'code', scope: 'openid email profile', state: 's', code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const start = await browse(jar, url.href);
    expect(start.status).toBe(303);
    const login = start.headers.get('location') as string;
    expect(login).toMatch(/^\/auth\/realms\/operators\/login-actions\/[\w-]+$/);
    expect((await (await browse(jar, login)).text())).toContain('Work e-mail');
    const answer = await post(jar, login, { action: 'login', email, password });
    return { jar, verifier, login, answer };
  }

  /** Follows a finished interaction to the console and trades the code for tokens. */
  async function finish(jar: CookieJar, verifier: string, done: Response): Promise<Record<string, string>> {
    expect(done.status).toBe(303);
    const resumed = await browse(jar, done.headers.get('location') as string);
    const callback = new URL(resumed.headers.get('location') as string);
    expect(callback.origin + callback.pathname).toBe(CONSOLE);
    const response = await fetch(discovery.token_endpoint as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'operator-console', grant_type: 'authorization_code', code: callback.searchParams.get('code') as string, redirect_uri: CONSOLE, code_verifier: verifier }).toString(),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, string>;
  }

  /** The code each role's sign-in typed: spent from then on. */
  const typedCodes: Partial<Record<string, string>> = {};
  /** A full sign-in of a demo operator (the code typed when their role asks for one). */
  async function signIn(role: 'editor' | 'compliance' | 'support' | 'admin', at = Date.now()): Promise<string> {
    const { jar, verifier, login, answer } = await startSignIn(`${role}@operators.demo`);
    const secret = DEMO_TOTP_SECRETS[role];
    if (!secret) return (await finish(jar, verifier, answer)).access_token as string;
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('Authenticator code');
    const code = currentTotp(secret, at);
    typedCodes[role] = code;
    return (await finish(jar, verifier, await post(jar, login, { action: 'totp', code }))).access_token as string;
  }

  const asOperator = (role: string, extra: Record<string, string> = {}) => ({ 'x-sandbox-key': '', ...bearer(tokens[role] as string), ...extra });
  const op = (role: string, query: string, variables: Record<string, unknown> = {}) => app.gql(query, variables, asOperator(role));

  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    app = await startPlatform(database);
    discovery = (await (await fetch(`${app.url}/auth/realms/operators/.well-known/openid-configuration`)).json()) as Record<string, string>;
    for (const role of ['editor', 'support', 'compliance', 'admin'] as const) tokens[role] = await signIn(role);
  });
  afterAll(() => app?.close());

  it('signs operators in with PKCE in the operator realm, with a TOTP code for compliance', async () => {
    expect(discovery.issuer).toBe('http://aurelia.localhost:4321/auth/realms/operators');
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    const me = await op('compliance', '{ operatorMe { email roles { brand role } } }');
    expect(me.data.operatorMe).toEqual({ email: 'compliance@operators.demo', roles: [{ brand: '*', role: 'compliance' }] });
    expect((await op('support', '{ operatorMe { email } }')).data.operatorMe.email).toBe('support@operators.demo');
    // A wrong password, and a wrong or spent code, sign nobody in.
    expect((await startSignIn('compliance@operators.demo', 'wrong-password')).answer.status).toBe(400);
    const { jar, login, answer } = await startSignIn('compliance@operators.demo');
    expect(answer.status).toBe(200);
    const wrong = await post(jar, login, { action: 'totp', code: '000000' === currentTotp(DEMO_TOTP_SECRETS.compliance as string) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('not right or was already used');
    // The code beforeAll typed is spent: the same one again is refused (that code itself, not the
    // current one: a 30-second step may have begun since, whose code is fresh).
    const spent = await post(jar, login, { action: 'totp', code: typedCodes.compliance as string });
    expect(spent.status).toBe(400);
  });

  it('enrols an authenticator at the first sign-in of a new compliance operator, showing the secret once', async () => {
    const id = await createOperator(app.platform.db, { email: `new-${randomBytes(3).toString('hex')}@operators.test`, name: 'New', password: 'a-long-password-1' });
    await app.platform.db.query(`insert into operator_roles (operator_id, brand, role) values ($1, 'aurelia', 'compliance')`, [id]);
    const { rows } = await app.platform.db.query<{ email: string }>('select email from operators where id = $1', [id]);
    const email = rows[0]?.email as string;
    const first = await startSignIn(email, 'a-long-password-1');
    const page = await first.answer.text();
    const secret = /data-totp-secret>([A-Z2-7]+)</.exec(page)?.[1] as string;
    expect(secret).toBeTruthy();
    expect(page).toContain(`otpauth://totp/Atrium%20operators:${encodeURIComponent(email)}?`);
    const token = (await finish(first.jar, first.verifier, await post(first.jar, first.login, { action: 'totp', code: currentTotp(secret) }))).access_token as string;
    expect((await app.gql('{ operatorMe { id } }', {}, bearer(token))).data.operatorMe.id).toBe(id);
    // Enrolled: the next sign-in asks for a code and shows no secret.
    const second = await startSignIn(email, 'a-long-password-1');
    const again = await second.answer.text();
    expect(again).toContain('Authenticator code');
    expect(again).not.toContain('data-totp-secret');
  });

  it('refuses an operator token without the second factor once the operator holds compliance', async () => {
    const id = await createOperator(app.platform.db, { email: `later-${randomBytes(3).toString('hex')}@operators.test`, name: 'Later', password: 'a-long-password-1' });
    await app.platform.db.query(`insert into operator_roles (operator_id, brand, role) values ($1, 'aurelia', 'support')`, [id]);
    const { rows } = await app.platform.db.query<{ email: string }>('select email from operators where id = $1', [id]);
    const { jar, verifier, answer } = await startSignIn(rows[0]?.email as string, 'a-long-password-1');
    const token = (await finish(jar, verifier, answer)).access_token as string;
    expect((await app.gql('{ operatorFindPlayers(query: "verified") { id } }', {}, bearer(token))).data.operatorFindPlayers).toHaveLength(1);
    await app.platform.db.query(`insert into operator_roles (operator_id, brand, role) values ($1, 'aurelia', 'compliance')`, [id]);
    const refused = await app.gql('{ operatorFindPlayers(query: "verified") { id } }', {}, bearer(token));
    expect(refused.errors?.[0]?.extensions.reason).toBe('SecondFactorRequired');
  });

  /** Every operator query and mutation of the schema as a document that passes validation. */
  function operatorOperations(): string[] {
    const literal = (type: GraphQLInputType): string => {
      const inner = getNullableType(type);
      if (isListType(inner)) return `[${literal(inner.ofType)}]`;
      if (isEnumType(inner)) return inner.getValues()[0]?.name ?? 'null';
      if (isScalarType(inner) && inner.name === 'Int') return '1';
      return '"aurelia"';
    };
    const schema = createSchema();
    return ([['query', schema.getQueryType()], ['mutation', schema.getMutationType()]] as const).flatMap(([kind, root]) =>
      Object.values(root?.getFields() ?? {})
        .filter((field: GraphQLField<unknown, unknown>) => field.name.startsWith('operator'))
        .map((field) => {
          const required = field.args.filter((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
          const args = required.length ? `(${required.map((arg) => `${arg.name}: ${literal(arg.type)}`).join(', ')})` : '';
          return `${kind} { ${field.name}${args}${isObjectType(getNamedType(field.type)) ? ' { __typename }' : ''} }`;
        }),
    );
  }

  /** A player's access token from the brand's own realm (/auth/realms/aurelia), signed in with PKCE. */
  async function brandRealmToken(): Promise<string> {
    const jar = new CookieJar();
    const verifier = randomBytes(32).toString('base64url');
    const realm = `${app.url}/auth/realms/aurelia/protocol/openid-connect`;
    const redirect = 'http://aurelia.localhost:4321/en/keycloak-login-handler/';
    const url = new URL(`${realm}/auth`);
    const params = { client_id: 'app', redirect_uri: redirect, response_type: 'code', scope: 'openid', state: 's', code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const login = (await browse(jar, url.href)).headers.get('location') as string;
    await browse(jar, login);
    const done = await post(jar, login, { action: 'login', identifier: 'verified', password: 'Demo-pass-1' });
    const callback = new URL((await browse(jar, done.headers.get('location') as string)).headers.get('location') as string);
    const response = await fetch(`${realm}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'app', grant_type: 'authorization_code', code: callback.searchParams.get('code') as string, redirect_uri: redirect, code_verifier: verifier }).toString(),
    });
    return ((await response.json()) as { access_token: string }).access_token;
  }

  it('refuses a player token (platform or brand realm) and the sandbox key on every operator operation, GraphQL and REST', async () => {
    const player = await freshSmsPlayer(app);
    const realmPlayer = bearer(await brandRealmToken());
    // The brand realm's token is a good player token: only the operator operations refuse it.
    expect((await app.gql('{ viewer { player { id } } }', {}, realmPlayer)).errors).toBeUndefined();
    const operations = operatorOperations();
    expect(operations.length).toBeGreaterThanOrEqual(12);
    for (const headers of [player.headers, realmPlayer, SANDBOX_KEY, {}]) {
      for (const operation of operations) {
        const answer = await app.gql(operation, {}, { 'x-sandbox-key': '', ...headers });
        expect(answer.errors?.[0]?.extensions.reason, `${operation} with ${Object.keys(headers).join(',')}`).toBe('OperatorAuthenticationFailure');
        expect(answer.data?.[Object.keys(answer.data ?? {})[0] ?? ''] ?? null).toBeNull();
      }
    }
    const playerAnswer = await app.gql('{ operatorMe { id } }', {}, player.headers);
    expect(playerAnswer.errors?.[0]?.message).toContain("player's access token");
    const keyAnswer = await app.gql('{ operatorMe { id } }', {}, SANDBOX_KEY);
    expect(keyAnswer.errors?.[0]?.message).toContain('sandbox key opens sandbox tools only');
    for (const path of ['documents/none', 'consent-records.csv?playerId=x', 'audit-log.csv']) {
      for (const headers of [player.headers, realmPlayer, SANDBOX_KEY]) {
        const response = await fetch(`${app.url}/platform/operator/${path}`, { headers: { 'x-brand': 'aurelia', ...headers } });
        expect(response.status, path).toBe(401);
        expect(((await response.json()) as { error: { reason: string } }).error.reason).toBe('OperatorAuthenticationFailure');
      }
    }
  });

  /** A fresh player with an identity and an address document waiting for review. */
  async function playerWithDocuments() {
    const player = await freshSmsPlayer(app);
    const ids: string[] = [];
    for (const kind of ['Identity', 'Address']) {
      const response = await fetch(`${app.url}/platform/documents?kind=${kind}&name=${kind}.pdf`, { method: 'POST', headers: player.headers, body: new Uint8Array(PDF) });
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { document: { id: string } }).document.id);
    }
    return { player, identity: ids[0] as string, address: ids[1] as string };
  }
  const kycOf = async (playerId: string) =>
    (await app.platform.db.query('select kyc_status, kyc_verifications_done, kyc_verifications_missing from players where id = $1', [playerId])).rows[0];
  const REVIEW = 'mutation($d: ID!, $s: DocumentReview!, $c: String) { operatorReviewDocument(documentId: $d, status: $s, comment: $c) { documentStatus kycStatus playerId } }';

  it('lets a support operator not approve a document, and an editor not read consent records', async () => {
    const { identity } = await playerWithDocuments();
    const refused = await op('support', REVIEW, { d: identity, s: 'Approved' });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ reason: 'OperatorRoleRequired', requiredRole: 'compliance', brand: 'aurelia' });
    expect(refused.errors?.[0]?.message).toContain('needs the compliance role on brand "aurelia"');
    expect((await app.platform.db.query<{ status: string }>('select status from player_documents where id = $1', [identity])).rows[0]?.status).toBe('Pending');
    const consent = await op('editor', '{ operatorConsentRecords(visitorId: "7d9f0c52-1b1e-4a53-9a55-2b6f0e1c3d4a") { id } }');
    expect(consent.errors?.[0]?.extensions).toMatchObject({ reason: 'OperatorRoleRequired', requiredRole: 'compliance' });
    const csv = await fetch(`${app.url}/platform/operator/consent-records.csv?playerId=x`, { headers: asOperator('editor', { 'x-brand': 'aurelia' }) });
    expect(csv.status).toBe(403);
    // Admin implies every role.
    expect((await op('admin', '{ operatorConsentRecords(visitorId: "7d9f0c52-1b1e-4a53-9a55-2b6f0e1c3d4a") { id } }')).errors).toBeUndefined();
  });

  it('approves documents with the sandbox review\'s effects, serves the file as an attachment, and audits every step with before and after', async () => {
    const viaConsole = await playerWithDocuments();
    const viaSandbox = await playerWithDocuments();
    const queue = await op('compliance', '{ operatorDocumentQueue(limit: 500) { id kind player { id } } }');
    expect(queue.data.operatorDocumentQueue.map((entry: { id: string }) => entry.id)).toEqual(expect.arrayContaining([viaConsole.identity, viaConsole.address]));

    const file = await fetch(`${app.url}/platform/operator/documents/${viaConsole.identity}`, { headers: asOperator('compliance', { 'x-brand': 'aurelia' }) });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="?Identity\.pdf"?$/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
    // Another brand's operator view of the same document finds nothing.
    const elsewhere = await fetch(`${app.url}/platform/operator/documents/${viaConsole.identity}`, { headers: asOperator('compliance', { 'x-brand': 'mapleridge' }) });
    expect(elsewhere.status).toBe(404);

    const first = await op('compliance', REVIEW, { d: viaConsole.identity, s: 'Approved' });
    expect(first.errors).toBeUndefined();
    const second = await op('compliance', REVIEW, { d: viaConsole.address, s: 'Approved', c: 'clear scan' });
    expect(second.data.operatorReviewDocument).toEqual({ documentStatus: 'Approved', kycStatus: 'Done', playerId: viaConsole.player.id });
    for (const id of [viaSandbox.identity, viaSandbox.address]) {
      expect((await app.gql('mutation($d: ID!) { sandboxReviewDocument(documentId: $d, status: Approved) { id } }', { d: id })).errors).toBeUndefined();
    }
    expect(await kycOf(viaConsole.player.id)).toEqual(await kycOf(viaSandbox.player.id));
    expect((await kycOf(viaConsole.player.id))?.kyc_status).toBe('Done');
    expect((await op('compliance', REVIEW, { d: viaSandbox.identity, s: 'Rejected' })).errors?.[0]?.extensions.field).toBe('comment');

    const log = await op('admin', '{ operatorAuditLog(action: "document.review", limit: 10) { operatorEmail action target before after } }');
    const entries = log.data.operatorAuditLog as { operatorEmail: string; target: string; before: Record<string, unknown>; after: Record<string, unknown> }[];
    const address = entries.find((entry) => entry.target === viaConsole.address);
    expect(address).toMatchObject({ operatorEmail: 'compliance@operators.demo', before: { documentStatus: 'Pending', kycStatus: 'NotRequired' }, after: { documentStatus: 'Approved', kycStatus: 'Done', comment: 'clear scan' } });
    expect(entries.find((entry) => entry.target === viaConsole.identity)?.before).toMatchObject({ documentStatus: 'Pending' });
    const { rows } = await app.platform.db.query<{ action: string }>(`select action from operator_audit_log where operator_id = 'demo-operator-compliance' and brand = 'aurelia' order by id`);
    expect(rows.map((row) => row.action)).toEqual(expect.arrayContaining(['document.queue', 'document.download', 'document.review']));
    // The log is append-only: the database refuses to change or remove an entry.
    await expect(app.platform.db.query(`update operator_audit_log set action = 'nothing'`)).rejects.toThrow(/append-only/);
    await expect(app.platform.db.query('delete from operator_audit_log')).rejects.toThrow(/append-only/);
    await expect(app.platform.db.query('truncate operator_audit_log')).rejects.toThrow(/append-only/);
    // A review that fails inside its transaction leaves no entry: the entry and the effect commit together.
    expect((await op('compliance', REVIEW, { d: 'no-such-document', s: 'Approved' })).errors?.[0]?.extensions.reason).toBe('NotFound');
    expect((await app.platform.db.query(`select 1 from operator_audit_log where target = 'no-such-document'`)).rows).toHaveLength(0);
    // The support operator's refused attempt changed nothing and logged nothing as done.
    expect((await app.platform.db.query(`select 1 from operator_audit_log where operator_id = 'demo-operator-support' and action = 'document.review'`)).rows).toHaveLength(0);
  });

  it('finds a player for support, shows their sessions and payments, and ends a session', async () => {
    const player = await freshSmsPlayer(app);
    const { rows } = await app.platform.db.query<{ phone_number: string }>('select phone_number from players where id = $1', [player.id]);
    const found = await op('support', 'query($q: String!) { operatorFindPlayers(query: $q) { id } }', { q: rows[0]?.phone_number });
    expect(found.data.operatorFindPlayers).toEqual([{ id: player.id }]);
    const details = await op('support', 'query($p: ID!) { operatorPlayer(playerId: $p) { id sessions { sessionId endedAt } payments { amount } limits { kind } } }', { p: player.id });
    expect(details.data.operatorPlayer.sessions).toEqual([{ sessionId: player.sessionId, endedAt: null }]);
    const ended = await op('support', 'mutation($s: ID!) { operatorEndSession(sessionId: $s) }', { s: player.sessionId });
    expect(ended.data.operatorEndSession).toBe(true);
    expect((await app.gql('{ viewer { player { id } } }', {}, player.headers)).errors?.[0]?.extensions.reason).toBe('AuthenticationFailure');
    const audit = await app.platform.db.query<{ before: { active: boolean }; after: { active: boolean } }>(`select before, after from operator_audit_log where action = 'session.end' and target = $1`, [player.sessionId]);
    expect(audit.rows[0]).toMatchObject({ before: { active: true }, after: { active: false } });
    // Read-only for support: the compliance register is not theirs.
    expect((await op('support', '{ operatorSelfExclusions { playerId } }')).errors?.[0]?.extensions.reason).toBe('OperatorRoleRequired');
    expect((await op('compliance', '{ operatorSelfExclusions { playerId } }')).errors).toBeUndefined();
  });

  it('announces an ended session (SessionDestroyed) only once its end is committed: a failed commit announces nothing', async () => {
    const player = await freshSmsPlayer(app);
    const db = app.platform.db;
    const events = app.platform.services.events;
    const published = vi.spyOn(events, 'publish');
    const ended = vi.spyOn(events, 'sessionEnded');
    const destroyedFor = () => published.mock.calls.filter(([playerId, type]) => playerId === player.id && type === 'sessionDestroyed');
    // The operation's transaction fails at its end (as a commit can), after the session's end and its audit entry.
    const original = db.transaction.bind(db);
    const failing = vi.spyOn(db, 'transaction').mockImplementation(((work: (tx: Queryable) => Promise<unknown>) =>
      original(async (tx) => {
        const result = await work(tx);
        const { rows } = await tx.query('select 1 from sessions where sid = $1 and revoked_at is not null', [player.sessionId]);
        if (rows.length > 0) throw new Error('the commit fails');
        return result;
      })) as typeof db.transaction);
    try {
      const refused = await op('support', 'mutation($s: ID!) { operatorEndSession(sessionId: $s) }', { s: player.sessionId });
      expect(refused.errors).toBeDefined();
    } finally {
      failing.mockRestore();
    }
    expect(destroyedFor()).toEqual([]);
    expect(ended.mock.calls.filter(([event]) => event.sessionId === player.sessionId)).toEqual([]);
    expect((await app.gql('{ viewer { player { id } } }', {}, player.headers)).errors).toBeUndefined();
    // Committed: announced once.
    expect((await op('support', 'mutation($s: ID!) { operatorEndSession(sessionId: $s) }', { s: player.sessionId })).data.operatorEndSession).toBe(true);
    expect(destroyedFor()).toEqual([[player.id, 'sessionDestroyed', { sessionId: player.sessionId, cause: 'AnotherDevice', until: null }]]);
    published.mockRestore();
    ended.mockRestore();
  });

  it('keeps TOTP secrets sealed at rest, and seals a secret stored in plain text before migration 067', async () => {
    const db = app.platform.db;
    // The demo operators' secrets: none in plain text, and their sealed form holds no trace of the secret.
    const { rows } = await db.query<{ email: string; totp_secret: string | null; totp_secret_sealed: string | null }>(`select email, totp_secret, totp_secret_sealed from operators where demo_key in ('compliance', 'admin')`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.totp_secret).toBeNull();
      expect(row.totp_secret_sealed).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(row.totp_secret_sealed).not.toContain(DEMO_TOTP_SECRETS.admin);
      expect(row.totp_secret_sealed).not.toContain(DEMO_TOTP_SECRETS.compliance);
      expect(await openTotpSecret(db, row)).toBe(row.email.startsWith('admin') ? DEMO_TOTP_SECRETS.admin : DEMO_TOTP_SECRETS.compliance);
    }
    // Sealed under this database's key: another key does not open it.
    const sealed = rows[0]!.totp_secret_sealed as string;
    await expect(compactDecrypt(sealed, randomBytes(32))).rejects.toThrow();

    // An operator row as a database migrated before 067 holds it: the secret in plain text.
    const id = await createOperator(db, { email: `legacy-${Date.now()}@operators.example`, name: 'Legacy', password: 'a long enough password' });
    const secret = new Secret({ size: 20 }).base32;
    await db.query('update operators set totp_secret = $2, totp_confirmed_at = now() where id = $1', [id, secret]);
    expect(await verifyTotp(db, id, currentTotp(secret))).toBe(false);
    expect(await sealPlainTotpSecrets(db)).toBe(1);
    const after = await db.query<{ totp_secret: string | null; totp_secret_sealed: string | null }>('select totp_secret, totp_secret_sealed from operators where id = $1', [id]);
    expect(after.rows[0]?.totp_secret).toBeNull();
    expect(after.rows[0]?.totp_secret_sealed).not.toContain(secret);
    expect(await verifyTotp(db, id, currentTotp(secret))).toBe(true);
    expect(await sealPlainTotpSecrets(db)).toBe(0);
  });

  it('lets an admin grant and revoke roles, and nobody else', async () => {
    const grant = 'mutation($o: String!, $b: String!) { operatorGrantRole(operator: $o, brand: $b, role: editor) { roles { brand role } } }';
    expect((await op('support', grant, { o: 'editor@operators.demo', b: 'aurelia' })).errors?.[0]?.extensions).toMatchObject({ reason: 'OperatorRoleRequired', requiredRole: 'admin' });
    const granted = await op('admin', grant, { o: 'support@operators.demo', b: 'aurelia' });
    expect(granted.data.operatorGrantRole.roles).toEqual([{ brand: '*', role: 'support' }, { brand: 'aurelia', role: 'editor' }]);
    const revoked = await op('admin', 'mutation { operatorRevokeRole(operator: "support@operators.demo", brand: "aurelia", role: editor) { roles { role } } }');
    expect(revoked.data.operatorRevokeRole.roles).toEqual([{ role: 'support' }]);
    const { rows } = await app.platform.db.query<{ action: string; before: { roles: unknown[] }; after: { roles: unknown[] } }>(`select action, before, after from operator_audit_log where action like 'role.%' and target = 'support@operators.demo' order by id`);
    expect(rows.map((row) => [row.action, row.before.roles.length, row.after.roles.length])).toEqual([['role.grant', 1, 2], ['role.revoke', 2, 1]]);
  });

  it('exports the audit log as CSV that a spreadsheet cannot run', async () => {
    await op('support', 'query($q: String!) { operatorFindPlayers(query: $q) { id } }', { q: '=1+2,"x"' });
    const response = await fetch(`${app.url}/platform/operator/audit-log.csv?action=player.search`, { headers: asOperator('admin', { 'x-brand': 'aurelia' }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment/);
    // Bytes, not text(): a UTF-8 decoder drops the BOM spreadsheets need.
    const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
    expect(text.startsWith('\uFEFFid,at,operatorId,operatorEmail,brand,action,target,before,after\r\n')).toBe(true);
    expect(text).toContain(',player.search,"\'=1+2,""x""",,\r\n');
    const consent = await fetch(`${app.url}/platform/operator/consent-records.csv?from=2000-01-01`, { headers: asOperator('compliance', { 'x-brand': 'aurelia' }) });
    expect(consent.status).toBe(200);
    expect(Buffer.from(await consent.arrayBuffer()).toString('utf8').split('\r\n')[0]).toBe('\uFEFFid,recordedAt,visitorId,playerId,categories,policyVersion,countryCode');
    const bad = await fetch(`${app.url}/platform/operator/consent-records.csv?from=yesterday`, { headers: asOperator('compliance', { 'x-brand': 'aurelia' }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('from must be an ISO 8601 date');
  });

  it('keeps demo operators out of production', async () => {
    await expect(assertNoDemoOperators(app.platform.db)).rejects.toThrow(/4 sandbox demo operators.*start production on a fresh database/);
  });
});
