/**
 * The operator realm (issue 32): the same oidc-provider as the brands' realms (provider.ts builds and
 * routes it beside them, on the same storage), at /auth/realms/operators, whose accounts are the
 * platform's operators (operators/accounts.ts), not players. One public client, `operator-console`:
 * authorization code with PKCE S256, redirected back to `/operator/` on any brand's host (the console
 * answers there on every brand). The sign-in asks the e-mail and password, then, for an operator
 * holding compliance or admin, a TOTP code (enrolling an authenticator at the first sign-in: the
 * secret is shown once). The login's amr (pwd, otp) travels with the authorization code and the
 * refresh token into every access token (extraTokenClaims), so the API knows a token had the second
 * factor. The pages are English only (the console's language for now).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { BrandRegistry } from '../brands/brands.ts';
import type { PlatformSecrets } from '../auth/secrets.ts';
import { publicOrigin, type AuthSettings } from '../auth/settings.ts';
import type { Db } from '../db/db.ts';
import { clientAddress } from '../geo/country.ts';
import { MAX_PASSWORD_LENGTH, MAX_TEXT_LENGTH, textProblem } from '../graphql/input-rules.ts';
import { needsSecondFactor, openTotpSecret, operatorByEmail, operatorById, rolesOf, startTotpEnrolment, totpUri, verifyTotp } from '../operators/accounts.ts';
import { dummyPasswordHash, verifyPassword } from '../players/password.ts';
import type { RateLimiter } from '../security/rate-limit.ts';
import { DEFAULT_THEME, errorSummary, escapeHtml, field, page, readForm, sendHtml } from '../web/html.ts';
import { brandOrigins } from './redirects.ts';
import { postgresAdapter } from './adapter.ts';
import { operatorRealmText as T } from '../i18n/operator-realm-texts.ts';

/** The operator realm's id, in its path and in the provider's storage. */
export const OPERATOR_REALM = 'operators';
/** The console's client id. */
export const OPERATOR_CLIENT_ID = 'operator-console';
/** The console's path on every brand host: where the realm sends the browser back (redirect_uri). */
export const OPERATOR_CONSOLE_PATH = '/operator/';
const SCOPES = ['openid', 'email', 'profile'];

/** The console's redirect URIs: `/operator/` on every origin of every brand, matched exactly. */
export function operatorRedirectUris(brands: BrandRegistry, settings: AuthSettings): string[] {
  return [...brands.values()].flatMap((brand) => brandOrigins(brand, settings).map((origin) => `${origin}${OPERATOR_CONSOLE_PATH}`));
}

/** The realm's issuer: the first brand's first host, as the brands' realms name theirs. */
export function operatorIssuer(brands: BrandRegistry, settings: AuthSettings): string {
  const first = [...brands.values()][0];
  return `${publicOrigin(settings, first?.hosts[0] ?? 'localhost')}/auth/realms/${OPERATOR_REALM}`;
}

/** The oidc-provider configuration of the operator realm. */
export function operatorConfiguration(options: { db: Db; brands: BrandRegistry; settings: AuthSettings; secrets: PlatformSecrets; routes: Configuration['routes'] }): Configuration {
  const { db, brands, settings, secrets } = options;
  const redirects = operatorRedirectUris(brands, settings);
  return {
    adapter: postgresAdapter(db, OPERATOR_REALM, async () => {}),
    clients: [
      {
        client_id: OPERATOR_CLIENT_ID,
        client_name: T('clientName'),
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirects,
        post_logout_redirect_uris: redirects,
      },
    ],
    jwks: { keys: [secrets.signingKey.privateJwk as never] },
    cookies: { keys: secrets.cookieKeys },
    routes: options.routes,
    scopes: SCOPES,
    claims: { openid: ['sub'], email: ['email'], profile: ['name'] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          ctx.type = 'html';
          ctx.body = operatorPage(T('signOut.title'), `<p>${escapeHtml(T('signOut.question'))}</p>\n${form}\n<button type="submit" form="op.logoutForm" value="yes" name="logout">${escapeHtml(T('signOut.submit'))}</button>`);
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = operatorPage(T('signedOut.title'), `<p role="status">${escapeHtml(T('signedOut.body'))}</p>`);
        },
      },
    },
    ttl: {
      AccessToken: settings.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 3600,
      // A working day at most: an operator signs in (with the second factor) every day.
      RefreshToken: 10 * 3600,
      Interaction: 1800,
      Session: 10 * 3600,
      Grant: 10 * 3600,
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // The sign-in's amr (pwd, otp) rides on the code and the refresh token into each access token.
    extraTokenClaims: async (ctx) => {
      const entities = (ctx as KoaContextWithOIDC | undefined)?.oidc?.entities as { AuthorizationCode?: { amr?: string[] }; RefreshToken?: { amr?: string[] } } | undefined;
      return { amr: entities?.AuthorizationCode?.amr ?? entities?.RefreshToken?.amr ?? [] };
    },
    interactions: { url: (_ctx, interaction) => `/auth/realms/${OPERATOR_REALM}/login-actions/${interaction.uid}` },
    // First-party client: consent is implied.
    async loadExistingGrant(ctx) {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      let grant = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (!grant || grant.accountId !== session.accountId) grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES.join(' '));
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, sub) {
      const operator = await operatorById(db, sub);
      if (!operator || operator.disabled) return undefined;
      return { accountId: sub, claims: async () => ({ sub, email: operator.email, name: operator.name }) };
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = problemPage(T('problem.title'), `<p><strong>${escapeHtml(String(out.error))}</strong></p>${out.error_description ? `<p lang="en">${escapeHtml(String(out.error_description))}</p>` : ''}`);
    },
  };
}

