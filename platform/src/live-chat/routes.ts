/**
 * The sandbox live chat: a stand-in for the messaging widget operators embed (Zendesk's), so the
 * lobby's chat button, its script loading and its signed-in identity work end to end here. An
 * operator points the lobby's LIVE_CHAT_SCRIPT_URL at their provider's script instead.
 *
 *   GET  /platform/live-chat/widget.js?locale=        the widget script (the `zE` command API)
 *   GET  /platform/live-chat/frame?locale=            the conversation, framed by the widget's panel
 *   POST /platform/live-chat/frame/messages?locale=   a visitor's message (form: body); the sandbox agent answers
 *   POST /platform/live-chat/frame/login?locale=      signs the conversation in (form: jwt, from generateZendeskToken)
 *   POST /platform/live-chat/frame/logout?locale=     starts a guest conversation
 *   POST /platform/live-chat/frame/forget?locale=     forgets the conversation (its cookie), when consent is taken back
 *   GET  /platform/live-chat/conversations.json       the conversations with their messages (sandbox key)
 *
 * The frame's pages run no script (a form and a redirect back); a conversation is found by an
 * HttpOnly cookie on the lobby's origin (the platform is reached through the lobby's proxy). The
 * JWT is checked with the same HS256 secret and key id generateZendeskToken signs with. A player's
 * conversation is shown only while that player's session is live in the browser (the lobby's token
 * cookie ride along on the frame's requests): once they sign out, the next person at the device
 * starts as a guest.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jwtVerify } from 'jose';
import type { PlatformSecrets } from '../auth/secrets.ts';
import type { AuthService } from '../auth/sessions.ts';
import type { BrandRegistry } from '../brands/brands.ts';
import type { Db } from '../db/db.ts';
import { brandPageLocale, type PageLocale } from '../i18n/page-texts.ts';
import { brandTheme, escapeHtml, page, readForm, sendHtml } from '../web/html.ts';
import { sendJson } from '../web/json.ts';
import { cookieValue, type SandboxGate } from '../sandbox/gate.ts';

/** Where the widget and its frame live. */
export const LIVE_CHAT_PREFIX = '/platform/live-chat/';
const FRAME_PATH = `${LIVE_CHAT_PREFIX}frame`;
const COOKIE = 'atrium_chat';
/** A message's longest text, in characters. */
export const MAX_CHAT_MESSAGE = 1000;
const WIDGET_SOURCE = readFileSync(new URL('./widget.client.js', import.meta.url), 'utf8');
/** Messages a conversation shows (the newest). */
const SHOWN_MESSAGES = 50;

interface Conversation {
  id: string;
  player_id: string | null;
  player_name: string | null;
}

/** Whether the browser reached the lobby over https (the lobby says so in X-Forwarded-Proto). */
function isSecure(req: IncomingMessage): boolean {
  return req.headers['x-forwarded-proto'] === 'https';
}

