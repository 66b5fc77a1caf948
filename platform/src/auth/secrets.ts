/**
 * Keys and secrets the platform makes for itself at first start and keeps in the database, so
 * tokens survive restarts and every platform sharing the database agrees on them. Nothing here is
 * configured by hand; deleting a row rotates that secret (signing out everyone it signed for).
 */
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK } from 'jose';
import type { CryptoKey, JWK } from 'jose';
import type { Db } from '../db/db.ts';

/** The RS256 key pair that signs access tokens and id_tokens. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The private JWK (for oidc-provider's jwks). */
  privateJwk: JWK;
  /** The public JWK (for /platform/jwks.json and /certs). */
  publicJwk: JWK;
}

/** Everything generated. */
export interface PlatformSecrets {
  signingKey: SigningKey;
  /** Keys for oidc-provider's signed cookies. */
  cookieKeys: string[];
  /** The HS256 secret of generateZendeskToken (shared with Zendesk in production). */
  zendeskSecret: Uint8Array;
  zendeskKeyId: string;
  /**
   * The HMAC key that derives a refresh token's successor from the token itself, so presenting it
   * again within the grace gets the same successor (auth/sessions.ts). Rotating it only matters to a
   * rotation under way at that moment.
   */
  refreshSuccessorKey: Buffer;
}

/** Reads a secret, creating it with make() when missing; concurrent first starts agree on one value. */
async function secret<T>(db: Db, name: string, make: () => Promise<T>): Promise<T> {
  const found = await db.query<{ value: T }>('select value from platform_secrets where name = $1', [name]);
  if (found.rows[0]) return found.rows[0].value;
  await db.query('insert into platform_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [name, JSON.stringify(await make())]);
  const stored = await db.query<{ value: T }>('select value from platform_secrets where name = $1', [name]);
  if (!stored.rows[0]) throw new Error(`platform secret ${name} could not be stored`);
  return stored.rows[0].value;
}

/** Loads (or generates and stores) the platform's keys. */
export async function loadSecrets(db: Db): Promise<PlatformSecrets> {
  const jwk = await secret<JWK>(db, 'signing-key-rs256', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const exported = await exportJWK(privateKey);
    return { ...exported, kid: `atrium-${randomBytes(6).toString('hex')}`, alg: 'RS256', use: 'sig' };
  });
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk;
  const cookieKeys = await secret<string[]>(db, 'oidc-cookie-keys', async () => [randomBytes(32).toString('base64url')]);
  const zendesk = await secret<{ kid: string; secret: string }>(db, 'zendesk-jwt-secret', async () => ({
    kid: `app_${randomBytes(8).toString('hex')}`,
    secret: randomBytes(32).toString('base64url'),
  }));
  const refreshSuccessorKey = await secret<string>(db, 'refresh-successor-key', async () => randomBytes(32).toString('base64url'));
  return {
    signingKey: {
      kid: String(jwk.kid),
      privateKey: (await importJWK(jwk, 'RS256')) as CryptoKey,
      publicKey: (await importJWK(publicJwk, 'RS256')) as CryptoKey,
      privateJwk: jwk,
      publicJwk,
    },
    cookieKeys,
    zendeskSecret: Buffer.from(zendesk.secret, 'base64url'),
    zendeskKeyId: zendesk.kid,
    refreshSuccessorKey: Buffer.from(refreshSuccessorKey, 'base64url'),
  };
}
