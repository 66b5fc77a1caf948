/**
 * Content editing for the operator console (issue 32, editors): drafts, versions, publishing now or at
 * a time, diffs, rollback and preview tokens over the embedded CMS's files (content/<brand>/<path>).
 *
 * The files stay the source of truth the content store serves and an operator may keep in git: a
 * publish writes the file (a temporary file renamed over it, so the store never reads half a file) and
 * records a version row (content_versions, migration 066). A file whose content differs from its latest
 * version (edited by hand, pulled from git) becomes a new version authored "file" the next time the
 * console reads it, so the history never hides a change. Every write names the version it started from
 * (baseVersion); one that is not the latest is refused with ContentConflict naming who published what,
 * so two editors never overwrite each other. The checks are the store's own (ContentStore.validate).
 * Each call runs inside operatorOperation's transaction (the caller's role and audit entry); a
 * per-file advisory lock orders concurrent writers of one file across processes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createTwoFilesPatch, diffLines } from 'diff';
import { jwtVerify, SignJWT } from 'jose';
import type { Db, Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { LEGAL_FOLDER } from '../content/legal.ts';
import { isEditableDocument, type ContentIssue, type ContentStore } from '../content/store.ts';
import { appendAudit } from './audit.ts';

/** The one-off job that publishes a scheduled version (jobs.at, keyed by the schedule's id). */
export const CONTENT_PUBLISH_JOB = 'content.publish';
/** The periodic sweep (jobs.every) that gives waiting schedules a worker and a job in whichever process runs it. */
export const CONTENT_SCHEDULES_SWEEP_JOB = 'content.schedules-sweep';
/** The header (and the lobby's query parameter name) that carries a preview token. */
export const PREVIEW_HEADER = 'atrium-preview';
/** How long a preview token lets the lobby render a draft. */
export const PREVIEW_TOKEN_SECONDS = 30 * 60;
/** Who a version found in the file (not published through the console) is authored by. */
export const FILE_AUTHOR = 'file';

/** One version of a document. */
export interface ContentVersion {
  number: number;
  author: string;
  authorOperatorId: string | null;
  note: string | null;
  rolledBackFrom: number | null;
  at: string;
  /** The document's JSON text; null when the file was removed. */
  text: string | null;
}

/** A document as the console reads it. */
export interface ContentDocumentView {
  path: string;
  /** The latest version's number (0: the file does not exist and never did). */
  version: number;
  /** The document (parsed JSON); null when the file does not exist; the text when it is not JSON. */
  document: unknown;
  author: string | null;
  publishedAt: string | null;
}

/** A saved draft. */
export interface ContentDraftView {
  path: string;
  baseVersion: number;
  document: unknown;
  savedAt: string;
  operatorId: string;
}

/** A publish waiting for its time (or done, cancelled, failed). */
export interface ContentScheduleView {
  id: string;
  path: string;
  baseVersion: number;
  publishAt: string;
  status: 'Scheduled' | 'Published' | 'Cancelled' | 'Failed';
  operatorEmail: string;
  note: string | null;
  version: number | null;
  failure: string | null;
}

/** Who acts: an operator (id and e-mail). */
export interface ContentAuthor {
  id: string;
  email: string;
}

/** What content editing is built from. */
export interface ContentEditingOptions {
  db: Db;
  content: ContentStore;
  contentDir: string;
  jobs: Jobs;
  clock: () => Date;
}

/** A published version and what it replaced (for the audit entry). */
export interface PublishOutcome {
  version: ContentVersion;
  before: { version: number; document: unknown };
  after: { version: number; document: unknown };
}

/** What a preview token grants: one operator's draft of one file of one brand. */
export interface PreviewGrant {
  brand: string;
  path: string;
  operatorId: string;
}

interface VersionRow {
  number: number;
  document: string | null;
  author: string;
  author_operator_id: string | null;
  note: string | null;
  rolled_back_from: number | null;
  created_at: Date | string;
}

