/**
 * Registration by e-mail and password, without telling anyone whether an address has an account.
 *
 * The identity provider's registration form always answers the same way: "we sent a code to this
 * address". For a new address the form's fields wait in `pending_registrations` and the code (six
 * digits, 15 minutes, a few wrong guesses) creates the player with the address verified. For an
 * address that already has an account nothing waits and no code can finish it; the address's owner
 * gets an e-mail saying someone tried to register with it and how to sign in instead. Either way
 * the same password hashing has been done, so neither the answer nor its time tells.
 *
 * Nothing is really sent: every e-mail lands in `email_outbox`, readable with the sandbox key at
 * /platform/email-outbox(.json), and in the log.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Brand } from '../brands/brands.ts';
import type { Db, Queryable } from '../db/db.ts';
import type { PageLocale } from '../i18n/page-texts.ts';
import { createPlayer, findPlayer, type NewPlayer } from '../players/repository.ts';
import { applyRegistrationLimits, type RegistrationDepositLimit } from '../players/registration-limits.ts';

/** Digits in an e-mail code. */
export const EMAIL_CODE_LENGTH = 6;
/** How long a registration code works. */
export const EMAIL_CODE_TTL_SECONDS = 15 * 60;
/** Wrong codes before a registration must start again. */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

/** One outbox e-mail. */
export interface EmailMessage {
  id: number;
  brand: string;
  email: string;
  subject: string;
  body: string;
  code: string | null;
  createdAt: string;
}

/** A new player's fields as the registration form gave them (the password already hashed), and the deposit limits asked for on registration (mga). */
export type RegistrationFields = Omit<NewPlayer, 'id' | 'brand' | 'emailVerified' | 'overrides' | 'customer' | 'demoKey'> & {
  depositLimits?: RegistrationDepositLimit[];
};

/** What entering a code came to. */
export type RegistrationOutcome =
  | { kind: 'created'; playerId: string; phoneDropped: boolean }
  | { kind: 'wrong'; left: number }
  | { kind: 'burnt' | 'expired' | 'unknown' | 'taken' };

/** E-mail registration and the e-mail outbox. */
export interface EmailRegistration {
  /** Records a registration and sends its e-mail; returns the pending id the code form carries. */
  start(brand: Brand, fields: RegistrationFields, texts: PageLocale): Promise<{ id: string }>;
  /** Checks a code against a pending registration and creates the player when it matches. */
  finish(brand: Brand, id: string, code: string): Promise<RegistrationOutcome>;
  /** Outbox e-mails, newest first, optionally for one brand and/or address. */
  outbox(filter: { brand?: string | null; email?: string | null; limit?: number }): Promise<EmailMessage[]>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function hashCode(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

async function sendEmail(tx: Queryable, message: Omit<EmailMessage, 'id' | 'createdAt'>): Promise<void> {
  await tx.query('insert into email_outbox (brand, email, subject, body, code) values ($1, $2, $3, $4, $5)', [
    message.brand, message.email, message.subject, message.body, message.code,
  ]);
  console.log(`[platform] e-mail to ${message.email} (${message.brand}): ${message.subject}`);
}

/** The registration service over the platform's database. */
export function createEmailRegistration(db: Db): EmailRegistration {
  return {
    async start(brand, fields, texts) {
      const id = randomUUID();
      const email = fields.email.toLowerCase();
      const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
      const minutes = Math.round(EMAIL_CODE_TTL_SECONDS / 60);
      await db.transaction(async (tx) => {
        // Registrations nobody finished keep their fields (a password hash, a name) no longer than a day.
        await tx.query("delete from pending_registrations where expires_at < now() - interval '1 day'");
        const taken = await findPlayer(tx, brand.id, email, 'email-or-username');
        await tx.query(
          `insert into pending_registrations (id, brand, email, code_hash, data, expires_at)
           values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
          // A taken address keeps no fields: its row only makes the code form answer as for any other.
          [id, brand.id, email, hashCode(id, code), taken ? null : JSON.stringify({ ...fields, email }), EMAIL_CODE_TTL_SECONDS],
        );
        await sendEmail(
          tx,
          taken
            ? { brand: brand.id, email, code: null, subject: texts.t('email.registerTaken.subject', { brand: brand.title }), body: texts.t('email.registerTaken.body', { brand: brand.title }) }
            : { brand: brand.id, email, code, subject: texts.t('email.registerCode.subject', { brand: brand.title, code }), body: texts.t('email.registerCode.body', { brand: brand.title, code, minutes }) },
        );
      });
      return { id };
    },

    async finish(brand, id, code) {
      const typed = String(code ?? '').replace(/\s/g, '');
      if (!UUID.test(id)) return { kind: 'unknown' };
      return db.transaction(async (tx): Promise<RegistrationOutcome> => {
        const { rows } = await tx.query<{ code_hash: string; data: RegistrationFields | null; attempts: number; expired: boolean; consumed: boolean }>(
          `select code_hash, data, attempts, expires_at <= now() as expired, consumed_at is not null as consumed
             from pending_registrations where id = $1 and brand = $2 for update`,
          [id, brand.id],
        );
        const pending = rows[0];
        if (!pending || pending.consumed) return { kind: 'unknown' };
        if (pending.expired) {
          await tx.query('update pending_registrations set consumed_at = now() where id = $1', [id]);
          return { kind: 'expired' };
        }
        // A taken address's row has no fields: every code is wrong, exactly as a wrong code for a new one.
        if (!pending.data || pending.code_hash !== hashCode(id, typed)) {
          const attempts = pending.attempts + 1;
          const burnt = attempts >= EMAIL_CODE_MAX_ATTEMPTS;
          await tx.query(`update pending_registrations set attempts = $2${burnt ? ', consumed_at = now()' : ''} where id = $1`, [id, attempts]);
          return burnt ? { kind: 'burnt' } : { kind: 'wrong', left: EMAIL_CODE_MAX_ATTEMPTS - attempts };
        }
        await tx.query('update pending_registrations set consumed_at = now() where id = $1', [id]);
        const fields = pending.data;
        // Registered meanwhile (another tab, another registration): only the address's owner, who has the code, learns it.
        if (await findPlayer(tx, brand.id, fields.email, 'email-or-username')) return { kind: 'taken' };
        // A number on another account is left off, not reported: the new player adds and verifies one later.
        const phoneDropped = Boolean(fields.phoneNumber && (await findPlayer(tx, brand.id, fields.phoneNumber, 'phone')));
        const { depositLimits = [], ...player } = fields;
        const created = await createPlayer(tx, { ...player, brand: brand.id, emailVerified: true, phoneNumber: phoneDropped ? null : (fields.phoneNumber ?? null) });
        await applyRegistrationLimits(tx, brand, created.id, depositLimits);
        return { kind: 'created', playerId: created.id, phoneDropped };
      });
    },

    async outbox({ brand, email, limit = 100 }) {
      const { rows } = await db.query<{ id: number; brand: string; email: string; subject: string; body: string; code: string | null; created_at: string }>(
        `select id::int, brand, email, subject, body, code,
                to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
           from email_outbox
          where ($1::text is null or brand = $1) and ($2::text is null or email = lower($2))
          order by id desc limit $3`,
        [brand ?? null, email ?? null, Math.min(Math.max(limit, 1), 500)],
      );
      return rows.map((row) => ({ id: row.id, brand: row.brand, email: row.email, subject: row.subject, body: row.body, code: row.code, createdAt: row.created_at }));
    },
  };
}
