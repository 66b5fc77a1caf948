/**
 * The sandbox providers' HTTP side:
 *
 *   GET  /platform/sandbox/<provider>/pay/<paymentId>/?returnUrl=<url>   the hosted payment page
 *   POST /platform/sandbox/<provider>/pay/<paymentId>/                   confirm or cancel there
 *   POST /platform/payments/notifications/<provider>                     the provider's signed notification
 *
 * The page looks like the pay-and-play sign-in pages (same themes): the player picks an account and
 * confirms or cancels; the provider then notifies the platform (delivered once, twice, reversed or
 * late, as the page's sandbox setting says) and sends the browser back to returnUrl with
 * `paymentId` and `paymentStatus` in the query. The payment id in the URL is the capability: it is a
 * random uuid only the player's own initiateDeposit returned.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BrandRegistry } from '../brands/brands.ts';
import type { Db } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { formatMinor } from '../ledger/money.ts';
import { playerById } from '../players/repository.ts';
import { PAY_AND_PLAY_PROVIDERS } from '../sandbox/pay-and-play.ts';
import { escapeHtml, page, readForm, sendHtml } from '../web/html.ts';
import { brandUrl } from '../web/redirects.ts';
import type { Cashier } from './payments.ts';
import type { NotificationDelivery, PaymentProvider } from './providers.ts';
import { readBodyText } from '../web/body.ts';

const DELIVERIES: { value: NotificationDelivery; label: string }[] = [
  { value: 'ONCE', label: 'Once, in order (normal)' },
  { value: 'TWICE', label: 'Every notification twice' },
  { value: 'REVERSED', label: 'Out of order (newest first)' },
  { value: 'LATE', label: 'Late (after 3 seconds)' },
];

const STATUS_CODES: Record<string, number> = { AuthenticationFailure: 401, NotFound: 404, BadRequest: 400, InsufficientFunds: 409 };

/** A provider notification's body (at most 64 KB). */
const readBody = (req: IncomingMessage) => readBodyText(req, 65_536, () => new PlatformError('BadRequest', 'Notification body too large'));

