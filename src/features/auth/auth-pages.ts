/**
 * The feature pages of the login and entry routes, the payment-provider logins and every handler
 * route (spec section 2). Which sign-in a login or register page offers comes from the per-country
 * flow settings (`ctx.settings.flow`): sms, keycloak (the identity provider) or a pay-and-play
 * provider (trustly, zimpler, piq).
 */
import type { PageContext } from '../page-context/page-context.server.ts';
import { routePage, type RoutePage } from '../route-page.ts';
import { HANDLER_ROUTES } from '../../routes.ts';
import AuthPage from './AuthPage.astro';
import { inlineScriptHash } from '../security/csp.ts';
import { SILENT_RENEW_SCRIPT } from './silent-renew.ts';
import { logoutNotice, type LogoutNotice } from './logout-notice.ts';

/** The pay-and-play providers the sandbox banks stand in for. */
export const PAY_AND_PLAY = ['trustly', 'zimpler', 'piq'] as const;
/** One pay-and-play provider. */
export type PayAndPlayProvider = (typeof PAY_AND_PLAY)[number];

/** What an auth page shows. */
export type AuthView =
  | { view: 'sms'; mode: 'phone' | 'code' | 'resend'; register: boolean }
  | { view: 'keycloak'; register: boolean }
  | { view: 'provider'; provider: PayAndPlayProvider; amountRequired: boolean; register: boolean }
  | { view: 'verify'; kind: 'email' | 'phone' }
  | { view: 'handler'; kind: 'tokens' | 'keycloak' | 'redirect' };

/** The page data: the route and its view. */
export interface AuthPageData {
  routeId: string;
  auth: AuthView;
  /** Why the player was just signed out (`logoutReason`), in the page's language. */
  logout: LogoutNotice | null;
}

const isPayAndPlay = (flow: string): flow is PayAndPlayProvider => (PAY_AND_PLAY as readonly string[]).includes(flow);

/** The view a flow setting gives the login (or register) page. */
export function viewForFlow(flow: string, register: boolean): AuthView {
  if (flow === 'keycloak') return { view: 'keycloak', register };
  if (isPayAndPlay(flow)) return { view: 'provider', provider: flow, amountRequired: false, register };
  return { view: 'sms', mode: 'phone', register };
}

function authPage(routeId: string, view: (ctx: PageContext) => AuthView): RoutePage {
  return routePage<AuthPageData>({
    async load(ctx, _slug, url) {
      const auth = view(ctx);
      return {
        data: { routeId, auth, logout: logoutNotice(url, ctx.t, ctx.locale) },
        ...(auth.view === 'handler' && auth.kind === 'keycloak' ? { scriptHashes: [inlineScriptHash(SILENT_RENEW_SCRIPT)] } : {}),
      };
    },
    component: AuthPage,
  });
}

const handlerKind = (id: string): 'tokens' | 'keycloak' | 'redirect' =>
  id === 'keycloak-login-handler' ? 'keycloak' : id === 'redirection-handler' ? 'redirect' : 'tokens';

/** Route id → feature page for every login, entry, provider-login and handler route. */
export const AUTH_ROUTE_PAGES: Record<string, RoutePage> = {
  login: authPage('login', (ctx) => viewForFlow(ctx.settings.flow.login, false)),
  register: authPage('register', (ctx) => viewForFlow(ctx.settings.flow.registration, true)),
  'enter-code': authPage('enter-code', () => ({ view: 'sms', mode: 'code', register: false })),
  'resend-code': authPage('resend-code', () => ({ view: 'sms', mode: 'resend', register: false })),
  'quick-deposit-sign-in': authPage('quick-deposit-sign-in', (ctx) => ({
    view: 'provider',
    provider: isPayAndPlay(ctx.settings.flow.login) ? ctx.settings.flow.login : 'trustly',
    amountRequired: true,
    register: false,
  })),
  'verify-email': authPage('verify-email', () => ({ view: 'verify', kind: 'email' })),
  'phone-verification': authPage('phone-verification', () => ({ view: 'verify', kind: 'phone' })),
  'trustly-login': authPage('trustly-login', () => ({ view: 'provider', provider: 'trustly', amountRequired: false, register: false })),
  'zimpler-login': authPage('zimpler-login', () => ({ view: 'provider', provider: 'zimpler', amountRequired: false, register: false })),
  'piq-login': authPage('piq-login', () => ({ view: 'provider', provider: 'piq', amountRequired: false, register: false })),
  'keycloak-login': authPage('keycloak-login', () => ({ view: 'keycloak', register: false })),
  ...Object.fromEntries(HANDLER_ROUTES.map((id) => [id, authPage(id, () => ({ view: 'handler', kind: handlerKind(id) }))])),
};
