/**
 * Pay-and-play sandboxes for Trustly, Zimpler and PIQ: a hosted "bank" page identifies a demo
 * person, optionally takes a first deposit, then signs the player in (creating them for a new
 * person) and sends the browser back to the lobby's `/<locale>/<provider>-login-handler/` with
 * `accessToken` and `refreshToken` in the query.
 *
 *   GET  /platform/sandbox/<provider>/?brand=<id>&locale=<locale>&returnUrl=<url>&amount=<decimal>
 *   POST /platform/sandbox/<provider>/   (the page's form)
 *
 * `brand` may be left out when the request's (X-Forwarded-)Host is one of a brand's hosts.
 * `returnUrl` must be an http(s) URL on the brand's own hosts (any port) or loopback; anything else
 * is refused with a 400 page. Without it the platform returns to
 * `<public origin>/<locale>/<provider>-login-handler/`. The page is written in `locale` when the
 * brand offers it, else in the brand's default language.
 */
import type { ContentStore } from '../content/store.ts';
import { registrationDocuments } from '../players/legal-acceptance.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Brand, BrandRegistry } from '../brands/brands.ts';
import type { AuthService, LoginFlow } from '../auth/sessions.ts';
import type { SignInOrigin } from '../auth/sign-in-origin.ts';
import type { AuthSettings } from '../auth/settings.ts';
import { publicOrigin } from '../auth/settings.ts';
import type { Db } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { Ledger, PostResult } from '../ledger/ledger.ts';
import { depositEntries } from '../ledger/ledger.ts';
import { currencyDecimals, formatMinor, maxPaymentMinor, parseAmount } from '../ledger/money.ts';
import { assertMayDeposit, depositRestriction, type Restriction } from '../players/protection.ts';
import { assertWithinDepositLimits, lockPlayerForMoney } from '../players/limits.ts';
import { createPlayer, findPlayer } from '../players/repository.ts';
import { clientAddress } from '../geo/country.ts';
import type { RateLimiter } from '../security/rate-limit.ts';
import { brandPageLocale, pageLocale, requestedLocale, type PageLocale } from '../i18n/page-texts.ts';
import { errorSummary, escapeHtml, page, readForm, sendHtml } from '../web/html.ts';
import type { PageTheme } from '../web/html.ts';
import { DEFAULT_THEME } from '../web/html.ts';
import { brandUrl } from '../web/redirects.ts';
import { licenceProfile } from '../../../shared/licences.ts';
import { dateFormatter } from '../../../shared/date-format.ts';
import { newWalletCurrency } from '../brands/brands.ts';
import { PAYMENT_PROVIDER_NAMES } from '../../../shared/payment-providers.ts';

/** The sandboxed providers and how their pages look. */
export const PAY_AND_PLAY_PROVIDERS: Readonly<Record<'trustly' | 'zimpler' | 'piq', { name: string; theme: PageTheme }>> = {
  trustly: { name: PAYMENT_PROVIDER_NAMES.trustly, theme: { ...DEFAULT_THEME, background: '#eef7f1', primary: '#0e7a3b', onPrimary: '#ffffff' } },
  zimpler: { name: PAYMENT_PROVIDER_NAMES.zimpler, theme: { ...DEFAULT_THEME, background: '#f3f0fb', primary: '#5b2fb8', onPrimary: '#ffffff' } },
  piq: { name: PAYMENT_PROVIDER_NAMES.piq, theme: { ...DEFAULT_THEME, background: '#eef3fa', primary: '#124a8f', onPrimary: '#ffffff' } },
};
type Provider = keyof typeof PAY_AND_PLAY_PROVIDERS;

const NEW_PERSON = 'new';
const NEW_NAMES: [string, string][] = [['Alex', 'Berg'], ['Sam', 'Lind'], ['Robin', 'Holm'], ['Kim', 'Strand'], ['Noa', 'Dahl']];

/** An example amount for hints, before locale formatting: 50.00 EUR, 5000 JPY. */
function amountExample(currency: string): string {
  const decimals = currencyDecimals(currency);
  return decimals > 0 ? `50.${'0'.repeat(decimals)}` : '5000';
}

/** Why a restricted player cannot deposit, in the page's language, with the date in UTC. */
function restrictionText(texts: PageLocale, restriction: Restriction): string {
  if (!restriction.until || (restriction.cause !== 'SelfExclusion' && restriction.cause !== 'Timeout')) return texts.t('bank.error.depositsBlocked');
  const until = `${dateFormatter(texts.tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })(restriction.until)} UTC`;
  return texts.t(restriction.cause === 'SelfExclusion' ? 'bank.error.selfExcluded' : 'bank.error.timeout', { until });
}

