/**
 * Editors through the console's API (issue 32): drafts checked with the content store's own checks,
 * versions with hand edits of the files recorded, conflicts on a stale base, publish now or at a time
 * (once across two platforms on PostgreSQL), diff and rollback, preview tokens for the lobby, and the
 * role and audit door every operation goes through. Each platform writes a copy of content/.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_OPERATOR_PASSWORD, DEMO_TOTP_SECRETS } from '../src/operators/demo.ts';
import { bearer, CONTENT_DIR, DATABASES, freshSmsPlayer, signInOperator, startPlatform, startPlatformBeside } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const POSTGRES = DATABASES.find((database) => database.name === 'postgres');
type Role = 'editor' | 'compliance' | 'support' | 'admin';

/** Waits until check() holds, polling every 50 ms. */
async function until(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A copy of the real content folder for one test platform to write. */
async function contentCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'atrium-content-'));
  await cp(CONTENT_DIR, dir, { recursive: true });
  return dir;
}

/** Signs a demo operator in through the operator realm (authorization code + PKCE, a TOTP code where their role asks one). */
function signIn(app: TestPlatform, role: Role): Promise<string> {
  return signInOperator(app, `${role}@operators.demo`, DEMO_OPERATOR_PASSWORD, DEMO_TOTP_SECRETS[role]);
}

const DOCUMENT = 'query ($p: String!) { operatorContentDocument(path: $p) { path version document author problems { path message } draft { baseVersion document } schedules { id status } } }';
const SAVE = 'mutation ($p: String!, $d: JSON!, $b: Int!) { operatorSaveDraft(path: $p, document: $d, baseVersion: $b) { baseVersion document savedAt } }';
const PUBLISH = 'mutation ($p: String!, $d: JSON!, $b: Int!, $n: String) { operatorPublishContent(path: $p, document: $d, baseVersion: $b, note: $n) { number author note rolledBackFrom document } }';
const VERSIONS = 'query ($p: String!) { operatorContentVersions(path: $p) { number author note rolledBackFrom } }';
const SCHEDULE = 'mutation ($p: String!, $d: JSON!, $b: Int!, $at: String!) { operatorScheduleContentPublish(path: $p, document: $d, baseVersion: $b, publishAt: $at) { id status publishAt } }';
const SCHEMA = 'query ($p: String!) { operatorContentSchema(path: $p) }';
const SCHEDULES = 'query ($p: String) { operatorContentSchedules(path: $p) { id status version failure } }';
const HERO_TITLE = '{ layout(countryCode: "FI", locale: "en") { preview blocks { id props } } }';

/** The layout's hero title as the store serves it (optionally through a preview token). */
async function heroTitle(app: TestPlatform, headers: Record<string, string> = {}): Promise<{ title: string; preview: boolean }> {
  const result = await app.gql(HERO_TITLE, {}, headers);
  expect(result.errors).toBeUndefined();
  const hero = result.data.layout.blocks.find((block: { id: string }) => block.id === 'hero');
  return { title: hero.props.title, preview: result.data.layout.preview };
}

/** A layout whose hero says title. */
function withHero(layout: { blocks: Record<string, unknown>[] }, title: string) {
  return { ...layout, blocks: layout.blocks.map((block) => (block.id === 'hero' ? { ...block, title: { en: title } } : block)) };
}

