/**
 * The cashier inside the quick-deposit overlay: a Deposit and a Withdraw form and the pending
 * withdrawals. The minimum (currency table or server, whichever is larger) shows before the player
 * submits; a block on the account is explained instead of a dead button. Each submit sends the
 * idempotency key of its intent (intent.ts), and a second click while one is in flight does nothing.
 * Two server toggles add notices: at the weekend the withdraw form says withdrawals wait for the next
 * working day (unless DisableWeekendWithdrawalMessages), and EnableCashierIBAwardAnnouncement tells a
 * player whose instant banking is off how awards (jackpot wins) reach them.
 */
import { useStore } from '@nanostores/react';
import { type ReactNode, startTransition, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { GraphqlCallError } from '../../lib/graphql-errors.ts';
import { showFeedback } from '../feedback/store.ts';
import { openKycRequiredOverlay } from '../protection/kyc-overlay.tsx';
import { restrictionMessage, restrictionOfError, restrictionOfPlayer } from '../protection/restriction.ts';
import { refusalOf } from '../protection/refusal.ts';
import { $customer } from '../session/customer-store.ts';
import { $player } from '../session/player-store.ts';
import { formatMoney } from '../wallet/Balance.tsx';
import { $wallet } from '../wallet/wallet-store.ts';
import { cancelWithdrawal, initiateDeposit, initiateWithdrawal, loadCashierContext, takeCashierContext } from './api.ts';
import { preparePlayerCall } from '../session/player-call.ts';
import { forgetIntent, intentKey, type IntentKind } from './intent.ts';
import type { LastCompletedDeposit, Payment } from './queries.ts';
import { amountProblem, CASHIER_PROVIDERS, DEPOSIT_MEMORY_KEY, isWeekend, minimumDeposit, providerOf, readDepositMemory, type CashierProvider, type DeepLink } from './rules.ts';
import type { CashierTexts } from './texts.ts';
import { fillText as fill } from '../../i18n/fill.ts';
import { paymentProviderName } from '../../../shared/payment-providers.ts';

/** Which form shows. */
export type CashierTab = 'deposit' | 'withdraw';



function explain(error: unknown, texts: CashierTexts, locale: Locale, currency: string): string {
  if (!(error instanceof GraphqlCallError)) return texts.errorGeneric;
  switch (error.kind) {
    case 'DepositsBlocked': {
      // Self-exclusion and timeouts say until when; other blocks keep the general text.
      const restriction = restrictionOfError(error);
      return (restriction && restrictionMessage(restriction, 'deposit', texts.restriction, locale)) ?? texts.blockedDeposits;
    }
    case 'DepositLimitReached': {
      // The platform names the limit and what is left of it in the wallet's currency.
      const { limit, remaining } = error.extensions;
      if (typeof limit !== 'string' || typeof remaining !== 'string') return texts.errorGeneric;
      return fill(texts.errorDepositLimit, { limit: formatMoney(limit, currency, locale), amount: formatMoney(remaining, currency, locale) });
    }
    case 'KycRequired': return texts.errorKycRequired;
    case 'ClosedLoop': return texts.errorClosedLoop;
    case 'WithdrawalsBlocked': return texts.blockedWithdrawals;
    case 'InstantBankingBlocked': return texts.blockedInstant;
    case 'CancelWithdrawalBlocked': return texts.blockedCancel;
    case 'InsufficientFunds': return texts.errorInsufficient;
    // The platform's own message names the field and the fix (minimum, decimals, currency).
    case 'BadUserInput': return error.message;
    // The wallet's ceiling, a provider that is not offered, too many attempts: the player's words, never "try again".
    default: return refusalOf(error, 'deposit', texts.refusals, locale, currency)?.text ?? texts.errorGeneric;
  }
}

/**
 * The one submit flow of the cashier's money forms: the amount checked against the minimum first, one
 * request at a time (a second click while one is in flight does nothing), the intent's idempotency
 * key sent with it (kept through a network failure, so a retry replays rather than pays twice), and
 * the reason shown when it is refused. `send` gets the amount as the platform writes it ("25.50") and
 * the key; it returns false when the intent stays open (the provider page finishes it).
 */
function useMoneySubmit(kind: IntentKind, { texts, locale, currency, minimum }: { texts: CashierTexts; locale: Locale; currency: string; minimum: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const submit = async (amount: string, request: Record<string, string | boolean>, send: (normalised: string, idempotencyKey: string) => Promise<boolean>) => {
    if (inFlight.current) return;
    const problem = amountProblem(amount, currency, minimum);
    if (problem) {
      setError(problem === 'invalid' ? texts.errorInvalidAmount : fill(texts.errorBelowMinimum, { amount: formatMoney(minimum, currency, locale) }));
      return;
    }
    const normalised = amount.trim().replace(',', '.');
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      if (await send(normalised, intentKey(kind, { ...request, amount: normalised, currency }))) forgetIntent(kind);
    } catch (failure) {
      if (failure instanceof GraphqlCallError && !failure.isNetworkError) forgetIntent(kind);
      // KYC stands in front of this payment: the overlay says why and leads to the documents page.
      if (failure instanceof GraphqlCallError && failure.kind === 'KycRequired') openKycRequiredOverlay(texts.kycOverlay);
      setError(explain(failure, texts, locale, currency));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  return { error, busy, submit };
}

interface PanelProps {
  locale: Locale;
  texts: CashierTexts;
  initialTab: CashierTab;
  deepLink: DeepLink | null;
  lastUsedAccountFeature: boolean;
  /** The providers the platform offers (lobbySettings.paymentProviders): none means money cannot move here. */
  providers: readonly CashierProvider[];
  /** Where the provider page returns to (this page, without the deep-link parameters). */
  returnUrl: string;
  /** The brand's currency (lobbySettings.currency), until the wallet's own is known. */
  brandCurrency: string;
  onDone(): void;
}

/** The cashier's tabs and forms. */
export function CashierPanel({ locale, texts, initialTab, deepLink, lastUsedAccountFeature, providers, returnUrl, brandCurrency, onDone }: PanelProps) {
  const [tab, setTab] = useState<CashierTab>(initialTab);
  const { player, status } = useStore($player);
  const [context, setContext] = useState<{ last: LastCompletedDeposit | null; pending: Payment[] } | null>(null);
  const reload = () => loadCashierContext().then(setContext, () => setContext({ last: null, pending: [] }));
  // The tap that opens the cashier is answered in the next frame by the dialog and its tabs; the
  // form follows in a transition, which React renders in slices between frames (a phone spent
  // ~90 ms in one task rendering it with the dialog).
  const [formShown, setFormShown] = useState(false);
  useEffect(() => {
    // The first read may already be under way (prefetched on hover or focus of Deposit).
    void takeCashierContext().then(setContext, () => setContext({ last: null, pending: [] }));
    startTransition(() => setFormShown(true));
    // The forms send through Apollo: fetched once the panel is up, before the player submits.
    preparePlayerCall();
  }, []);

  return (
    <div className="cashier" data-testid="cashier">
      <div className="cashier__tabs" role="group" aria-label={texts.title}>
        {(['deposit', 'withdraw'] as const).map((id) => (
          <button key={id} type="button" className="cashier__tab" aria-pressed={tab === id} onClick={() => setTab(id)}>
            {id === 'deposit' ? texts.deposit : texts.withdraw}
          </button>
        ))}
      </div>
      {texts.instantBankingAward && player?.isInstantBankingBlocked && (
        <p className="cashier__hint" role="note" data-testid="cashier-instant-banking-award">{texts.instantBankingAward}</p>
      )}
      {!formShown || status !== 'LOGGED_IN' ? (
        // Until the session is confirmed no form shows: a visitor with a stale cookie never sees one.
        <div className="cashier__pending" aria-busy="true" />
      ) : providers.length === 0 ? (
        // No provider is configured (a production platform ships none): say so instead of a form that cannot work.
        <p className="cashier__blocked" role="status" data-testid="cashier-unavailable">{texts.unavailable}</p>
      ) : tab === 'deposit' ? (
        <DepositForm locale={locale} texts={texts} deepLink={deepLink} last={context?.last ?? null} lastUsedAccountFeature={lastUsedAccountFeature} providers={providers} returnUrl={returnUrl} brandCurrency={brandCurrency} onDone={onDone} />
      ) : (
        <WithdrawForm locale={locale} texts={texts} pending={context?.pending ?? []} brandCurrency={brandCurrency} onChanged={reload} />
      )}
    </div>
  );
}

/** The balance, the amount input (exact text, at most 100 characters) and its minimum, shared by both forms. */
function AmountField({ ids, texts, locale, currency, amount, onAmount, hint, hintTestId, invalid }: {
  ids: string; texts: CashierTexts; locale: Locale; currency: string; amount: string;
  onAmount(value: string): void; hint: string; hintTestId?: string; invalid: boolean;
}) {
  const { wallet } = useStore($wallet);
  return (
    <>
      {wallet && <p className="cashier__balance">{fill(texts.balance, { amount: formatMoney(wallet.balance, currency, locale) })}</p>}
      <label htmlFor={`${ids}-amount`}>{fill(texts.amount, { currency })}</label>
      <input
        id={`${ids}-amount`}
        name="amount"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        maxLength={100}
        value={amount}
        onChange={(event) => onAmount(event.target.value)}
        aria-describedby={`${ids}-minimum${invalid ? ` ${ids}-error` : ''}`}
        aria-invalid={invalid ? true : undefined}
      />
      <p id={`${ids}-minimum`} className="cashier__hint" data-testid={hintTestId}>{hint}</p>
    </>
  );
}

/** The form both cashier tabs share: submits without a page load, then shows its error and its button. */
function CashierForm({ ids, busy, ready, error, submitText, submittingText, onSubmit, children }: {
  ids: string; busy: boolean; ready: boolean; error: string | null; submitText: string; submittingText: string;
  onSubmit(): void; children: ReactNode;
}) {
  return (
    <form
      className="cashier__form"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      {error && <p id={`${ids}-error`} className="cashier__error" role="alert">{error}</p>}
      <button type="submit" className="button" disabled={busy || !ready}>{busy ? submittingText : submitText}</button>
    </form>
  );
}

function DepositForm({ locale, texts, deepLink, last, lastUsedAccountFeature, providers, returnUrl, brandCurrency, onDone }: Omit<PanelProps, 'initialTab'> & { last: LastCompletedDeposit | null }) {
  const { wallet } = useStore($wallet);
  const customer = useStore($customer);
  const { player } = useStore($player);
  const currency = wallet?.currency ?? brandCurrency;
  const minimum = minimumDeposit(currency, wallet?.minDepositAmount ?? '0');
  const memory = typeof localStorage === 'undefined' ? null : readDepositMemory(localStorage.getItem(DEPOSIT_MEMORY_KEY));
  const [amount, setAmount] = useState(() => deepLink?.amount ?? (memory && memory.currency === currency ? memory.amount : ''));
  const [provider, setProvider] = useState<CashierProvider>(() => {
    const linked = providerOf(deepLink?.paymentMethod);
    return linked && providers.includes(linked) ? linked : (providers[0] ?? 'TRUSTLY');
  });
  const [useLast, setUseLast] = useState(false);
  const { error, busy, submit: submitMoney } = useMoneySubmit('deposit', { texts, locale, currency, minimum });
  const autoSubmitted = useRef(false);
  const ids = useId();
  const lastAccount = (() => {
    try {
      return last ? ((JSON.parse(last.payload) as { debtor?: { account?: string } }).debtor?.account ?? null) : null;
    } catch {
      return null;
    }
  })();
  const offerLast = lastUsedAccountFeature && last !== null && lastAccount !== null;

  const submit = async () => {
    if (!wallet) return;
    const chosen = useLast && last ? last.provider : provider;
    const useLastUsedAccount = useLast && offerLast;
    await submitMoney(amount, { provider: chosen, useLastUsedAccount }, async (normalised, idempotencyKey) => {
      const result = await initiateDeposit({ amount: normalised, currency, provider: chosen, useLastUsedAccount, idempotencyKey, returnUrl });
      localStorage.setItem(DEPOSIT_MEMORY_KEY, JSON.stringify({ amount: normalised, currency }));
      if (result.redirectUrl) {
        // The intent stays until the provider page sends the player back with the outcome. The
        // provider page speaks the lobby's language.
        const target = new URL(result.redirectUrl, location.origin);
        target.searchParams.set('locale', locale);
        location.assign(target.href);
        return false;
      }
      if (result.payment.status === 'Completed') showFeedback('success', fill(texts.depositCompleted, { amount: formatMoney(result.payment.amount, currency, locale) }), { namespace: 'cashier' });
      onDone();
      return true;
    });
  };

  // A deep link with autoSubmit submits once, as soon as the wallet (and so the currency) is known.
  const autoSubmit = useEffectEvent(() => {
    if (!deepLink?.autoSubmit || autoSubmitted.current) return;
    autoSubmitted.current = true;
    void submit();
  });
  useEffect(() => {
    if (wallet) autoSubmit();
  }, [wallet]);

  const restriction = restrictionOfPlayer(player);
  const restricted = restriction && restrictionMessage(restriction, 'deposit', texts.restriction, locale);
  if (restricted) return <p className="cashier__blocked" role="status" data-testid="cashier-blocked">{restricted}</p>;
  if (customer?.isDepositsBlocked) return <p className="cashier__blocked" role="status" data-testid="cashier-blocked">{texts.blockedDeposits}</p>;
  return (
    <CashierForm ids={ids} busy={busy} ready={Boolean(wallet)} error={error} submitText={texts.depositSubmit} submittingText={texts.submitting} onSubmit={() => void submit()}>
      <AmountField
        ids={ids}
        texts={texts}
        locale={locale}
        currency={currency}
        amount={amount}
        onAmount={setAmount}
        hint={fill(texts.minimumDeposit, { amount: formatMoney(minimum, currency, locale) })}
        hintTestId="cashier-minimum"
        invalid={Boolean(error)}
      />
      {offerLast && (
        <label className="cashier__check">
          <input type="checkbox" checked={useLast} onChange={(event) => setUseLast(event.target.checked)} />
          {fill(texts.useLastAccount, { account: lastAccount ?? '' })}
        </label>
      )}
      {!(useLast && offerLast) && (
        <fieldset className="cashier__providers">
          <legend>{texts.provider}</legend>
          {CASHIER_PROVIDERS.filter((id) => providers.includes(id)).map((id) => (
            <label key={id} className="cashier__option">
              <input type="radio" name="provider" value={id} checked={provider === id} onChange={() => setProvider(id)} />
              {paymentProviderName(id)}
            </label>
          ))}
        </fieldset>
      )}
    </CashierForm>
  );
}

function WithdrawForm({ locale, texts, pending, brandCurrency, onChanged }: { locale: Locale; texts: CashierTexts; pending: Payment[]; brandCurrency: string; onChanged(): Promise<void> }) {
  const { wallet } = useStore($wallet);
  const { player } = useStore($player);
  const customer = useStore($customer);
  const currency = wallet?.currency ?? brandCurrency;
  const minimum = wallet?.minWithdrawalAmount ?? '0';
  const instantBlocked = player?.isInstantBankingBlocked ?? false;
  const [amount, setAmount] = useState('');
  const [picked, setType] = useState<'Instant' | 'Manual'>('Instant');
  // A block that arrives (the player's data loads or changes) turns Instant off at once.
  const type = instantBlocked ? 'Manual' : picked;
  const { error, busy, submit: submitMoney } = useMoneySubmit('withdrawal', { texts, locale, currency, minimum });
  const ids = useId();

  const submit = async () => {
    if (!wallet) return;
    await submitMoney(amount, { withdrawalType: type }, async (normalised, idempotencyKey) => {
      await initiateWithdrawal({ amount: normalised, currency, withdrawalType: type, idempotencyKey });
      setAmount('');
      showFeedback('success', texts.withdrawInitiated, { namespace: 'cashier' });
      await onChanged();
      return true;
    });
  };

  const cancel = async (payment: Payment) => {
    try {
      await cancelWithdrawal(payment.id);
      showFeedback('success', texts.withdrawalCancelled, { namespace: 'cashier' });
    } catch (failure) {
      showFeedback('error', explain(failure, texts, locale, currency), { namespace: 'cashier' });
    }
    await onChanged();
  };

  if (player?.areWithdrawalsBlocked) return <p className="cashier__blocked" role="status" data-testid="cashier-blocked">{texts.blockedWithdrawals}</p>;
  return (
    <>
      <CashierForm ids={ids} busy={busy} ready={Boolean(wallet)} error={error} submitText={texts.withdrawSubmit} submittingText={texts.submitting} onSubmit={() => void submit()}>
        <AmountField
          ids={ids}
          texts={texts}
          locale={locale}
          currency={currency}
          amount={amount}
          onAmount={setAmount}
          hint={fill(texts.minimumWithdrawal, { amount: formatMoney(minimum, currency, locale) })}
          invalid={Boolean(error)}
        />
        <fieldset className="cashier__providers">
          <legend>{texts.withdrawalType}</legend>
          <label className="cashier__option">
            <input type="radio" name="withdrawalType" value="Instant" checked={type === 'Instant'} disabled={instantBlocked} onChange={() => setType('Instant')} aria-describedby={instantBlocked ? `${ids}-instant` : undefined} />
            {texts.instant}
          </label>
          <label className="cashier__option">
            <input type="radio" name="withdrawalType" value="Manual" checked={type === 'Manual'} onChange={() => setType('Manual')} />
            {texts.manual}
          </label>
          {instantBlocked && <p id={`${ids}-instant`} className="cashier__hint" data-testid="cashier-instant-blocked">{texts.blockedInstant}</p>}
        </fieldset>
        {texts.weekendWithdrawals && isWeekend(new Date()) && <p className="cashier__hint" role="note" data-testid="cashier-weekend">{texts.weekendWithdrawals}</p>}
      </CashierForm>
      {pending.length > 0 && (
        <section className="cashier__pending" aria-labelledby={`${ids}-pending`}>
          <h3 id={`${ids}-pending`}>{texts.pending}</h3>
          {customer?.isCancelWithdrawalBlocked && <p className="cashier__hint" role="status">{texts.blockedCancel}</p>}
          <ul>
            {pending.map((payment) => (
              <li key={payment.id} data-testid="pending-withdrawal">
                <span>{formatMoney(payment.amount, payment.currency, locale)} · {texts.statuses[payment.status]}</span>
                {payment.cancellable && (
                  <button type="button" className="button button--small button--secondary" onClick={() => void cancel(payment)}>
                    {texts.cancelWithdrawal}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