interface ScheduleRow {
  id: string;
  brand: string;
  path: string;
  document: string;
  base_version: number;
  note: string | null;
  operator_id: string;
  operator_email: string;
  publish_at: Date | string;
  status: ContentScheduleView['status'];
  version: number | null;
  failure: string | null;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

/** A version row as the console sees it. */
function versionOf(row: VersionRow): ContentVersion {
  return { number: row.number, author: row.author, authorOperatorId: row.author_operator_id, note: row.note, rolledBackFrom: row.rolled_back_from, at: iso(row.created_at), text: row.document };
}

/** A document's JSON text (as JSON, or the raw text when it does not parse). */
export function parseDocument(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The file text a publish writes: two-space JSON and a final newline, as the repository's files are. */
export function documentText(json: unknown): string {
  return `${JSON.stringify(json, null, 2)}\n`;
}

/** Whether two document texts say the same (as JSON when both parse: key order and spacing do not count). */
function sameDocument(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  const [x, y] = [parseDocument(a), parseDocument(b)];
  return typeof x === 'string' || typeof y === 'string' ? a === b : isDeepStrictEqual(x, y);
}

/** Refuses a path editors may not write, saying which they may. */
export function editablePath(path: string): string {
  const trimmed = path.trim().replace(/^\/+/, '');
  if (!isEditableDocument(trimmed)) {
    throw new PlatformError('BadUserInput', `"${path}" is not a content file editors write: use layout.json, layout.<CC>.json (CC a country code such as SE), menu.json, more-casinos.json, banners.json, jackpot.json, rewards.json, promotions.json, shop.json, calendar.json, cashback.json, loyalty.json, missions.json, tournaments.json or legal/<terms-and-conditions|privacy-policy|bonus-terms-and-conditions>.json`, { field: 'path' });
  }
  return trimmed;
}

/** Writes a file so a reader sees the old content or the new, never half: a temporary file in the same folder, renamed over it. */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  // Not .json, so the store's folder fingerprint never counts it.
  const temporary = join(dirname(file), `.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Creates the console's content editing over the content folder and the database. */
export function createContentEditing(options: ContentEditingOptions) {
  const { db, content, contentDir, jobs, clock } = options;
  const fileOf = (brand: string, path: string) => join(contentDir, brand, path);
  const shownOf = (brand: string, path: string) => `content/${brand}/${path}`;
  let workers: Promise<void> | null = null;
  let previewKey: Promise<Uint8Array> | null = null;

  async function readText(brand: string, path: string): Promise<string | null> {
    return readFile(fileOf(brand, path), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
  }

  async function latest(tx: Queryable, brand: string, path: string): Promise<ContentVersion | null> {
    const { rows } = await tx.query<VersionRow>('select * from content_versions where brand = $1 and path = $2 order by number desc limit 1', [brand, path]);
    return rows[0] ? versionOf(rows[0]) : null;
  }

  /**
   * The latest version of a file, after recording what the file holds when it differs (a hand edit, a
   * git pull, a removal) as a version authored "file". Takes the file's lock for the transaction.
   */
  async function settle(tx: Queryable, brand: string, path: string): Promise<ContentVersion | null> {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`content:${brand}/${path}`]);
    const [known, text] = await Promise.all([latest(tx, brand, path), readText(brand, path)]);
    if (known ? sameDocument(known.text, text) : text === null) return known;
    const number = (known?.number ?? 0) + 1;
    await tx.query(
      `insert into content_versions (brand, path, number, document, author, note) values ($1, $2, $3, $4, $5, $6)`,
      [brand, path, number, text, FILE_AUTHOR, known ? 'Found in the file (edited outside the console)' : 'The file as the console first found it'],
    );
    return latest(tx, brand, path);
  }

  /** Refuses a write that did not start from the latest version, naming who published what since. */
  function checkBase(brand: string, path: string, baseVersion: number, current: ContentVersion | null): void {
    const number = current?.number ?? 0;
    if (baseVersion === number) return;
    const by = current ? `version ${number} by ${current.author === FILE_AUTHOR ? 'a hand edit of the file' : current.author} at ${current.at}${current.note ? ` ("${current.note}")` : ''}` : 'no version';
    throw new PlatformError(
      'ContentConflict',
      `${shownOf(brand, path)} has moved on since version ${baseVersion} you started from: the latest is ${by}. Reload it, compare (operatorContentDiff) and apply your change again; nothing was saved`,
      { path, baseVersion, latestVersion: number, latestAuthor: current?.author ?? null, latestAt: current?.at ?? null },
    );
  }

  /** Refuses a document the store would refuse, with its problems by field (extensions.issues). */
  async function checkDocument(brand: string, path: string, json: unknown): Promise<void> {
    const result = await content.validate(brand, path, json);
    if (result.ok) return;
    throw new PlatformError(
      'InvalidContent',
      `${shownOf(brand, path)}: ${result.issues.map((issue) => issue.message).join('; ')}. Nothing was saved: fix the fields named and save again`,
      { path, issues: result.issues },
    );
  }

  /**
   * Publishes json as the next version (base checked, version row, file), in tx. The caller has run
   * checkDocument first, outside the transaction: the store's checks read the catalogue through the
   * database, which the embedded PGlite's one connection cannot serve while the transaction holds it.
   */
  async function publishIn(tx: Queryable, brand: string, path: string, json: unknown, baseVersion: number, author: ContentAuthor, note: string | null, rolledBackFrom: number | null = null): Promise<PublishOutcome> {
    const current = await settle(tx, brand, path);
    checkBase(brand, path, baseVersion, current);
    const number = (current?.number ?? 0) + 1;
    const text = documentText(json);
    await tx.query(
      `insert into content_versions (brand, path, number, document, author_operator_id, author, note, rolled_back_from) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [brand, path, number, text, author.id, author.email, note, rolledBackFrom],
    );
    // The file last: were the commit to fail now, the file shows up as a hand edit, never lost.
    await writeFileAtomically(fileOf(brand, path), text);
    // The editor's draft became this version.
    await tx.query('delete from content_drafts where brand = $1 and path = $2 and operator_id = $3', [brand, path, author.id]);
    const version = (await latest(tx, brand, path)) as ContentVersion;
    return { version, before: { version: current?.number ?? 0, document: parseDocument(current?.text ?? null) }, after: { version: number, document: json } };
  }

