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
import { checkLimitRequest, setLimit } from './limits.ts';

/** One deposit limit chosen on registration: a period and a decimal amount in the wallet's currency. */
export interface RegistrationDepositLimit {
  period: LimitPeriod;
  amount: string;
}

/**
 * Checks the deposit limits a registration form asked for, as the limits page would: offered under
 * the licence, one per period, each a positive amount within the wallet's ceiling. BadUserInput
 * names the form field (`depositLimitDay`, `depositLimitWeek`, `depositLimitMonth`) in `field`.
 */
export function checkRegistrationLimits(brand: Pick<Brand, 'license' | 'currency'>, limits: readonly RegistrationDepositLimit[]): void {
  if (limits.length === 0) return;
  if (!licenceProfile(brand.license).depositLimitsOnRegistration) {
    throw new PlatformError('BadUserInput', `Deposit limits are not asked on registration under the ${brand.license} licence: set them on the limits page`);
  }
  const currency = newWalletCurrency(brand);
  const seen = new Set<string>();
  for (const limit of limits) {
    const field = `depositLimit${limit.period}`;
    if (seen.has(limit.period)) throw new PlatformError('BadUserInput', `The ${limit.period} deposit limit is given twice: give each period once`, { field });
    seen.add(limit.period);
    try {
      checkLimitRequest({ kind: 'Deposit', period: limit.period, amount: limit.amount }, brand.license, currency);
    } catch (error) {
      if (error instanceof PlatformError) throw new PlatformError('BadUserInput', error.message, { field });
      throw error;
    }
  }
}

/** Sets the registration's deposit limits on the player just created (none: nothing to do). */
export async function applyRegistrationLimits(tx: Queryable, brand: Pick<Brand, 'license' | 'currency'>, playerId: string, limits: readonly RegistrationDepositLimit[]): Promise<void> {
  checkRegistrationLimits(brand, limits);
  const context = { playerId, licence: brand.license, currency: newWalletCurrency(brand), increaseBlocked: false, now: new Date() };
  for (const limit of limits) await setLimit(tx, { kind: 'Deposit', period: limit.period, amount: limit.amount }, context);
}
