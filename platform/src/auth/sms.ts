/**
 * SMS login: a six-digit code to the player's phone. Nothing is really sent: each message lands in
 * the `sms_outbox` table, readable at /platform/sms-outbox(.json), and in the log. Codes are
 * stored hashed, expire, allow a few wrong guesses, and a resend replaces the previous code.
 * A number nobody has yet registers a new player when its code is verified (SMS registration).
 *
 * Why guessing a code is infeasible, from any number of addresses: a code is void after
 * smsMaxAttempts (5) wrong entries in total, whoever typed them, and a number is sent at most 10
 * codes per 10 minutes (the LOGIN rule counts code requests per number, across addresses). So at most
 * 50 of the million codes can be tried per number per 10 minutes (1 in 20,000), each burnt code a text
 * on the owner's phone. Code entries are also rate-limited per number AND address (the CODE rule,
 * security/limited-mutations.ts), so a stranger's wrong codes use up only the stranger's tries: the
 * owner, at their own address, asks for a fresh code and signs in at once instead of being locked out.
 */
import type { ContentStore } from '../content/store.ts';
import { registrationDocuments } from '../players/legal-acceptance.ts';
import { createHash, randomInt } from 'node:crypto';
import type { Brand } from '../brands/brands.ts';
import type { Db } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { maskPhone, normalisePhone } from '../players/phone.ts';
import { createPlayer, findPlayer } from '../players/repository.ts';
import { applyRegistrationLimits, type RegistrationDepositLimit } from '../players/registration-limits.ts';
import type { AuthSettings } from './settings.ts';
import { licenceProfile } from '../../../shared/licences.ts';
import { newWalletCurrency } from '../brands/brands.ts';

/** Digits in a code. */
export const SMS_CODE_LENGTH = 6;

/** What requesting a code tells the client. */
export interface SmsCodeRequest {
  phoneNumber: string;
  codeLength: number;
  expiresAt: string;
  resendAvailableAt: string;
}

/** One outbox message. */
export interface SmsMessage {
  id: number;
  brand: string;
  phoneNumber: string;
  body: string;
  code: string | null;
  createdAt: string;
}

/** The SMS login service. */
export interface SmsService {
  /** Sends a new code (resend: replacing one sent before); SmsResendTooSoon inside the cooldown. */
  requestCode(brand: Brand, phoneNumber: string, resend: boolean): Promise<SmsCodeRequest>;
  /** Checks a code; returns the player it signs in (creating one for a new number). */
  /** Checks the code; an unknown number registers, with the deposit limits its registration form asked for (mga). */
  verifyCode(brand: Brand, phoneNumber: string, code: string, registration?: { depositLimits?: readonly RegistrationDepositLimit[]; marketing?: boolean }): Promise<{ playerId: string; registered: boolean }>;
  /** Outbox messages, newest first, optionally for one brand and/or number. */
  outbox(filter: { brand?: string | null; phoneNumber?: string | null; limit?: number }): Promise<SmsMessage[]>;
}

function hashCode(brand: string, phone: string, code: string): string {
  return createHash('sha256').update(`${brand}:${phone}:${code}`).digest('hex');
}

