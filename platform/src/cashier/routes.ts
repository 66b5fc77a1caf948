/**
 * The sandbox providers' HTTP side:
 *
 *   GET  /platform/sandbox/<provider>/pay/<paymentId>/?returnUrl=<url>&locale=<locale>   the hosted payment page
 *   POST /platform/sandbox/<provider>/pay/<paymentId>/                   confirm or cancel there
 *   POST /platform/payments/notifications/<provider>                     the provider's signed notification
 *
 * The page looks like the pay-and-play sign-in pages (same themes): the player picks an account and
 * confirms or cancels; the provider then notifies the platform (delivered once, twice, reversed or
 * late, as the page's sandbox setting says) and sends the browser back to returnUrl with
 * `paymentId` and `paymentStatus` in the query. The payment id in the URL is the capability: it is a
 * random uuid only the player's own initiateDeposit returned. The page is written in `locale` (the
 * lobby's) when the brand offers it, else in the player's language, else the brand's default.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BrandRegistry } from '../brands/brands.ts';
import type { Db } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { formatMinor } from '../ledger/money.ts';
import { playerById } from '../players/repository.ts';
import { PAY_AND_PLAY_PROVIDERS } from '../sandbox/pay-and-play.ts';
import { escapeHtml, page, readForm, sendHtml } from '../web/html.ts';
import { brandPageLocale, PAGE_TEXT_KEYS, pageLocale, requestedLocale, type PageLocale, type PageTextKey } from '../i18n/page-texts.ts';
import { brandUrl } from '../web/redirects.ts';
import type { Cashier } from './payments.ts';
import type { NotificationDelivery, PaymentProvider } from './providers.ts';
import { readBodyText } from '../web/body.ts';
import type { SandboxGate } from '../sandbox/gate.ts';

const DELIVERIES: { value: NotificationDelivery; label: PageTextKey }[] = [
  { value: 'ONCE', label: 'pay.delivery.once' },
  { value: 'TWICE', label: 'pay.delivery.twice' },
  { value: 'REVERSED', label: 'pay.delivery.reversed' },
  { value: 'LATE', label: 'pay.delivery.late' },
];

/** A payment status as a word of the page's language ("completed"). */
function statusWord(texts: PageLocale, status: string): string {
  const key = `pay.status.${status}`;
  return (PAGE_TEXT_KEYS as string[]).includes(key) ? texts.t(key as PageTextKey) : status;
}

const STATUS_CODES: Record<string, number> = { AuthenticationFailure: 401, NotFound: 404, BadRequest: 400, InsufficientFunds: 409 };

/** A provider notification's body (at most 64 KB). */
const readBody = (req: IncomingMessage) => readBodyText(req, 65_536);

