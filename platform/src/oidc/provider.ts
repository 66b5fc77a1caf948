/**
 * A real OpenID Connect provider (oidc-provider v9) per brand realm, at Keycloak's paths:
 *
 *   /auth/realms/<brand>/.well-known/openid-configuration
 *   /auth/realms/<brand>/protocol/openid-connect/{auth,registrations,token,userinfo,logout,certs,revoke}
 *   /auth/realms/<brand>/login-actions/<uid>          (the themed sign-in and registration pages)
 *
 * One public client, `app`: authorization code with PKCE S256 only (oidc-provider v9 knows no
 * other method), redirect and post-logout URIs on the brand's hosts at any port. The issuer is the
 * URL the browser sees through the lobby: `<PLATFORM_PUBLIC_SCHEME>://<first brand host>:<PLATFORM_PUBLIC_PORT>/auth/realms/<brand>`.
 * Endpoint URLs in the discovery document follow the request's X-Forwarded-Host/-Proto, which the
 * lobby's proxy sets. Accounts are the platform's players; the provider's state lives in
 * PostgreSQL (oidc/adapter.ts). Access tokens are opaque and also work as Bearer tokens on the
 * GraphQL API (flow keycloak), mapped to one platform session per grant.
 *
 * Beside the brands' realms, the operator realm (operator-realm.ts, /auth/realms/operators): the same
 * provider and storage, whose accounts are operators; its tokens resolve only through
 * operators/access.ts, never as a player's, and a brand realm's never as an operator's.
 */
import { postLogoutRedirectAllowed, registeredRedirectUris } from './redirects.ts';
import type { ContentStore } from '../content/store.ts';
import { REGISTRATION_DOCUMENTS } from '../content/legal.ts';
import { registrationDocuments, versionsToken } from '../players/legal-acceptance.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { Brand, BrandRegistry } from '../brands/brands.ts';
import type { AuthService } from '../auth/sessions.ts';
import type { SignInOrigin } from '../auth/sign-in-origin.ts';
import type { PlatformSecrets } from '../auth/secrets.ts';
import type { AuthSettings } from '../auth/settings.ts';
import { publicOrigin } from '../auth/settings.ts';
import type { Db } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../players/password.ts';
import { normalisePhone, phoneExample } from '../players/phone.ts';
import { findPlayer, playerById } from '../players/repository.ts';
import { brandTheme, readForm, sendHtml } from '../web/html.ts';
import { clientAddress } from '../geo/country.ts';
import type { RateLimiter } from '../security/rate-limit.ts';
import { brandPageLocale, type PageLocale } from '../i18n/page-texts.ts';
import { MAX_PASSWORD_LENGTH, MAX_TEXT_LENGTH, textProblem } from '../graphql/input-rules.ts';
import type { PageTheme } from '../web/html.ts';
import { postgresAdapter } from './adapter.ts';
import { createRefreshGrace, type RefreshGrace } from './refresh-grace.ts';
import { errorPage, loginPage, logoutPage, registerCodePage, registerPage, signedOutPage, type RegistrationDocument } from './pages.ts';
import type { EmailRegistration } from '../auth/email-registration.ts';
import { ageOn, licenceProfile } from '../../../shared/licences.ts';
import { checkEstonianPersonalCode, type PersonalCodeProblem } from '../../../shared/personal-code.ts';
import { checkRegistrationLimits, type RegistrationDepositLimit } from '../players/registration-limits.ts';
import { minimumAgeOf } from '../players/personal-info.ts';
import { newWalletCurrency } from '../brands/brands.ts';
import type { OperatorAccess } from '../operators/access.ts';
import { OPERATOR_REALM, operatorConfiguration, operatorInteraction, operatorIssuer } from './operator-realm.ts';

