/**
 * The sandbox live chat: the widget script with the `zE` command API in the page's language, a
 * conversation kept by a cookie that the sandbox agent answers, sign-in with the generateZendeskToken
 * JWT (and a forged one refused), bad messages refused with the reason, the operator's view behind
 * the key, and nothing at all outside sandbox mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, SANDBOX_KEY, freshSmsPlayer, startPlatform, type TestPlatform } from './helpers.ts';

const database = DATABASES[0] as (typeof DATABASES)[number];

/** A browser's view of the frame: one cookie jar, forms posted and redirects followed by hand. */
function visitor(app: TestPlatform, brand = 'aurelia', session = '') {
  let chatCookie = '';
  const jar = { get cookie() { return [chatCookie, session].filter(Boolean).join('; '); } };
  const remember = (response: Response) => {
    const set = response.headers.get('set-cookie');
    if (set) chatCookie = set.split(';')[0] ?? '';
    return response;
  };
  return {
    chatCookie: () => chatCookie,
    frame: async (locale = 'en') => remember(await fetch(`${app.url}/platform/live-chat/frame?locale=${locale}`, { headers: { 'x-brand': brand, cookie: jar.cookie } })),
    post: async (path: string, form: Record<string, string>, locale = 'en') =>
      remember(await fetch(`${app.url}/platform/live-chat/frame${path}?locale=${locale}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'x-brand': brand, cookie: jar.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      })),
  };
}

describe('sandbox live chat', () => {
  let app: TestPlatform;
  let production: TestPlatform;
  beforeAll(async () => {
    [app, production] = await Promise.all([startPlatform(database), startPlatform(database, { auth: { enableSandboxAdmin: false } })]);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), production?.close()]);
  });

  it('serves the widget script with the zE command API, in the requested language', async () => {
    const response = await fetch(`${app.url}/platform/live-chat/widget.js?locale=fi`, { headers: { 'x-brand': 'aurelia' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    const script = await response.text();
    expect(script).toContain('window.zE = zE');
    expect(script).toContain('"Keskustele kanssamme"');
    expect(script).not.toMatch(/TEXTS\.|\bFRAME\b(?!")/);
  });

  it('keeps a guest conversation by its cookie, and the sandbox agent answers each message', async () => {
    const guest = visitor(app);
    const first = await guest.frame();
    expect(await first.text()).toContain('Ask us anything');
    const sent = await guest.post('/messages', { body: 'Where is my withdrawal?' });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/platform/live-chat/frame?locale=en');
    const page = await (await guest.frame()).text();
    expect(page).toContain('You are chatting as a guest.');
    expect(page).toContain('Where is my withdrawal?');
    expect(page).toContain('Thanks for your message. An agent will answer here shortly.');
    // Another visitor sees none of it.
    expect(await (await visitor(app).frame()).text()).not.toContain('Where is my withdrawal?');
  });

  it('refuses an empty, an oversized and a control-character message with the reason, storing nothing', async () => {
    const guest = visitor(app);
    for (const body of ['   ', 'x'.repeat(1001), 'bad\u0000text']) {
      const refused = await guest.post('/messages', { body }, 'de');
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('Schreib zuerst eine Nachricht (höchstens 1000 Zeichen).');
    }
    const { conversations } = (await (await fetch(`${app.url}/platform/live-chat/conversations.json?brand=aurelia`, { headers: SANDBOX_KEY })).json()) as { conversations: { messages: { body: string }[] }[] };
    expect(conversations.flatMap((entry) => entry.messages).some((message) => message.body.includes('bad'))).toBe(false);
  });

  it('signs the conversation in with the generateZendeskToken JWT, and refuses a forged one', async () => {
    const player = await freshSmsPlayer(app);
    const { data } = await app.gql('mutation { generateZendeskToken { token } }', {}, player.headers);
    // The browser holds the player's session: the lobby's access-token cookie rides along.
    const accessToken = (player.headers.authorization ?? '').replace(/^Bearer /, '');
    const chat = visitor(app, 'aurelia', `accessToken=${accessToken}`);
    const forged = `${data.generateZendeskToken.token.slice(0, -4)}AAAA`;
    const refused = await chat.post('/login', { jwt: forged });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('We could not confirm who you are');
    expect((await chat.post('/login', { jwt: data.generateZendeskToken.token })).status).toBe(303);
    expect(await (await chat.frame()).text()).toMatch(/Signed in as \S/);
    await chat.post('/messages', { body: 'My bonus is missing' });
    const { conversations } = (await (await fetch(`${app.url}/platform/live-chat/conversations.json?brand=aurelia`, { headers: SANDBOX_KEY })).json()) as { conversations: { player_id: string | null; messages: { body: string }[] }[] };
    const mine = conversations.find((entry) => entry.player_id === player.id);
    expect(mine?.messages.map((message) => message.body)).toContain('My bonus is missing');
    // Signed out of the lobby (no session cookie), the same browser no longer sees the player's conversation.
    const signedOut = (await fetch(`${app.url}/platform/live-chat/frame?locale=en`, { headers: { 'x-brand': 'aurelia', cookie: chat.chatCookie() } })).text();
    expect(await signedOut).toContain('You are chatting as a guest.');
    expect(await signedOut).not.toContain('My bonus is missing');
    // Signing out starts a guest conversation.
    await chat.post('/logout', {});
    expect(await (await chat.frame()).text()).toContain('You are chatting as a guest.');
  });

  it('forgets the conversation when asked (consent taken back): its cookie is cleared', async () => {
    const guest = visitor(app);
    await guest.post('/messages', { body: 'Remember me?' });
    expect(await (await guest.frame()).text()).toContain('Remember me?');
    const forgotten = await guest.post('/forget', {});
    expect(forgotten.headers.get('set-cookie')).toMatch(/^atrium_chat=; .*Max-Age=0/);
    expect(await (await guest.frame()).text()).not.toContain('Remember me?');
  });

  it('keeps the conversations behind the operator key, and is not there outside sandbox mode', async () => {
    expect((await fetch(`${app.url}/platform/live-chat/conversations.json`, { headers: { 'x-sandbox-key': '' } })).status).toBe(403);
    expect((await fetch(`${production.url}/platform/live-chat/widget.js`, { headers: { 'x-brand': 'aurelia' } })).status).toBe(404);
  });
});
