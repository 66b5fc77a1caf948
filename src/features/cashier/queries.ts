/** The cashier's GraphQL documents (platform schema: cashier/graphql.ts). */

const PAYMENT_FIELDS = 'id type status provider withdrawalType amount currency createdAt processedAt account paymentMethod cancellable';

/** Starts a deposit (money mutation, idempotent by idempotencyKey). */
export const INITIATE_DEPOSIT = /* GraphQL */ `
  mutation InitiateDeposit($input: InitiateDepositInput!) {
    initiateDeposit(input: $input) { redirectUrl payment { ${PAYMENT_FIELDS} } }
  }`;

/** Starts a withdrawal (money mutation, idempotent by idempotencyKey). */
export const INITIATE_WITHDRAWAL = /* GraphQL */ `
  mutation InitiateWithdrawal($input: InitiateWithdrawalInput!) {
    initiateWithdrawal(input: $input) { payment { ${PAYMENT_FIELDS} } }
  }`;

/** Cancels a pending withdrawal. */
export const CANCEL_WITHDRAWAL = /* GraphQL */ `
  mutation CancelWithdrawal($paymentId: ID!) {
    cancelWithdrawal(paymentId: $paymentId) { payment { ${PAYMENT_FIELDS} } }
  }`;

/** What the cashier needs when it opens: the last deposit and the pending withdrawals. */
export const CASHIER_CONTEXT = /* GraphQL */ `
  query LastCompletedDeposit {
    viewer {
      lastCompletedDeposit { provider payload amount currency }
      withdrawalHistory(filter: { statuses: [Initialized, CancelInitialized] }, first: 20) { edges { node { ${PAYMENT_FIELDS} } } }
    }
  }`;

/** One page of deposit or withdrawal history. */
export const PAYMENT_HISTORY = /* GraphQL */ `
  query PaymentHistory($deposits: Boolean!, $filter: PaymentHistoryFilter, $first: Int, $after: String) {
    viewer {
      depositHistory(filter: $filter, first: $first, after: $after) @include(if: $deposits) { ...page }
      withdrawalHistory(filter: $filter, first: $first, after: $after) @skip(if: $deposits) { ...page }
    }
  }
  fragment page on PaymentConnection {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { ${PAYMENT_FIELDS} } }
  }`;

/** A payment as the cashier shows it. */
export interface Payment {
  id: string;
  type: 'Deposit' | 'Withdrawal';
  status: 'Initialized' | 'Completed' | 'Cancelled' | 'CancelInitialized' | 'RollbackInitialized' | 'RolledBacked';
  provider: 'TRUSTLY' | 'ZIMPLER' | 'PIQ';
  withdrawalType: 'Instant' | 'Manual' | null;
  amount: string;
  currency: string;
  createdAt: string;
  processedAt: string | null;
  account: string | null;
  paymentMethod: string | null;
  cancellable: boolean;
}

/** A page of history. */
export interface PaymentPage {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { node: Payment }[];
}

/** The last completed deposit (spec section 3): provider and its JSON payload. */
export interface LastCompletedDeposit {
  provider: Payment['provider'];
  payload: string;
  amount: string;
  currency: string;
}
