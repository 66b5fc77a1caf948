/**
 * The cashier's documents live in cashier.graphql (platform schema: cashier/graphql.ts); their
 * types are generated (`npm run codegen`). These name the parts of the answers the cashier shows.
 */
import type {
  CashierPaymentFragment, LastCompletedDepositQuery, PaymentPageFragment,
} from '../../lib/graphql/generated/player.ts';

/** A payment as the cashier shows it (the CashierPayment fragment). */
export type Payment = CashierPaymentFragment;

/** A page of history (the PaymentPage fragment). */
export type PaymentPage = PaymentPageFragment;

/** The last completed deposit (spec section 3): provider and its JSON payload. */
export type LastCompletedDeposit = NonNullable<NonNullable<LastCompletedDepositQuery['viewer']>['lastCompletedDeposit']>;
