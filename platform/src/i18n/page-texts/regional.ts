/**
 * Regional locales: only what differs from their base language (de_AT → de, fr_CA → fr,
 * en_* → en); every other key falls back along the chain in page-texts.ts.
 */
import type { PageTextTable } from '../page-texts.ts';

/** Austrian German: the cashier is die Kassa, phone examples use Austria's country code. */
export const DE_AT: Partial<PageTextTable> = {
  'idp.register.phoneHint': 'Mit Ländervorwahl, zum Beispiel +436641234567.',
  'idp.error.phoneInvalid': 'Schreiben Sie die Nummer mit + und Ländervorwahl, zum Beispiel +436641234567.',
  'pay.unknownBody': '{provider} hat keine Einzahlung {id}: Starten Sie die Einzahlung erneut über die Kassa.',
};

/** Canadian French: courriel for e-mail, phone examples with +1. */
export const FR_CA: Partial<PageTextTable> = {
  'idp.field.identifier': 'Courriel ou nom d’utilisateur',
  'idp.field.email': 'Courriel',
  'idp.register.phoneHint': 'Avec l’indicatif du pays, par exemple +15145551234.',
  'idp.error.identifierMissing': 'Saisissez votre courriel ou votre nom d’utilisateur.',
  'idp.error.emailInvalid': 'Saisissez une adresse courriel comme nom@exemple.ca.',
  'idp.error.emailTaken': 'Un compte utilise déjà ce courriel. Connectez-vous plutôt.',
  'idp.error.phoneInvalid': 'Écrivez le numéro avec + et l’indicatif du pays, par exemple +15145551234.',
};

/** Canadian English: phone examples with +1. */
export const EN_CA: Partial<PageTextTable> = {
  'idp.register.phoneHint': 'With the country code, like +14165551234.',
  'idp.error.phoneInvalid': 'Write the number with + and the country code, like +14165551234.',
};

/** Indian English: phone examples with +91. */
export const EN_IN: Partial<PageTextTable> = {
  'idp.register.phoneHint': 'With the country code, like +919812345678.',
  'idp.error.phoneInvalid': 'Write the number with + and the country code, like +919812345678.',
};

/** New Zealand English: phone examples with +64. */
export const EN_NZ: Partial<PageTextTable> = {
  'idp.register.phoneHint': 'With the country code, like +64211234567.',
  'idp.error.phoneInvalid': 'Write the number with + and the country code, like +64211234567.',
};

/** South African English: phone examples with +27. */
export const EN_ZA: Partial<PageTextTable> = {
  'idp.register.phoneHint': 'With the country code, like +27821234567.',
  'idp.error.phoneInvalid': 'Write the number with + and the country code, like +27821234567.',
};
