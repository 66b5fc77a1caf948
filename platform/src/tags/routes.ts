/**
 * The sandbox analytics and marketing tags: stand-ins for Google Tag Manager, the Google tag
 * (GA4 and Universal Analytics), Adform's tracking point and FullStory's recorder, served at a
 * local origin (the lobby proxies /platform/ to the platform) so the lobby's consented tags run
 * end to end with no internet. Each script behaves like the real one towards the page (a data
 * layer it reads and follows, `_adftrack`, `FS`) and sends its hits, shaped like the real
 * protocol's, to the collector here, which stores them. An operator switches the lobby to the real
 * tags with ANALYTICS_TAGS=real; nothing else changes.
 *
 *   GET  /platform/tags/gtm.js?id=GTM-…                       the container
 *   GET  /platform/tags/gtag/js?id=G-…|UA-…                   the Google tag
 *   GET  /platform/tags/adform/trackpoint-async.js            Adform's tracking point
 *   GET  /platform/tags/fullstory/fs.js                       FullStory's recorder
 *   POST /platform/tags/gtm/collect                           a container hit (JSON)
 *   GET|POST /platform/tags/g/collect?v=2&tid=&en=…           a GA4 hit (measurement protocol query)
 *   GET|POST /platform/tags/collect?v=1&tid=&t=…              a Universal Analytics hit
 *   GET  /platform/tags/adform/Serving/TrackPoint/?pm=…       an Adform pixel (answers a 1×1 GIF)
 *   POST /platform/tags/fullstory/rec/page                    a FullStory bundle (JSON)
 *   GET  /platform/tags/hits.json?brand=&tag=&limit=          what was received, newest first (sandbox key)
 *   GET  /platform/tags/?brand=&tag=                          the same as a page (sandbox key)
 *
 * Hits are filed under the brand the lobby names (X-Brand; 'unknown' for any other), their page
 * addresses scrubbed of tokens (shared/error-scrub.ts), bounded in size, and the newest
 * MAX_HITS_PER_BRAND per brand are kept. Only in sandbox mode (404 otherwise).
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { scrubText, scrubUrl } from '../../../shared/error-scrub.ts';
import type { BrandRegistry } from '../brands/brands.ts';
import type { Db } from '../db/db.ts';
import { readBodyBytes } from '../web/body.ts';
import { escapeHtml, page, sendHtml } from '../web/html.ts';
import { sendJson } from '../web/json.ts';
import { SANDBOX_KEY_HEADER, SANDBOX_KEY_PATH, type SandboxGate } from '../sandbox/gate.ts';

/** Where the stand-ins and their collector live. */
export const TAGS_PREFIX = '/platform/tags/';
/** The stored hits, as JSON. */
export const TAG_HITS_JSON = `${TAGS_PREFIX}hits.json`;
/** Rows kept per brand. */
export const MAX_HITS_PER_BRAND = 2000;
/** The tags the collector files hits under. */
export const TAG_KINDS = ['gtm', 'ga4', 'ua', 'adform', 'fullstory'] as const;
export type TagKind = (typeof TAG_KINDS)[number];

const MAX_BODY_BYTES = 16 * 1024;
const MAX_PARAMS = 60;
const MAX_VALUE = 500;
const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const CONTAINER_ID = /^GTM-[A-Z0-9]{1,20}$/;
const GOOGLE_TAG_ID = /^(G|UA|AW|DC)-[A-Z0-9-]{1,30}$/;

const source = (name: string) => readFileSync(new URL(`./${name}.client.js`, import.meta.url), 'utf8');
const SCRIPTS = { gtm: source('gtm'), gtag: source('gtag'), adform: source('adform'), fullstory: source('fullstory') };

/** One stored hit as the JSON view gives it. */
export interface TagHit {
  receivedAt: string;
  brand: string;
  tag: TagKind;
  tagId: string;
  event: string;
  page: string | null;
  params: Record<string, unknown>;
}

interface NewHit {
  tag: TagKind;
  tagId: string;
  event: string;
  page: string | null;
  params: Record<string, unknown>;
}

/** A hit's parameters, bounded: at most MAX_PARAMS keys of at most 100 characters, values flattened to short text. */
function boundedParams(input: Iterable<[string, unknown]>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  let count = 0;
  for (const [key, value] of input) {
    if (count >= MAX_PARAMS) break;
    if (value === undefined || value === null) continue;
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    params[key.slice(0, 100)] = scrubText(text.slice(0, MAX_VALUE));
    count += 1;
  }
  return params;
}

const short = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : fallback);
const pageOf = (value: unknown) => (typeof value === 'string' && value ? scrubUrl(value).slice(0, 2000) : null);

