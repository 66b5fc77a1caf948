/**
 * Deposit limits asked for on registration (spec section 6: mga), whichever form asked them (the
 * identity provider's registration page, the lobby's SMS sign-up): set on the new player inside the
 * transaction that creates them, through the same rules as the limits page, so they are in force
 * from the first deposit and a bad one creates no account.
 */
import { licenceProfile, type LimitPeriod } from '../../../shared/licences.ts';
import { newWalletCurrency, type Brand } from '../brands/brands.ts';
import type { Queryable } from '../db/db.ts';
import { PlatformError } from '../graphql/errors.ts';
import { setLimit } from './limits.ts';

/** One deposit limit chosen on registration: a period and a decimal amount in the wallet's currency. */
export interface RegistrationDepositLimit {
  period: LimitPeriod;
  amount: string;
}

/** Sets the registration's deposit limits on the player just created (none: nothing to do). */
export async function applyRegistrationLimits(tx: Queryable, brand: Pick<Brand, 'license' | 'currency'>, playerId: string, limits: readonly RegistrationDepositLimit[]): Promise<void> {
  if (limits.length === 0) return;
  if (!licenceProfile(brand.license).depositLimitsOnRegistration) {
    throw new PlatformError('BadUserInput', `Deposit limits are not asked on registration under the ${brand.license} licence: set them on the limits page`);
  }
  const context = { playerId, licence: brand.license, currency: newWalletCurrency(brand), increaseBlocked: false, now: new Date() };
  for (const limit of limits) await setLimit(tx, { kind: 'Deposit', period: limit.period, amount: limit.amount }, context);
}
