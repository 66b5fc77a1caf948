/**
 * Turns the platform's translations for a locale into a lookup with English fallbacks and
 * `{name}` placeholders. Missing keys fall back to the spec's English text, never to the key.
 */
import { FALLBACK_MESSAGES, type MessageKey } from './messages.ts';
import { fillText } from './fill.ts';

/** A translation lookup: `t('common.signIn')`, `t('footer.licence', { authority })`. */
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** Builds a lookup over the platform's texts for one locale. */
export function createTranslate(texts: Readonly<Record<string, string>>): Translate {
  return (key, params) => {
    const template = texts[key] ?? FALLBACK_MESSAGES[key];
    if (!params) return template;
    return fillText(template, params);
  };
}

/** Picks the texts an island needs, so only those travel to the browser. */
export function pickTexts<K extends MessageKey>(t: Translate, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, t(key)])) as Record<K, string>;
}
