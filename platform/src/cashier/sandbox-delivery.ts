/**
 * The sandbox providers' side of a payment: when a player confirms or cancels on a provider's page
 * (or the operator's sandbox says so), the provider sends the platform its signed notifications over
 * HTTP, as a real provider would: its echo of where the payment stands, then each status it passes.
 * Delivery can be made awkward on purpose (twice, reversed, three seconds late) to show that money
 * still moves exactly once.
 */
import { PlatformError, type ErrorReason } from '../graphql/errors.ts';
import type { Queryable } from '../db/db.ts';
import { pathBetween } from './flow.ts';
import type { PaymentStatus } from './flow.ts';
import { notificationFor } from './notifications.ts';
import { paymentById } from './payment-store.ts';
import type { NotificationDelivery, NotificationSigner, ProviderAccount, ProviderNotification } from './providers.ts';

/** The platform's JSON refusal of a notification ({ error, reason }), or null for anything else. */
function parseRefusal(text: string): { error: string; reason: ErrorReason } | null {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null) return null;
    const { error, reason } = body as Record<string, unknown>;
    return typeof error === 'string' && typeof reason === 'string' && reason !== 'InternalError' ? { error, reason: reason as ErrorReason } : null;
  } catch {
    return null;
  }
}

/** The sandbox providers' notification sender. */
export interface SandboxDelivery {
  /** The provider reports that a payment reached a status: signed notifications over HTTP, delivered as told. */
  report(paymentId: string, status: PaymentStatus, options?: { account?: ProviderAccount | null; delivery?: NotificationDelivery }): Promise<void>;
  /** Waits for late deliveries still scheduled (shutdown and tests). */
  drain(): Promise<void>;
}

/** Creates the sender; selfOrigin is where the platform takes notifications. */
export function createSandboxDelivery(options: { db: Queryable; signer: NotificationSigner; selfOrigin: () => string; lateDeliveryMs?: number }): SandboxDelivery {
  const lateDeliveryMs = options.lateDeliveryMs ?? 3000;
  const scheduled = new Set<Promise<void>>();

  async function deliver(note: ProviderNotification): Promise<void> {
    const body = JSON.stringify(note);
    const post = () =>
      fetch(`${options.selfOrigin()}/platform/payments/notifications/${note.provider}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': options.signer.sign(note.provider, body) },
        body,
      });
    // Like a real provider, retry a delivery the network dropped (a reused keep-alive socket the server
    // had just closed): the notification id makes a retry of one that did land harmless.
    let response: Response | undefined;
    for (let attempt = 1; !response; attempt += 1) {
      try {
        response = await post();
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
    if (response.ok) return;
    const text = await response.text();
    // The platform's refusal with its reason (a rollback's InsufficientFunds) reaches the sandbox's caller as that reason.
    const refusal = parseRefusal(text);
    if (refusal) throw new PlatformError(refusal.reason, `The ${note.provider} sandbox's ${note.status} notification for ${note.paymentId} was refused (${response.status}): ${refusal.error}`);
    throw new Error(`The ${note.provider} sandbox's ${note.status} notification for ${note.paymentId} was refused: ${response.status} ${text}`);
  }

  return {
    async report(paymentId, status, reportOptions = {}) {
      const payment = await paymentById(options.db, paymentId);
      if (!payment) throw new PlatformError('NotFound', `No payment ${paymentId}`);
      const steps = pathBetween(payment.type, payment.status, status);
      if (!steps) throw new PlatformError('BadUserInput', `A ${payment.type.toLowerCase()} cannot go from ${payment.status} to ${status}`);
      const notes = [payment.status, ...steps.map((step) => step.to)].map((reached) => notificationFor(payment, reached, reached === status ? (reportOptions.account ?? null) : null));
      const delivery = reportOptions.delivery ?? 'ONCE';
      const ordered = delivery === 'REVERSED' ? [...notes].reverse() : delivery === 'TWICE' ? notes.flatMap((note) => [note, note]) : notes;
      const send = async () => {
        for (const note of ordered) await deliver(note);
      };
      if (delivery !== 'LATE') return send();
      const later = new Promise<void>((resolve) => setTimeout(resolve, lateDeliveryMs))
        .then(send)
        .catch((error: unknown) => console.error('[platform] late payment notification failed:', error))
        .finally(() => scheduled.delete(later));
      scheduled.add(later);
    },

    async drain() {
      while (scheduled.size > 0) await Promise.all([...scheduled]);
    },
  };
}