/** Country currency for players who register by SMS: the brand currency. */
export function createSmsService(db: Db, settings: AuthSettings, content: Pick<ContentStore, 'currentLegal'>): SmsService {
  return {
    async requestCode(brand, phoneNumber, resend) {
      const phone = normalisePhone(phoneNumber, 'phoneNumber', brand.defaultCountry);
      const { rows: recent } = await db.query<{ wait: number; any: boolean }>(
        `select greatest(0, ceil(extract(epoch from (max(created_at) + make_interval(secs => $3) - now()))))::int as wait,
                count(*) > 0 as any
           from sms_codes where brand = $1 and phone_number = $2`,
        [brand.id, phone, settings.smsResendCooldownSeconds],
      );
      if (resend && !recent[0]?.any) {
        throw new PlatformError('BadUserInput', `No code was sent to ${maskPhone(phone)} yet: use requestSmsLoginCode first`);
      }
      const wait = recent[0]?.any ? (recent[0]?.wait ?? 0) : 0;
      if (wait > 0) {
        throw new PlatformError('SmsResendTooSoon', `A code was sent to ${maskPhone(phone)} moments ago: wait ${wait} s before asking for another`, { retryAfterSeconds: wait });
      }
      const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
      const minutes = Math.max(1, Math.round(settings.smsCodeTtlSeconds / 60));
      const body = `${brand.title}: your sign-in code is ${code}. It works for ${minutes} minute${minutes === 1 ? '' : 's'}. Never share it with anyone.`;
      const row = await db.transaction(async (tx) => {
        // Only the newest code works: a resend makes the earlier ones useless.
        await tx.query('update sms_codes set consumed_at = now() where brand = $1 and phone_number = $2 and consumed_at is null', [brand.id, phone]);
        const { rows } = await tx.query<{ expires_at: string; resend_at: string }>(
          `insert into sms_codes (brand, phone_number, code_hash, expires_at)
           values ($1, $2, $3, now() + make_interval(secs => $4))
           returning to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
                     to_char((created_at + make_interval(secs => $5)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as resend_at`,
          [brand.id, phone, hashCode(brand.id, phone, code), settings.smsCodeTtlSeconds, settings.smsResendCooldownSeconds],
        );
        await tx.query('insert into sms_outbox (brand, phone_number, body) values ($1, $2, $3)', [brand.id, phone, body]);
        return rows[0];
      });
      console.log(`[platform] SMS to ${phone} (${brand.id}): ${body}`);
      return { phoneNumber: phone, codeLength: SMS_CODE_LENGTH, expiresAt: row?.expires_at ?? '', resendAvailableAt: row?.resend_at ?? '' };
    },

    async verifyCode(brand, phoneNumber, code, registration = {}) {
      const phone = normalisePhone(phoneNumber, 'phoneNumber', brand.defaultCountry);
      const typed = String(code ?? '').replace(/\s/g, '');
      if (!new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(typed)) {
        throw new PlatformError('InvalidSmsCode', `The code must be the ${SMS_CODE_LENGTH} digits from the text message`);
      }
      // Wrong guesses are counted in a committed transaction before the error is raised.
      const outcome = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; code_hash: string; attempts: number; expired: boolean }>(
          `select id::text, code_hash, attempts, expires_at <= now() as expired from sms_codes
            where brand = $1 and phone_number = $2 and consumed_at is null
            order by id desc limit 1 for update`,
          [brand.id, phone],
        );
        const active = rows[0];
        if (!active) return { kind: 'none' as const };
        if (active.expired) {
          await tx.query('update sms_codes set consumed_at = now() where id = $1', [active.id]);
          return { kind: 'expired' as const };
        }
        if (active.code_hash !== hashCode(brand.id, phone, typed)) {
          const attempts = active.attempts + 1;
          const burnt = attempts >= settings.smsMaxAttempts;
          await tx.query(`update sms_codes set attempts = $2${burnt ? ', consumed_at = now()' : ''} where id = $1`, [active.id, attempts]);
          return { kind: burnt ? ('burnt' as const) : ('wrong' as const), left: settings.smsMaxAttempts - attempts };
        }
        await tx.query('update sms_codes set consumed_at = now() where id = $1', [active.id]);
        const existing = await findPlayer(tx, brand.id, phone, 'phone');
        if (existing) {
          await tx.query('update players set phone_verified = true where id = $1', [existing.id]);
          return { kind: 'ok' as const, playerId: existing.id, registered: false };
        }
        const digits = phone.slice(1);
        // The phone form tells a new number that signing in creates an account under the current terms.
        const documents = await registrationDocuments(content, brand);
        const created = await createPlayer(tx, {
          accepted: { documents, source: 'sms-registration' },
          brand: brand.id,
          username: `player${digits}`,
          email: `${digits}@sms.${brand.id}.invalid`,
          phoneNumber: phone,
          phoneVerified: true,
          countryCode: brand.defaultCountry,
          currency: newWalletCurrency(brand),
          language: brand.locales.find((entry) => entry.isDefault)?.locale ?? 'en',
          realityCheckPeriod: licenceProfile(brand.license).realityCheckDefault,
          // The sign-up form's marketing opt-in (DefaultConsentRegistration offers it ticked): every channel, or none.
          marketing: registration.marketing ?? false,
        });
        // The deposit limits asked on the registration form, in force from the first deposit; a bad
        // one refuses the whole sign-up (the code stays unused), as the form's own check would.
        await applyRegistrationLimits(tx, brand, created.id, registration.depositLimits ?? []);
        return { kind: 'ok' as const, playerId: created.id, registered: true };
      });
      switch (outcome.kind) {
        case 'none':
          throw new PlatformError('SmsCodeExpired', `There is no active code for ${maskPhone(phone)}: ask for a new one`);
        case 'expired':
          throw new PlatformError('SmsCodeExpired', 'That code has expired: ask for a new one');
        case 'burnt':
          throw new PlatformError('TooManyAttempts', 'Too many wrong codes: this code no longer works, ask for a new one', { attemptsLeft: 0 });
        case 'wrong':
          throw new PlatformError('InvalidSmsCode', `That code is not right: check the text message and try again (${outcome.left} attempt${outcome.left === 1 ? '' : 's'} left)`, { attemptsLeft: outcome.left });
        case 'ok':
          return { playerId: outcome.playerId, registered: outcome.registered };
      }
    },

    async outbox({ brand, phoneNumber, limit = 100 }) {
      const { rows } = await db.query<{ id: number; brand: string; phone_number: string; body: string; created_at: string }>(
        `select id::int, brand, phone_number, body,
                to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
           from sms_outbox
          where ($1::text is null or brand = $1) and ($2::text is null or phone_number = $2)
          order by id desc limit $3`,
        [brand ?? null, phoneNumber ? normalisePhone(phoneNumber) : null, Math.min(Math.max(limit, 1), 500)],
      );
      return rows.map((row) => ({
        id: row.id,
        brand: row.brand,
        phoneNumber: row.phone_number,
        body: row.body,
        code: new RegExp(`\\b(\\d{${SMS_CODE_LENGTH}})\\b`).exec(row.body)?.[1] ?? null,
        createdAt: row.created_at,
      }));
    },
  };
}
