/**
 * The header's account area for players: the live balance and a menu (bonus balance, deposit,
 * rewards with the live count of rewards to claim, account, log out). It reads `$player`, `$wallet`
 * and `$rewards`; while the session is checked it shows a placeholder, and if the check finds no
 * session it falls back to Sign In and Register.
 */
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { requestCashier } from '../cashier/open-request.ts';
import { Balance, formatMoney } from '../wallet/Balance.tsx';
import { $wallet, NO_WALLET } from '../wallet/wallet-store.ts';
import { logOut } from './log-out.ts';
import { $player, PLAYER_BEING_CHECKED } from './player-store.ts';
import { useStoreInTransition } from './use-hydrated.ts';
import { fillText } from '../../i18n/fill.ts';
import { unclaimedCount, visibleRewards } from '../rewards/reward-list.ts';
import { $rewards, REWARDS_NOT_LOADED } from '../rewards/rewards-store.ts';

/** Texts of the menu, translated on the server. */
export interface AccountMenuTexts {
  menu: string;
  balance: string;
  bonus: string;
  logout: string;
  signedInAs: string;
  deposit: string;
  account: string;
  signIn: string;
  register: string;
  rewards: string;
  /** "Rewards to claim: {count}", for screen readers beside the count. */
  rewardCount: string;
}

interface Props {
  locale: Locale;
  texts: AccountMenuTexts;
  paths: { deposit: string; account: string; login: string; register: string; rewards: string };
  /** The brand's bonusEnabled: false leaves bonus rewards out of the count, as /rewards/ leaves them out. */
  bonusEnabled: boolean;
}


/** Props of a Deposit entry: prefetch on intent, open the cashier in place on a plain click. */
function depositEntry(onOpened: () => void) {
  const prefetch = () => void requestCashier({ tab: 'deposit', intent: 'prefetch' });
  return {
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onTouchStart: prefetch,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      // A new tab or window keeps the link; no cashier island (it did not take the request) navigates.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (!requestCashier({ tab: 'deposit', intent: 'open' })) return;
      event.preventDefault();
      onOpened();
    },
  };
}

/** Balance and account menu. */
export default function AccountMenu({ locale, texts, paths, bonusEnabled }: Props) {
  // The header renders this only for a refreshable session: until hydrated, show it as loading.
  // The player, the wallet and the rewards arrive from the network: rendered in transitions.
  const { status, player } = useStoreInTransition($player, PLAYER_BEING_CHECKED);
  const walletState = useStoreInTransition($wallet, NO_WALLET);
  const { wallet } = walletState;
  const rewards = useStoreInTransition($rewards, REWARDS_NOT_LOADED);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (status === 'LOGGED_OUT') {
    return (
      <>
        <a className="button button--small" href={paths.login} data-testid="sign-in">{texts.signIn}</a>
        <a className="button button--small button--secondary" href={paths.register}>{texts.register}</a>
      </>
    );
  }

  const toClaim = unclaimedCount(visibleRewards(rewards.list, bonusEnabled));
  const countLabel = fillText(texts.rewardCount, { count: toClaim });
  const name = player ? [player.personalInfo.firstName, player.personalInfo.lastName].filter(Boolean).join(' ') || player.username : '';
  return (
    <div className="account-menu" ref={rootRef} data-player-status={status}>
      <a className="account-menu__balance" href={paths.deposit} {...depositEntry(() => setOpen(false))}>
        <Balance locale={locale} label={texts.balance} state={walletState} />
      </a>
      <button
        ref={buttonRef}
        type="button"
        className="button button--small button--secondary account-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        disabled={status === 'LOADING'}
      >
        {texts.menu}
        {toClaim > 0 && (
          <span className="account-menu__count" data-testid="reward-count-badge">
            <span aria-hidden="true">{toClaim}</span>
            <span className="visually-hidden">{countLabel}</span>
          </span>
        )}
      </button>
      <div id={menuId} className="account-menu__panel" hidden={!open}>
        {player && <p className="account-menu__name">{fillText(texts.signedInAs, { name })}</p>}
        {wallet && (
          <p className="account-menu__bonus">
            {texts.bonus}: <span data-testid="bonus-balance">{formatMoney(wallet.bonusBalance, wallet.currency, locale)}</span>
          </p>
        )}
        <ul>
          <li><a href={paths.deposit} {...depositEntry(() => setOpen(false))}>{texts.deposit}</a></li>
          <li>
            <a href={paths.rewards}>
              {texts.rewards}
              {toClaim > 0 && (
                <span className="account-menu__count" data-testid="reward-count">
                  <span aria-hidden="true">{toClaim}</span>
                  <span className="visually-hidden">{countLabel}</span>
                </span>
              )}
            </a>
          </li>
          <li><a href={paths.account}>{texts.account}</a></li>
          <li>
            <button
              type="button"
              className="account-menu__logout"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void logOut().catch(() => setBusy(false));
              }}
            >
              {texts.logout}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
