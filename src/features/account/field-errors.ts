/**
 * The platform's per-field refusal of a form (BadUserInput with extensions.fieldErrors, see
 * platform/src/players/personal-info.ts) as the texts the form shows under each field, in the
 * page's language: the code picks the text, the error's numbers and examples fill it.
 */
import { fillText } from '../../i18n/fill.ts';
import { GraphqlCallError } from '../../lib/graphql-errors.ts';

/** The codes the platform answers with (input-rules.ts and personal-info.ts), plus a fallback. */
export const FIELD_ERROR_CODES = ['required', 'tooLong', 'controlCharacters', 'format', 'name', 'zipCode', 'state', 'dateOfBirth', 'tooYoung', 'verified', 'invalid'] as const;
/** One code. */
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** What each code says: `{max}`, `{example}` and `{age}` are filled from the error. */
export type FieldErrorTexts = Record<FieldErrorCode, string>;

interface WireFieldError {
  field?: unknown;
  code?: unknown;
  max?: unknown;
  example?: unknown;
  minimumAge?: unknown;
}

/**
 * The message for each field the platform refused (by the input field's name), or null when the
 * failure is not a per-field refusal (network, session, a bug): the form then shows its general error.
 */
export function fieldMessages(error: unknown, texts: FieldErrorTexts): Record<string, string> | null {
  if (!(error instanceof GraphqlCallError) || error.kind !== 'BadUserInput') return null;
  const list = Array.isArray(error.extensions.fieldErrors) ? (error.extensions.fieldErrors as WireFieldError[]) : [];
  const messages: Record<string, string> = {};
  for (const item of list) {
    if (typeof item.field !== 'string') continue;
    // input.zipCode → zipCode: the form's fields are the input's fields.
    const field = item.field.split('.').at(-1) ?? item.field;
    if (messages[field]) continue;
    const code = (FIELD_ERROR_CODES as readonly string[]).includes(String(item.code)) ? (item.code as FieldErrorCode) : 'invalid';
    messages[field] = fillText(texts[code], {
      max: typeof item.max === 'number' ? item.max : 100,
      example: typeof item.example === 'string' ? item.example : '',
      age: typeof item.minimumAge === 'number' ? item.minimumAge : 18,
    });
  }
  return Object.keys(messages).length > 0 ? messages : null;
}
