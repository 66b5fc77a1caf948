import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTVerifyGetKey } from 'jose';
import { IdTokenError, verifyIdToken } from './id-token.ts';

const ISSUER = 'http://aurelia.localhost:4321/auth/realms/aurelia';
const NONCE = 'n-0S6_WzA2Mj';

let providerKey: CryptoKey;
let strangerKey: CryptoKey;
let keys: JWTVerifyGetKey;

beforeAll(async () => {
  const provider = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  providerKey = provider.privateKey;
  strangerKey = stranger.privateKey;
  const jwk: JWK = { ...(await exportJWK(provider.publicKey)), kid: 'realm-key', alg: 'RS256', use: 'sig' };
  keys = createLocalJWKSet({ keys: [jwk] });
});

const now = () => Math.floor(Date.now() / 1000);

async function idToken(overrides: { iss?: string; aud?: string; exp?: number; nonce?: string | null; sub?: string | null; key?: CryptoKey; kid?: string } = {}) {
  const claims: Record<string, unknown> = { sid: 'session-1' };
  if (overrides.nonce !== null) claims.nonce = overrides.nonce ?? NONCE;
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: overrides.kid ?? 'realm-key' })
    .setIssuer(overrides.iss ?? ISSUER)
    .setAudience(overrides.aud ?? 'app')
    .setIssuedAt(now() - 10)
    .setExpirationTime(overrides.exp ?? now() + 3600);
  if (overrides.sub !== null) jwt.setSubject(overrides.sub ?? 'player-1');
  return jwt.sign(overrides.key ?? providerKey);
}

const unsigned = (claims: object) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

const expect_ = () => ({ issuer: ISSUER, audience: 'app', keys, nonce: NONCE });

describe('verifyIdToken', () => {
  it('accepts a token signed by the realm for this client with the sign-in nonce', async () => {
    const payload = await verifyIdToken(await idToken(), expect_());
    expect(payload.sub).toBe('player-1');
  });

  it('accepts a refreshed token (no nonce to compare) that keeps the subject', async () => {
    const payload = await verifyIdToken(await idToken({ nonce: null }), { issuer: ISSUER, audience: 'app', keys, subject: 'player-1' });
    expect(payload.sub).toBe('player-1');
  });

  const BAD: [string, () => Promise<string>, RegExp][] = [
    ['forged (signed by another key under the realm key id)', () => idToken({ key: strangerKey }), /signature/],
    ['signed by a key the realm does not publish', () => idToken({ key: strangerKey, kid: 'other' }), /key the provider does not publish/],
    ['expired beyond the clock skew', () => idToken({ exp: now() - 3600 }), /expired/],
    ['for another audience', () => idToken({ aud: 'someone-else' }), /"aud"/],
    ['from another issuer', () => idToken({ iss: 'http://evil.example/auth/realms/aurelia' }), /"iss"/],
    ['from another realm of the same provider', () => idToken({ iss: 'http://aurelia.localhost:4321/auth/realms/kororaa' }), /"iss"/],
    ['unsigned (alg none)', async () => unsigned({ iss: ISSUER, aud: 'app', sub: 'player-1', nonce: NONCE, exp: now() + 3600, iat: now() }), /could not be verified|allowed algorithm/],
    ['with the wrong nonce', () => idToken({ nonce: 'replayed-nonce' }), /nonce/],
    ['without a nonce where one was sent', () => idToken({ nonce: null }), /nonce/],
    ['without a subject', () => idToken({ sub: null }), /subject claim/],
    ['garbage', async () => 'not-a-jwt', /could not be verified/],
  ];

  it.each(BAD)('refuses a token %s', async (_name, make, message) => {
    const error = await verifyIdToken(await make(), expect_()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IdTokenError);
    expect((error as Error).message).toMatch(message);
  });

  it('refuses a refreshed token whose subject changed', async () => {
    const error = await verifyIdToken(await idToken({ sub: 'player-2', nonce: null }), { issuer: ISSUER, audience: 'app', keys, subject: 'player-1' }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('sub in id_token does not match current sub');
  });

  it('allows the 300 s clock skew on the expiry, and no more', async () => {
    const lately = await verifyIdToken(await idToken({ exp: now() - 280 }), expect_());
    expect(lately.sub).toBe('player-1');
    await expect(verifyIdToken(await idToken({ exp: now() - 320 }), expect_())).rejects.toThrow(/expired/);
  });

  it('refuses a missing id_token', async () => {
    await expect(verifyIdToken(undefined, expect_())).rejects.toThrow(/no id_token/);
  });
});
