/**
 * Verifies the identity provider's id_token before a player counts as signed in. oidc-client-ts
 * reads the id_token but checks neither its signature nor its issuer, audience or expiry, so this
 * does, with jose against the realm's published keys: signature (RS256/PS256/ES256, never `none`),
 * issuer = the discovery document's issuer, audience `app`, expiry (with the 300 s clock skew of
 * spec section 9), a subject claim, and the nonce of the sign-in request when there was one.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** Signature algorithms an id_token may use. */
export const ID_TOKEN_ALGORITHMS = ['RS256', 'PS256', 'ES256'];
/** Allowed clock difference with the provider (spec section 9). */
export const CLOCK_SKEW_S = 300;

/** An id_token that failed a check; the message says which. */
export class IdTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdTokenError';
  }
}

/** The provider's keys could not be fetched, so the id_token is neither valid nor invalid yet. */
export class KeysUnreachableError extends Error {
  constructor(cause: string) {
    super(`The identity provider's keys could not be fetched: ${cause}`);
    this.name = 'KeysUnreachableError';
  }
}

/** What an id_token must satisfy. */
export interface IdTokenExpectations {
  issuer: string;
  audience: string;
  /** The provider's signing keys. */
  keys: JWTVerifyGetKey;
  /** The nonce sent with the sign-in request; omitted for refreshed tokens, which carry none to compare. */
  nonce?: string;
  /** The subject the session already has (a refreshed token must keep it). */
  subject?: string;
  currentDate?: Date;
}

/** The keys of a realm from its JWKS URL (cached and refetched on an unknown key id by jose). */
export function remoteKeys(jwksUri: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(jwksUri));
}

/** Verifies an id_token and returns its claims, or throws IdTokenError naming the failed check. */
export async function verifyIdToken(idToken: string | undefined, expected: IdTokenExpectations): Promise<JWTPayload> {
  if (!idToken) throw new IdTokenError('The sign-in response has no id_token');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, expected.keys, {
      issuer: expected.issuer,
      audience: expected.audience,
      algorithms: ID_TOKEN_ALGORITHMS,
      clockTolerance: CLOCK_SKEW_S,
      currentDate: expected.currentDate,
      requiredClaims: ['exp', 'iat'],
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new IdTokenError('The id_token has expired');
    if (error instanceof errors.JWTClaimValidationFailed) throw new IdTokenError(`The id_token's "${error.claim}" claim is wrong (${error.reason})`);
    if (error instanceof errors.JOSEAlgNotAllowed) throw new IdTokenError('The id_token is not signed with an allowed algorithm');
    if (error instanceof errors.JWSSignatureVerificationFailed) throw new IdTokenError("The id_token's signature does not match the provider's keys");
    if (error instanceof errors.JWKSNoMatchingKey) throw new IdTokenError("The id_token is signed with a key the provider does not publish");
    // The keys could not be fetched (the network, a timeout, a page leaving): that says nothing of the token.
    if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) throw new KeysUnreachableError((error as Error).message);
    throw new IdTokenError(`The id_token could not be verified: ${(error as Error).message}`);
  }
  if (!payload.sub) throw new IdTokenError('ID Token is missing a subject claim');
  if (expected.subject !== undefined && payload.sub !== expected.subject) throw new IdTokenError('sub in id_token does not match current sub');
  if (expected.nonce !== undefined && payload.nonce !== expected.nonce) throw new IdTokenError("The id_token's nonce does not match the sign-in request");
  return payload;
}