  function scheduleView(row: ScheduleRow): ContentScheduleView {
    return { id: row.id, path: row.path, baseVersion: row.base_version, publishAt: iso(row.publish_at), status: row.status, operatorEmail: row.operator_email, note: row.note, version: row.version, failure: row.failure };
  }

  /** Runs a scheduled publish (the job's handler): once, and only if nothing moved its file since it was scheduled. */
  async function runSchedule(id: string): Promise<void> {
    const waiting = await db.query<ScheduleRow>(`select * from content_schedules where id = $1 and status = 'Scheduled'`, [id]);
    if (!waiting.rows[0]) return;
    // Checked again now (outside the transaction, see publishIn): a game or list it names may be gone.
    let invalid: string | null = null;
    await checkDocument(waiting.rows[0].brand, waiting.rows[0].path, JSON.parse(waiting.rows[0].document)).catch((error: unknown) => {
      if (!(error instanceof PlatformError)) throw error;
      invalid = error.message;
    });
    await db.transaction(async (tx) => {
      // Claimed under its row lock: a second run (a retry, another process) finds it no longer Scheduled.
      const { rows } = await tx.query<ScheduleRow>(`select * from content_schedules where id = $1 and status = 'Scheduled' for update`, [id]);
      const schedule = rows[0];
      if (!schedule) return;
      const author = { id: schedule.operator_id, email: schedule.operator_email };
      let outcome: PublishOutcome | null = null;
      let failure: string | null = invalid;
      const current = await settle(tx, schedule.brand, schedule.path);
      try {
        checkBase(schedule.brand, schedule.path, schedule.base_version, current);
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        failure = error.message;
      }
      if (!failure) outcome = await publishIn(tx, schedule.brand, schedule.path, JSON.parse(schedule.document), schedule.base_version, author, schedule.note);
      await tx.query(
        `update content_schedules set status = $2, version = $3, failure = $4, finished_at = now() where id = $1`,
        [id, outcome ? 'Published' : 'Failed', outcome?.version.number ?? null, failure],
      );
      await appendAudit(tx, {
        operatorId: author.id,
        operatorEmail: author.email,
        brand: schedule.brand,
        action: outcome ? 'content.publishScheduled' : 'content.scheduleFailed',
        target: `${schedule.path}#${id}`,
        before: outcome?.before ?? { version: current?.number ?? 0 },
        after: outcome?.after ?? { failure },
      });
    });
  }

  /** Registers this process's worker for scheduled publishes (pg-boss starts on first need, not with every platform). */
  function ensureWorkers(): Promise<void> {
    workers ??= jobs.handle<{ id: string }>(CONTENT_PUBLISH_JOB, ({ id }) => runSchedule(id));
    workers.catch((error: unknown) => {
      workers = null;
      console.error(`[platform] scheduled content publishes cannot run in this process: ${(error as Error).message}`);
    });
    return workers;
  }

