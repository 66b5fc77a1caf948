/**
 * Regional locales: only what differs from their base language (de_AT → de, fr_CA → fr,
 * en_* → en); every other key falls back along the chain in page-texts.ts.
 */
import type { PageTextTable } from '../page-texts.ts';

/** Austrian German: the cashier is die Kassa. (Phone examples follow the brand's country, not the locale.) */
export const DE_AT: Partial<PageTextTable> = {
  'pay.unknownBody': '{provider} hat keine Einzahlung {id}: Starte die Einzahlung erneut über die Kassa.',
};

/** Canadian French: courriel for e-mail. */
export const FR_CA: Partial<PageTextTable> = {
  'idp.field.identifier': 'Courriel ou nom d’utilisateur',
  'idp.field.email': 'Courriel',
  'idp.error.identifierMissing': 'Saisissez votre courriel ou votre nom d’utilisateur.',
  'idp.error.emailInvalid': 'Saisissez une adresse courriel comme nom@exemple.ca.',
  'idp.registerCode.title': 'Consultez vos courriels',
  'idp.registerCode.heading': 'Consultez vos courriels',
  'idp.field.emailCode': 'Code reçu par courriel',
  'idp.registerCode.sent': 'Nous avons envoyé un courriel à {email}. Saisissez le code à 6 chiffres qu’il contient pour finir de créer votre compte.',
  'idp.registerCode.taken': 'Un compte utilise déjà ce courriel : connectez-vous avec.',
};