/** The one client every realm has. */
export const OIDC_CLIENT_ID = 'app';
/** Scopes the client may ask for. */
/** What the registration form says about a personal code that is not valid: what is wrong with it, never a blanket "check it". */
function personalCodeError(texts: PageLocale, checked: PersonalCodeProblem): string {
  switch (checked.problem) {
    case 'digits': return texts.t('idp.error.personalCodeDigits');
    case 'length': return texts.t('idp.error.personalCodeLength', { length: checked.length });
    case 'firstDigit': return texts.t('idp.error.personalCodeFirstDigit');
    case 'date': return texts.t('idp.error.personalCodeDate');
    case 'checkDigit': return texts.t('idp.error.personalCodeCheckDigit');
  }
}

const SCOPES = ['openid', 'offline_access', 'email', 'profile', 'phone'];
const KEYCLOAK_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  userinfo: '/protocol/openid-connect/userinfo',
  end_session: '/protocol/openid-connect/logout',
  jwks: '/protocol/openid-connect/certs',
  revocation: '/protocol/openid-connect/revoke',
  introspection: '/protocol/openid-connect/token/introspect',
};

/** The providers of every brand, and the request handler for /auth/realms/. */
export interface OidcRealms {
  /** Serves a request under /auth/realms/; false when the path is not a realm's. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** The issuer of a brand's realm. */
  issuer(brandId: string): string;
}