/** A page of the operator realm. */
function operatorPage(title: string, body: string): string {
  return page({ title, heading: title, brandName: T('brandName'), theme: DEFAULT_THEME, lang: 'en', body });
}

/** A page that says what went wrong (its HTML) and sends the operator back to the console. */
function problemPage(title: string, alertHtml: string): string {
  return operatorPage(title, `<div role="alert">${alertHtml}</div><p>${escapeHtml(T('problem.again'))}</p>`);
}

const LABELS = { email: T('field.email'), password: T('field.password'), code: T('field.code') };

/** The sign-in form. */
function signInPage(action: string, email: string, errors: Record<string, string> = {}): string {
  return operatorPage(T('signIn.title'), `${errorSummary(errors, LABELS)}
<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="action" value="login">
${field({ name: 'email', label: LABELS.email, type: 'email', value: email, error: errors.email, autocomplete: 'username' })}
${field({ name: 'password', label: LABELS.password, type: 'password', error: errors.password, autocomplete: 'current-password' })}
<button type="submit">${escapeHtml(T('signIn.submit'))}</button>
</form>`);
}

/** The second-factor form; with `enrol`, the secret and its otpauth URI, shown this once. */
function codePage(action: string, errors: Record<string, string> = {}, enrol?: { secret: string; uri: string }): string {
  const enrolment = enrol
    ? `<p>${escapeHtml(T('enrol.body'))}</p>
<p>${escapeHtml(T('enrol.secret'))} <code data-totp-secret>${escapeHtml(enrol.secret)}</code></p>
<p>${escapeHtml(T('enrol.uri'))} <code data-totp-uri>${escapeHtml(enrol.uri)}</code></p>`
    : `<p>${escapeHtml(T('code.body'))}</p>`;
  return operatorPage(T(enrol ? 'enrol.title' : 'code.title'), `${errorSummary(errors, LABELS)}
${enrolment}
<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="action" value="totp">
${field({ name: 'code', label: LABELS.code, error: errors.code, autocomplete: 'one-time-code', inputmode: 'numeric', hint: T('field.codeHint') })}
<button type="submit">${escapeHtml(T('code.submit'))}</button>
</form>`);
}

/** What an operator sign-in waiting for its second factor keeps in the interaction (server side). */
interface PendingSecondFactor {
  operatorPending?: { operatorId: string };
}

