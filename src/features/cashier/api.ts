/**
 * The cashier's calls, through the signed-in player's Apollo client (its auth link adds the bearer
 * token and refreshes it first when needed), but for the context the panel reads as it opens, which
 * takes the light request (session/player-call.ts explains the two). Errors come back as
 * GraphqlCallError with the platform's reason (spec section 8: the first extensions.reason), so the
 * forms can explain them.
 */
import { playerCall, playerRequest } from '../session/player-call.ts';
import {
  CancelWithdrawalDocument,
  InitiateDepositDocument,
  InitiateWithdrawalDocument,
  LastCompletedDepositDocument,
  PaymentHistoryDocument,
  type InitiateDepositInput,
  type InitiateDepositMutation,
  type InitiateWithdrawalInput,
  type PaymentHistoryQueryVariables,
} from '../../lib/graphql/generated/player.ts';
import type { LastCompletedDeposit, Payment, PaymentPage } from './queries.ts';

/** Input of initiateDeposit. */
export type DepositInput = InitiateDepositInput;

/** Starts a deposit; redirectUrl is the provider page, null when nothing is left to confirm. */
export function initiateDeposit(input: DepositInput): Promise<InitiateDepositMutation['initiateDeposit']> {
  return playerCall(async (client) => {
    const data = await client.mutate(InitiateDepositDocument, { input });
    return data.initiateDeposit;
  });
}

/** Starts a withdrawal. */
export function initiateWithdrawal(input: InitiateWithdrawalInput): Promise<Payment> {
  return playerCall(async (client) => {
    const data = await client.mutate(InitiateWithdrawalDocument, { input });
    return data.initiateWithdrawal.payment;
  });
}

/** Cancels a pending withdrawal. */
export function cancelWithdrawal(paymentId: string): Promise<Payment> {
  return playerCall(async (client) => {
    const data = await client.mutate(CancelWithdrawalDocument, { paymentId });
    return data.cancelWithdrawal.payment;
  });
}

/** The cashier's context as it opens; a prefetch (hover or focus on Deposit) leaves its answer here for the panel. */
let prefetched: Promise<{ last: LastCompletedDeposit | null; pending: Payment[] }> | null = null;

/** Starts the context read before the panel mounts, so the panel opens on an answer already on its way. */
export function prefetchCashierContext(): void {
  if (prefetched) return;
  const pending = loadCashierContext();
  prefetched = pending;
  // A failed prefetch is not kept: the panel then reads again.
  pending.catch(() => {
    if (prefetched === pending) prefetched = null;
  });
}

/** The prefetched context when there is one (used once), else a new read. */
export function takeCashierContext(): Promise<{ last: LastCompletedDeposit | null; pending: Payment[] }> {
  const pending = prefetched;
  prefetched = null;
  return pending ?? loadCashierContext();
}

/**
 * The last completed deposit and the pending withdrawals. Read as the cashier opens, so through the
 * light request: the first open waits for no Apollo download (the forms' mutations use Apollo,
 * which the panel fetches once it has opened, preparePlayerCall).
 */
export async function loadCashierContext(): Promise<{ last: LastCompletedDeposit | null; pending: Payment[] }> {
  const data = await playerRequest(LastCompletedDepositDocument, {});
  return { last: data.viewer?.lastCompletedDeposit ?? null, pending: data.viewer?.withdrawalHistory.edges.map((edge) => edge.node) ?? [] };
}

/** One page of the player's deposits or withdrawals, newest first. */
export function loadHistory(variables: PaymentHistoryQueryVariables): Promise<PaymentPage> {
  return playerCall(async (client) => {
    const data = await client.query(PaymentHistoryDocument, variables);
    const page = variables.deposits ? data.viewer?.depositHistory : data.viewer?.withdrawalHistory;
    if (!page) throw new Error('history returned nothing');
    return page;
  });
}
