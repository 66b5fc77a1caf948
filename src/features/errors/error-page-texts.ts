/**
 * The error pages' own texts in every locale, kept in the lobby: these pages must speak the page's
 * language when the platform (which serves every other translation) cannot be reached. The crash
 * page's texts are the platform's `error.title`, `error.body` and `common.backToHome` (a test keeps
 * them equal); the outage page's exist only here.
 */
import type { Locale } from '../../i18n/locales.ts';

/** What an error page says: a heading, a sentence and its one link. */
export interface ErrorPageTexts {
  title: string;
  body: string;
  action: string;
}

const ENGLISH_CRASH: ErrorPageTexts = { title: 'Error', body: 'Something went wrong.', action: 'Back to home' };
const GERMAN_CRASH: ErrorPageTexts = { title: 'Fehler', body: 'Etwas ist schiefgelaufen.', action: 'Zurück zur Startseite' };
const FRENCH_CRASH: ErrorPageTexts = { title: 'Erreur', body: 'Une erreur s’est produite.', action: 'Retour à l’accueil' };

/** A page render crashed (status 500): the spec's "Error" / "Something went wrong." and a link home. */
export const CRASH_TEXTS: Record<Locale, ErrorPageTexts> = {
  en: ENGLISH_CRASH, en_CA: ENGLISH_CRASH, en_IN: ENGLISH_CRASH, en_NZ: ENGLISH_CRASH, en_ZA: ENGLISH_CRASH,
  de: GERMAN_CRASH, de_AT: GERMAN_CRASH,
  fr: FRENCH_CRASH, fr_CA: FRENCH_CRASH,
  fi: { title: 'Virhe', body: 'Jokin meni vikaan.', action: 'Takaisin etusivulle' },
  no: { title: 'Feil', body: 'Noe gikk galt.', action: 'Tilbake til forsiden' },
  ja: { title: 'エラー', body: '問題が発生しました。', action: 'ホームに戻る' },
  et_EE: { title: 'Viga', body: 'Midagi läks valesti.', action: 'Tagasi avalehele' },
  it: { title: 'Errore', body: 'Si è verificato un errore.', action: 'Torna alla home' },
};

const ENGLISH_OUTAGE: ErrorPageTexts = { title: 'We will be right back', body: 'The site is not available at the moment. Please reload the page in a few minutes.', action: 'Reload the page' };
const GERMAN_OUTAGE: ErrorPageTexts = { title: 'Wir sind gleich zurück', body: 'Die Website ist gerade nicht erreichbar. Lade die Seite in ein paar Minuten neu.', action: 'Seite neu laden' };
const FRENCH_OUTAGE: ErrorPageTexts = { title: 'Nous revenons très vite', body: 'Le site n’est pas disponible pour le moment. Rechargez la page dans quelques minutes.', action: 'Recharger la page' };

/** The platform does not answer (status 503): the site is down for a moment, reload later. */
export const OUTAGE_TEXTS: Record<Locale, ErrorPageTexts> = {
  en: ENGLISH_OUTAGE, en_CA: ENGLISH_OUTAGE, en_IN: ENGLISH_OUTAGE, en_NZ: ENGLISH_OUTAGE, en_ZA: ENGLISH_OUTAGE,
  de: GERMAN_OUTAGE, de_AT: GERMAN_OUTAGE,
  fr: FRENCH_OUTAGE, fr_CA: FRENCH_OUTAGE,
  fi: { title: 'Palaamme pian', body: 'Sivusto ei ole juuri nyt käytettävissä. Lataa sivu uudelleen muutaman minuutin kuluttua.', action: 'Lataa sivu uudelleen' },
  no: { title: 'Vi er snart tilbake', body: 'Nettstedet er ikke tilgjengelig akkurat nå. Last inn siden på nytt om noen minutter.', action: 'Last inn siden på nytt' },
  ja: { title: 'まもなく再開します', body: '現在サイトをご利用いただけません。数分後にページを再読み込みしてください。', action: 'ページを再読み込み' },
  et_EE: { title: 'Oleme varsti tagasi', body: 'Sait ei ole praegu saadaval. Laadi leht mõne minuti pärast uuesti.', action: 'Laadi leht uuesti' },
  it: { title: 'Torniamo subito', body: 'Il sito non è disponibile al momento. Ricarica la pagina tra qualche minuto.', action: 'Ricarica la pagina' },
};
