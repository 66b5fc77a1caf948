/**
 * Sessions and tokens. A session (sid) is one sign-in on one device. Its access tokens are short
 * RS256 JWTs carrying player_id, sid, passwordless, flow and exp (spec section 3); its refresh
 * tokens are opaque, stored as sha256 hashes and rotated on every use. Presenting a refresh token
 * that was already used means it leaked (or two tabs raced): the whole family and the session are
 * revoked. One exception keeps real players signed in: a token presented again within a few seconds
 * of its rotation, while its successor has never been used, is a client that lost the answer (the
 * page navigated away mid-refresh, or tabs raced), so it gets that same successor again (with a
 * fresh access token of the same session): each refresh token still works once, and any number of
 * parallel refreshes of one token leave one live successor, never parallel branches. The successor
 * is an HMAC of the token under a platform secret, so a repeat recomputes it instead of storing it.
 * Access tokens are checked against the session on every request, so ending a session takes effect
 * at once, not at token expiry.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db, Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import type { EventBus, SessionEndCause } from '../realtime/events.ts';
import type { PlatformSecrets } from './secrets.ts';
import { UNKNOWN_ORIGIN, type SignInOrigin } from './sign-in-origin.ts';
import type { AuthSettings } from './settings.ts';

/** How long after its rotation a refresh token may be presented again while its successor is unused. */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

/** The iss claim of the platform's own access tokens. */
export const ACCESS_TOKEN_ISSUER = 'urn:atrium:platform';

/** How a player signed in (the flow claim). */
export type LoginFlow = 'sms' | 'keycloak' | 'trustly' | 'zimpler' | 'piq';

/** Who is calling, once a bearer token checked out. */
export interface Authenticated {
  playerId: string;
  sid: string;
  brand: string;
  flow: string;
  passwordless: boolean;
  /** Expiry of the presented token (epoch seconds). */
  expiresAt: number;
}

/** A token pair as RefreshAccessToken and the login mutations return it. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  sessionId: string;
  playerId: string;
}

/** Looks an opaque OpenID Connect access token up (set by the identity provider). */
export type OidcTokenLookup = (token: string, brand: string | null) => Promise<{ playerId: string; brand: string; grantId: string; expiresAt: number } | null>;

/** The session and token service. */
/** Why a destroyed session ended: SessionDestroyed's cause, and the end of the break that caused it. */
export interface SessionEndWhy {
  cause: SessionEndCause;
  until: string | null;
}

/** Why a session ends: a sign-out, an end by someone else (destroyed), a reused refresh token, the identity provider's sign-out. */
export type SessionEndReason = 'logout' | 'destroyed' | 'refresh_token_reuse' | 'oidc_logout';

/** The error extensions that say why a destroyed session ended, as its sockets' session-ended errors do. */
export function sessionEndDetails(sessionId: string, cause: SessionEndCause, until: Date | string | null): Record<string, unknown> {
  return { sessionId, cause, until: until === null ? null : new Date(until).toISOString() };
}

export interface AuthService {
  /** Opens a session for a player and returns its first token pair; origin is the sign-in request's device and country. */
  startSession(input: { playerId: string; brand: string; flow: LoginFlow; passwordless: boolean; origin?: SignInOrigin }, tx?: Queryable): Promise<IssuedTokens>;
  /** Rotates a refresh token; InvalidTokenFailure when it is unknown, expired, revoked or reused. */
  refresh(refreshToken: string, brand: string | null): Promise<IssuedTokens>;
  /** Checks a bearer token (platform JWT or the identity provider's access token); AuthenticationFailure otherwise. */
  authenticate(bearer: string | null, brand: string | null): Promise<Authenticated>;
  /**
   * Ends a session and its refresh tokens; `destroyed` tells its sockets session_destroyed_error and
   * the player SessionDestroyed, with `why` (default: a sign-in on another device).
   */
  endSession(sid: string, reason: SessionEndReason, why?: SessionEndWhy): Promise<boolean>;
  /**
   * Ends a session in the caller's transaction (the console audits it there) and returns what
   * announces it (SessionDestroyed, the sockets' end), for the caller to run once that transaction
   * has committed: a rolled-back end is never announced. Null when the session had ended already.
   */
  endSessionIn(tx: Queryable, sid: string, reason: SessionEndReason, why?: SessionEndWhy): Promise<(() => void) | null>;
  /** The platform session of an identity-provider grant, opened on first use (origin: the sign-in request's, when known). */
  sessionForGrant(grantId: string, playerId: string, brand: string, origin?: SignInOrigin): Promise<string>;
  /** Ends the session of an identity-provider grant (sign-out, revocation). */
  endGrantSession(grantId: string): Promise<void>;
  /** Connects the identity provider's token store. */
  setOidcLookup(lookup: OidcTokenLookup): void;
  /** The public JWKS of the access-token key. */
  jwks(): { keys: object[] };
  readonly settings: AuthSettings;
}

