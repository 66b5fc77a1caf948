/**
 * The outboxes for developers (sandbox powers: sandbox mode and its key): what the platform would
 * have sent. GET /platform/sms-outbox (HTML, newest first, one section per brand) and
 * /platform/sms-outbox.json, filtered by ?brand= and ?phone=; GET /platform/email-outbox and
 * /platform/email-outbox.json, filtered by ?brand= and ?email=.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PlatformError } from '../graphql/errors.ts';
import { escapeHtml, page, sendHtml } from '../web/html.ts';
import type { SmsService } from './sms.ts';
import type { EmailRegistration } from './email-registration.ts';
import { SANDBOX_KEY_HEADER, SANDBOX_KEY_PATH, type SandboxGate } from '../sandbox/gate.ts';

/** The paths the handler answers. */
export const OUTBOX_PATHS: ReadonlySet<string> = new Set(
  ['sms', 'email'].flatMap((kind) => [`/platform/${kind}-outbox`, `/platform/${kind}-outbox/`, `/platform/${kind}-outbox.json`]),
);

/** One outbox as the page shows it: a column per field, the code picked out. */
interface OutboxView {
  title: string;
  /** The filter parameter besides brand, and what it filters. */
  filter: 'phone' | 'email';
  empty: string;
  columns: [string, string, string, string];
  load(brand: string | null, filter: string | null, limit: number): Promise<{ brand: string; cells: [string, string, string, string]; json: unknown }[]>;
}

/** Creates the handler for the outbox paths. */
export function createOutboxHandler(sms: SmsService, email: Pick<EmailRegistration, 'outbox'>, sandbox: SandboxGate) {
  const views: Record<'sms' | 'email', OutboxView> = {
    sms: {
      title: 'SMS outbox',
      filter: 'phone',
      empty: 'No messages yet: ask for a sign-in code first.',
      columns: ['Sent (UTC)', 'To', 'Code', 'Message'],
      load: async (brand, phone, limit) =>
        (await sms.outbox({ brand, phoneNumber: phone, limit })).map((message) => ({
          brand: message.brand,
          cells: [message.createdAt, message.phoneNumber, message.code ?? '', message.body],
          json: message,
        })),
    },
    email: {
      title: 'E-mail outbox',
      filter: 'email',
      empty: 'No e-mails yet: register with an e-mail address first.',
      columns: ['Sent (UTC)', 'To', 'Code', 'Subject and message'],
      load: async (brand, address, limit) =>
        (await email.outbox({ brand, email: address, limit })).map((message) => ({
          brand: message.brand,
          cells: [message.createdAt, message.email, message.code ?? '', `${message.subject}\n\n${message.body}`],
          json: message,
        })),
    },
  };

  return async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const kind = path.startsWith('/platform/email-') ? 'email' : 'sms';
    const view = views[kind];
    if (!sandbox.allows(req)) {
      // Only a sandbox routes here (route-table.ts): what is missing is the key.
      const body = `The ${view.title} needs the sandbox operator key: open the link \`npm start\` prints (${SANDBOX_KEY_PATH}?key=…), or send the key in the ${SANDBOX_KEY_HEADER} header.`;
      res.writeHead(403, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify({ error: body }));
      return;
    }
    const query = new URL(req.url ?? '/', 'http://platform').searchParams;
    let messages;
    try {
      messages = await view.load(query.get('brand'), query.get(view.filter), Number(query.get('limit') ?? 100) || 100);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.message }));
      return;
    }
    if (path.endsWith('.json')) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify({ messages: messages.map((message) => message.json) }));
      return;
    }
    const byBrand = new Map<string, typeof messages>();
    for (const message of messages) byBrand.set(message.brand, [...(byBrand.get(message.brand) ?? []), message]);
    const [sent, to, code, text] = view.columns.map(escapeHtml);
    const sections = [...byBrand.entries()]
      .map(
        ([brand, list]) => `<h2>${escapeHtml(brand)}</h2>
<table><caption class="visually-hidden">${escapeHtml(view.title)} of ${escapeHtml(brand)}, newest first</caption>
<thead><tr><th scope="col">${sent}</th><th scope="col">${to}</th><th scope="col">${code}</th><th scope="col">${text}</th></tr></thead>
<tbody>${list.map(({ cells }) => `<tr><td>${escapeHtml(cells[0].replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(cells[1])}</td><td class="code">${escapeHtml(cells[2])}</td><td>${escapeHtml(cells[3]).replace(/\n/g, '<br>')}</td></tr>`).join('')}</tbody></table>`,
      )
      .join('\n');
    sendHtml(
      res,
      200,
      page({
        title: view.title,
        brandName: 'Atrium platform (development)',
        body: `<p>What the platform would have sent, newest first. Filter with <code>?brand=</code> and <code>?${view.filter}=</code>; the same list as JSON is at <a href="/platform/${kind}-outbox.json">/platform/${kind}-outbox.json</a>. Reload to see new ones.</p>
${sections || `<p role="status">${escapeHtml(view.empty)}</p>`}`,
      }),
    );
  };
}