/** Serves /auth/realms/operators/login-actions/<uid>: the sign-in, then the second factor when the operator's roles need one. */
export async function operatorInteraction(req: IncomingMessage, res: ServerResponse, options: { db: Db; provider: Provider; uid: string; rateLimiter?: RateLimiter }): Promise<void> {
  const { db, provider, rateLimiter } = options;
  const action = `/auth/realms/${OPERATOR_REALM}/login-actions/${options.uid}`;
  let details;
  try {
    details = await provider.interactionDetails(req, res);
  } catch {
    sendHtml(res, 400, problemPage(T('expired.title'), `<p>${escapeHtml(T('expired.body'))}</p>`));
    return;
  }
  if (details.uid !== options.uid) {
    sendHtml(res, 400, problemPage(T('mismatch.title'), `<p>${escapeHtml(T('mismatch.body'))}</p>`));
    return;
  }
  if (req.method === 'GET') {
    if (details.prompt.name === 'consent') {
      const grant = new provider.Grant({ accountId: details.session?.accountId as string, clientId: OPERATOR_CLIENT_ID });
      grant.addOIDCScope(SCOPES.join(' '));
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
      return;
    }
    sendHtml(res, 200, signInPage(action, ''));
    return;
  }
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'GET, POST' }).end();
    return;
  }
  const form = await readForm(req);
  const errors: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    const limit = name === 'password' ? MAX_PASSWORD_LENGTH : MAX_TEXT_LENGTH;
    const problem = textProblem(value, limit);
    if (problem) errors[name] = problem === 'tooLong' ? T('error.tooLong', { limit }) : T('error.controlCharacters');
  }
  const address = clientAddress(req);
  if (form.get('action') === 'login') {
    const email = (form.get('email') ?? '').trim();
    const password = form.get('password') ?? '';
    if (Object.keys(errors).length > 0) return void sendHtml(res, 400, signInPage(action, errors.email ? '' : email, errors));
    const operator = email ? await operatorByEmail(db, email) : null;
    const attempt = await rateLimiter?.attempt('operatorLogin', operator ? `${OPERATOR_REALM}|account|${operator.id}` : `${OPERATOR_REALM}|${email.toLowerCase()}`, address);
    if (attempt && !attempt.allowed) {
      sendHtml(res, 429, signInPage(action, email, { email: T('error.tooManyAttempts', { seconds: attempt.retryAfterSeconds }) }), { 'retry-after': String(attempt.retryAfterSeconds) });
      return;
    }
    if (!email) errors.email = T('error.emailMissing');
    if (!password) errors.password = T('error.passwordMissing');
    // One answer whether the operator is unknown, disabled or the password wrong, after the same scrypt work.
    if (email && password) {
      const matches = await verifyPassword(password, operator?.password_hash ?? (await dummyPasswordHash()));
      if (!operator || !matches || operator.disabled) errors.password = T('error.credentials');
    }
    if (Object.keys(errors).length > 0 || !operator) return void sendHtml(res, 400, signInPage(action, email, errors));
    if (!needsSecondFactor(await rolesOf(db, operator.id))) {
      await provider.interactionFinished(req, res, { login: { accountId: operator.id, amr: ['pwd'] } }, { mergeWithLastSubmission: false });
      return;
    }
    // The password is right: the interaction (server side, bound to this browser) remembers whose code comes next.
    await provider.interactionResult(req, res, { operatorPending: { operatorId: operator.id } }, { mergeWithLastSubmission: false });
    const enrol = operator.totp_confirmed_at ? undefined : await startTotpEnrolment(db, operator);
    sendHtml(res, 200, codePage(action, {}, enrol));
    return;
  }
  if (form.get('action') === 'totp') {
    const pending = (details.result as PendingSecondFactor | undefined)?.operatorPending;
    const operator = pending ? await operatorById(db, pending.operatorId) : null;
    if (!operator || operator.disabled) return void sendHtml(res, 400, signInPage(action, '', { email: T('error.passwordFirst') }));
    const code = (form.get('code') ?? '').replace(/\s/g, '');
    const enrolling = !operator.totp_confirmed_at;
    const again = async (status: number, message: string, headers: Record<string, string> = {}) => {
      // An unconfirmed enrolment shows its secret again within this same sign-in, so the operator can finish it.
      const secret = enrolling ? await openTotpSecret(db, operator) : null;
      const enrol = secret ? { secret, uri: totpUri(secret, operator.email) } : undefined;
      sendHtml(res, status, codePage(action, { code: message }, enrol), headers);
    };
    const attempt = await rateLimiter?.attempt('operatorLogin', `${OPERATOR_REALM}|totp|${operator.id}`, address);
    if (attempt && !attempt.allowed) return void (await again(429, T('error.tooManyCodes', { seconds: attempt.retryAfterSeconds }), { 'retry-after': String(attempt.retryAfterSeconds) }));
    if (!/^\d{6}$/.test(code)) return void (await again(400, T('error.codeFormat')));
    if (!(await verifyTotp(db, operator.id, code))) return void (await again(400, T('error.codeWrong')));
    await provider.interactionFinished(req, res, { login: { accountId: operator.id, amr: ['pwd', 'otp'] } }, { mergeWithLastSubmission: false });
    return;
  }
  if (form.get('action') === 'cancel') {
    await provider.interactionFinished(req, res, { error: 'access_denied', error_description: T('error.cancelled') }, { mergeWithLastSubmission: false });
    return;
  }
  sendHtml(res, 400, problemPage(T('problem.title'), `<p>${escapeHtml(T('problem.unknownAction'))}</p>`));
}