describe.each(DATABASES)('content editing through the console on $name', (database) => {
  let app: TestPlatform;
  let dir: string;
  const tokens: Partial<Record<Role, string>> = {};
  const as = (role: Role) => ({ 'x-sandbox-key': '', ...bearer(tokens[role] as string) });
  const op = (role: Role, query: string, variables: Record<string, unknown> = {}) => app.gql(query, variables, as(role));
  /** The document's version and JSON as the console reads it. */
  const read = async (path: string) => {
    const result = await op('editor', DOCUMENT, { p: path });
    expect(result.errors).toBeUndefined();
    return result.data.operatorContentDocument;
  };

  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    dir = await contentCopy();
    app = await startPlatform(database, { contentDir: dir });
    for (const role of ['editor', 'support', 'compliance', 'admin'] as const) tokens[role] = await signIn(app, role);
  });
  afterAll(async () => {
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('lets an editor save a draft and publish it: the file is written and the store serves it; the first read records the file as version 1', async () => {
    const current = await read('layout.json');
    expect(current).toMatchObject({ path: 'layout.json', version: 1, author: 'file', problems: [], draft: null });
    const changed = withHero(current.document, 'Draft hero');
    const saved = await op('editor', SAVE, { p: 'layout.json', d: changed, b: 1 });
    expect(saved.errors).toBeUndefined();
    expect((await read('layout.json')).draft).toEqual({ baseVersion: 1, document: changed });
    // A draft is not live.
    expect((await heroTitle(app)).title).toBe('Welcome to Aurelia');

    const published = await op('editor', PUBLISH, { p: 'layout.json', d: changed, b: 1, n: 'New hero' });
    expect(published.errors).toBeUndefined();
    expect(published.data.operatorPublishContent).toMatchObject({ number: 2, author: 'editor@operators.demo', note: 'New hero', rolledBackFrom: null });
    expect(JSON.parse(await readFile(join(dir, 'aurelia', 'layout.json'), 'utf8'))).toEqual(changed);
    expect(await heroTitle(app)).toEqual({ title: 'Draft hero', preview: false });
    // The published draft is gone; reading again records nothing new.
    expect(await read('layout.json')).toMatchObject({ version: 2, author: 'editor@operators.demo', draft: null });
  });

  it('records a file edited by hand as a version authored "file", and refuses a write based on the version before it, naming the change', async () => {
    const before = await read('menu.json');
    const menu = before.document;
    const handEdited = { ...menu, menus: { ...menu.menus, lobbyMenu: { items: menu.menus.lobbyMenu.items.slice(0, 2) } } };
    await writeFile(join(dir, 'aurelia', 'menu.json'), JSON.stringify(handEdited, null, 4));
    const after = await read('menu.json');
    expect(after).toMatchObject({ version: before.version + 1, author: 'file', document: handEdited });
    const versions = await op('editor', VERSIONS, { p: 'menu.json' });
    expect(versions.data.operatorContentVersions[0]).toMatchObject({ number: before.version + 1, author: 'file' });

    // An editor who opened the menu before the hand edit: a conflict, never a silent overwrite.
    for (const mutation of [SAVE, PUBLISH]) {
      const stale = await op('editor', mutation, { p: 'menu.json', d: menu, b: before.version });
      expect(stale.errors?.[0]?.extensions).toMatchObject({ reason: 'ContentConflict', latestVersion: before.version + 1, latestAuthor: 'file' });
      expect(stale.errors?.[0]?.message).toContain(`since version ${before.version} you started from`);
      expect(stale.errors?.[0]?.message).toContain('a hand edit of the file');
    }
    expect(JSON.parse(await readFile(join(dir, 'aurelia', 'menu.json'), 'utf8'))).toEqual(handEdited);
    // Another editor's publish makes the first one's base stale too, naming who published.
    const published = await op('editor', PUBLISH, { p: 'menu.json', d: menu, b: before.version + 1 });
    expect(published.errors).toBeUndefined();
    const stale = await op('editor', PUBLISH, { p: 'menu.json', d: handEdited, b: before.version + 1 });
    expect(stale.errors?.[0]?.message).toContain(`version ${before.version + 2} by editor@operators.demo`);
  });

  it('refuses a broken draft with the store\'s problems by field, changing nothing', async () => {
    const current = await read('layout.json');
    const broken = {
      ...current.document,
      blocks: current.document.blocks.map((block: Record<string, unknown>) => (block.id === 'hero' ? { ...block, image: { mobile: '/media/banners/aurora-mobile.svg' } } : block.id === 'hot-games' ? { ...block, listOfGamesSlug: 'no-such-list' } : block)),
    };
    const heroIndex = current.document.blocks.findIndex((block: { id: string }) => block.id === 'hero');
    const railIndex = current.document.blocks.findIndex((block: { id: string }) => block.id === 'hot-games');
    for (const mutation of [SAVE, PUBLISH]) {
      const refused = await op('editor', mutation, { p: 'layout.json', d: broken, b: current.version });
      expect(refused.errors?.[0]?.extensions.reason).toBe('InvalidContent');
      const issues = refused.errors?.[0]?.extensions.issues as { path: string; message: string }[];
      expect(issues).toContainEqual({ path: `blocks.${heroIndex}.image.desktop`, message: 'block "hero" (BANNER_MANUAL): field "image.desktop": is required' });
      expect(issues.find((issue) => issue.path === `blocks.${railIndex}.listOfGamesSlug`)?.message).toContain('no game list "no-such-list"; use one of');
    }
    expect(await read('layout.json')).toEqual(current);
    expect(JSON.parse(await readFile(join(dir, 'aurelia', 'layout.json'), 'utf8'))).toEqual(current.document);
    // The same checks without saving, for the form as the editor types.
    const checked = await op('editor', 'query ($d: JSON!) { operatorValidateContent(path: "layout.json", document: $d) { path } }', { d: broken });
    expect(checked.data.operatorValidateContent.map((issue: { path: string }) => issue.path)).toEqual([`blocks.${heroIndex}.image.desktop`, `blocks.${railIndex}.listOfGamesSlug`]);
  });

  it('shows a readable diff between versions and rolls back to an earlier one as a new version', async () => {
    const current = await read('banners.json');
    const edited = { ...current.document, banners: current.document.banners.map((banner: { text: Record<string, string> }, index: number) => (index === 0 ? { ...banner, text: { ...banner.text, en: 'Rolled text' } } : banner)) };
    const published = await op('editor', PUBLISH, { p: 'banners.json', d: edited, b: current.version });
    expect(published.errors).toBeUndefined();
    const diff = await op('editor', 'query ($f: Int!, $t: Int!) { operatorContentDiff(path: "banners.json", from: $f, to: $t) { unified parts { added removed value } } }', { f: current.version, t: current.version + 1 });
    expect(diff.data.operatorContentDiff.unified).toContain('+        "en": "Rolled text"');
    expect(diff.data.operatorContentDiff.parts.filter((part: { removed: boolean }) => part.removed)).toHaveLength(1);

    const rolled = await op('editor', 'mutation ($to: Int!, $b: Int!) { operatorRollbackContent(path: "banners.json", toVersion: $to, baseVersion: $b) { number rolledBackFrom note document } }', { to: current.version, b: current.version + 1 });
    expect(rolled.errors).toBeUndefined();
    expect(rolled.data.operatorRollbackContent).toMatchObject({ number: current.version + 2, rolledBackFrom: current.version, note: `Rolled back to version ${current.version}`, document: current.document });
    expect(JSON.parse(await readFile(join(dir, 'aurelia', 'banners.json'), 'utf8'))).toEqual(current.document);
    const texts = await app.gql('{ accountBanners(locale: "en") { text } }');
    expect(texts.data.accountBanners.map((banner: { text: string }) => banner.text)).not.toContain('Rolled text');
  });

  it('publishes at a time through the job runner, once; a cancelled one never runs and one whose file moved on fails without overwriting it', async () => {
    const current = await read('legal/privacy-policy.json');
    const scheduledDocument = { ...current.document, updated: '2026-12-01' };
    const soon = new Date(Date.now() + 300).toISOString();
    const scheduled = await op('editor', SCHEDULE, { p: 'legal/privacy-policy.json', d: scheduledDocument, b: current.version, at: soon });
    expect(scheduled.errors).toBeUndefined();
    const cancelled = await op('editor', SCHEDULE, { p: 'legal/privacy-policy.json', d: { ...scheduledDocument, updated: '2026-12-02' }, b: current.version, at: new Date(Date.now() + 600).toISOString() });
    const cancel = await op('editor', 'mutation ($id: ID!) { operatorCancelContentSchedule(id: $id) { status } }', { id: cancelled.data.operatorScheduleContentPublish.id });
    expect(cancel.data.operatorCancelContentSchedule.status).toBe('Cancelled');
    const statusOf = async (id: string) => ((await op('editor', SCHEDULES, { p: 'legal/privacy-policy.json' })).data.operatorContentSchedules as { id: string; status: string; version: number | null; failure: string | null }[]).find((schedule) => schedule.id === id);
    await until(async () => (await statusOf(scheduled.data.operatorScheduleContentPublish.id))?.status === 'Published', 'the scheduled publish');
    expect(await statusOf(scheduled.data.operatorScheduleContentPublish.id)).toMatchObject({ version: current.version + 1, failure: null });
    expect(JSON.parse(await readFile(join(dir, 'aurelia', 'legal', 'privacy-policy.json'), 'utf8')).updated).toBe('2026-12-01');
    // Running the job again (a retry, a second process) publishes nothing more; nor does the cancelled one.
    await app.platform.services.contentEditing.runSchedule(scheduled.data.operatorScheduleContentPublish.id);
    await app.platform.services.contentEditing.runSchedule(cancelled.data.operatorScheduleContentPublish.id);
    expect((await read('legal/privacy-policy.json')).version).toBe(current.version + 1);
    expect((await statusOf(cancelled.data.operatorScheduleContentPublish.id))?.status).toBe('Cancelled');

    // A hand edit after scheduling: the publish fails and the hand edit stays.
    const later = await op('editor', SCHEDULE, { p: 'legal/privacy-policy.json', d: { ...scheduledDocument, updated: '2026-12-03' }, b: current.version + 1, at: new Date(Date.now() + 60_000).toISOString() });
    const handEdit = { ...scheduledDocument, updated: '2026-12-04' };
    await writeFile(join(dir, 'aurelia', 'legal', 'privacy-policy.json'), JSON.stringify(handEdit));
    await app.platform.services.contentEditing.runSchedule(later.data.operatorScheduleContentPublish.id);
    const failed = await statusOf(later.data.operatorScheduleContentPublish.id);
    expect(failed?.status).toBe('Failed');
    expect(failed?.failure).toContain('a hand edit of the file');
    expect(JSON.parse(await readFile(join(dir, 'aurelia', 'legal', 'privacy-policy.json'), 'utf8'))).toEqual(handEdit);
  });

  it('renders the editor\'s draft for a request carrying their preview token, and the published layout for every other', async () => {
    const current = await read('layout.json');
    await op('editor', SAVE, { p: 'layout.json', d: withHero(current.document, 'Preview hero'), b: current.version });
    const minted = await op('editor', 'mutation { operatorPreviewToken(path: "layout.json") { token expiresAt name } }');
    expect(minted.data.operatorPreviewToken.name).toBe('atrium-preview');
    const token = minted.data.operatorPreviewToken.token as string;
    expect(await heroTitle(app, { 'atrium-preview': token })).toEqual({ title: 'Preview hero', preview: true });
    expect((await heroTitle(app)).preview).toBe(false);
    expect((await heroTitle(app)).title).not.toBe('Preview hero');
    // Forged, or for another brand: the published layout.
    const forged = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect((await heroTitle(app, { 'atrium-preview': forged })).preview).toBe(false);
    const elsewhere = await app.gql('{ layout(countryCode: "FI", locale: "en") { preview } }', {}, { 'x-brand': 'vantor', 'atrium-preview': token });
    expect(elsewhere.data.layout.preview).toBe(false);

    // Discarded: the same token shows the published layout, and the audit log keeps the draft as it was.
    const discard = 'mutation { operatorDiscardDraft(path: "layout.json") }';
    expect((await op('support', discard)).errors?.[0]?.extensions.reason).toBe('OperatorRoleRequired');
    expect((await op('editor', discard)).data.operatorDiscardDraft).toBe(true);
    expect((await read('layout.json')).draft).toBeNull();
    expect(await heroTitle(app, { 'atrium-preview': token })).toEqual({ title: (await heroTitle(app)).title, preview: false });
    expect((await op('editor', discard)).data.operatorDiscardDraft).toBe(false);
    const log = await op('admin', '{ operatorAuditLog(action: "content.discardDraft", limit: 5) { target before after } }');
    expect(log.data.operatorAuditLog.map((entry: { target: string; before: { document: unknown } | null; after: unknown }) => [entry.target, entry.before?.document ?? null, entry.after])).toEqual([
      ['layout.json', null, null],
      ['layout.json', withHero(current.document, 'Preview hero'), null],
    ]);
  });

  it('renders the editor\'s draft menu for a request carrying their menu.json preview token, and the published menu for every other', async () => {
    const MENU = '{ lobbyMenu(menuKey: "lobbyMenu", locale: "en") { items { id label } } }';
    const labels = async (headers: Record<string, string> = {}) => ((await app.gql(MENU, {}, headers)).data.lobbyMenu.items as { label: string }[]).map((item) => item.label);
    const published = await labels();
    const current = await read('menu.json');
    const items = current.document.menus.lobbyMenu.items as { id: string; label: Record<string, string> }[];
    const draft = { ...current.document, menus: { ...current.document.menus, lobbyMenu: { ...current.document.menus.lobbyMenu, items: [{ ...items[0], label: { en: 'Draft home' } }, ...items.slice(1)] } } };
    expect((await op('editor', SAVE, { p: 'menu.json', d: draft, b: current.version })).errors).toBeUndefined();
    const menuToken = (await op('editor', 'mutation { operatorPreviewToken(path: "menu.json") { token } }')).data.operatorPreviewToken.token as string;
    expect(await labels({ 'atrium-preview': menuToken })).toEqual(['Draft home', ...published.slice(1)]);
    expect(await labels()).toEqual(published);
    // A layout's token previews the layout only: the menu stays published.
    const layoutToken = (await op('editor', 'mutation { operatorPreviewToken(path: "layout.json") { token } }')).data.operatorPreviewToken.token as string;
    expect(await labels({ 'atrium-preview': layoutToken })).toEqual(published);
    expect((await op('editor', 'mutation { operatorDiscardDraft(path: "menu.json") }')).data.operatorDiscardDraft).toBe(true);
    expect(await labels({ 'atrium-preview': menuToken })).toEqual(published);
  });

  it('refuses support, compliance and a player token, and writes every editor operation in the audit log with before and after', async () => {
    for (const role of ['support', 'compliance'] as const) {
      const refused = await op(role, DOCUMENT, { p: 'layout.json' });
      expect(refused.errors?.[0]?.extensions).toMatchObject({ reason: 'OperatorRoleRequired', requiredRole: 'editor' });
      const write = await op(role, PUBLISH, { p: 'layout.json', d: {}, b: 1 });
      expect(write.errors?.[0]?.extensions.reason).toBe('OperatorRoleRequired');
      const schema = await op(role, SCHEMA, { p: 'layout.json' });
      expect(schema.errors?.[0]?.extensions.reason).toBe('OperatorRoleRequired');
    }
    // The editor's forms: the layout's JSON Schema, each block typed, and a file editors do not write is named.
    const schema = await op('editor', SCHEMA, { p: 'layout.json' });
    expect(schema.errors).toBeUndefined();
    expect(schema.data.operatorContentSchema.properties.blocks.items.oneOf.map((branch: { properties: { type: { const: string } } }) => branch.properties.type.const)).toContain('PROMOTION_V2');
    expect((await op('editor', SCHEMA, { p: '../secrets.json' })).errors?.[0]?.extensions.reason).toBe('BadUserInput');
    const player = await freshSmsPlayer(app);
    const asPlayer = await app.gql(DOCUMENT, { p: 'layout.json' }, { 'x-sandbox-key': '', ...player.headers });
    expect(asPlayer.errors?.[0]?.extensions.reason).toBe('OperatorAuthenticationFailure');
    // Admin implies editor.
    expect((await op('admin', DOCUMENT, { p: 'layout.json' })).errors).toBeUndefined();

    const log = await op('admin', 'query ($a: String) { operatorAuditLog(action: $a, limit: 100) { operatorEmail target before after } }', { a: 'content.publish' });
    const menuPublish = (log.data.operatorAuditLog as { operatorEmail: string; target: string; before: { version: number; document: unknown }; after: { version: number; document: unknown } }[]).find((entry) => entry.target === 'menu.json');
    expect(menuPublish?.operatorEmail).toBe('editor@operators.demo');
    expect(menuPublish?.after.version).toBe((menuPublish?.before.version ?? 0) + 1);
    expect(menuPublish?.before.document).not.toEqual(menuPublish?.after.document);
    const actions = (await op('admin', '{ operatorAuditLog(limit: 100) { action } }')).data.operatorAuditLog.map((entry: { action: string }) => entry.action);
    for (const action of ['content.read', 'content.draft', 'content.publish', 'content.rollback', 'content.schedule', 'content.cancelSchedule', 'content.publishScheduled', 'content.scheduleFailed', 'content.preview', 'content.discardDraft', 'content.schema']) expect(actions).toContain(action);
  });
});

