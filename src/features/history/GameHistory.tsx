/**
 * The game history (/profile/game-history/): the player's real-money casino rounds from the
 * platform, newest first, 20 at a time with "Show more": the game (linked to its page), the bet, the
 * win (or "In play" for a round not settled yet) and when it was played. Amounts arrive as exact
 * decimal strings and are formatted in the round's currency for the page's locale.
 */
import type { Locale } from '../../i18n/locales.ts';
import { dateFormat } from '../../i18n/dates.ts';
import { formatMoney } from '../wallet/Balance.tsx';
import { loadRounds } from './api.ts';
import HistoryList from './HistoryList.tsx';
import { usePagedHistory } from './paged-history.ts';
import type { GameHistoryTexts } from './texts.ts';

interface Props {
  locale: Locale;
  texts: GameHistoryTexts;
  /** The lobby's address (the empty state leads there) and the games' base path ("/en/games/"). */
  paths: { lobby: string; games: string };
}

/** The player's rounds. */
export default function GameHistory({ locale, texts, paths }: Props) {
  const history = usePagedHistory(loadRounds);
  const time = dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <HistoryList
      history={history}
      texts={texts}
      testId="game-history"
      empty={
        <div className="history-list__empty">
          <p><strong>{texts.empty}</strong> {texts.emptyHint}</p>
          <a className="button button--small" href={paths.lobby}>{texts.goToLobby}</a>
        </div>
      }
    >
      {(rounds) => (
        <table className="history-table">
          <caption className="visually-hidden">{texts.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.game}</th><th scope="col" className="history-table__money">{texts.bet}</th>
              <th scope="col" className="history-table__money">{texts.win}</th><th scope="col">{texts.time}</th>
            </tr>
          </thead>
          <tbody>
            {rounds.map((round) => (
              <tr key={round.id} data-testid="round-row">
                <th scope="row" className="history-table__title"><a href={`${paths.games}${encodeURIComponent(round.gameSlug)}/`}>{round.gameName}</a></th>
                <td data-label={texts.bet} className="history-table__money">{formatMoney(round.bet, round.currency, locale)}</td>
                <td data-label={texts.win} className="history-table__money">
                  {round.win === null ? texts.inPlay : formatMoney(round.win, round.currency, locale)}
                </td>
                <td data-label={texts.time}><time dateTime={round.playedAt}>{time(new Date(round.playedAt))}</time></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </HistoryList>
  );
}
