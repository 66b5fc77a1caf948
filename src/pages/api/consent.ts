/**
 * POST /api/consent/: the consent prompt's two quick answers as a plain form (choice=all or
 * choice=necessary, returnTo=<the page>), so they work from the first paint, before the consent
 * island hydrates (and without JavaScript): the answer is stored in the `consent` cookie, recorded
 * on the platform under the visitor's `visitorId` (made here when missing), and the visitor goes
 * back to the page (303, guarded to this origin). A signed-in player's live access token goes along,
 * so the record names the player as the island's does (record.ts). Once hydrated the island answers
 * in place instead.
 */
import type { APIRoute } from 'astro';
import { RecordConsentDocument, type ConsentCategory as GraphqlConsentCategory } from '../../lib/graphql/generated/graphql.ts';
import { platformQuery } from '../../lib/graphql.server.ts';
import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE_S, CONSENT_POLICY_VERSION, ALL_GRANTED, grantedCategories, parseConsent, serializeConsent, VISITOR_COOKIE, VISITOR_ID_PATTERN } from '../../features/consent/consent.ts';
import { ACCESS_TOKEN_COOKIE, liveAccessToken } from '../../features/session/tokens.ts';
import { callContextFor } from '../../features/page-context/page-context.server.ts';
import { safeRedirectPath } from '../../features/session/redirect-guard.ts';

export const POST: APIRoute = async ({ request, cookies, locals, clientAddress, redirect }) => {
  const form = await request.formData().catch(() => null);
  const choice = form?.get('choice');
  if (choice !== 'all' && choice !== 'necessary') {
    return new Response('Send choice=all or choice=necessary (the consent prompt\'s two answers).\n', { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const value = serializeConsent(choice === 'all' ? ALL_GRANTED : {});
  // The brand's configured origin, never the request's Host (issue 15), decides Secure and where back may go.
  const secure = locals.origin.startsWith('https:');
  cookies.set(CONSENT_COOKIE, value, { path: '/', maxAge: CONSENT_COOKIE_MAX_AGE_S, sameSite: 'lax', secure });
  let visitor = cookies.get(VISITOR_COOKIE)?.value;
  if (!visitor || !VISITOR_ID_PATTERN.test(visitor)) {
    visitor = crypto.randomUUID();
    cookies.set(VISITOR_COOKIE, visitor, { path: '/', maxAge: CONSENT_COOKIE_MAX_AGE_S, sameSite: 'lax', secure });
  }
  const token = liveAccessToken(cookies.get(ACCESS_TOKEN_COOKIE)?.value);
  const call = { ...callContextFor(locals.brand, locals.locale, request, clientAddress), ...(token ? { accessToken: token } : {}) };
  await platformQuery(RecordConsentDocument, {
    visitorId: visitor,
    categories: grantedCategories(parseConsent(value)) as GraphqlConsentCategory[],
    policyVersion: CONSENT_POLICY_VERSION,
  }, call).catch((error: unknown) => console.error('[consent] The decision could not be recorded on the platform:', error));
  const back = typeof form?.get('returnTo') === 'string' ? (form.get('returnTo') as string) : null;
  return redirect(safeRedirectPath(back, locals.origin) ?? '/', 303);
};
