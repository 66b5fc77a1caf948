/**
 * The sandbox payment providers (Trustly, Zimpler, PIQ) as the cashier sees them: their names and
 * the accounts a player pays from, the notifications they send, and how a notification is signed
 * and verified (HMAC-SHA256 with a key per provider kept in the database, so every platform process
 * shares it). A real provider's adapter would take this module's place.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { isPaymentStatus } from './flow.ts';
import type { PaymentStatus, PaymentType } from './flow.ts';
import { PAYMENT_PROVIDER_NAMES } from '../../../shared/payment-providers.ts';

/** The sandboxed payment providers, as stored (the GraphQL enum is upper case). */
export const PAYMENT_PROVIDERS = ['trustly', 'zimpler', 'piq'] as const;
/** A payment provider. */
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** How the sandbox provider delivers its notifications (tests and demos use the odd ones). */
export type NotificationDelivery = 'ONCE' | 'TWICE' | 'REVERSED' | 'LATE';

/** The account a provider reports a payment from or to. */
export interface ProviderAccount {
  /** Shown to the player: "Nordea •••• 1234". */
  account: string;
  /** The provider's id of the account, reused by "deposit with last used account". */
  accountId: string;
  /** Bank transfer, card, … (payload attributes.paymentMethod). */
  paymentMethod: string;
}

/** A provider's signed report that a payment reached a status. */
export interface ProviderNotification {
  notificationId: string;
  paymentId: string;
  provider: PaymentProvider;
  status: PaymentStatus;
  amount: string;
  currency: string;
  account: ProviderAccount | null;
  sentAt: string;
}

/** What a payment keeps of its provider's report (spec: the payment payload and last deposit payload). */
export interface PaymentPayload {
  txName?: string;
  accountId?: string;
  attributes?: { paymentMethod?: string };
  debtor?: { account?: string };
  /** Why the platform refused a deposit the provider had confirmed (it was cancelled and returned). */
  refusal?: { cause: string; until: string | null; message: string };
  /** The operator's flag on a deposit whose rollback found its money spent (notifications.ts). */
  rollbackShortfall?: RollbackShortfall;
}

/**
 * A provider's rollback the wallet could not pay: nothing moved, the provider was answered
 * InsufficientFunds, and the rollback completes whole once the cash is there. Money in minor units.
 */
export interface RollbackShortfall {
  /** The furthest status the provider reported (the platform walks there once the cash is back). */
  status: 'RollbackInitialized' | 'RolledBacked';
  amountMinor: string;
  /** The wallet's cash at the last refusal, and what it lacked. */
  availableMinor: string;
  shortfallMinor: string;
  firstRefusedAt: string;
  lastRefusedAt: string;
  refusals: number;
  /** When the rollback finally took the money (a provider's retry, or funds that arrived); null while it waits. */
  settledAt: string | null;
}

/** Display names, payment methods and the sandbox banks of each provider. */
export const PROVIDER_NAMES: Readonly<Record<PaymentProvider, { name: string; method: string; banks: string[] }>> = {
  trustly: { name: PAYMENT_PROVIDER_NAMES.trustly, method: 'BankTransfer', banks: ['Nordea', 'OP', 'Danske Bank'] },
  zimpler: { name: PAYMENT_PROVIDER_NAMES.zimpler, method: 'Zimpler', banks: ['Handelsbanken', 'S-Pankki', 'Aktia'] },
  piq: { name: PAYMENT_PROVIDER_NAMES.piq, method: 'CreditCard', banks: ['Visa', 'Mastercard', 'Visa Debit'] },
};

/** How old a signed notification may be before it is refused as a replay from elsewhere. */
const SIGNATURE_MAX_AGE_MS = 24 * 3600_000;

/** Whether a string names a provider. */
export function isPaymentProvider(value: unknown): value is PaymentProvider {
  return typeof value === 'string' && (PAYMENT_PROVIDERS as readonly string[]).includes(value);
}

