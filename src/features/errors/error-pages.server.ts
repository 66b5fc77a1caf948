/**
 * What the error pages show (ErrorPage.astro): the crash page in the page's language, from the
 * platform's translations when it gives them and the lobby's own otherwise, and the outage page,
 * which never asks the platform.
 */
import type { Brand } from '../../brands/load.server.ts';
import type { Locale } from '../../i18n/locales.ts';
import { homePath } from '../../paths.ts';
import { loadTranslations } from '../page-context/page-context.server.ts';
import { CRASH_TEXTS, OUTAGE_TEXTS, type ErrorPageTexts } from './error-page-texts.ts';

/** The props of ErrorPage.astro. */
export interface ErrorPageProps {
  locale: Locale;
  siteTitle: string | undefined;
  texts: ErrorPageTexts;
  href: string;
  kind: 'crash' | 'outage';
}

/** What the middleware knows of the request (a crash can come before it knew the brand). */
interface Known {
  locale?: Locale;
  brand?: Brand;
}

/** The crash page: the platform's texts (cached from earlier renders) where it has them, else the lobby's own. */
export async function crashPage(known: Known): Promise<ErrorPageProps> {
  const locale = known.locale ?? 'en';
  const { brand } = known;
  const own = CRASH_TEXTS[locale];
  const platform = brand ? await loadTranslations({ brand: brand.id, locale }) : {};
  return {
    locale,
    siteTitle: brand?.settings.title,
    texts: { title: platform['error.title'] ?? own.title, body: platform['error.body'] ?? own.body, action: platform['common.backToHome'] ?? own.action },
    href: brand ? homePath({ locale, localization: brand.settings.localization }) : '/',
    kind: 'crash',
  };
}

/** The outage page: the lobby's own texts, and a link that loads the page the visitor asked for again. */
export function outagePage(known: Known, returnTo: string): ErrorPageProps {
  const locale = known.locale ?? 'en';
  return { locale, siteTitle: known.brand?.settings.title, texts: OUTAGE_TEXTS[locale], href: returnTo, kind: 'outage' };
}
