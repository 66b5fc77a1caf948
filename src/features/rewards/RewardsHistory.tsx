/**
 * /profile/rewards-history/: the player's past rewards and bonuses, newest first, with dates and
 * amounts in the page's locale. Read once with the player's token as the page opens.
 */
import { useCallback, useEffect, useState } from 'react';
import { formatDate } from '../../i18n/dates.ts';
import { fillText } from '../../i18n/fill.ts';
import type { Locale } from '../../i18n/locales.ts';
import { RewardsHistoryDocument } from '../../lib/graphql/generated/player.ts';
import { playerRequest } from '../session/player-call.ts';
import { formatMoney } from '../wallet/Balance.tsx';
import { historyRows, type HistoryRow } from './rewards-history.ts';
import type { RewardsHistoryTexts } from './texts.ts';

/** What a row gave, in words. */
function given(row: HistoryRow, texts: RewardsHistoryTexts, locale: Locale): string {
  if (row.kind === 'bonus') return `${texts['rewardsHistory.bonus']} ${formatMoney(row.bonus.amount, row.bonus.currency, locale)}`;
  const reward = row.reward;
  if (reward.__typename === 'FreeSpinReward') return fillText(texts['rewards.freeSpins'], { count: reward.spins });
  return formatMoney(reward.amount, reward.currency, locale);
}

/** The rewards history table. */
export default function RewardsHistory({ locale, texts }: { locale: Locale; texts: RewardsHistoryTexts }) {
  const [rows, setRows] = useState<HistoryRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const fetchRows = useCallback(() => {
    playerRequest(RewardsHistoryDocument, { locale }).then(
      (data) => setRows(data.viewer ? historyRows(data.viewer) : []),
      () => setFailed(true),
    );
  }, [locale]);
  useEffect(fetchRows, [fetchRows]);
  const load = () => {
    setFailed(false);
    fetchRows();
  };
  const date = (iso: string) => formatDate(iso, locale, { dateStyle: 'medium', timeStyle: 'short' });
  if (failed) {
    return (
      <div className="rewards-history__error" role="alert">
        <p>{texts['history.loadError']}</p>
        <button type="button" className="button button--small button--secondary" onClick={load}>{texts['history.retry']}</button>
      </div>
    );
  }
  if (rows === null) return <p role="status" aria-busy="true">{texts['common.loading']}</p>;
  if (rows.length === 0) return <p data-testid="rewards-history-empty">{texts['rewardsHistory.empty']}</p>;
  return (
    <table className="rewards-history" data-testid="rewards-history">
      <caption className="visually-hidden">{texts['rewardsHistory.caption']}</caption>
      <thead>
        <tr>
          <th scope="col">{texts['rewardsHistory.reward']}</th>
          <th scope="col">{texts['rewardsHistory.date']}</th>
          <th scope="col">{texts['rewards.amount']}</th>
          <th scope="col">{texts['rewardsHistory.status']}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-kind={row.kind}>
            <th scope="row">{row.name}</th>
            <td data-label={texts['rewardsHistory.date']}><time dateTime={row.at}>{date(row.at)}</time></td>
            <td data-label={texts['rewards.amount']}>{given(row, texts, locale)}</td>
            <td data-label={texts['rewardsHistory.status']}>
              {row.kind === 'bonus' ? texts[`rewardsHistory.bonusStatus.${row.status}`] : texts[`rewards.status.${row.status}`]}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