/** Creates the handler of the provider pages and the notification endpoint; returns false for other paths. */
export function createCashierRoutes(options: { cashier: Cashier; brands: BrandRegistry; db: Db }) {
  const { cashier, brands } = options;

  async function notificationRoute(req: IncomingMessage, res: ServerResponse, provider: string): Promise<void> {
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    try {
      const header = req.headers['x-sandbox-signature'];
      const outcome = await cashier.receiveNotification(provider, await readBody(req), Array.isArray(header) ? header[0] : header);
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(outcome));
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      // The provider retries anything but a 2xx; a 409 (funds not there yet for a rollback) is retried later.
      res.writeHead(STATUS_CODES[error.reason] ?? 400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.message, reason: error.reason }));
    }
  }

  async function payPage(req: IncomingMessage, res: ServerResponse, provider: PaymentProvider, paymentId: string): Promise<void> {
    const info = PAY_AND_PLAY_PROVIDERS[provider];
    const refuse = (status: number, title: string, message: string) =>
      sendHtml(res, status, page({ title, brandName: `${info.name} sandbox`, theme: info.theme, body: `<p role="alert">${escapeHtml(message)}</p>` }));
    if (req.method !== 'GET' && req.method !== 'POST') {
      res.writeHead(405, { allow: 'GET, POST' }).end();
      return;
    }
    const params = req.method === 'POST' ? await readForm(req) : new URL(req.url ?? '/', 'http://platform').searchParams;
    const payment = await cashier.payment(paymentId);
    if (!payment || payment.provider !== provider || payment.type !== 'Deposit') {
      refuse(404, 'Unknown payment', `${info.name} has no deposit ${paymentId}: start the deposit again from the cashier.`);
      return;
    }
    const player = await playerById(options.db, payment.player_id);
    const brand = player ? brands.get(player.brand) : undefined;
    if (!player || !brand) {
      refuse(404, 'Unknown payment', `${info.name} has no deposit ${paymentId}.`);
      return;
    }
    const requestedReturn = params.get('returnUrl');
    const returnUrl = requestedReturn ? brandUrl(brand, requestedReturn) : null;
    if (requestedReturn && !returnUrl) {
      refuse(400, 'Return address refused', `The return address ${requestedReturn} is not on ${brand.title}'s own hosts (${brand.hosts.join(', ')}).`);
      return;
    }
    const back = (status: string) => {
      if (!returnUrl) return null;
      const target = new URL(returnUrl.href);
      target.searchParams.set('paymentId', payment.id);
      target.searchParams.set('paymentStatus', status);
      return target.href;
    };
    const amount = `${formatMinor(BigInt(payment.amount_minor), payment.currency)} ${payment.currency}`;
    if (payment.status !== 'Initialized') {
      const link = back(payment.status);
      sendHtml(res, 200, page({ title: `${info.name} sandbox`, heading: `This deposit is ${payment.status}`, brandName: `${info.name} sandbox bank`, theme: info.theme, body: `<p>The deposit of ${escapeHtml(amount)} to ${escapeHtml(brand.title)} is already ${escapeHtml(payment.status)}; nothing more happens here.</p>${link ? `<a class="button" href="${escapeHtml(link)}">Back to ${escapeHtml(brand.title)}</a>` : ''}` }));
      return;
    }
    const accounts = cashier.accountsFor(provider, player);
    if (req.method === 'POST') {
      const action = params.get('action');
      const delivery = (DELIVERIES.find((entry) => entry.value === params.get('delivery'))?.value ?? 'ONCE') as NotificationDelivery;
      if (action === 'cancel') {
        await cashier.providerReports(payment.id, 'Cancelled', { delivery });
      } else if (action === 'confirm') {
        const account = accounts.find((entry) => entry.accountId === params.get('account'));
        if (!account) {
          refuse(400, 'Choose an account', 'Choose one of the listed accounts, then confirm.');
          return;
        }
        await cashier.providerReports(payment.id, 'Completed', { account, delivery });
      } else {
        refuse(400, 'Unknown action', 'Use the Confirm or Cancel button.');
        return;
      }
      const after = (await cashier.payment(payment.id))?.status ?? payment.status;
      const link = back(action === 'cancel' ? 'Cancelled' : after);
      if (link) {
        res.writeHead(303, { location: link, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }).end();
        return;
      }
      sendHtml(res, 200, page({ title: `${info.name} sandbox`, heading: action === 'cancel' ? 'Deposit cancelled' : 'Deposit confirmed', brandName: `${info.name} sandbox bank`, theme: info.theme, body: `<p role="status">You can close this page.</p>` }));
      return;
    }
    const body = `<p>This is a sandbox: no real money moves. Pay <strong>${escapeHtml(amount)}</strong> to ${escapeHtml(brand.title)}.</p>
<form method="post" action="/platform/sandbox/${provider}/pay/${escapeHtml(payment.id)}/" novalidate>
${returnUrl ? `<input type="hidden" name="returnUrl" value="${escapeHtml(returnUrl.href)}">` : ''}
<fieldset>
<legend>Pay from</legend>
${accounts
  .map((account, index) => `<label class="option" for="account-${index}"><input type="radio" id="account-${index}" name="account" value="${escapeHtml(account.accountId)}"${index === 0 ? ' checked' : ''}><span>${escapeHtml(account.account)}</span></label>`)
  .join('\n')}
</fieldset>
<label for="field-delivery">Sandbox: notification delivery<span class="hint" id="field-delivery-hint">How ${escapeHtml(info.name)} tells ${escapeHtml(brand.title)} about this payment.</span></label>
<select id="field-delivery" name="delivery" aria-describedby="field-delivery-hint">
${DELIVERIES.map((entry) => `<option value="${entry.value}">${escapeHtml(entry.label)}</option>`).join('')}
</select>
<button type="submit" name="action" value="confirm">Confirm payment of ${escapeHtml(amount)}</button>
<button type="submit" name="action" value="cancel" class="secondary">Cancel payment</button>
</form>`;
    sendHtml(res, 200, page({ title: `${info.name} sandbox`, heading: `Pay with ${info.name}`, brandName: `${info.name} sandbox bank`, theme: info.theme, body }));
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const notify = /^\/platform\/payments\/notifications\/([a-z]{1,20})\/?$/.exec(path);
    if (notify) {
      await notificationRoute(req, res, notify[1] as string);
      return true;
    }
    const pay = /^\/platform\/sandbox\/(trustly|zimpler|piq)\/pay\/([0-9a-f-]{36})\/?$/.exec(path);
    if (pay) {
      await payPage(req, res, pay[1] as PaymentProvider, pay[2] as string);
      return true;
    }
    return false;
  };
}