/** Reads a JSON object body; null when it is not one. */
async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const body = (await readBodyBytes(req, MAX_BODY_BYTES)).toString('utf8');
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A measurement-protocol hit's fields: the query, and for a POST also the body's first line (GA4 batches one hit per line). */
async function measurementFields(req: IncomingMessage, url: URL): Promise<URLSearchParams> {
  const fields = new URLSearchParams(url.searchParams);
  if (req.method === 'POST') {
    const line = (await readBodyBytes(req, MAX_BODY_BYTES)).toString('utf8').split('\n')[0]?.trim();
    if (line) for (const [key, value] of new URLSearchParams(line)) if (!fields.has(key)) fields.set(key, value);
  }
  return fields;
}

/** Creates the handler; answers false for paths that are not its own. */
export function createTagRoutes(options: { db: Db; sandbox: SandboxGate; brands: BrandRegistry }) {
  const { db, sandbox, brands } = options;

  async function store(brand: string, hit: NewHit): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.query(
        'insert into tag_hits (brand, tag, tag_id, event, page, params) values ($1, $2, $3, $4, $5, $6)',
        [brand, hit.tag, hit.tagId, hit.event, hit.page, JSON.stringify(hit.params)],
      );
      await tx.query(
        'delete from tag_hits where brand = $1 and id <= (select id from tag_hits where brand = $1 order by id desc offset $2 limit 1)',
        [brand, MAX_HITS_PER_BRAND],
      );
    });
  }

  /** The hit a collect request carries, or a message saying what it lacks. */
  async function readHit(req: IncomingMessage, path: string, url: URL): Promise<NewHit | string> {
    if (path === `${TAGS_PREFIX}gtm/collect` || path === `${TAGS_PREFIX}fullstory/rec/page`) {
      if (req.method !== 'POST') return 'Post the hit as JSON';
      const body = await jsonBody(req);
      if (!body) return 'The body is not a JSON object';
      if (path.endsWith('gtm/collect')) {
        const params = body.params && typeof body.params === 'object' ? Object.entries(body.params as Record<string, unknown>) : [];
        const consent = body.consent && typeof body.consent === 'object' ? Object.entries(body.consent as Record<string, unknown>).map(([key, value]) => [`consent.${key}`, value] as [string, unknown]) : [];
        return { tag: 'gtm', tagId: short(body.id, 'unknown'), event: short(body.event, 'unknown'), page: pageOf(body.page), params: boundedParams([...params, ...consent, ['title', body.title]]) };
      }
      const { orgId, kind, name, page: pageUrl, properties, sessionId, title, viewport } = body;
      const event = kind === 'event' ? short(name, 'event') : short(kind, 'page');
      const props = properties && typeof properties === 'object' ? Object.entries(properties as Record<string, unknown>) : [];
      return { tag: 'fullstory', tagId: short(orgId, 'unknown'), event, page: pageOf(pageUrl), params: boundedParams([['sessionId', sessionId], ['title', title], ['viewport', viewport], ...props]) };
    }
    if (path === `${TAGS_PREFIX}g/collect` || path === `${TAGS_PREFIX}collect`) {
      const fields = await measurementFields(req, url);
      const tagId = fields.get('tid');
      if (!tagId) return 'A measurement hit needs tid (the measurement id)';
      const rest = [...fields].filter(([key]) => !['tid', 'dl', 'v', 'en', 't', 'ea'].includes(key));
      if (path.endsWith('g/collect')) {
        return { tag: 'ga4', tagId: tagId.slice(0, 100), event: short(fields.get('en'), 'unknown'), page: pageOf(fields.get('dl')), params: boundedParams(rest) };
      }
      const type = fields.get('t') ?? 'unknown';
      const event = type === 'pageview' ? 'page_view' : short(fields.get('ea'), type);
      return { tag: 'ua', tagId: tagId.slice(0, 100), event, page: pageOf(fields.get('dl')), params: boundedParams([['t', type], ...rest]) };
    }
    if (path === `${TAGS_PREFIX}adform/Serving/TrackPoint/`) {
      const pm = url.searchParams.get('pm');
      if (!pm) return 'An Adform tracking point needs pm (the tracking id)';
      const rest = [...url.searchParams].filter(([key]) => !['pm', 'loc', 'rnd'].includes(key));
      return { tag: 'adform', tagId: pm.slice(0, 100), event: 'trackpoint', page: pageOf(url.searchParams.get('loc')), params: boundedParams(rest) };
    }
    return `Nothing at ${path}`;
  }

  function script(res: ServerResponse, text: string): void {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=300' }).end(text);
  }

  /** The stand-in scripts, with the collector's address (and the container id) put in. */
  function serveScript(res: ServerResponse, path: string, url: URL): boolean {
    const id = url.searchParams.get('id') ?? '';
    const withCollect = (text: string) => text.replaceAll('COLLECT', () => JSON.stringify(TAGS_PREFIX));
    if (path === `${TAGS_PREFIX}gtm.js`) {
      if (!CONTAINER_ID.test(id)) sendJson(res, 400, { error: `"${id.slice(0, 40)}" is not a container id: use ?id=GTM-XXXXXXX` });
      else script(res, withCollect(SCRIPTS.gtm).replaceAll('CONTAINER', () => JSON.stringify(id)));
      return true;
    }
    if (path === `${TAGS_PREFIX}gtag/js`) {
      if (!GOOGLE_TAG_ID.test(id)) sendJson(res, 400, { error: `"${id.slice(0, 40)}" is not a Google tag id: use ?id=G-XXXXXXX (GA4) or ?id=UA-XXXXX-Y` });
      else script(res, withCollect(SCRIPTS.gtag));
      return true;
    }
    if (path === `${TAGS_PREFIX}adform/trackpoint-async.js`) {
      script(res, withCollect(SCRIPTS.adform));
      return true;
    }
    if (path === `${TAGS_PREFIX}fullstory/fs.js`) {
      script(res, withCollect(SCRIPTS.fullstory));
      return true;
    }
    return false;
  }

  async function list(url: URL): Promise<TagHit[]> {
    const brand = url.searchParams.get('brand') || null;
    const tag = url.searchParams.get('tag') || null;
    const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 200) || 200, 1), MAX_HITS_PER_BRAND);
    const { rows } = await db.query<{ received_at: string; brand: string; tag: TagKind; tag_id: string; event: string; page: string | null; params: Record<string, unknown> | string }>(
      `select received_at::text, brand, tag, tag_id, event, page, params from tag_hits
        where ($1::text is null or brand = $1) and ($2::text is null or tag = $2) order by id desc limit $3`,
      [brand, tag, limit],
    );
    return rows.map((row) => ({
      receivedAt: new Date(row.received_at).toISOString(),
      brand: row.brand,
      tag: row.tag,
      tagId: row.tag_id,
      event: row.event,
      page: row.page,
      params: typeof row.params === 'string' ? (JSON.parse(row.params) as Record<string, unknown>) : row.params,
    }));
  }

  function hitsPage(hits: TagHit[], url: URL): string {
    const brand = url.searchParams.get('brand');
    const rows = hits.map((hit) => `<tr><td>${escapeHtml(hit.receivedAt.replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(hit.brand)}</td><td>${escapeHtml(hit.tag)} <span class="code">${escapeHtml(hit.tagId)}</span></td><td>${escapeHtml(hit.event)}</td><td>${escapeHtml(hit.page ?? '')}</td><td><code>${escapeHtml(JSON.stringify(hit.params))}</code></td></tr>`);
    const body = hits.length === 0
      ? `<p>No hits yet${brand ? ` for ${escapeHtml(brand)}` : ''}. A visitor who allows analytics or marketing cookies on a brand with tracking options sends them.</p>`
      : `<table><caption class="visually-hidden">Tag hits, newest first</caption><thead><tr><th scope="col">Received (UTC)</th><th scope="col">Brand</th><th scope="col">Tag</th><th scope="col">Event</th><th scope="col">Page</th><th scope="col">Parameters</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
    return page({ title: 'Sandbox tag hits', body: `<p>The newest ${hits.length} hits the sandbox tags received${brand ? ` for ${escapeHtml(brand)}` : ''}. As JSON: <a href="${TAG_HITS_JSON}${url.search}">${TAG_HITS_JSON}</a>.</p>${body}` });
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    if (!path.startsWith(TAGS_PREFIX) && path !== TAGS_PREFIX.slice(0, -1)) return false;
    const url = new URL(req.url ?? '/', 'http://platform');
    if (req.method === 'GET' && serveScript(res, path, url)) return true;
    if (path === TAG_HITS_JSON || path === TAGS_PREFIX || path === TAGS_PREFIX.slice(0, -1)) {
      if (!sandbox.allows(req)) {
        sendJson(res, 403, { error: `The tag hits need the sandbox operator key: open the link \`npm start\` prints (${SANDBOX_KEY_PATH}?key=…), or send it in the ${SANDBOX_KEY_HEADER} header.` });
        return true;
      }
      const hits = await list(url);
      if (path === TAG_HITS_JSON) sendJson(res, 200, { hits });
      else sendHtml(res, 200, hitsPage(hits, url));
      return true;
    }
    if (req.method !== 'GET' && req.method !== 'POST') {
      sendJson(res, 405, { error: 'Send hits with GET or POST' }, { allow: 'GET, POST' });
      return true;
    }
    const hit = await readHit(req, path, url);
    if (typeof hit === 'string') {
      sendJson(res, hit.startsWith('Nothing at') ? 404 : 400, { error: hit });
      return true;
    }
    const brandHeader = req.headers['x-brand'];
    // A brand the platform knows, or 'unknown': an invented one must not get rows of its own.
    await store(typeof brandHeader === 'string' && brands.get(brandHeader) ? brandHeader : 'unknown', hit);
    if (hit.tag === 'adform') res.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' }).end(TRANSPARENT_GIF);
    else res.writeHead(204, { 'cache-control': 'no-store' }).end();
    return true;
  };
}
