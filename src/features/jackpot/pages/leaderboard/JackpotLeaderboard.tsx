/**
 * The live jackpot leaderboard (spec sections 2 and 9): the top contributors to the pot's current
 * cycle, at most 50, from answers of 100; 10 rows first on a phone and 12 on a wider screen (11
 * with the player's own row pinned), Show More adds 10. A signed-in player also sees their own
 * position and rank (the query with their token). It refreshes every 30 s while the page is shown.
 *
 * The server renders the first answer, so the board is in the HTML; until Show More is first used
 * the phone's 10 rows are CSS's doing, so hydration changes nothing on screen. Exported for the
 * floating widget's leaderboard mode.
 */
import { useEffect, useState } from 'react';
import { graphqlRequest } from '../../../../lib/graphql-client.ts';
import { JackpotLeaderboardDocument, type JackpotLeaderboardQuery } from '../../../../lib/graphql/generated/graphql.ts';
import { fillText } from '../../../../i18n/fill.ts';
import { formatCurrency } from '../../../../i18n/format.ts';
import type { Locale } from '../../../../i18n/locales.ts';
import {
  initialLeaderboardRows, LEADERBOARD_FETCH_SIZE, LEADERBOARD_INITIAL_PHONE, LEADERBOARD_INITIAL_WIDE, LEADERBOARD_PHONE_MAX_PX, leaderboardSlice,
  nextLeaderboardRows, pinOwnRow,
} from './leaderboard-slice.ts';

/** One leaderboard answer. */
export type LeaderboardData = JackpotLeaderboardQuery['jackpotLeaderboard'];

/** The board's texts, in the page's locale. */
export interface LeaderboardTexts {
  title: string;
  position: string;
  player: string;
  rank: string;
  prize: string;
  showMore: string;
  /** "Your position: {position} ({rank})". */
  own: string;
  empty: string;
  /** The pinned own row's name cell. */
  you: string;
  /** Rank names by the platform's English name (Legend, Champion, Contender, Challenger). */
  ranks: Record<string, string>;
}

interface Props {
  brand: string;
  instanceId: string;
  currency: string;
  locale: Locale;
  /** The server's answer (a visitor's view), or null when it had none. */
  initial: LeaderboardData | null;
  /** Whether the visitor has a session: then the board asks again with the token for their own position. */
  signedIn: boolean;
  texts: LeaderboardTexts;
  /** The heading level of the board's title (2 on the page; the widget may pass 3). */
  level?: 2 | 3;
}

/** How often the board asks again while the page is shown. */
const REFRESH_MS = 30_000;

async function fetchBoard(brand: string, instanceId: string, currency: string, signedIn: boolean): Promise<LeaderboardData> {
  const variables = { brand, jackpotInstanceId: instanceId, currency, size: LEADERBOARD_FETCH_SIZE };
  if (signedIn) {
    // The player's runtime only for players: a visitor's page never downloads it.
    const { playerRequest } = await import('../../../session/player-call.ts');
    return (await playerRequest(JackpotLeaderboardDocument, variables)).jackpotLeaderboard;
  }
  return (await graphqlRequest(JackpotLeaderboardDocument, variables)).jackpotLeaderboard;
}

/** The jackpot leaderboard with Show More and the player's own position. */
export default function JackpotLeaderboard({ brand, instanceId, currency, locale, initial, signedIn, texts, level = 2 }: Props) {
  const [board, setBoard] = useState<LeaderboardData | null>(initial);
  // null until Show More is first used: the first rows are then the screen's (CSS) and the pin's.
  const [shown, setShown] = useState<number | null>(null);

  useEffect(() => {
    let stopped = false;
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      fetchBoard(brand, instanceId, currency, signedIn)
        .then((next) => { if (!stopped) setBoard(next); })
        .catch((error: unknown) => console.warn('[jackpot] The leaderboard could not refresh:', error));
    };
    if (signedIn) refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    return () => { stopped = true; clearInterval(timer); };
  }, [brand, instanceId, currency, signedIn]);

  const entries = board?.entries ?? [];
  const wideFirst = pinOwnRow(board?.playerPosition, LEADERBOARD_INITIAL_WIDE) ? LEADERBOARD_INITIAL_WIDE - 1 : LEADERBOARD_INITIAL_WIDE;
  const count = shown ?? wideFirst;
  const { rows, more } = leaderboardSlice(entries, count);
  const pinned = pinOwnRow(board?.playerPosition, count);
  const money = (amount: string) => formatCurrency(amount, board?.currency ?? currency, locale);
  const rankName = (name: string | null | undefined) => (name ? texts.ranks[name] ?? name : '');
  const showMore = () => {
    const phone = window.matchMedia(`(max-width: ${LEADERBOARD_PHONE_MAX_PX}px)`).matches;
    const base = shown ?? initialLeaderboardRows(phone, pinOwnRow(board?.playerPosition, LEADERBOARD_INITIAL_WIDE));
    setShown(nextLeaderboardRows(base, entries.length));
  };
  const Heading = level === 2 ? 'h2' : 'h3';
  const own = board?.playerPosition ? fillText(texts.own, { position: board.playerPosition, rank: rankName(board.playerRank) }) : null;

  return (
    <section className="leaderboard" aria-labelledby="jackpot-leaderboard-title" data-testid="jackpot-leaderboard">
      <Heading id="jackpot-leaderboard-title" className="leaderboard__title">{texts.title}</Heading>
      {own && <p className="leaderboard__own" data-testid="jackpot-leaderboard-own">{own}</p>}
      {rows.length === 0 ? <p className="leaderboard__empty">{texts.empty}</p> : (
        <table className={shown === null ? 'leaderboard__table leaderboard__table--first' : 'leaderboard__table'}>
          <thead>
            <tr><th scope="col">{texts.position}</th><th scope="col">{texts.player}</th><th scope="col">{texts.rank}</th><th scope="col">{texts.prize}</th></tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={entry.position} className={entry.position === board?.playerPosition ? 'leaderboard__row leaderboard__row--own' : 'leaderboard__row'}>
                <td>{entry.position}</td><td>{entry.initials}</td><td>{rankName(entry.rankName)}</td><td>{money(entry.expectedPrize)}</td>
              </tr>
            ))}
            {pinned && board?.playerPosition && (
              <tr className="leaderboard__row leaderboard__row--own leaderboard__row--pinned">
                <td>{board.playerPosition}</td><td>{texts.you}</td><td>{rankName(board.playerRank)}</td><td></td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      {/* Before the first Show More a phone shows 10 of the 11 or 12 rows (CSS), so it may offer more where a wider screen does not. */}
      {(more || (shown === null && rows.length > LEADERBOARD_INITIAL_PHONE)) && (
        <button type="button" className={more ? 'button button--secondary leaderboard__more' : 'button button--secondary leaderboard__more leaderboard__more--phone'} onClick={showMore}>{texts.showMore}</button>
      )}
    </section>
  );
}
