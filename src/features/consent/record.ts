/**
 * Records a consent decision on the platform (recordConsent), with the anonymous visitor id kept in
 * the necessary `visitorId` cookie (made on the first decision) and, when a player is signed in with
 * a live access token, that token, so the record names the player. Loaded when a visitor answers
 * (ahead of it, on the intent to: ConsentHost.tsx), so pages that are not asked carry none of it.
 */
import { graphqlRequest } from '../../lib/graphql-client.ts';
import { RecordConsentDocument, type ConsentCategory as GraphqlConsentCategory } from '../../lib/graphql/generated/graphql.ts';
import { ACCESS_TOKEN_COOKIE, liveAccessToken, readCookie } from '../session/tokens.ts';
import { CONSENT_COOKIE_MAX_AGE_S, CONSENT_POLICY_VERSION, grantedCategories, VISITOR_COOKIE, VISITOR_ID_PATTERN, type ConsentState } from './consent.ts';
import { writeCookie } from '../../lib/cookies.ts';

/** The visitor's id, made and stored on first use. */
export function visitorId(): string {
  const stored = readCookie(VISITOR_COOKIE, document.cookie);
  if (stored && VISITOR_ID_PATTERN.test(stored)) return stored;
  const id = crypto.randomUUID();
  writeCookie(VISITOR_COOKIE, id, CONSENT_COOKIE_MAX_AGE_S);
  return id;
}

/** Sends one decision to the platform. */
export async function recordConsent(state: ConsentState): Promise<void> {
  const live = liveAccessToken(readCookie(ACCESS_TOKEN_COOKIE, document.cookie));
  await graphqlRequest(
    RecordConsentDocument,
    {
      visitorId: visitorId(),
      categories: grantedCategories(state) as GraphqlConsentCategory[],
      policyVersion: state.policyVersion ?? CONSENT_POLICY_VERSION,
    },
    {
      // keepalive: the record still goes out when the visitor leaves the page right after answering.
      fetch: (input, init) => fetch(input, {
        ...init,
        keepalive: true,
        headers: { ...(init?.headers as Record<string, string>), ...(live ? { authorization: `Bearer ${live}` } : {}) },
      }),
    },
  );
}