/** Creates the handler for /platform/sandbox/. */
export function createPayAndPlayHandler(options: {
  db: Db;
  brands: BrandRegistry;
  auth: AuthService;
  ledger: Ledger;
  settings: AuthSettings;
  rateLimiter?: RateLimiter;
  content: Pick<ContentStore, 'currentLegal'>;
  clock?: () => Date;
  /** The device and country of the bank's sign-in request, kept on the session it opens. */
  signInOrigin?: (req: IncomingMessage, brand: Brand) => SignInOrigin;
}) {
  const { db, brands, auth, ledger, settings, rateLimiter, content } = options;

  const brandFor = (req: IncomingMessage, requested: string | null): Brand | null => {
    if (requested) return brands.get(requested) ?? null;
    const header = req.headers['x-forwarded-host'] ?? req.headers.host;
    const host = String(Array.isArray(header) ? header[0] : (header ?? '')).split(',')[0]?.trim().replace(/:\d+$/, '').toLowerCase();
    return [...brands.values()].find((brand) => brand.hosts.includes(host ?? '')) ?? null;
  };

  function refuse(res: ServerResponse, provider: Provider, texts: PageLocale, title: string, message: string, status = 400, headers: Record<string, string> = {}): void {
    const info = PAY_AND_PLAY_PROVIDERS[provider];
    sendHtml(res, status, page({ title, brandName: texts.t('bank.title', { provider: info.name }), theme: info.theme, lang: texts.tag, body: `<p role="alert">${escapeHtml(message)}</p>` }), headers);
  }

  async function render(res: ServerResponse, status: number, provider: Provider, brand: Brand, texts: PageLocale, state: { locale: string; returnUrl: string; amount: string; person: string; errors?: Record<string, string> }) {
    const { rows: people } = await db.query<{ bank_identity: string; first_name: string | null; last_name: string | null; username: string; currency: string }>(
      `select p.bank_identity, p.first_name, p.last_name, p.username, w.currency from players p join wallets w on w.player_id = p.id
        where p.brand = $1 and p.bank_identity is not null order by p.demo_key is null, p.player_number limit 200`,
      [brand.id],
    );
    const errors = state.errors ?? {};
    const info = PAY_AND_PLAY_PROVIDERS[provider];
    const selected = state.person || people[0]?.bank_identity || NEW_PERSON;
    const options = [
      ...people.map((person) => ({ value: person.bank_identity, label: `${person.first_name ?? ''} ${person.last_name ?? ''}`.trim() || person.username, detail: texts.t('bank.walletDetail', { identity: person.bank_identity, currency: person.currency }) })),
      { value: NEW_PERSON, label: texts.t('bank.newPerson'), detail: texts.t('bank.newPersonDetail', { brand: brand.title, currency: newWalletCurrency(brand) }) },
    ];
    const body = `${errorSummary(errors, { person: texts.t('bank.person'), amount: texts.t('bank.amountShort') }, texts)}
<p>${escapeHtml(texts.t('bank.intro', { brand: brand.title }))}</p>
<form method="post" action="/platform/sandbox/${provider}/" novalidate>
<input type="hidden" name="brand" value="${escapeHtml(brand.id)}">
<input type="hidden" name="locale" value="${escapeHtml(state.locale)}">
<input type="hidden" name="returnUrl" value="${escapeHtml(state.returnUrl)}">
<input type="hidden" name="orderId" value="${escapeHtml(randomUUID())}">
<fieldset id="field-person"${errors.person ? ' aria-describedby="field-person-error"' : ''}>
<legend>${escapeHtml(texts.t('bank.identify'))}</legend>
${options
  .map(
    (option, index) => `<label class="option" for="person-${index}"><input type="radio" id="person-${index}" name="person" value="${escapeHtml(option.value)}"${option.value === selected ? ' checked' : ''}><span><strong>${escapeHtml(option.label)}</strong><br><span class="hint">${escapeHtml(option.detail)}</span></span></label>`,
  )
  .join('\n')}
${errors.person ? `<span class="field-error" id="field-person-error">${escapeHtml(errors.person)}</span>` : ''}
</fieldset>
<label for="field-amount">${escapeHtml(texts.t('bank.amount'))}<span class="hint" id="field-amount-hint">${escapeHtml(texts.t('bank.amountHint', { example: texts.decimal(amountExample(newWalletCurrency(brand))) }))}</span></label>
<input id="field-amount" name="amount" type="text" inputmode="decimal" maxlength="20" value="${escapeHtml(state.amount)}" aria-describedby="field-amount-hint${errors.amount ? ' field-amount-error' : ''}"${errors.amount ? ' aria-invalid="true"' : ''}>
${errors.amount ? `<span class="field-error" id="field-amount-error">${escapeHtml(errors.amount)}</span>` : ''}
<button type="submit">${escapeHtml(texts.t('bank.confirm', { provider: info.name }))}</button>
</form>`;
    sendHtml(res, status, page({ title: texts.t('bank.title', { provider: info.name }), heading: texts.t('bank.heading', { brand: brand.title, provider: info.name }), brandName: texts.t('bank.brandLine', { provider: info.name }), theme: info.theme, lang: texts.tag, body }));
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const match = /^\/platform\/sandbox\/(trustly|zimpler|piq)\/?$/.exec(path);
    if (!match) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Unknown sandbox: use /platform/sandbox/trustly/, /platform/sandbox/zimpler/ or /platform/sandbox/piq/');
      return;
    }
    const provider = match[1] as Provider;
    const params = req.method === 'POST' ? await readForm(req) : new URL(req.url ?? '/', 'http://platform').searchParams;
    if (req.method !== 'GET' && req.method !== 'POST') {
      res.writeHead(405, { allow: 'GET, POST' }).end();
      return;
    }
    const brand = brandFor(req, params.get('brand'));
    if (!brand) {
      const texts = pageLocale(requestedLocale(params.get('locale')) ?? 'en');
      refuse(res, provider, texts, texts.t('bank.unknownBrand'), texts.t('bank.unknownBrandBody', { brands: [...brands.keys()].join(', ') }));
      return;
    }
    // Only a locale the brand offers: it also names the lobby's handler path below.
    const texts = brandPageLocale(brand, params.get('locale'));
    const locale = texts.locale;
    const requestedReturn = params.get('returnUrl');
    const returnUrl = requestedReturn ? brandUrl(brand, requestedReturn) : new URL(`${publicOrigin(settings, brand.hosts[0] ?? `${brand.id}.localhost`)}/${locale}/${provider}-login-handler/`);
    if (!returnUrl) {
      refuse(res, provider, texts, texts.t('bank.returnRefused'), texts.t('bank.returnRefusedBody', { url: requestedReturn ?? '', brand: brand.title, hosts: brand.hosts.join(', ') }));
      return;
    }
    const state = { locale, returnUrl: returnUrl.href, amount: (params.get('amount') ?? '').trim(), person: params.get('person') ?? '' };
    if (req.method === 'GET') {
      await render(res, 200, provider, brand, texts, state);
      return;
    }

    // A sign-in attempt per bank identity (every "new person" of one address shares a subject).
    const attempt = await rateLimiter?.attempt('login', `${brand.id}|bank|${state.person || '-'}|${state.person === NEW_PERSON ? clientAddress(req) : ''}`, clientAddress(req));
    if (attempt && !attempt.allowed) {
      const limit = { limit: attempt.limit.limit, window: attempt.limit.windowSeconds, retry: attempt.retryAfterSeconds };
      refuse(res, provider, texts, texts.t('bank.tooMany'), texts.t(attempt.scope === 'subject' ? 'form.tooManyAttempts' : 'form.tooManyAttemptsAddress', limit), 429, { 'retry-after': String(attempt.retryAfterSeconds) });
      return;
    }
    const errors: Record<string, string> = {};
    const person = state.person;
    const existing = person && person !== NEW_PERSON ? await findPlayer(db, brand.id, person, 'bank-identity') : null;
    if (!person) errors.person = texts.t('bank.error.personMissing');
    else if (person !== NEW_PERSON && !existing) errors.person = texts.t('bank.error.personUnknown', { person });
    const currency = existing?.currency ?? newWalletCurrency(brand);
    let amountMinor: bigint | null = null;
    if (state.amount) {
      try {
        // A decimal comma is how most of the brands' languages write 50,00.
        amountMinor = parseAmount(/^\s*\d+,\d+\s*$/.test(state.amount) ? state.amount.replace(',', '.') : state.amount, currency, 'The amount');
        const minimum = existing ? BigInt(existing.min_deposit_minor) : null;
        const maximum = maxPaymentMinor(currency);
        if (minimum !== null && amountMinor < minimum) errors.amount = texts.t('bank.error.belowMinimum', { amount: texts.money(formatMinor(minimum, currency), currency) });
        if (amountMinor > maximum) errors.amount = texts.t('bank.error.aboveMaximum', { amount: texts.money(formatMinor(maximum, currency), currency) });
        const restriction = existing ? await depositRestriction(db, existing.id) : null;
        if (restriction) errors.amount = restrictionText(texts, restriction);
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        // parseAmount refuses text that is not a decimal (or has too many decimals), and zero.
        errors.amount = /^\s*0*(\.0*)?\s*$/.test(state.amount)
          ? texts.t('bank.error.amountZero')
          : texts.t('bank.error.amountInvalid', { decimals: currencyDecimals(currency), example: texts.decimal(amountExample(currency)) });
      }
    }
    if (Object.keys(errors).length > 0) {
      await render(res, 400, provider, brand, texts, { ...state, errors });
      return;
    }
    const orderId = (params.get('orderId') ?? '').slice(0, 80) || randomUUID();
    const effects: { posted?: PostResult } = {};
    let tokens: Awaited<ReturnType<AuthService['startSession']>>;
    const origin = options.signInOrigin?.(req, brand);
    // A new person accepts the terms the lobby's pay-and-play page showed before sending them to the bank.
    const documents = existing ? [] : await registrationDocuments(content, brand);
    try {
      tokens = await db.transaction(async (tx) => {
        let playerId = existing?.id;
        let walletId = existing?.wallet_id;
        if (!playerId) {
          const tag = randomBytes(4).toString('hex');
          const [firstName, lastName] = NEW_NAMES[parseInt(tag.slice(0, 2), 16) % NEW_NAMES.length] ?? ['Alex', 'Berg'];
          const created = await createPlayer(tx, {
            brand: brand.id,
            username: `${provider}-${tag}`,
            email: `${provider}-${tag}@${brand.id}.demo`,
            bankIdentity: `${brand.id}-${provider}-${tag}`,
            firstName,
            lastName,
            countryCode: brand.defaultCountry,
            currency: newWalletCurrency(brand),
            language: locale.split('_')[0] ?? 'en',
            realityCheckPeriod: licenceProfile(brand.license).realityCheckDefault,
            accepted: { documents, source: 'pay-and-play' },
          });
          playerId = created.id;
          walletId = created.walletId;
        }
        if (amountMinor !== null && walletId) {
          // The check under the player's lock is the one that counts: an exclusion set a moment ago still refuses.
          if (existing) {
            await lockPlayerForMoney(tx, existing.id);
            await assertMayDeposit(tx, existing.id);
            await assertWithinDepositLimits(tx, existing.id, amountMinor, existing.currency, (options.clock ?? (() => new Date()))());
          }
          effects.posted = await ledger.postWithin(tx, {
            idempotencyKey: `sandbox:${provider}:${orderId}`,
            walletId,
            kind: 'Deposit',
            entries: depositEntries(amountMinor),
            metadata: { provider, orderId, payAndPlay: true },
          });
        }
        return auth.startSession({ playerId, brand: brand.id, flow: provider as LoginFlow, passwordless: true, ...(origin ? { origin } : {}) }, tx);
      });
    } catch (error) {
      if (!(error instanceof PlatformError) || (error.reason !== 'DepositsBlocked' && error.reason !== 'BalanceCeiling' && error.reason !== 'DepositLimitReached')) throw error;
      const amount = error.reason === 'BalanceCeiling'
        ? texts.t('bank.error.balanceCeiling', { amount: texts.money(String(error.details.room), currency) })
        : error.reason === 'DepositLimitReached'
          ? texts.t('bank.error.depositLimit', { limit: texts.money(String(error.details.limit), currency), amount: texts.money(String(error.details.remaining), currency) })
          : restrictionText(texts, { cause: error.details.cause as Restriction['cause'], until: (error.details.until as string | undefined) ?? null });
      await render(res, 400, provider, brand, texts, { ...state, errors: { amount } });
      return;
    }
    if (effects.posted) ledger.publish(effects.posted);
    const target = new URL(returnUrl.href);
    target.searchParams.set('accessToken', tokens.accessToken);
    target.searchParams.set('refreshToken', tokens.refreshToken);
    res.writeHead(303, { location: target.href, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }).end();
  };
}
