/**
 * `$customer`: the signed-in player's customer record (spec section 3): pop-ups to show and the
 * flags that block cancel-withdrawal, deposit-limit increases, rewards and deposits (section 6).
 * Lifecycle: null for visitors; filled from GetCustomerInfo; CustomerPopUpAdded adds pop-up ids.
 */
import { atom } from 'nanostores';
import type { GetCustomerInfoQuery } from '../../lib/graphql/generated/player.ts';

/** The customer fields of spec section 3: GetCustomerInfo's viewer.customer. */
export type Customer = NonNullable<GetCustomerInfoQuery['viewer']>['customer'];

/** The customer of the signed-in player, or null. */
export const $customer = atom<Customer | null>(null);

/** Replaces the customer record. */
export function setCustomer(customer: Customer | null): void {
  $customer.set(customer);
}

/** Adds pop-up ids announced by CustomerPopUpAdded, keeping each once. */
export function addCustomerPopUps(ids: readonly string[]): void {
  const current = $customer.get();
  if (!current) return;
  $customer.set({ ...current, popUpsNeeded: [...new Set([...current.popUpsNeeded, ...ids])] });
}