describe.skipIf(!POSTGRES)('a scheduled content publish with two platforms on one PostgreSQL database', () => {
  let a: TestPlatform;
  let b: TestPlatform | null = null;
  let dir: string;
  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    dir = await contentCopy();
    // Both started before the schedule exists: neither has a worker for it at start-up.
    a = await startPlatform(POSTGRES!, { contentDir: dir, contentSchedulesIntervalMs: 300 });
    b = await startPlatformBeside(a, { contentDir: dir, contentSchedulesIntervalMs: 300 });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('publishes once in the other process when the one that took the schedule stops before its time', async () => {
    const scheduler = b as TestPlatform;
    const editor = { 'x-sandbox-key': '', ...bearer(await signIn(scheduler, 'editor')) };
    const current = (await scheduler.gql(DOCUMENT, { p: 'banners.json' }, editor)).data.operatorContentDocument;
    const changed = { ...current.document, banners: current.document.banners.map((banner: { text: Record<string, string> }, index: number) => (index === 0 ? { ...banner, text: { ...banner.text, en: 'Scheduled across processes' } } : banner)) };
    const scheduled = await scheduler.gql(SCHEDULE, { p: 'banners.json', d: changed, b: current.version, at: new Date(Date.now() + 2500).toISOString() }, editor);
    expect(scheduled.errors).toBeUndefined();
    const id = scheduled.data.operatorScheduleContentPublish.id as string;
    // The process that scheduled (and armed the job, with its worker) stops before the time.
    await scheduler.close();
    b = null;
    const status = async () => (await a.platform.db.query<{ status: string }>('select status from content_schedules where id = $1', [id])).rows[0]?.status;
    expect(await status()).toBe('Scheduled');
    await until(async () => (await status()) === 'Published', 'the scheduled publish in the other process');
    // Sweeps and the job running again after it publish nothing more.
    await a.platform.services.contentEditing.sweepSchedules();
    await a.platform.services.contentEditing.runSchedule(id);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const versions = await a.platform.db.query<{ number: number; author: string }>(`select number, author from content_versions where brand = 'aurelia' and path = 'banners.json' order by number`);
    expect(versions.rows.map((row) => row.author)).toEqual(['file', 'editor@operators.demo']);
    const audits = await a.platform.db.query(`select 1 from operator_audit_log where action = 'content.publishScheduled' and target = $1`, [`banners.json#${id}`]);
    expect(audits.rows).toHaveLength(1);
    expect(JSON.parse(await readFile(join(dir, 'aurelia', 'banners.json'), 'utf8'))).toEqual(changed);
  });
});