/** Builds one provider per brand. */
export function createOidcRealms(options: {
  db: Db;
  brands: BrandRegistry;
  brandsDir: string;
  secrets: PlatformSecrets;
  settings: AuthSettings;
  auth: AuthService;
  rateLimiter?: RateLimiter;
  content: Pick<ContentStore, 'currentLegal'>;
  /** E-mail registration: the form's code e-mail and the pending fields. */
  registration: EmailRegistration;
  /** The device and country of the browser's sign-in request, kept on the platform session a grant opens. */
  signInOrigin?: (req: IncomingMessage, brand: Brand) => SignInOrigin;
  /** The operator realm's tokens resolve here (operators/access.ts); without it there is no operator realm. */
  operators?: OperatorAccess;
}): OidcRealms {
  const { db, brands, secrets, settings, auth, rateLimiter, content, registration } = options;
  const providers = new Map<string, Provider>();
  const themes = new Map<string, PageTheme>();
  const issuers = new Map<string, string>();
  const callbacks = new Map<string, ReturnType<Provider['callback']>>();
  const grace = createRefreshGrace(db);

  /** The brand object each realm was built from: a brand reloaded from brands/ gets its realm rebuilt. */
  const builtFor = new Map<string, Brand>();
  /** Builds (or rebuilds) the realm of a brand; its sessions live in the database, so they survive. */
  function buildRealm(brand: Brand): void {
    const issuer = `${publicOrigin(settings, brand.hosts[0] ?? `${brand.id}.localhost`)}/auth/realms/${brand.id}`;
    issuers.set(brand.id, issuer);
    themes.set(brand.id, brandTheme(options.brandsDir, brand.id));
    const provider = new Provider(issuer, configuration(brand));
    // Behind the lobby's proxy: X-Forwarded-Host/-Proto name the public origin.
    provider.proxy = true;
    // Registered addresses, matched exactly (redirects.ts): no other port, path or loopback host.
    const redirects = new Set(registeredRedirectUris(brand, settings));
    provider.Client.prototype.redirectUriAllowed = (value: string) => redirects.has(value);
    provider.Client.prototype.postLogoutRedirectUriAllowed = (value: string) => postLogoutRedirectAllowed(brand, settings, value);
    provider.on('server_error', (_ctx: unknown, error: Error) => console.error(`[platform] oidc ${brand.id} server error:`, error));
    providers.set(brand.id, provider);
    builtFor.set(brand.id, brand);
    callbacks.delete(brand.id);
  }
  for (const brand of brands.values()) buildRealm(brand);

  // The operator realm (operator-realm.ts): one provider for every brand's console, rebuilt when the
  // brands' hosts change (its redirect URIs are /operator/ on each of them).
  let operatorRealm: { provider: Provider; hosts: string; handler?: ReturnType<Provider['callback']> } | null = null;
  function operatorProvider(): Provider {
    const hosts = [...brands.values()].map((brand) => `${brand.id}:${brand.hosts.join(',')}`).join(';');
    if (operatorRealm?.hosts !== hosts) {
      const provider = new Provider(operatorIssuer(brands, settings), operatorConfiguration({ db, brands, settings, secrets, routes: KEYCLOAK_ROUTES }));
      provider.proxy = true;
      provider.on('server_error', (_ctx: unknown, error: Error) => console.error('[platform] oidc operators server error:', error));
      operatorRealm = { provider, hosts };
    }
    return operatorRealm.provider;
  }
  options.operators?.setTokenLookup(async (token) => {
    const found = await operatorProvider().AccessToken.find(token).catch(() => undefined);
    if (!found || found.isExpired || !found.accountId) return null;
    const amr = (found.extra as { amr?: unknown } | undefined)?.amr;
    return { operatorId: found.accountId, amr: Array.isArray(amr) ? amr.map(String) : [], expiresAt: found.exp ?? 0 };
  });

  // GraphQL accepts the providers' access tokens too.
  auth.setOidcLookup(async (token, brandId) => {
    const candidates = brandId ? [brandId] : [...providers.keys()];
    for (const id of candidates) {
      const provider = providers.get(id);
      const found = provider ? await provider.AccessToken.find(token).catch(() => undefined) : undefined;
      if (found && !found.isExpired && found.accountId && found.grantId) {
        return { playerId: found.accountId, brand: id, grantId: found.grantId, expiresAt: found.exp ?? 0 };
      }
    }
    return null;
  });

  function configuration(brand: Brand): Configuration {
    const theme = () => themes.get(brand.id) as PageTheme;
    // The lobby passes its locale as ui_locales on the authorization and end-session requests.
    const texts = (ctx: KoaContextWithOIDC) => brandPageLocale(brand, ctx.oidc?.params?.ui_locales);
    const origins = brand.hosts.map((host) => publicOrigin(settings, host));
    return {
      adapter: postgresAdapter(db, brand.id, (grantId) => auth.endGrantSession(grantId)),
      clients: [
        {
          client_id: OIDC_CLIENT_ID,
          client_name: brand.title,
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          // Matched exactly by redirectUriAllowed; post-logout addresses by origin and path (redirects.ts).
          redirect_uris: registeredRedirectUris(brand, settings),
          post_logout_redirect_uris: origins.map((origin) => `${origin}/`),
        },
      ],
      jwks: { keys: [secrets.signingKey.privateJwk as never] },
      cookies: { keys: secrets.cookieKeys },
      routes: KEYCLOAK_ROUTES,
      scopes: SCOPES,
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'given_name', 'family_name', 'preferred_username', 'locale', 'birthdate'],
        phone: ['phone_number', 'phone_number_verified'],
      },
      responseTypes: ['code'],
      pkce: { required: () => true },
      extraParams: ['kc_action', 'ui_locales'],
      features: {
        devInteractions: { enabled: false },
        revocation: { enabled: true },
        userinfo: { enabled: true },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
            ctx.type = 'html';
            ctx.body = logoutPage({ brandName: brand.title, theme: theme(), texts: texts(ctx), form });
          },
          postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
            ctx.type = 'html';
            ctx.body = signedOutPage({ brandName: brand.title, theme: theme(), texts: texts(ctx) });
          },
        },
      },
      ttl: {
        AccessToken: settings.accessTokenTtlSeconds,
        AuthorizationCode: 60,
        IdToken: 3600,
        RefreshToken: settings.refreshTokenTtlSeconds,
        Interaction: 3600,
        Session: 14 * 24 * 3600,
        Grant: settings.refreshTokenTtlSeconds,
      },
      // Keycloak hands out refresh tokens without offline_access; so does this realm.
      issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
      rotateRefreshToken: true,
      interactions: { url: (_ctx, interaction) => `/auth/realms/${brand.id}/login-actions/${interaction.uid}` },
      // First-party client: consent is implied, so the grant is made (or widened) without asking.
      async loadExistingGrant(ctx) {
        const session = ctx.oidc.session;
        const client = ctx.oidc.client;
        if (!session?.accountId || !client) return undefined;
        const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
        let grant = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
        if (!grant || grant.accountId !== session.accountId) {
          grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
        }
        grant.addOIDCScope(SCOPES.join(' '));
        const savedId = await grant.save();
        // The grant's platform session opens here, on the browser's own request, so it keeps the
        // sign-in's device and country; a later first use of the token (often a server render) finds it open.
        if (options.signInOrigin) await auth.sessionForGrant(savedId, session.accountId, brand.id, options.signInOrigin(ctx.req, brand));
        return grant;
      },
      async findAccount(_ctx, sub) {
        const player = await playerById(db, sub);
        if (!player || player.brand !== brand.id) return undefined;
        return {
          accountId: sub,
          claims: async () => ({
            sub,
            email: player.email,
            email_verified: player.email_verified,
            preferred_username: player.username,
            given_name: player.first_name ?? undefined,
            family_name: player.last_name ?? undefined,
            name: [player.first_name, player.last_name].filter(Boolean).join(' ') || player.username,
            locale: player.language,
            birthdate: player.date_of_birth ?? undefined,
            phone_number: player.phone_number ?? undefined,
            phone_number_verified: player.phone_verified,
          }),
        };
      },
      async renderError(ctx, out) {
        ctx.type = 'html';
        ctx.body = errorPage({ brandName: brand.title, theme: theme(), texts: texts(ctx as KoaContextWithOIDC), error: String(out.error), description: out.error_description ? String(out.error_description) : '', technical: true });
      },
    };
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, brand: Brand, provider: Provider, uid: string, view: string | null): Promise<void> {
    const action = `/auth/realms/${brand.id}/login-actions/${uid}`;
    const theme = themes.get(brand.id) as PageTheme;
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      // No interaction, so no ui_locales: the brand's default language.
      const texts = brandPageLocale(brand);
      sendHtml(res, 400, errorPage({ brandName: brand.title, theme, texts, error: texts.t('idp.problem.expired'), description: texts.t('idp.problem.expiredBody') }));
      return;
    }
    const texts = brandPageLocale(brand, details.params.ui_locales);
    const render = { brandName: brand.title, theme, texts, action };
    if (details.uid !== uid) {
      sendHtml(res, 400, errorPage({ ...render, error: texts.t('idp.problem.mismatch'), description: texts.t('idp.problem.mismatchBody') }));
      return;
    }
    const registering = view === 'register' || (view !== 'login' && details.params.kc_action === 'register');
    // The registration form shows the current terms and privacy policy and records the versions it showed;
    // a form post may be a registration whichever page the interaction opened on (the sign-in page links to it).
    const documents = registering || req.method === 'POST' ? await registrationDocuments(content, brand) : [];
    const legal = {
      documents: REGISTRATION_DOCUMENTS.map((document) => ({ document: document as RegistrationDocument['document'], version: documents.find((entry) => entry.document === document)?.content.version ?? null })),
      legalVersions: versionsToken(documents),
    };
    // The licence decides the age to open an account (the lowest of the products the brand offers,
    // never below the brand's own) and what else the form asks: the personal code (est) and deposit limits (mga).
    const profile = licenceProfile(brand.license);
    const minimumAge = minimumAgeOf(brand);
    const currency = newWalletCurrency(brand);
    const extras = { personalCode: profile.ssnOnRegistration, depositLimitPeriods: profile.depositLimitsOnRegistration ? profile.depositLimitPeriods : [], currency };
    /** The registration form with what the visitor typed (never the password) and what was wrong. */
    const showRegister = (status: number, values: Record<string, string>, errors: Record<string, string> = {}) =>
      sendHtml(res, status, registerPage({ ...render, ...legal, minimumAge, extras, phoneExample: phoneExample(brand.defaultCountry), values, errors }));

    if (req.method === 'GET') {
      if (details.prompt.name === 'consent') {
        // Only reached when a grant could not be implied: grant the requested scopes and go on.
        const grant = new provider.Grant({ accountId: details.session?.accountId as string, clientId: OIDC_CLIENT_ID });
        grant.addOIDCScope(SCOPES.join(' '));
        await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
        return;
      }
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
      if (registering) showRegister(200, { email: hint });
      else sendHtml(res, 200, loginPage({ ...render, values: { identifier: hint } }));
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'GET, POST' }).end();
      return;
    }

    const form = await readForm(req);
    const kind = form.get('action');
    if (kind === 'cancel') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The player cancelled the sign-in' }, { mergeWithLastSubmission: false });
      return;
    }
    // The form's one input boundary, as for GraphQL arguments: every field at most 100 characters (a
    // password 128, the hidden version list 500) and no control characters, before anything reads it.
    const inputErrors: Record<string, string> = {};
    for (const [name, value] of form.entries()) {
      const limit = name === 'password' ? MAX_PASSWORD_LENGTH : name === 'legalVersions' ? 500 : MAX_TEXT_LENGTH;
      const problem = textProblem(value, limit);
      if (problem) inputErrors[name] = texts.t(problem === 'tooLong' ? 'idp.error.tooLong' : 'idp.error.controlCharacters', { max: limit });
    }
    if (kind === 'login') {
      const identifier = (form.get('identifier') ?? '').trim();
      const password = form.get('password') ?? '';
      if (Object.keys(inputErrors).length > 0) {
        sendHtml(res, 400, loginPage({ ...render, values: { identifier: inputErrors.identifier ? '' : identifier }, errors: inputErrors }));
        return;
      }
      const player = identifier ? await findPlayer(db, brand.id, identifier, 'email-or-username') : null;
      // Password guesses per account, whichever of its names (username, e-mail, any case) was typed;
      // per typed name, lower-cased, when no account has it; plus the ceiling per address.
      const subject = player ? `${brand.id}|account|${player.id}` : `${brand.id}|idp|${identifier.toLowerCase()}`;
      const attempt = await rateLimiter?.attempt('login', subject, clientAddress(req));
      if (attempt && !attempt.allowed) {
        const limit = { limit: attempt.limit.limit, window: attempt.limit.windowSeconds, retry: attempt.retryAfterSeconds };
        const message = texts.t(attempt.scope === 'subject' ? 'idp.error.tooManyForAccount' : 'form.tooManyAttemptsAddress', limit);
        sendHtml(res, 429, loginPage({ ...render, values: { identifier }, errors: { identifier: message } }), { 'retry-after': String(attempt.retryAfterSeconds) });
        return;
      }
      const errors: Record<string, string> = {};
      if (!identifier) errors.identifier = texts.t('idp.error.identifierMissing');
      if (!password) errors.password = texts.t('idp.error.passwordMissing');
      // One answer whether the account is unknown, passwordless or the password wrong (no account
      // enumeration), and the same scrypt work either way, so the time tells nothing either.
      if (identifier && password) {
        const matches = await verifyPassword(password, player?.password_hash ?? (await dummyPasswordHash()));
        if (!player || !matches) errors.password = texts.t('idp.error.badCredentials');
      }
      if (Object.keys(errors).length > 0 || !player) {
        sendHtml(res, 400, loginPage({ ...render, values: { identifier }, errors }));
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: player.id } }, { mergeWithLastSubmission: false });
      return;
    }
    if (kind === 'register') {
      const extraNames = [...(extras.personalCode ? ['personalCode'] : []), ...extras.depositLimitPeriods.map((period) => `depositLimit${period}`)];
      const values = Object.fromEntries(['email', 'firstName', 'lastName', 'dateOfBirth', 'phoneNumber', 'terms', ...extraNames].map((name) => [name, (form.get(name) ?? '').trim()]));
      const password = form.get('password') ?? '';
      const errors: Record<string, string> = {};
      // Whether an address or a number already has an account is never said here (no account
      // enumeration): the form checks only what it was given, and the code e-mail tells the rest.
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email ?? '')) errors.email = texts.t('idp.error.emailInvalid');
      if (password.length < 8 || !/[A-Za-z]/.test(password) || !/\d/.test(password)) errors.password = texts.t('idp.error.passwordWeak');
      if (!values.firstName) errors.firstName = texts.t('idp.error.firstNameMissing');
      if (!values.lastName) errors.lastName = texts.t('idp.error.lastNameMissing');
      const age = ageOn(values.dateOfBirth ?? '', new Date());
      if (age === null) errors.dateOfBirth = texts.t('idp.error.dateOfBirthInvalid');
      else if (age < minimumAge) errors.dateOfBirth = texts.t('idp.error.tooYoung', { age: minimumAge });
      let ssn: string | null = null;
      if (extras.personalCode) {
        const code = (values.personalCode ?? '').replace(/\s+/g, '');
        const checked = checkEstonianPersonalCode(code);
        if (!checked.ok) errors.personalCode = personalCodeError(texts, checked);
        // The code carries the birth date: it must be the one given, so the age check cannot be talked round.
        else if (age !== null && checked.birthDate !== values.dateOfBirth) errors.personalCode = texts.t('idp.error.personalCodeMismatch', { date: checked.birthDate });
        else ssn = code;
      }
      // Each limit checked as the limits page would check it, so the code step cannot fail on one.
      const depositLimits: RegistrationDepositLimit[] = [];
      for (const period of extras.depositLimitPeriods) {
        const amount = (values[`depositLimit${period}`] ?? '').replace(',', '.');
        if (!amount) continue;
        try {
          checkRegistrationLimits(brand, [{ period, amount }]);
          depositLimits.push({ period, amount });
        } catch (error) {
          if (!(error instanceof PlatformError)) throw error;
          errors[`depositLimit${period}`] = texts.t('idp.error.depositLimitInvalid');
        }
      }
      let phone: string | null = null;
      if (values.phoneNumber) {
        try {
          phone = normalisePhone(values.phoneNumber);
        } catch (error) {
          errors.phoneNumber = error instanceof PlatformError ? texts.t('idp.error.phoneInvalid', { example: phoneExample(brand.defaultCountry) }) : String(error);
        }
      }
      if (values.terms !== 'yes') errors.terms = texts.t('idp.error.termsMissing');
      else if ((form.get('legalVersions') ?? '') !== legal.legalVersions) {
        // A document moved on while the form was open: the player accepts what they can read now.
        errors.terms = texts.t('idp.error.termsChanged');
        values.terms = '';
      }
      Object.assign(errors, inputErrors);
      for (const name of Object.keys(inputErrors)) if (name in values) values[name] = '';
      if (Object.keys(errors).length > 0) {
        showRegister(400, values as Record<string, string>, errors);
        return;
      }
      const email = (values.email as string).toLowerCase();
      const attempt = await rateLimiter?.attempt('register', `${brand.id}|${email}`, clientAddress(req));
      if (attempt && !attempt.allowed) {
        const limit = { limit: attempt.limit.limit, window: attempt.limit.windowSeconds, retry: attempt.retryAfterSeconds };
        const message = texts.t(attempt.scope === 'subject' ? 'idp.error.tooManyRegistrations' : 'form.tooManyAttemptsAddress', limit);
        res.setHeader('retry-after', String(attempt.retryAfterSeconds));
        showRegister(429, values as Record<string, string>, { email: message });
        return;
      }
      const { id } = await registration.start(
        brand,
        {
          username: email,
          email,
          passwordHash: await hashPassword(password),
          phoneNumber: phone,
          firstName: values.firstName ?? null,
          lastName: values.lastName ?? null,
          dateOfBirth: values.dateOfBirth ?? null,
          ssn,
          depositLimits,
          countryCode: brand.defaultCountry,
          currency,
          language: brand.locales.find((entry) => entry.isDefault)?.locale ?? 'en',
          realityCheckPeriod: licenceProfile(brand.license).realityCheckDefault,
          accepted: { documents, source: 'idp-registration' },
        },
        texts,
      );
      sendHtml(res, 200, registerCodePage({ ...render, email, registration: id }));
      return;
    }
    if (kind === 'register-code') {
      const id = form.get('registration') ?? '';
      const email = (form.get('email') ?? '').slice(0, 254);
      const code = (form.get('code') ?? '').trim();
      const codePage = (status: number, error: string) => sendHtml(res, status, registerCodePage({ ...render, email, registration: id, error }));
      if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
        codePage(400, texts.t('idp.error.emailCodeFormat'));
        return;
      }
      const outcome = await registration.finish(brand, id, code);
      switch (outcome.kind) {
        case 'created':
          await provider.interactionFinished(req, res, { login: { accountId: outcome.playerId } }, { mergeWithLastSubmission: false });
          return;
        case 'wrong':
          codePage(400, texts.t('idp.error.emailCodeWrong', { left: outcome.left }));
          return;
        case 'taken':
          sendHtml(res, 409, loginPage({ ...render, values: { identifier: email }, notice: texts.t('idp.registerCode.taken') }));
          return;
        default:
          // Expired, used up or unknown: the form again, with what the player typed except the password.
          showRegister(400, { email }, { email: texts.t('idp.error.emailCodeExpired') });
          return;
      }
    }
    sendHtml(res, 400, errorPage({ ...render, error: texts.t('idp.problem.unknownAction'), description: texts.t('idp.problem.unknownActionBody') }));
  }

  return {
    issuer: (brandId) => {
      const brand = brands.get(brandId);
      if (brand && builtFor.get(brand.id) !== brand) buildRealm(brand);
      return issuers.get(brandId) ?? '';
    },
    async handle(req, res) {
      const url = req.url ?? '/';
      const match = /^\/auth\/realms\/([a-z][a-z0-9-]*)(\/[^?]*)?(\?.*)?$/.exec(url);
      if (!match) return false;
      if (match[1] === OPERATOR_REALM && options.operators) {
        const provider = operatorProvider();
        const rest = match[2] ?? '/';
        const login = /^\/login-actions\/([A-Za-z0-9_-]+)\/?$/.exec(rest);
        if (login) {
          await operatorInteraction(req, res, { db, provider, uid: login[1] ?? '', rateLimiter });
          return true;
        }
        (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
        req.url = `${rest}${match[3] ?? ''}`;
        const realm = operatorRealm as NonNullable<typeof operatorRealm>;
        realm.handler ??= provider.callback();
        await realm.handler(req, res);
        return true;
      }
      const brand = brands.get(match[1] ?? '');
      // A brand dropped in (or edited) while the platform runs gets its realm on first use.
      if (brand && builtFor.get(brand.id) !== brand) buildRealm(brand);
      const provider = brand ? providers.get(brand.id) : undefined;
      if (!brand || !provider) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `Realm "${match[1]}" does not exist: use one of ${[...brands.keys()].join(', ')}` }));
        return true;
      }
      let rest = match[2] ?? '/';
      let query = match[3] ?? '';
      const login = /^\/login-actions\/([A-Za-z0-9_-]+)\/?$/.exec(rest);
      if (login) {
        const view = new URLSearchParams(query).get('view');
        await interaction(req, res, brand, provider, login[1] ?? '', view);
        return true;
      }
      if (rest === '/protocol/openid-connect/registrations') {
        // Keycloak's sign-up entry: the authorization request, opening on the registration page.
        const params = new URLSearchParams(query);
        params.set('kc_action', 'register');
        rest = KEYCLOAK_ROUTES.authorization;
        query = `?${params.toString()}`;
      }
      // A refresh token presented again within the grace gets the answer it was rotated to (refresh-grace.ts).
      if (rest === KEYCLOAK_ROUTES.token && req.method === 'POST' && (await answeredWithinGrace(req, res, grace))) return true;
      // oidc-provider finds its mount path by comparing originalUrl with url.
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = `/auth/realms/${brand.id}${rest}${query}`;
      req.url = `${rest}${query}`;
      let handler = callbacks.get(brand.id);
      if (!handler) callbacks.set(brand.id, (handler = provider.callback()));
      await handler(req, res);
      return true;
    },
  };
}

