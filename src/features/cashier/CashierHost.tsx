/**
 * The cashier's island, mounted for players only (the logged-in layout renders it when the request
 * carries a session). It applies spec sections 2, 4 and 5:
 *
 * - /deposit/ and /withdraw/ go to / and open the quick-deposit overlay there after 100 ms; its
 *   forms show once the session is confirmed, and the overlay closes when the session ends;
 * - autoSubmit, paymentMethod and amount in the query open it for the signed-in player; closing it
 *   strips the spec's parameters with a replace navigation (the overlay host does that);
 * - a window message closeQuickDepositEvent from this origin closes it, and so does a path change;
 *   Escape does not (the quick-deposit variant);
 * - back from the provider page (paymentId, paymentStatus) it tells the player what happened;
 * - wallet toasts and the running-out-of-funds prompt, quiet on sports pages or once dismissed;
 * - the account menu's Deposit opens it in place (open-request.ts), and hovering or focusing it
 *   starts the cashier's data read first.
 */
import { lazy, Suspense, useEffect, useEffectEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { showFeedback } from '../feedback/store.ts';
import { loadOverlayDialog } from '../overlay/load-dialog.ts';
import { closeOverlay, openOverlay, $overlay } from '../overlay/store.ts';
import { urlWithoutOverlayParams } from '../overlay/variants.ts';
import { $player } from '../session/player-store.ts';
import { formatMoney } from '../wallet/Balance.tsx';
import { $wallet, type BalanceUpdate } from '../wallet/wallet-store.ts';
import type { CashierTab } from './CashierPanel.tsx';
import { importOnce } from '../../lib/import-once.ts';
import { prefetchCashierContext } from './api.ts';
import { forgetIntent } from './intent.ts';
import { CASHIER_REQUEST_EVENT, type CashierRequest } from './open-request.ts';
import { afterNextPaint } from '../../lib/yield-to-browser.ts';
import { DISMISSED_DEPOSIT_COOKIE, isCloseQuickDepositMessage, readDeepLink, runningOutOfFunds, walletNoticesSuppressed, type CashierProvider, type DeepLink } from './rules.ts';
import type { CashierTexts } from './texts.ts';
import { fillText as fill } from '../../i18n/fill.ts';

/**
 * The cashier's forms, fetched as the player reaches for them (the account menu's Deposit hovered,
 * focused or tapped) or when it opens: every signed-in page carries this host for its notices, but
 * most never open the cashier, so its forms stay out of the page's first download.
 */
const loadCashierPanel = importOnce(() => import('./CashierPanel.tsx'));
const CashierPanel = lazy(() => loadCashierPanel().then((module) => ({ default: module.CashierPanel })));

/** Session storage flag: /deposit/ or /withdraw/ asked the home page to open the cashier. */
const OPEN_AFTER_REDIRECT = 'atrium.cashier.open';
/** Spec section 9: the deposit overlay opens 100 ms after the redirect. */
export const OPEN_AFTER_REDIRECT_MS = 100;

interface Props {
  locale: Locale;
  texts: CashierTexts;
  /** The route rendering this page when it is /deposit/ or /withdraw/. */
  cashierRoute: CashierTab | null;
  homePath: string;
  darkLayout: boolean;
  lastUsedAccountFeature: boolean;
  /** The payment providers the platform offers (lobbySettings.paymentProviders). */
  providers: readonly CashierProvider[];
  /** The brand's currency (lobbySettings.currency): the cashier's until the wallet's is known. */
  currency: string;
}

/** The cashier's triggers and notices. */
export default function CashierHost({ locale, texts, cashierRoute, homePath, darkLayout, lastUsedAccountFeature, providers, currency }: Props) {
  // An effect event: timers, listeners and the deep link set up once still open it with the latest props.
  const open = useEffectEvent((tab: CashierTab, deepLink: DeepLink | null) => {
    const close = () => {
      history.replaceState(history.state, '', urlWithoutOverlayParams(location.href));
      closeOverlay();
    };
    openOverlay({
      variant: 'quick-deposit',
      title: texts.title,
      className: darkLayout ? 'overlay--dark-cashier' : undefined,
      body: (
        // The same placeholder the panel shows until the session is confirmed.
        <Suspense fallback={<div className="cashier__pending" aria-busy="true" />}>
          <CashierPanel
            locale={locale}
            texts={texts}
            initialTab={tab}
            deepLink={deepLink}
            lastUsedAccountFeature={lastUsedAccountFeature}
            providers={providers}
            brandCurrency={currency}
            returnUrl={`${location.origin}${urlWithoutOverlayParams(location.href)}`}
            onDone={close}
          />
        </Suspense>
      ),
    });
  });

  useEffect(() => {
    if (cashierRoute) {
      sessionStorage.setItem(OPEN_AFTER_REDIRECT, cashierRoute);
      location.replace(homePath);
      return;
    }
    const timers: ReturnType<typeof setTimeout>[] = [];
    // The cashier is the signed-in player's: its forms wait for the confirmed session (CashierPanel),
    // a deep link opens it only then, and it closes the moment the session ends, so no visitor is
    // ever shown a form.
    const stops: (() => void)[] = [];
    const whenSignedIn = (action: () => void) => {
      const stop = $player.subscribe(({ status }) => {
        if (status !== 'LOGGED_IN') return;
        queueMicrotask(() => stop());
        action();
      });
      stops.push(stop);
    };
    stops.push($player.listen(({ status }) => {
      if (status === 'LOGGED_OUT' && $overlay.get()?.variant === 'quick-deposit') closeOverlay();
    }));
    const requested = sessionStorage.getItem(OPEN_AFTER_REDIRECT);
    if (requested === 'deposit' || requested === 'withdraw') {
      sessionStorage.removeItem(OPEN_AFTER_REDIRECT);
      // Opened at once unless the session is known to be gone: the panel shows its forms only once
      // the session is confirmed, and the dialog closes if it turns out there is none.
      timers.push(setTimeout(() => {
        if ($player.get().status !== 'LOGGED_OUT') open(requested, null);
      }, OPEN_AFTER_REDIRECT_MS));
    }
    const deepLink = readDeepLink(location.search);
    if (deepLink) whenSignedIn(() => open('deposit', deepLink));
    reportReturnFromProvider(texts);

    const onMessage = (event: MessageEvent) => {
      // The provider pages are served from the lobby's own origin (under /platform/), so that is the one allowed.
      if (!isCloseQuickDepositMessage(event.data, event.origin, [location.origin])) return;
      if ($overlay.get()?.variant !== 'quick-deposit') return;
      history.replaceState(history.state, '', urlWithoutOverlayParams(location.href));
      closeOverlay();
    };
    let path = location.pathname;
    const onPathChange = () => {
      if (location.pathname === path) return;
      path = location.pathname;
      if ($overlay.get()?.variant === 'quick-deposit') closeOverlay();
    };
    // Entry points (account menu) ask here: open in place instead of two page loads via /deposit/.
    const onRequest = (event: Event) => {
      const { tab, intent } = (event as CustomEvent<CashierRequest>).detail;
      event.preventDefault();
      prefetchCashierContext();
      void loadOverlayDialog().catch(() => undefined);
      void loadCashierPanel().catch(() => undefined);
      // The tap paints its pressed state first; then the dialog opens (showing a modal restyles the
      // whole page, ~50 ms on a phone, which would otherwise hold that first paint back).
      if (intent === 'open') void afterNextPaint().then(() => open(tab, null));
    };
    addEventListener('message', onMessage);
    addEventListener('popstate', onPathChange);
    addEventListener(CASHIER_REQUEST_EVENT, onRequest);
    const stopWallet = watchWallet(texts, locale, () => open('deposit', null));
    return () => {
      for (const timer of timers) clearTimeout(timer);
      removeEventListener('message', onMessage);
      removeEventListener('popstate', onPathChange);
      removeEventListener(CASHIER_REQUEST_EVENT, onRequest);
      stopWallet();
      for (const stop of stops) stop();
    };
  }, [cashierRoute, homePath, locale, texts]);

  return null;
}

/** Back from the provider page: tell the player the outcome and tidy the address. */
function reportReturnFromProvider(texts: CashierTexts): void {
  const url = new URL(location.href);
  const status = url.searchParams.get('paymentStatus');
  if (!url.searchParams.has('paymentId') || !status) return;
  url.searchParams.delete('paymentId');
  url.searchParams.delete('paymentStatus');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  // The payment has an outcome at the provider: a new deposit is a new intent.
  forgetIntent('deposit');
  if (status === 'Cancelled') showFeedback('info', texts.depositCancelled, { namespace: 'cashier' });
  else if (status === 'Completed') showFeedback('success', texts.depositDone, { namespace: 'cashier' });
  else showFeedback('info', texts.depositPending, { namespace: 'cashier' });
}

/** Wallet toasts and the running-out-of-funds prompt; returns the unsubscribe. */
function watchWallet(texts: CashierTexts, locale: Locale, openDeposit: () => void): () => void {
  let seen: BalanceUpdate | null = $wallet.get().lastUpdate;
  return $wallet.subscribe(({ lastUpdate }) => {
    if (!lastUpdate || lastUpdate === seen) return;
    seen = lastUpdate;
    if (walletNoticesSuppressed(location.pathname, document.cookie)) return;
    const amount = formatMoney(lastUpdate.amount, lastUpdate.currency, locale);
    switch (lastUpdate.moneyType) {
      case 'Deposit':
        showFeedback('success', fill(texts.depositCompleted, { amount }), { namespace: 'cashier' });
        return;
      case 'InitWithdrawal':
        showFeedback('success', texts.withdrawInitiated, { namespace: 'cashier' });
        return;
      case 'Withdrawal':
        showFeedback('info', fill(texts.withdrawalCompleted, { amount }), { namespace: 'cashier' });
        return;
      case 'CasinoBet': {
        if (lastUpdate.transactionKind && lastUpdate.transactionKind !== 'CasinoBet') return;
        if ($overlay.get()) return;
        const gameHasBonus = document.querySelector('[data-game-has-bonus="true"]') !== null;
        if (!runningOutOfFunds({ balance: lastUpdate.balance, bonusBalance: lastUpdate.bonusBalance, lastBet: lastUpdate.amount, currency: lastUpdate.currency, gameHasBonus })) return;
        openOverlay({
          variant: 'confirmation',
          title: texts.lowFundsTitle,
          content: texts.lowFundsBody,
          okText: texts.lowFundsOk,
          dismissText: texts.lowFundsDismiss,
          // Opened after the confirmation has closed, so the cashier replaces it rather than racing it.
          onOk: () => setTimeout(openDeposit, 0),
          onDismiss: () => {
            document.cookie = `${DISMISSED_DEPOSIT_COOKIE}=false; path=/; max-age=${30 * 24 * 3600}; samesite=lax`;
          },
        });
      }
    }
  });
}
