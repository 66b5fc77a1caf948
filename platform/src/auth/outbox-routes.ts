/**
 * The SMS outbox for developers: GET /platform/sms-outbox (an HTML page, newest first, one
 * section per brand) and GET /platform/sms-outbox.json. Both take ?brand=<id> and ?phone=<number>.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PlatformError } from '../graphql/errors.ts';
import { escapeHtml, page, sendHtml } from '../web/html.ts';
import type { SmsService } from './sms.ts';
import { SANDBOX_KEY_HEADER, SANDBOX_KEY_PATH, type SandboxGate } from '../sandbox/gate.ts';

/** Creates the handler for the two outbox paths (a sandbox power: sandbox mode and its key). */
export function createOutboxHandler(sms: SmsService, sandbox: SandboxGate) {
  return async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (!sandbox.allows(req)) {
      const body = sandbox.enabled
        ? `The SMS outbox needs the sandbox operator key: open the link \`npm start\` prints (${SANDBOX_KEY_PATH}?key=…), or send the key in the ${SANDBOX_KEY_HEADER} header.`
        : 'The SMS outbox is a sandbox tool and the sandbox is off on this platform.';
      res.writeHead(sandbox.enabled ? 403 : 404, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify({ error: body }));
      return;
    }
    const query = new URL(req.url ?? '/', 'http://platform').searchParams;
    let messages;
    try {
      messages = await sms.outbox({ brand: query.get('brand'), phoneNumber: query.get('phone'), limit: Number(query.get('limit') ?? 100) || 100 });
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.message }));
      return;
    }
    if (path.endsWith('.json')) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify({ messages }));
      return;
    }
    const byBrand = new Map<string, typeof messages>();
    for (const message of messages) byBrand.set(message.brand, [...(byBrand.get(message.brand) ?? []), message]);
    const sections = [...byBrand.entries()]
      .map(
        ([brand, list]) => `<h2>${escapeHtml(brand)}</h2>
<table><caption class="visually-hidden">Text messages sent for ${escapeHtml(brand)}, newest first</caption>
<thead><tr><th scope="col">Sent (UTC)</th><th scope="col">To</th><th scope="col">Code</th><th scope="col">Message</th></tr></thead>
<tbody>${list.map((message) => `<tr><td>${escapeHtml(message.createdAt.replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(message.phoneNumber)}</td><td class="code">${escapeHtml(message.code ?? '')}</td><td>${escapeHtml(message.body)}</td></tr>`).join('')}</tbody></table>`,
      )
      .join('\n');
    sendHtml(
      res,
      200,
      page({
        title: 'SMS outbox',
        brandName: 'Atrium platform (development)',
        body: `<p>Text messages the platform would have sent, newest first. Filter with <code>?brand=</code> and <code>?phone=</code>; the same list as JSON is at <a href="/platform/sms-outbox.json">/platform/sms-outbox.json</a>. Reload to see new codes.</p>
${sections || '<p role="status">No messages yet: ask for a sign-in code first.</p>'}`,
      }),
    );
  };
}