/** Creates the handler of the provider pages and the notification endpoint; returns false for other paths. */
export function createCashierRoutes(options: { cashier: Cashier; brands: BrandRegistry; db: Db; sandbox: SandboxGate }) {
  const { cashier, brands, sandbox } = options;

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
    let texts = pageLocale('en');
    const refuse = (status: number, title: string, message: string) =>
      sendHtml(res, status, page({ title, brandName: texts.t('bank.title', { provider: info.name }), theme: info.theme, lang: texts.tag, body: `<p role="alert">${escapeHtml(message)}</p>` }));
    if (req.method !== 'GET' && req.method !== 'POST') {
      res.writeHead(405, { allow: 'GET, POST' }).end();
      return;
    }
    const params = req.method === 'POST' ? await readForm(req) : new URL(req.url ?? '/', 'http://platform').searchParams;
    texts = pageLocale(requestedLocale(params.get('locale')) ?? 'en');
    const payment = await cashier.payment(paymentId);
    if (!payment || payment.provider !== provider || payment.type !== 'Deposit') {
      refuse(404, texts.t('pay.unknown'), texts.t('pay.unknownBody', { provider: info.name, id: paymentId }));
      return;
    }
    const player = await playerById(options.db, payment.player_id);
    const brand = player ? brands.get(player.brand) : undefined;
    if (!player || !brand) {
      refuse(404, texts.t('pay.unknown'), texts.t('pay.unknownBody', { provider: info.name, id: paymentId }));
      return;
    }
    texts = brandPageLocale(brand, params.get('locale'), player.language);
    const requestedReturn = params.get('returnUrl');
    const returnUrl = requestedReturn ? brandUrl(brand, requestedReturn) : null;
    if (requestedReturn && !returnUrl) {
      refuse(400, texts.t('bank.returnRefused'), texts.t('pay.returnRefusedBody', { url: requestedReturn, brand: brand.title, hosts: brand.hosts.join(', ') }));
      return;
    }
    const chrome = { title: texts.t('bank.title', { provider: info.name }), brandName: texts.t('bank.brandLine', { provider: info.name }), theme: info.theme, lang: texts.tag };
    const back = (status: string) => {
      if (!returnUrl) return null;
      const target = new URL(returnUrl.href);
      target.searchParams.set('paymentId', payment.id);
      target.searchParams.set('paymentStatus', status);
      return target.href;
    };
    const amount = texts.money(formatMinor(BigInt(payment.amount_minor), payment.currency), payment.currency);
    if (payment.status !== 'Initialized') {
      const link = back(payment.status);
      const status = statusWord(texts, payment.status);
      sendHtml(res, 200, page({ ...chrome, heading: texts.t('pay.closedHeading', { status }), body: `<p>${escapeHtml(texts.t('pay.closedBody', { amount, brand: brand.title, status }))}</p>${link ? `<a class="button" href="${escapeHtml(link)}">${escapeHtml(texts.t('pay.back', { brand: brand.title }))}</a>` : ''}` }));
      return;
    }
    const accounts = cashier.accountsFor(provider, player);
    if (req.method === 'POST') {
      const action = params.get('action');
      // Late, doubled or reversed notifications are a tester's power: a player's choice is always ONCE.
      const asked = sandbox.allows(req) ? DELIVERIES.find((entry) => entry.value === params.get('delivery'))?.value : undefined;
      const delivery: NotificationDelivery = asked ?? 'ONCE';
      if (action === 'cancel') {
        await cashier.providerReports(payment.id, 'Cancelled', { delivery });
      } else if (action === 'confirm') {
        const account = accounts.find((entry) => entry.accountId === params.get('account'));
        if (!account) {
          refuse(400, texts.t('pay.chooseAccount'), texts.t('pay.chooseAccountBody'));
          return;
        }
        await cashier.providerReports(payment.id, 'Completed', { account, delivery });
      } else {
        refuse(400, texts.t('pay.unknownAction'), texts.t('pay.unknownActionBody'));
        return;
      }
      const after = (await cashier.payment(payment.id))?.status ?? payment.status;
      const link = back(action === 'cancel' ? 'Cancelled' : after);
      if (link) {
        res.writeHead(303, { location: link, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }).end();
        return;
      }
      sendHtml(res, 200, page({ ...chrome, heading: texts.t(action === 'cancel' ? 'pay.cancelled' : 'pay.confirmed'), body: `<p role="status">${escapeHtml(texts.t('pay.closePage'))}</p>` }));
      return;
    }
    const body = `<p>${texts.html('pay.intro', { amount: { html: `<strong>${escapeHtml(amount)}</strong>` }, brand: brand.title })}</p>
<form method="post" action="/platform/sandbox/${provider}/pay/${escapeHtml(payment.id)}/" novalidate>
<input type="hidden" name="locale" value="${escapeHtml(texts.locale)}">
${returnUrl ? `<input type="hidden" name="returnUrl" value="${escapeHtml(returnUrl.href)}">` : ''}
<fieldset>
<legend>${escapeHtml(texts.t('pay.from'))}</legend>
${accounts
  .map((account, index) => `<label class="option" for="account-${index}"><input type="radio" id="account-${index}" name="account" value="${escapeHtml(account.accountId)}"${index === 0 ? ' checked' : ''}><span>${escapeHtml(account.account)}</span></label>`)
  .join('\n')}
</fieldset>
${
  sandbox.allows(req)
    ? `<label for="field-delivery">${escapeHtml(texts.t('pay.delivery'))}<span class="hint" id="field-delivery-hint">${escapeHtml(texts.t('pay.deliveryHint', { provider: info.name, brand: brand.title }))}</span></label>
<select id="field-delivery" name="delivery" aria-describedby="field-delivery-hint">
${DELIVERIES.map((entry) => `<option value="${entry.value}">${escapeHtml(texts.t(entry.label))}</option>`).join('')}
</select>`
    : ''
}
<button type="submit" name="action" value="confirm">${escapeHtml(texts.t('pay.confirm', { amount }))}</button>
<button type="submit" name="action" value="cancel" class="secondary">${escapeHtml(texts.t('pay.cancel'))}</button>
</form>`;
    sendHtml(res, 200, page({ ...chrome, heading: texts.t('pay.heading', { provider: info.name }), body }));
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