/** Creates the handler; answers false for paths that are not its own. */
export function createLiveChatRoutes(options: { db: Db; brands: BrandRegistry; secrets: PlatformSecrets; auth: AuthService; sandbox: SandboxGate; brandsDir: string }) {
  const { db, brands, secrets, auth, sandbox } = options;

  /** The player whose session the browser holds (the lobby's access-token cookies), or null. */
  const sessionPlayer = async (req: IncomingMessage, brand: string): Promise<string | null> => {
    const token = cookieValue(req.headers.cookie, 'accessToken') ?? cookieValue(req.headers.cookie, 'keycloakAccessToken');
    if (!token) return null;
    try {
      return (await auth.authenticate(decodeURIComponent(token), brand)).playerId;
    } catch {
      return null;
    }
  };

  const brandOf = (req: IncomingMessage, url: URL) => {
    const header = req.headers['x-brand'];
    return brands.get(typeof header === 'string' ? header : (url.searchParams.get('brand') ?? ''));
  };

  async function conversation(req: IncomingMessage, res: ServerResponse, brand: string, create: boolean): Promise<Conversation | null> {
    const id = cookieValue(req.headers.cookie, COOKIE);
    if (id && /^[\w-]{16,64}$/.test(id)) {
      const { rows } = await db.query<Conversation>('select id, player_id, player_name from chat_conversations where id = $1 and brand = $2', [id, brand]);
      // A player's conversation only with that player's session: after a sign-out it is not shown.
      if (rows[0] && (!rows[0].player_id || (await sessionPlayer(req, brand)) === rows[0].player_id)) return rows[0];
    }
    if (!create) return null;
    return startConversation(res, brand, null, null, isSecure(req));
  }

  async function startConversation(res: ServerResponse, brand: string, playerId: string | null, playerName: string | null, secure = false): Promise<Conversation> {
    const id = randomBytes(18).toString('base64url');
    await db.query('insert into chat_conversations (id, brand, player_id, player_name) values ($1, $2, $3, $4)', [id, brand, playerId, playerName]);
    res.setHeader('set-cookie', `${COOKIE}=${id}; Path=${LIVE_CHAT_PREFIX}; HttpOnly; SameSite=Lax; Max-Age=2592000${secure ? '; Secure' : ''}`);
    return { id, player_id: playerId, player_name: playerName };
  }

  async function showFrame(req: IncomingMessage, res: ServerResponse, brandId: string, brandTitle: string, texts: PageLocale, problem: string | null): Promise<void> {
    const current = await conversation(req, res, brandId, false);
    const { rows } = current
      ? await db.query<{ author: 'visitor' | 'agent'; body: string; created_at: string }>(
          `select author, body, created_at::text from (select * from chat_messages where conversation_id = $1 order by id desc limit ${SHOWN_MESSAGES}) newest order by id`,
          [current.id],
        )
      : { rows: [] };
    const time = new Intl.DateTimeFormat(texts.tag, { hour: '2-digit', minute: '2-digit' });
    const messages = rows.length
      ? `<ol class="chat" aria-live="polite">${rows
          .map((row) => `<li class="chat__message chat__message--${row.author}"><span class="chat__author">${escapeHtml(texts.t(row.author === 'agent' ? 'chat.agent' : 'chat.you'))} · <time datetime="${escapeHtml(new Date(row.created_at).toISOString())}">${escapeHtml(time.format(new Date(row.created_at)))}</time></span><p>${escapeHtml(row.body)}</p></li>`)
          .join('')}</ol>`
      : `<p class="chat__empty">${escapeHtml(texts.t('chat.empty'))}</p>`;
    const who = current?.player_name ? texts.t('chat.signedInAs', { name: current.player_name }) : texts.t('chat.guest');
    const query = `?locale=${encodeURIComponent(texts.locale)}`;
    const body = `<style>
main{padding:1rem;box-shadow:none;max-width:none;border-radius:0}body{padding:0;min-height:auto}h1{font-size:1.1rem;margin-bottom:.5rem}
.chat{list-style:none;margin:0 0 1rem;padding:0;display:grid;gap:.5rem}.chat__message{padding:.5rem .75rem;border-radius:var(--radius);background:var(--bg)}
.chat__message--visitor{margin-left:2rem}.chat__message--agent{margin-right:2rem;border:2px solid var(--muted)}.chat__message p{margin:.25rem 0 0;white-space:pre-wrap;overflow-wrap:anywhere}
.chat__author{font-size:.85rem;color:var(--muted)}.who{color:var(--muted);font-size:.9rem;margin:0 0 1rem}textarea{width:100%;min-height:5rem;padding:.6rem;font:inherit;color:inherit;background:transparent;border:2px solid var(--muted);border-radius:calc(var(--radius)/2)}
textarea:focus-visible{outline:3px solid var(--primary);outline-offset:2px}button{margin-top:.75rem}
</style>
<p class="who" data-testid="chat-identity">${escapeHtml(who)}</p>
${problem ? `<p class="field-error" role="alert">${escapeHtml(problem)}</p>` : ''}
${messages}
<form method="post" action="${FRAME_PATH}/messages${query}">
<label for="chat-message">${escapeHtml(texts.t('chat.message'))}</label>
<textarea id="chat-message" name="body" maxlength="${MAX_CHAT_MESSAGE}" required${rows.length ? ' autofocus' : ''}></textarea>
<button type="submit">${escapeHtml(texts.t('chat.send'))}</button>
</form>`;
    sendHtml(res, problem ? 400 : 200, page({ title: texts.t('chat.title'), heading: texts.t('chat.heading', { brand: brandTitle }), theme: brandTheme(options.brandsDir, brandId), lang: texts.tag, body }));
  }

  async function login(req: IncomingMessage, res: ServerResponse, brandId: string): Promise<boolean> {
    const jwt = (await readForm(req)).get('jwt') ?? '';
    try {
      const { payload, protectedHeader } = await jwtVerify(jwt, secrets.zendeskSecret, { algorithms: ['HS256'], maxTokenAge: '10m' });
      if (protectedHeader.kid !== secrets.zendeskKeyId || typeof payload.external_id !== 'string') return false;
      const name = typeof payload.name === 'string' ? payload.name.slice(0, 100) : null;
      // The player's own conversation from now on: a guest's earlier one stays a guest's.
      const current = await conversation(req, res, brandId, false);
      if (current?.player_id === payload.external_id) return true;
      await startConversation(res, brandId, payload.external_id, name, isSecure(req));
      return true;
    } catch {
      return false;
    }
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    if (!path.startsWith(LIVE_CHAT_PREFIX)) return false;
    const url = new URL(req.url ?? '/', 'http://platform');
    if (path === `${LIVE_CHAT_PREFIX}conversations.json`) {
      if (!sandbox.allows(req)) {
        sendJson(res, 403, { error: 'The conversations need the sandbox operator key' });
        return true;
      }
      const { rows } = await db.query<{ id: string; brand: string; player_id: string | null; player_name: string | null; messages: { author: string; body: string }[] | string }>(
        `select c.id, c.brand, c.player_id, c.player_name,
                coalesce((select json_agg(json_build_object('author', m.author, 'body', m.body) order by m.id) from chat_messages m where m.conversation_id = c.id), '[]') as messages
           from chat_conversations c where ($1::text is null or c.brand = $1) order by c.created_at desc limit 100`,
        [url.searchParams.get('brand')],
      );
      sendJson(res, 200, { conversations: rows.map((row) => ({ ...row, messages: typeof row.messages === 'string' ? JSON.parse(row.messages) : row.messages })) });
      return true;
    }
    const brand = brandOf(req, url);
    if (!brand) {
      sendJson(res, 400, { error: 'Which brand? Reach the chat through a lobby, or pass ?brand=<id>' });
      return true;
    }
    const texts = brandPageLocale(brand, url.searchParams.get('locale'));
    const back = `${FRAME_PATH}?locale=${encodeURIComponent(texts.locale)}`;
    if (path === `${LIVE_CHAT_PREFIX}widget.js`) {
      // Replacement functions, so a translation's `$&` or `$1` stays text.
      const script = WIDGET_SOURCE.replace('TEXTS.locale', () => JSON.stringify(texts.locale))
        .replaceAll('TEXTS.title', () => JSON.stringify(texts.t('chat.title')))
        .replaceAll('TEXTS.close', () => JSON.stringify(texts.t('chat.close')))
        .replaceAll('FRAME', () => JSON.stringify(FRAME_PATH));
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=300' }).end(script);
      return true;
    }
    if (path === FRAME_PATH && req.method === 'GET') {
      await showFrame(req, res, brand.id, brand.title, texts, null);
      return true;
    }
    if (req.method !== 'POST') {
      sendJson(res, 405, { error: 'Use POST' }, { allow: 'POST' });
      return true;
    }
    if (path === `${FRAME_PATH}/messages`) {
      const text = ((await readForm(req)).get('body') ?? '').trim();
      if (!text || text.length > MAX_CHAT_MESSAGE || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) {
        await showFrame(req, res, brand.id, brand.title, texts, texts.t('chat.error.empty'));
        return true;
      }
      const current = (await conversation(req, res, brand.id, true)) as Conversation;
      await db.query("insert into chat_messages (conversation_id, author, body) values ($1, 'visitor', $2), ($1, 'agent', $3)", [current.id, text, texts.t('chat.autoReply')]);
    } else if (path === `${FRAME_PATH}/login`) {
      if (!(await login(req, res, brand.id))) {
        await showFrame(req, res, brand.id, brand.title, texts, texts.t('chat.error.login'));
        return true;
      }
    } else if (path === `${FRAME_PATH}/logout`) {
      await startConversation(res, brand.id, null, null, isSecure(req));
    } else if (path === `${FRAME_PATH}/forget`) {
      res.setHeader('set-cookie', `${COOKIE}=; Path=${LIVE_CHAT_PREFIX}; HttpOnly; SameSite=Lax; Max-Age=0${isSecure(req) ? '; Secure' : ''}`);
    } else {
      sendJson(res, 404, { error: `Nothing at ${path}` });
      return true;
    }
    res.writeHead(303, { location: back, 'cache-control': 'no-store' }).end();
    return true;
  };
}
