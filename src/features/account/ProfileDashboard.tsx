/**
 * The account dashboard (/profile/ and /profile/dashboard/): who is signed in, the live balance,
 * the account's status and where verification stands, from what the player runtime already loads
 * (GetPlayerInfo into `$player`, GetCustomerInfo and the Wallet subscription into `$wallet`). While
 * the session is checked it shows placeholders; a needed verification links to the page for it.
 */
import { useStore } from '@nanostores/react';
import type { Locale } from '../../i18n/locales.ts';
import { $player, type Player } from '../session/player-store.ts';
import { useHydrated } from '../session/use-hydrated.ts';
import { formatMoney } from '../wallet/Balance.tsx';
import { $wallet } from '../wallet/wallet-store.ts';
import { fillText } from '../../i18n/fill.ts';
import { formatDate } from '../../i18n/dates.ts';

/** Texts of the dashboard, translated on the server. */
export interface DashboardTexts {
  greeting: string;
  details: string;
  name: string;
  email: string;
  balance: string;
  bonus: string;
  accountStatus: string;
  statuses: Record<Player['accountStatus']['status'], string>;
  kyc: string;
  kycStatuses: Record<Player['kycCheckStatus']['status'], string>;
  documents: string;
  sourceOfWealth: string;
  sourceOfWealthNeeded: string;
  loading: string;
}

interface Props {
  locale: Locale;
  texts: DashboardTexts;
  paths: { documents: string; sourceOfWealth: string };
}

/** The player's display name: first and last name when known, else the username. */
export function displayName(player: Pick<Player, 'personalInfo' | 'username'>): string {
  const full = [player.personalInfo.firstName, player.personalInfo.lastName].filter(Boolean).join(' ').trim();
  return full || player.username;
}

/** The dashboard of the signed-in player. */
export default function ProfileDashboard({ locale, texts, paths }: Props) {
  const hydrated = useHydrated();
  const { player } = useStore($player);
  const { wallet } = useStore($wallet);
  if (!hydrated || !player) {
    return <p className="profile-dashboard profile-dashboard--loading" aria-busy="true">{texts.loading}</p>;
  }
  const date = (iso: string | null) => (iso ? formatDate(new Date(iso), locale, { dateStyle: 'long' }) : '—');
  const kyc = player.kycCheckStatus;
  const sow = player.sourceOfWealthStatus;
  const sowNeeded = sow.status === 'Required' || sow.requiredDocumentsUploadV2.length > 0;
  return (
    <section className="profile-dashboard" aria-labelledby="profile-greeting" data-testid="profile-dashboard">
      <h2 id="profile-greeting">{fillText(texts.greeting, { name: displayName(player) })}</h2>
      <dl className="profile-dashboard__facts" aria-label={texts.details}>
        <div><dt>{texts.name}</dt><dd>{displayName(player)}</dd></div>
        <div><dt>{texts.email}</dt><dd>{player.email}</dd></div>
        <div>
          <dt>{texts.balance}</dt>
          <dd data-testid="profile-balance">{wallet ? formatMoney(wallet.balance, wallet.currency, locale) : '…'}</dd>
        </div>
        {wallet && Number(wallet.bonusBalance) > 0 && (
          <div><dt>{texts.bonus}</dt><dd>{formatMoney(wallet.bonusBalance, wallet.currency, locale)}</dd></div>
        )}
        <div><dt>{texts.accountStatus}</dt><dd>{texts.statuses[player.accountStatus.status]}</dd></div>
        <div>
          <dt>{texts.kyc}</dt>
          <dd>
            {fillText(texts.kycStatuses[kyc.status], { date: date(kyc.deadline) })}
            {kyc.status === 'Required' && <> <a href={paths.documents}>{texts.documents}</a></>}
          </dd>
        </div>
        {sowNeeded && (
          <div>
            <dt>{texts.sourceOfWealth}</dt>
            <dd>{fillText(texts.sourceOfWealthNeeded, { date: date(sow.dueDate) })} <a href={paths.sourceOfWealth}>{texts.sourceOfWealth}</a></dd>
          </div>
        )}
      </dl>
    </section>
  );
}
