/**
 * One idempotency key per intended payment, kept in local storage so a double click, a back-and-
 * resubmit or a second tab sends the same key (and so reaches the same payment) instead of a new
 * one. The key belongs to what the player asked for (kind, amount, currency, provider): asking for
 * something else makes a new key; a definite outcome (completed, cancelled, refused) forgets it.
 */

const PREFIX = 'atrium.paymentIntent.';

/** A deposit or a withdrawal intent. */
export type IntentKind = 'deposit' | 'withdrawal';

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The key for this request: the stored one when it is the same request, else a new one (stored). */
export function intentKey(kind: IntentKind, request: Record<string, string | boolean>, storage: Storage = localStorage): string {
  const fingerprint = JSON.stringify(Object.entries(request).sort(([a], [b]) => a.localeCompare(b)));
  try {
    const stored = JSON.parse(storage.getItem(PREFIX + kind) ?? 'null') as { key?: string; fingerprint?: string } | null;
    if (stored?.key && stored.fingerprint === fingerprint) return stored.key;
  } catch {
    // A damaged entry is replaced below.
  }
  const key = newKey();
  storage.setItem(PREFIX + kind, JSON.stringify({ key, fingerprint }));
  return key;
}

/** Forgets the intent once its payment has a definite outcome. */
export function forgetIntent(kind: IntentKind, storage: Storage = localStorage): void {
  storage.removeItem(PREFIX + kind);
}