/** The most of a token request read ahead of the provider (its own limit). */
const TOKEN_REQUEST_LIMIT = 56 * 1024;

/**
 * Reads a request's body of known length ahead of its handler and puts it back, so the handler reads
 * it as it came. Null (and nothing read) without a length or past `limit`.
 */
async function peekBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const length = Number(req.headers['content-length']);
  if (!Number.isInteger(length) || length <= 0 || length > limit) return null;
  const chunks: Buffer[] = [];
  let received = 0;
  await new Promise<void>((resolve, reject) => {
    // Put back at once, in the same tick: had the body's end arrived, the stream would otherwise
    // emit 'end' on the next tick, after which nothing can be put back.
    const finish = () => {
      req.off('readable', onReadable);
      req.off('end', finish);
      req.off('error', reject);
      if (!req.readableEnded && received > 0) req.unshift(Buffer.concat(chunks));
      resolve();
    };
    // Reads no further than the length, so the stream has not ended and the bytes can go back.
    function onReadable() {
      for (let chunk = req.read() as Buffer | null; chunk !== null; chunk = received < length ? (req.read() as Buffer | null) : null) {
        chunks.push(chunk);
        received += chunk.length;
      }
      if (received >= length) finish();
    }
    req.on('readable', onReadable);
    req.once('end', finish);
    req.once('error', reject);
  });
  return Buffer.concat(chunks);
}

