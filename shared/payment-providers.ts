/**
 * The payment providers' display names: one source for the lobby (cashier, payment history, sign-in
 * pages, account banners) and the platform (its sandbox pages and the cashier's provider table).
 * Provider names are brands and stay as they are in every language.
 */

/** The providers the cashier and the pay-and-play sign-ins know, by their lower-case id. */
export const PAYMENT_PROVIDER_NAMES = { trustly: 'Trustly', zimpler: 'Zimpler', piq: 'PaymentIQ' } as const;

/** A provider id as the platform and the lobby write it. */
export type PaymentProviderId = keyof typeof PAYMENT_PROVIDER_NAMES;

/** The display name of a provider id, in any case (`TRUSTLY`, `trustly`); null for an unknown one. */
export function paymentProviderName(id: string): string | null {
  const key = id.toLowerCase();
  return Object.hasOwn(PAYMENT_PROVIDER_NAMES, key) ? PAYMENT_PROVIDER_NAMES[key as PaymentProviderId] : null;
}