/** The sandbox accounts a player can pick at a provider: stable per player, named after the player. */
export function sandboxAccounts(provider: PaymentProvider, who: { id: string; first_name: string | null; last_name: string | null }): ProviderAccount[] {
  const digits = createHash('sha256').update(`${provider}:${who.id}`).digest('hex').replace(/[a-f]/g, '').padEnd(12, '7');
  const holder = `${who.first_name ?? ''} ${who.last_name ?? ''}`.trim();
  return PROVIDER_NAMES[provider].banks.map((bank, index) => {
    const last4 = digits.slice(index * 4, index * 4 + 4);
    return { account: `${bank} •••• ${last4}${holder ? ` (${holder})` : ''}`, accountId: `${provider}-${who.id.slice(0, 8)}-${index}`, paymentMethod: PROVIDER_NAMES[provider].method };
  });
}

/** The payload a payment keeps once its provider reported the account (shown in the history, reused for "last used account"). */
export function paymentPayload(provider: PaymentProvider, type: PaymentType, account: ProviderAccount): PaymentPayload {
  return { txName: `${PROVIDER_NAMES[provider].name} ${type.toLowerCase()}`, accountId: account.accountId, attributes: { paymentMethod: account.paymentMethod }, debtor: { account: account.account } };
}

/** The account a stored payload names, or null when the provider reported none. */
export function accountOfPayload(provider: PaymentProvider, payload: PaymentPayload | null | undefined): ProviderAccount | null {
  if (!payload?.accountId || !payload.debtor?.account) return null;
  return { accountId: payload.accountId, account: payload.debtor.account, paymentMethod: payload.attributes?.paymentMethod ?? PROVIDER_NAMES[provider].method };
}

/** Signs and verifies the providers' notifications. */
export interface NotificationSigner {
  /** Signs a notification body as the provider would (header value for x-sandbox-signature). */
  sign(provider: PaymentProvider, rawBody: string, at?: Date): string;
  /** Checks a notification's signature, age and shape; returns it parsed. */
  verify(provider: string, rawBody: string, signature: string | undefined): ProviderNotification;
}

/** Reads (or creates) each provider's signing key, shared through the database, and signs with them. */
export async function createNotificationSigner(db: Db): Promise<NotificationSigner> {
  const keys = {} as Record<PaymentProvider, Buffer>;
  for (const provider of PAYMENT_PROVIDERS) {
    const name = `payments-sandbox-${provider}`;
    await db.query('insert into platform_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [name, JSON.stringify(randomBytes(32).toString('base64url'))]);
    const { rows } = await db.query<{ value: string }>('select value from platform_secrets where name = $1', [name]);
    if (!rows[0]) throw new Error(`The ${provider} sandbox signing key could not be stored`);
    keys[provider] = Buffer.from(rows[0].value, 'base64url');
  }
  return {
    sign(provider, rawBody, at = new Date()) {
      const t = Math.floor(at.getTime() / 1000);
      const mac = createHmac('sha256', keys[provider]).update(`${t}.${rawBody}`).digest('hex');
      return `t=${t},v1=${mac}`;
    },
    verify(provider, rawBody, signature) {
      if (!isPaymentProvider(provider)) throw new PlatformError('NotFound', `Unknown payment provider "${provider}": use trustly, zimpler or piq`);
      const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(signature ?? '');
      if (!match) throw new PlatformError('AuthenticationFailure', 'Missing or malformed x-sandbox-signature: expected "t=<unix seconds>,v1=<hex HMAC-SHA256 of t.body>"');
      const expected = createHmac('sha256', keys[provider]).update(`${match[1]}.${rawBody}`).digest();
      const given = Buffer.from(match[2] as string, 'hex');
      if (!timingSafeEqual(expected, given)) throw new PlatformError('AuthenticationFailure', `The notification's signature does not match ${provider}'s key: it was not sent by the provider or was altered`);
      if (Date.now() - Number(match[1]) * 1000 > SIGNATURE_MAX_AGE_MS) throw new PlatformError('AuthenticationFailure', 'The notification was signed more than 24 hours ago: refusing it as a replay');
      let body: ProviderNotification;
      try {
        body = JSON.parse(rawBody) as ProviderNotification;
      } catch {
        throw new PlatformError('BadRequest', 'The notification body is not JSON');
      }
      if (typeof body?.notificationId !== 'string' || !body.notificationId || typeof body.paymentId !== 'string' || !isPaymentStatus(body.status) || body.provider !== provider) {
        throw new PlatformError('BadRequest', 'The notification needs notificationId, paymentId, provider (matching the URL), status (a payment transaction status), amount and currency');
      }
      return body;
    },
  };
}
