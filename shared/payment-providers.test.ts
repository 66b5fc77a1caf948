import { describe, expect, it } from 'vitest';
import { PAYMENT_PROVIDER_NAMES, paymentProviderName } from './payment-providers.ts';

describe('payment provider names', () => {
  it('names each provider from its id in either case, and nothing for an unknown id', () => {
    expect(Object.keys(PAYMENT_PROVIDER_NAMES)).toEqual(['trustly', 'zimpler', 'piq']);
    expect(['TRUSTLY', 'zimpler', 'PIQ'].map(paymentProviderName)).toEqual(['Trustly', 'Zimpler', 'PaymentIQ']);
    expect(paymentProviderName('paypal')).toBeNull();
    expect(paymentProviderName('constructor')).toBeNull();
  });
});
