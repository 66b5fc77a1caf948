/**
 * oidc-provider's storage in PostgreSQL (table oidc_payloads), one realm per brand. Sessions,
 * interactions, authorization codes, grants and tokens survive a restart and are shared by every
 * platform on the same database. Revoking a grant also ends the platform session opened for it.
 *
 * A browser session is read at the start of a request and written whole at its end, so two
 * requests of one browser at once (a silent sign-in in another tab while the player logs out) can
 * lose each other's writes. Two such losses matter, and the table guards against both:
 * - a write that knows nothing of a sign-out under way keeps the sign-out's `state` (its xsrf
 *   secret), or the sign-out page's confirmation fails with "xsrf token invalid";
 * - a destroyed session stays destroyed (a tombstone row, consumed and without uid): a late write
 *   cannot bring back a session the player just ended.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/db.ts';

/** A constructor oidc-provider can call with a model name. */
export type AdapterClass = new (model: string) => Adapter;

/** The adapter class for one realm; onGrantRevoked runs when a grant is revoked or destroyed. */
export function postgresAdapter(db: Db, realm: string, onGrantRevoked: (grantId: string) => Promise<void>): AdapterClass {
  return class PostgresAdapter implements Adapter {
    readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await db.query(
        `insert into oidc_payloads (realm, model, id, payload, grant_id, user_code, uid, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, case when $8::int > 0 then now() + make_interval(secs => $8::int) end)
         on conflict (realm, model, id) do update
           set payload = case
                 when oidc_payloads.model = 'Session' and oidc_payloads.payload ? 'state' and not (excluded.payload ? 'state')
                   then excluded.payload || jsonb_build_object('state', oidc_payloads.payload -> 'state')
                 else excluded.payload end,
               grant_id = excluded.grant_id, user_code = excluded.user_code,
               uid = excluded.uid, expires_at = excluded.expires_at
           where oidc_payloads.model <> 'Session' or oidc_payloads.consumed_at is null`,
        [realm, this.model, id, JSON.stringify(payload), payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresIn ?? 0],
      );
    }

    private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const { rows } = await db.query<{ payload: AdapterPayload; consumed: boolean }>(
        `select payload, consumed_at is not null as consumed from oidc_payloads
          where realm = $1 and model = $2 and ${column} = $3 and (expires_at is null or expires_at > now())`,
        [realm, this.model, value],
      );
      const row = rows[0];
      if (!row || (row.consumed && this.model === 'Session')) return undefined;
      const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as AdapterPayload) : row.payload;
      return row.consumed ? { ...payload, consumed: true } : payload;
    }

    find(id: string) {
      return this.findWhere('id', id);
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db.query('update oidc_payloads set consumed_at = now() where realm = $1 and model = $2 and id = $3', [realm, this.model, id]);
    }

    async destroy(id: string): Promise<void> {
      if (this.model === 'Session') {
        // A tombstone for as long as a request that read the session could still write it back.
        await db.query(
          `update oidc_payloads set payload = '{}'::jsonb, uid = null, grant_id = null, consumed_at = now(), expires_at = now() + interval '1 hour'
            where realm = $1 and model = $2 and id = $3`,
          [realm, this.model, id],
        );
        return;
      }
      await db.query('delete from oidc_payloads where realm = $1 and model = $2 and id = $3', [realm, this.model, id]);
      if (this.model === 'Grant') await onGrantRevoked(id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query('delete from oidc_payloads where realm = $1 and model = $2 and grant_id = $3', [realm, this.model, grantId]);
      await onGrantRevoked(grantId);
    }
  };
}