  /** Arms a schedule's one-off job in this process (its worker first); the same id while it waits is one job. */
  async function armSchedule(schedule: Pick<ContentScheduleView, 'id' | 'publishAt'>): Promise<void> {
    await ensureWorkers();
    await jobs.at(CONTENT_PUBLISH_JOB, schedule.id, new Date(schedule.publishAt), { id: schedule.id }, { retryLimit: 3 });
  }

  /**
   * Waiting schedules get this process's worker and their job (re-armed: a no-op while the job
   * waits); due ones are published now, so a job lost with its process costs one interval at most.
   * pg-boss starts only when a schedule waits.
   */
  async function sweepSchedules(): Promise<void> {
    const { rows } = await db.query<{ id: string; publish_at: Date | string }>(`select id, publish_at from content_schedules where status = 'Scheduled' order by publish_at limit 500`);
    const now = clock().getTime();
    for (const row of rows) {
      const publishAt = iso(row.publish_at);
      // One schedule that cannot run now (its job retries it) does not hold the others back.
      await (new Date(publishAt).getTime() <= now ? runSchedule(row.id) : armSchedule({ id: row.id, publishAt })).catch((error: unknown) => {
        console.error(`[platform] scheduled content publish ${row.id}: ${(error as Error).message}`);
      });
    }
  }

  /** The HS256 key of preview tokens, made once per database (platform_secrets) so every process accepts them. */
  function previewSecret(): Promise<Uint8Array> {
    previewKey ??= (async () => {
      await db.query(`insert into platform_secrets (name, value) values ('content-preview-key', $1) on conflict (name) do nothing`, [JSON.stringify(randomBytes(32).toString('base64url'))]);
      const { rows } = await db.query<{ value: unknown }>(`select value from platform_secrets where name = 'content-preview-key'`);
      const value = rows[0]?.value;
      const text = typeof value === 'string' && value.startsWith('"') ? (JSON.parse(value) as string) : String(value);
      return new TextEncoder().encode(text);
    })();
    previewKey.catch(() => {
      previewKey = null;
    });
    return previewKey;
  }