/** sha256 of a refresh token: the database never holds a usable token. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newSid(): string {
  return randomBytes(18).toString('base64url');
}

/** Creates the service. */
export function createAuthService(db: Db, secrets: PlatformSecrets, settings: AuthSettings, events: EventBus): AuthService {
  const key = secrets.signingKey;
  let oidcLookup: OidcTokenLookup | null = null;

  async function signAccessToken(session: { sid: string; playerId: string; brand: string; flow: string; passwordless: boolean }) {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + settings.accessTokenTtlSeconds;
    const token = await new SignJWT({
      player_id: session.playerId,
      sid: session.sid,
      passwordless: session.passwordless,
      flow: session.flow,
      brand: session.brand,
    })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setSubject(session.playerId)
      .setAudience(session.brand)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .setJti(randomBytes(12).toString('base64url'))
      .sign(key.privateKey);
    return { token, expiresIn: exp - now };
  }

  /** Stores a refresh token of the family: a random one for a new session, else the parent's successor. Idempotent. */
  async function storeRefreshToken(tx: Queryable, sid: string, familyId: string, token: string): Promise<string> {
    await tx.query(
      `insert into refresh_tokens (token_hash, family_id, session_id, expires_at)
       values ($1, $2, $3, now() + make_interval(secs => $4))
       on conflict (token_hash) do nothing`,
      [hashToken(token), familyId, sid, settings.refreshTokenTtlSeconds],
    );
    return token;
  }

  /** The one successor a refresh token rotates to, however often it is presented within the grace. */
  function successorOf(token: string): string {
    return createHmac('sha256', secrets.refreshSuccessorKey).update(`refresh-successor:${token}`).digest('base64url');
  }

  async function revoke(tx: Queryable, sid: string, reason: string, why: SessionEndWhy | null = null): Promise<{ playerId: string } | null> {
    const { rows } = await tx.query<{ player_id: string }>(
      `update sessions set revoked_at = now(), revoked_reason = $2, end_cause = $3, end_until = $4
        where sid = $1 and revoked_at is null returning player_id`,
      [sid, reason, why?.cause ?? null, why?.until ?? null],
    );
    await tx.query('update refresh_tokens set revoked_at = now() where session_id = $1 and revoked_at is null', [sid]);
    return rows[0] ? { playerId: rows[0].player_id } : null;
  }

  const service: AuthService = {
    settings,

    async startSession(input, tx) {
      const sid = newSid();
      const origin = input.origin ?? UNKNOWN_ORIGIN;
      const run = async (q: Queryable) => {
        await q.query('insert into sessions (sid, player_id, brand, flow, passwordless, device, country_code) values ($1, $2, $3, $4, $5, $6, $7)', [
          sid, input.playerId, input.brand, input.flow, input.passwordless, origin.device, origin.countryCode,
        ]);
        return storeRefreshToken(q, sid, randomBytes(12).toString('base64url'), randomBytes(32).toString('base64url'));
      };
      const refreshToken = tx ? await run(tx) : await db.transaction(run);
      const access = await signAccessToken({ sid, playerId: input.playerId, brand: input.brand, flow: input.flow, passwordless: input.passwordless });
      return { accessToken: access.token, refreshToken, expiresIn: access.expiresIn, sessionId: sid, playerId: input.playerId };
    },

    async refresh(refreshToken, brand) {
      const invalid = (message: string) => new PlatformError('InvalidTokenFailure', message);
      if (typeof refreshToken !== 'string' || refreshToken.trim() === '') throw invalid('refreshToken is empty: sign in again');
      type Row = {
        family_id: string; session_id: string; used: boolean; revoked: boolean; expired: boolean; session_revoked: string | null;
        end_cause: SessionEndCause | null; end_until: Date | null; player_id: string; brand: string; flow: string; passwordless: boolean;
      };
      const outcome = await db.transaction(async (tx) => {
        const { rows } = await tx.query<Row>(
          `select rt.family_id, rt.session_id, rt.used_at is not null as used, rt.revoked_at is not null as revoked,
                  rt.expires_at <= now() as expired, s.revoked_reason as session_revoked, s.end_cause, s.end_until,
                  s.player_id, s.brand, s.flow, s.passwordless
             from refresh_tokens rt join sessions s on s.sid = rt.session_id
            where rt.token_hash = $1
            for update of rt`,
          [hashToken(refreshToken)],
        );
        const row = rows[0];
        if (!row) return { kind: 'unknown' as const };
        const successor = successorOf(refreshToken);
        if (row.used && !row.revoked && !row.session_revoked && !row.expired && (!brand || row.brand === brand)) {
          // A lost answer (or a racing tab), not a leak: rotated moments ago and its successor never
          // used. It gets that same successor: the row lock above makes parallel repeats wait for the
          // first rotation, so all of them answer the one successor it stored.
          const { rows: lost } = await tx.query<{ lost: boolean }>(
            `select parent.used_at > now() - make_interval(secs => $2)
                    and coalesce(child.used_at is null and child.revoked_at is null, true) as lost
               from refresh_tokens parent left join refresh_tokens child on child.token_hash = $3
              where parent.token_hash = $1`,
            [hashToken(refreshToken), REFRESH_REUSE_GRACE_SECONDS, hashToken(successor)],
          );
          if (lost[0]?.lost) return { kind: 'ok' as const, row, next: await storeRefreshToken(tx, row.session_id, row.family_id, successor) };
        }
        if (row.used && !row.revoked) {
          await tx.query('update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null', [row.family_id]);
          await revoke(tx, row.session_id, 'refresh_token_reuse');
          return { kind: 'reused' as const, row };
        }
        if (row.revoked || row.session_revoked) return { kind: 'revoked' as const, row };
        if (row.expired) return { kind: 'expired' as const, row };
        if (brand && row.brand !== brand) return { kind: 'brand' as const, row };
        await tx.query('update refresh_tokens set used_at = now() where token_hash = $1', [hashToken(refreshToken)]);
        const next = await storeRefreshToken(tx, row.session_id, row.family_id, successor);
        return { kind: 'ok' as const, row, next };
      });
      switch (outcome.kind) {
        case 'unknown':
          throw invalid('The refresh token is not known to the platform: sign in again');
        case 'reused':
          events.sessionEnded({ sessionId: outcome.row.session_id, playerId: outcome.row.player_id, reason: 'refresh_token_reuse' });
          throw invalid('This refresh token was already used; reusing it revoked its whole token family and the session: sign in again (refresh once per token, one refresh in flight at a time)');
        case 'revoked': {
          const { row } = outcome;
          const message = `The refresh token was revoked (session ended${row.session_revoked ? `: ${row.session_revoked}` : ''}): sign in again`;
          // A destroyed session says why, as its SessionDestroyed event did: the device that missed the event learns it here.
          if (row.end_cause) {
            throw new PlatformError('InvalidTokenFailure', message, sessionEndDetails(row.session_id, row.end_cause, row.end_until));
          }
          throw invalid(message);
        }
        case 'expired':
          throw invalid('The refresh token has expired: sign in again');
        case 'brand':
          throw new PlatformError('RefreshFailure', `The refresh token belongs to brand "${outcome.row.brand}", not "${brand}" (x-brand): send it to its own brand`);
        case 'ok': {
          const { row } = outcome;
          const access = await signAccessToken({ sid: row.session_id, playerId: row.player_id, brand: row.brand, flow: row.flow, passwordless: row.passwordless });
          return { accessToken: access.token, refreshToken: outcome.next, expiresIn: access.expiresIn, sessionId: row.session_id, playerId: row.player_id };
        }
      }
    },

    async authenticate(bearer, brand) {
      const fail = (message: string) => new PlatformError('AuthenticationFailure', message);
      if (!bearer) throw fail('This needs a signed-in player: send the header Authorization: Bearer <accessToken>');
      let auth: Authenticated;
      if (bearer.split('.').length === 3) {
        try {
          const { payload } = await jwtVerify(bearer, key.publicKey, { issuer: ACCESS_TOKEN_ISSUER, algorithms: ['RS256'] });
          auth = {
            playerId: String(payload.player_id),
            sid: String(payload.sid),
            brand: String(payload.brand),
            flow: String(payload.flow),
            passwordless: payload.passwordless === true,
            expiresAt: Number(payload.exp),
          };
        } catch (error) {
          if (error instanceof joseErrors.JWTExpired) {
            const exp = Number(error.payload.exp);
            throw fail(`The access token expired at ${new Date(exp * 1000).toISOString()}: refresh it with RefreshAccessToken and retry`);
          }
          throw fail(`The access token is not valid (${(error as { code?: string }).code ?? 'unreadable'}): sign in again`);
        }
      } else {
        const found = oidcLookup ? await oidcLookup(bearer, brand) : null;
        if (!found) throw fail('The access token is not valid, or it expired: refresh it, or sign in again');
        const sid = await service.sessionForGrant(found.grantId, found.playerId, found.brand);
        auth = { playerId: found.playerId, sid, brand: found.brand, flow: 'keycloak', passwordless: false, expiresAt: found.expiresAt };
      }
      if (brand && auth.brand !== brand) throw fail(`The access token belongs to brand "${auth.brand}", not "${brand}" (x-brand): sign in on this brand`);
      const { rows } = await db.query<{ revoked_reason: string | null; revoked: boolean }>(
        'select revoked_reason, revoked_at is not null as revoked from sessions where sid = $1',
        [auth.sid],
      );
      const session = rows[0];
      if (!session) throw fail('The access token names a session that does not exist: sign in again');
      if (session.revoked) throw fail(`The session has ended (${session.revoked_reason ?? 'revoked'}): sign in again`);
      return auth;
    },

    async endSession(sid, reason, why = { cause: 'AnotherDevice', until: null }) {
      const announce = await db.transaction((tx) => service.endSessionIn(tx, sid, reason, why));
      announce?.();
      return announce !== null;
    },

    async endSessionIn(tx, sid, reason, why = { cause: 'AnotherDevice', until: null }) {
      const ended = await revoke(tx, sid, reason, reason === 'destroyed' ? why : null);
      if (!ended) return null;
      return () => {
        // Only a destroyed session is news for the player's other devices (SessionDestroyed); a logout is not.
        if (reason === 'destroyed') {
          events.publish(ended.playerId, 'sessionDestroyed', { sessionId: sid, ...why });
          events.sessionEnded({ sessionId: sid, playerId: ended.playerId, reason, ...why });
        } else {
          events.sessionEnded({ sessionId: sid, playerId: ended.playerId, reason });
        }
      };
    },

    async sessionForGrant(grantId, playerId, brand, origin = UNKNOWN_ORIGIN) {
      await db.query(
        `insert into sessions (sid, player_id, brand, flow, passwordless, oidc_grant_id, device, country_code)
         values ($1, $2, $3, 'keycloak', false, $4, $5, $6) on conflict (oidc_grant_id) do nothing`,
        [newSid(), playerId, brand, grantId, origin.device, origin.countryCode],
      );
      const { rows } = await db.query<{ sid: string }>('select sid from sessions where oidc_grant_id = $1', [grantId]);
      if (!rows[0]) throw new Error(`No session for grant ${grantId}`);
      return rows[0].sid;
    },

    async endGrantSession(grantId) {
      const { rows } = await db.query<{ sid: string }>('select sid from sessions where oidc_grant_id = $1 and revoked_at is null', [grantId]);
      for (const row of rows) await service.endSession(row.sid, 'oidc_logout');
    },

    setOidcLookup(lookup) {
      oidcLookup = lookup;
    },

    jwks() {
      return { keys: [key.publicJwk] };
    },
  };
  return service;
}