/**
 * For a refresh-token grant: answers it from the grace when the token was rotated moments ago, or
 * lets it go on to the provider and keeps the provider's answer for the rest of the grace.
 */
async function answeredWithinGrace(req: IncomingMessage, res: ServerResponse, grace: RefreshGrace): Promise<boolean> {
  const body = await peekBody(req, TOKEN_REQUEST_LIMIT);
  const params = body ? new URLSearchParams(body.toString('utf8')) : null;
  const presented = params?.get('grant_type') === 'refresh_token' ? params.get('refresh_token') : null;
  if (!presented) return false;
  const claim = await grace.claim(presented);
  if (claim.kind === 'answered') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', pragma: 'no-cache' }).end(claim.answer);
    return true;
  }
  // The provider's answer, as it is written, is kept (a 200) or the claim released (a refusal).
  const written: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const take = (chunk: unknown) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) written.push(Buffer.from(chunk as string));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    take(chunk);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'function') take(chunk);
    const kept = res.statusCode === 200 ? grace.keep(claim.id, presented, Buffer.concat(written).toString('utf8')) : grace.release(claim.id);
    kept.catch((error: unknown) => console.warn(`[platform] oidc refresh grace not kept: ${(error as Error).message}`));
    return end(chunk, ...rest);
  }) as typeof res.end;
  return false;
}
