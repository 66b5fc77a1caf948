/** The search texts an island needs, translated on the server (placeholders filled in the browser). */
import type { Translate } from '../../i18n/translate.ts';
import type { SearchTexts } from './SearchPanel.tsx';

/** The search overlay's texts for a locale. */
export function searchTexts(t: Translate): SearchTexts {
  return {
    title: t('search.title'),
    label: t('search.label'),
    placeholder: t('search.placeholder'),
    counter: t('search.counter'),
    limitReached: t('search.limitReached'),
    games: t('search.games'),
    studios: t('search.studios'),
    studioGames: t('search.studioGames'),
    found: t('search.found'),
    none: t('search.none'),
    failed: t('search.failed'),
    searching: t('search.searching'),
    open: t('search.open'),
  };
}
