/**
 * The consent prompt's and settings dialog's texts, translated on the server (BaseDocument.astro)
 * and handed to the island as props, so the browser carries no translation table.
 */
import type { Translate } from '../../i18n/translate.ts';
import { CONSENT_CATEGORIES, type ConsentCategory } from './consent.ts';

/** What the prompt and the settings dialog say. */
export interface ConsentTexts {
  title: string;
  body: string;
  allowAll: string;
  onlyNecessary: string;
  customize: string;
  settingsTitle: string;
  settingsIntro: string;
  save: string;
  alwaysOn: string;
  close: string;
  categories: Record<ConsentCategory, { name: string; description: string }>;
}

/** The texts in the page's locale. */
export function consentTexts(t: Translate): ConsentTexts {
  return {
    title: t('consent.title'),
    body: t('consent.body'),
    allowAll: t('consent.allowAll'),
    onlyNecessary: t('consent.onlyNecessary'),
    customize: t('consent.customize'),
    settingsTitle: t('consent.settingsTitle'),
    settingsIntro: t('consent.settingsIntro'),
    save: t('consent.save'),
    alwaysOn: t('consent.alwaysOn'),
    close: t('common.close'),
    categories: Object.fromEntries(
      CONSENT_CATEGORIES.map((category) => [category, { name: t(`consent.${category}`), description: t(`consent.${category}Description`) }]),
    ) as ConsentTexts['categories'],
  };
}
