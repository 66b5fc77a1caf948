/**
 * The identity provider rotates its refresh tokens and, as OAuth's reuse detection asks, revokes the
 * whole grant when a spent one comes back. A browser can present a spent one without any theft: the
 * page that sent the renewal left (a redirect, a click) before the answer, with its rotated token,
 * reached it; the next page renews with the token it still holds and the player is signed out.
 *
 * So the answer a refresh token was rotated to is kept for REFRESH_REUSE_GRACE_SECONDS (the grace the
 * platform's own tokens have): the same token presented again within it gets that same answer (the
 * same successor, no second branch), and a presentation that arrives while the first is still being
 * answered waits for it. After the grace a reuse reaches the provider, which revokes the grant.
 *
 * The row is found by a hash of the presented token and sealed with a key derived from it (AES-256-GCM),
 * so the database never holds a usable token and only the token's holder can open its answer.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { REFRESH_REUSE_GRACE_SECONDS } from '../auth/sessions.ts';
import type { Db } from '../db/db.ts';

/** How long a presentation waits for the first one's answer before asking the provider itself. */
const WAIT_FOR_FIRST_MS = 5000;
const POLL_MS = 100;

const derive = (token: string, purpose: string) => createHash('sha256').update(`oidc-refresh-grace:${purpose}:${token}`).digest();

/** Seals a token answer with a key only the presented token gives. */
export function sealAnswer(token: string, answer: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(token, 'key'), iv);
  const sealed = Buffer.concat([cipher.update(answer, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** Opens what sealAnswer sealed with the same token; throws if the token or the text differ. */
export function openAnswer(token: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', derive(token, 'key'), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** What a presentation of a refresh token is to do. */
export type GraceClaim = { kind: 'first'; id: string } | { kind: 'answered'; answer: string };

/** The grace's store in the database (every platform process on it shares it). */
export interface RefreshGrace {
  /** The first presentation within the grace goes on to the provider; later ones get its answer. */
  claim(token: string): Promise<GraceClaim>;
  /** Keeps the provider's answer to the first presentation for the rest of the grace. */
  keep(id: string, token: string, answer: string): Promise<void>;
  /** The provider refused the first presentation: later ones ask it themselves. */
  release(id: string): Promise<void>;
}

/** The grace on a database. */
export function createRefreshGrace(db: Db): RefreshGrace {
  return {
    async claim(token) {
      const id = derive(token, 'id').toString('base64url');
      await db.query('delete from oidc_refresh_grace where expires_at < now()');
      const { rows } = await db.query<{ id: string }>(
        `insert into oidc_refresh_grace (id, expires_at) values ($1, now() + make_interval(secs => $2))
         on conflict (id) do nothing returning id`,
        [id, REFRESH_REUSE_GRACE_SECONDS],
      );
      if (rows.length > 0) return { kind: 'first', id };
      for (let waited = 0; waited < WAIT_FOR_FIRST_MS; waited += POLL_MS) {
        const found = await db.query<{ answer: string | null }>('select answer from oidc_refresh_grace where id = $1 and expires_at >= now()', [id]);
        const row = found.rows[0];
        // Released (the provider refused) or past the grace: the provider decides.
        if (!row) return { kind: 'first', id };
        if (row.answer) return { kind: 'answered', answer: openAnswer(token, row.answer) };
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      return { kind: 'first', id };
    },
    async keep(id, token, answer) {
      await db.query('update oidc_refresh_grace set answer = $2 where id = $1', [id, sealAnswer(token, answer)]);
    },
    async release(id) {
      await db.query('delete from oidc_refresh_grace where id = $1 and answer is null', [id]);
    },
  };
}