  return {
    /** The documents of a brand: every editable file in its folder and every one with versions, each settled. */
    async list(tx: Queryable, brand: string): Promise<ContentDocumentView[]> {
      const names = async (folder: string, prefix: string) => (await readdir(join(contentDir, brand, folder)).catch(() => [] as string[])).map((name) => `${prefix}${name}`);
      const found = [...(await names('', '')), ...(await names(LEGAL_FOLDER, `${LEGAL_FOLDER}/`))].filter(isEditableDocument);
      const { rows } = await tx.query<{ path: string }>('select distinct path from content_versions where brand = $1', [brand]);
      const paths = [...new Set([...found, ...rows.map((row) => row.path)])].sort();
      const views: ContentDocumentView[] = [];
      for (const path of paths) views.push(await this.read(tx, brand, path));
      return views;
    },

    /** One document: its latest version (a hand edit recorded first) and the store's problems with it. */
    async read(tx: Queryable, brand: string, path: string): Promise<ContentDocumentView> {
      const current = await settle(tx, brand, path);
      const document = parseDocument(current?.text ?? null);
      return { path, version: current?.number ?? 0, document, author: current?.author ?? null, publishedAt: current?.at ?? null };
    },

    /** What the store's checks find in a read document (outside the transaction, see publishIn). */
    async problems(brand: string, view: Pick<ContentDocumentView, 'path' | 'document'>): Promise<ContentIssue[]> {
      if (view.document === null) return [];
      if (typeof view.document === 'string') return [{ path: null, message: `${shownOf(brand, view.path)} is not valid JSON` }];
      return (await content.validate(brand, view.path, view.document)).issues;
    },

    /** Refuses a document the store would refuse (InvalidContent with extensions.issues); call it before the write's transaction. */
    check: checkDocument,

    /** The operator's draft of a document, or null. */
    async draft(tx: Queryable, brand: string, path: string, operatorId: string): Promise<ContentDraftView | null> {
      const { rows } = await tx.query<{ document: string; base_version: number; saved_at: Date | string }>('select document, base_version, saved_at from content_drafts where brand = $1 and path = $2 and operator_id = $3', [brand, path, operatorId]);
      const row = rows[0];
      return row ? { path, baseVersion: row.base_version, document: parseDocument(row.document), savedAt: iso(row.saved_at), operatorId } : null;
    },

    /** Saves an operator's draft (checked with check() first): refused, nothing saved, when its base is not the latest version. */
    async saveDraft(tx: Queryable, brand: string, path: string, json: unknown, baseVersion: number, author: ContentAuthor): Promise<{ draft: ContentDraftView; before: ContentDraftView | null }> {
      checkBase(brand, path, baseVersion, await settle(tx, brand, path));
      const before = await this.draft(tx, brand, path, author.id);
      await tx.query(
        `insert into content_drafts (brand, path, operator_id, document, base_version, saved_at) values ($1, $2, $3, $4, $5, now())
         on conflict (brand, path, operator_id) do update set document = excluded.document, base_version = excluded.base_version, saved_at = now()`,
        [brand, path, author.id, documentText(json), baseVersion],
      );
      return { draft: (await this.draft(tx, brand, path, author.id)) as ContentDraftView, before };
    },

    /** Removes an operator's draft of a document; the removed draft, or null when they had none. Their preview tokens then show the published document. */
    async discardDraft(tx: Queryable, brand: string, path: string, operatorId: string): Promise<ContentDraftView | null> {
      const before = await this.draft(tx, brand, path, operatorId);
      if (before) await tx.query('delete from content_drafts where brand = $1 and path = $2 and operator_id = $3', [brand, path, operatorId]);
      return before;
    },

    /** Publishes a document now as the next version (base checked, the store's checks applied, the file written). */
    publish: publishIn,

    /** Publishes an earlier version's document again as a new version (base checked as for a publish). */
    async rollback(tx: Queryable, brand: string, path: string, toVersion: number, baseVersion: number, author: ContentAuthor, note: string | null): Promise<PublishOutcome> {
      const { rows } = await tx.query<VersionRow>('select * from content_versions where brand = $1 and path = $2 and number = $3', [brand, path, toVersion]);
      const target = rows[0];
      if (!target) throw new PlatformError('NotFound', `${shownOf(brand, path)} has no version ${toVersion}: pick one from operatorContentVersions`, { field: 'toVersion' });
      if (target.document === null) throw new PlatformError('BadUserInput', `Version ${toVersion} of ${shownOf(brand, path)} is the file's removal; roll back to a version with content`, { field: 'toVersion' });
      return publishIn(tx, brand, path, JSON.parse(target.document), baseVersion, author, note ?? `Rolled back to version ${toVersion}`, toVersion);
    },

    /** A stored version's document as JSON (no settling, no lock), or undefined when there is no such version: for checking a rollback before its transaction. */
    async storedDocument(brand: string, path: string, number: number): Promise<unknown> {
      const { rows } = await db.query<{ document: string | null }>('select document from content_versions where brand = $1 and path = $2 and number = $3', [brand, path, number]);
      return rows[0] ? parseDocument(rows[0].document) : undefined;
    },

    /** The versions of a document, newest first (a hand edit recorded first). */
    async versions(tx: Queryable, brand: string, path: string): Promise<ContentVersion[]> {
      await settle(tx, brand, path);
      const { rows } = await tx.query<VersionRow>('select * from content_versions where brand = $1 and path = $2 order by number desc', [brand, path]);
      return rows.map(versionOf);
    },

    /** One version, or NotFound. */
    async version(tx: Queryable, brand: string, path: string, number: number): Promise<ContentVersion> {
      await settle(tx, brand, path);
      const { rows } = await tx.query<VersionRow>('select * from content_versions where brand = $1 and path = $2 and number = $3', [brand, path, number]);
      if (!rows[0]) throw new PlatformError('NotFound', `${shownOf(brand, path)} has no version ${number}: pick one from operatorContentVersions`);
      return versionOf(rows[0]);
    },

    /** A line diff between two versions (of the JSON as published): a unified patch and the changed parts. */
    async diff(tx: Queryable, brand: string, path: string, from: number, to: number) {
      const [a, b] = [await this.version(tx, brand, path, from), await this.version(tx, brand, path, to)];
      // Both as the console writes JSON, so a hand edit's spacing is not shown as a change.
      const normal = (text: string | null) => (text === null ? '' : typeof parseDocument(text) === 'string' ? text : documentText(parseDocument(text)));
      const [left, right] = [normal(a.text), normal(b.text)];
      return {
        path,
        from,
        to,
        unified: createTwoFilesPatch(`${path} (version ${from})`, `${path} (version ${to})`, left, right, a.at, b.at),
        parts: diffLines(left, right).map((part) => ({ added: part.added, removed: part.removed, count: part.count, value: part.value })),
      };
    },

    /** Schedules a publish at a time (checked with check() first, and again when it runs); the caller arms its job after the commit (arm). */
    async schedule(tx: Queryable, brand: string, path: string, json: unknown, baseVersion: number, at: Date, author: ContentAuthor, note: string | null): Promise<ContentScheduleView> {
      if (at.getTime() <= clock().getTime()) throw new PlatformError('BadUserInput', `publishAt ${at.toISOString()} has passed: give a time in the future, or publish now (operatorPublishContent)`, { field: 'publishAt' });
      checkBase(brand, path, baseVersion, await settle(tx, brand, path));
      const id = randomUUID();
      const { rows } = await tx.query<ScheduleRow>(
        `insert into content_schedules (id, brand, path, document, base_version, note, operator_id, operator_email, publish_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
        [id, brand, path, documentText(json), baseVersion, note, author.id, author.email, at],
      );
      return scheduleView(rows[0] as ScheduleRow);
    },

    /** Arms a committed schedule's one-off job (once across processes: its key is the schedule's id). */
    arm: armSchedule,

    /** Cancels a waiting scheduled publish; NotFound when it is not waiting. */
    async cancel(tx: Queryable, brand: string, id: string): Promise<ContentScheduleView> {
      const { rows } = await tx.query<ScheduleRow>(`update content_schedules set status = 'Cancelled', finished_at = now() where id = $1 and brand = $2 and status = 'Scheduled' returning *`, [id, brand]);
      if (!rows[0]) throw new PlatformError('NotFound', `No waiting scheduled publish "${id}" on brand ${brand} (it ran, failed or was cancelled already: see operatorContentSchedules)`);
      return scheduleView(rows[0]);
    },

    /** The brand's scheduled publishes, of one document or all, newest first. */
    async schedules(tx: Queryable, brand: string, path: string | null): Promise<ContentScheduleView[]> {
      const { rows } = await tx.query<ScheduleRow>('select * from content_schedules where brand = $1 and ($2::text is null or path = $2) order by publish_at desc limit 100', [brand, path]);
      return rows.map(scheduleView);
    },

    /**
     * Re-arms every waiting schedule now (a process started later runs them too) and registers the
     * sweep (every intervalMs; 0: none): a schedule made after this process started, by a process
     * that then stopped, still gets a worker and its job here, and one already due is published by
     * the sweep itself. Both paths claim the schedule's row, so it publishes once.
     */
    async start(intervalMs = 5000): Promise<void> {
      await sweepSchedules();
      if (intervalMs > 0) jobs.every(CONTENT_SCHEDULES_SWEEP_JOB, intervalMs, sweepSchedules, { leaseMs: Math.max(30_000, 4 * intervalMs) });
    },

    /** The sweep's one run (tests call it to avoid waiting). */
    sweepSchedules,

    /** Runs a scheduled publish now (the job's handler; tests call it directly). */
    runSchedule,

    /** A short-lived token that lets the lobby's server render the operator's draft of a document instead of the published one. */
    async previewToken(brand: string, path: string, operatorId: string): Promise<{ token: string; expiresAt: string }> {
      const expires = Math.floor(clock().getTime() / 1000) + PREVIEW_TOKEN_SECONDS;
      const token = await new SignJWT({ brand, path })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(operatorId)
        .setAudience('atrium-content-preview')
        .setIssuedAt()
        .setExpirationTime(expires)
        .sign(await previewSecret());
      return { token, expiresAt: new Date(expires * 1000).toISOString() };
    },

    /** What a preview token grants, or null when it is not one (forged, expired or for another brand). */
    async previewGrant(token: string, brand: string): Promise<PreviewGrant | null> {
      try {
        const { payload } = await jwtVerify(token, await previewSecret(), { audience: 'atrium-content-preview', algorithms: ['HS256'], currentDate: clock() });
        if (payload.brand !== brand || typeof payload.path !== 'string' || typeof payload.sub !== 'string') return null;
        return { brand, path: payload.path, operatorId: payload.sub };
      } catch {
        return null;
      }
    },

    /** The draft a preview grant shows (the operator's latest draft), or null when they have none. */
    async previewDocument(grant: PreviewGrant): Promise<unknown> {
      const draft = await this.draft(db, grant.brand, grant.path, grant.operatorId);
      return draft?.document ?? null;
    },
  };
}

/** The console's content editing (services.contentEditing). */
export type ContentEditing = ReturnType<typeof createContentEditing>;
