/** The jackpot pages' texts for their islands, picked from the page's translations on the server. */
import type { Translate } from '../../../i18n/translate.ts';
import type { LeaderboardTexts } from './leaderboard/JackpotLeaderboard.tsx';

/** The leaderboard's texts in the page's locale (the widget's leaderboard mode uses them too). */
export function leaderboardTexts(t: Translate): LeaderboardTexts {
  return {
    title: t('leaderboard.title'),
    position: t('leaderboard.position'),
    player: t('leaderboard.player'),
    rank: t('leaderboard.rank'),
    prize: t('leaderboard.prize'),
    showMore: t('leaderboard.showMore'),
    own: t('leaderboard.own'),
    you: t('leaderboard.you'),
    empty: t('leaderboard.empty'),
    ranks: {
      Legend: t('leaderboard.rank.Legend'),
      Champion: t('leaderboard.rank.Champion'),
      Contender: t('leaderboard.rank.Contender'),
      Challenger: t('leaderboard.rank.Challenger'),
    },
  };
}
