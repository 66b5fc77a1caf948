/**
 * The source-of-wealth page's and overlay's texts, translated on the server and handed to the
 * islands: the form's words plus every funding type's and option's title and hint, keyed by the ids
 * of shared/source-of-wealth.ts (the same keys the platform's viewer.sourceOfWealth reads).
 */
import { FUNDING_TYPES, SOW_OPTIONS, sowMessageKey, type FundingType } from '../../../shared/source-of-wealth.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import type { Translate } from '../../i18n/translate.ts';
import type { UploadProblem } from '../protection/documents-api.ts';

/** A title with its hint. */
interface Described {
  title: string;
  hint: string;
}

/** Every text of the source-of-wealth form. */
export interface SourceOfWealthTexts {
  intro: string;
  due: string;
  dueExpired: string;
  requested: string;
  applies: string;
  options: string;
  proof: string;
  upload: string;
  files: string;
  submit: string;
  submitted: string;
  statuses: Record<'Pending' | 'Done' | 'NotNeed' | 'WillBeRequired', string>;
  errors: Record<'none' | 'options' | 'file' | 'requested' | 'group' | 'generic', string>;
  /** An upload went through: {name}. */
  uploaded: string;
  uploadErrors: Record<UploadProblem, string>;
  documentStatuses: Record<'Pending' | 'Approved' | 'Rejected', string>;
  loading: string;
  loadError: string;
  types: Record<FundingType, Described & { options: Record<string, Described> }>;
}

/** The overlay's words (OverlaySourceOfWealth). */
export interface SourceOfWealthOverlayTexts {
  title: string;
  body: string;
  go: string;
}

/** Every message key the form reads for the funding types and their options. */
export function sowOptionKeys(): MessageKey[] {
  return FUNDING_TYPES.flatMap((type) => [
    sowMessageKey(type), sowMessageKey(type, undefined, 'tooltip'),
    ...SOW_OPTIONS[type].flatMap((option) => [sowMessageKey(type, option), sowMessageKey(type, option, 'tooltip')]),
  ]) as MessageKey[];
}

/** The form's texts in the page's locale. */
export function sourceOfWealthTexts(t: Translate): SourceOfWealthTexts {
  const key = (value: string) => t(value as MessageKey);
  return {
    intro: t('sow.intro'), due: t('sow.due'), dueExpired: t('sow.dueExpired'), requested: t('sow.requested'),
    applies: t('sow.applies'), options: t('sow.options'), proof: t('sow.proof'), upload: t('sow.upload'), files: t('sow.files'),
    submit: t('sow.submit'), submitted: t('sow.submitted'),
    statuses: { Pending: t('sow.status.Pending'), Done: t('sow.status.Done'), NotNeed: t('sow.status.NotNeed'), WillBeRequired: t('sow.status.WillBeRequired') },
    errors: { none: t('sow.error.none'), options: t('sow.error.options'), file: t('sow.error.file'), requested: t('sow.error.requested'), group: t('sow.error.group'), generic: t('sow.error.generic') },
    uploaded: t('documents.uploaded'),
    uploadErrors: { type: t('documents.error.type'), size: t('documents.error.size'), name: t('documents.error.name'), generic: t('documents.error.generic') },
    documentStatuses: { Pending: t('documents.status.Pending'), Approved: t('documents.status.Approved'), Rejected: t('documents.status.Rejected') },
    loading: t('common.loading'), loadError: t('sow.loadError'),
    types: Object.fromEntries(FUNDING_TYPES.map((type) => [type, {
      title: key(sowMessageKey(type)),
      hint: key(sowMessageKey(type, undefined, 'tooltip')),
      options: Object.fromEntries(SOW_OPTIONS[type].map((option) => [option, { title: key(sowMessageKey(type, option)), hint: key(sowMessageKey(type, option, 'tooltip')) }])),
    }])) as SourceOfWealthTexts['types'],
  };
}

/** The overlay's texts in the page's locale. */
export function sourceOfWealthOverlayTexts(t: Translate): SourceOfWealthOverlayTexts {
  return { title: t('sow.overlay.title'), body: t('sow.overlay.body'), go: t('sow.overlay.go') };
}
