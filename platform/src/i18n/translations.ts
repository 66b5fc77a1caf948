/**
 * Translations: flat `{ "key": "text" }` files, one per locale, in `platform/data/translations/`.
 * They are edited while the platform runs, so each read checks the file's mtime and re-reads it
 * when it changed; otherwise it is served from memory.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { PlatformError } from '../graphql/errors.ts';
import { displayPath } from '../validation.ts';
import { isLocale, LOCALES } from './locales.ts';

/** Reads translation files with an mtime-checked cache. */
export interface TranslationStore {
  /** The texts of the requested keys that the locale's file has (absent keys are left out). */
  pick(locale: string, keys: readonly string[]): Promise<Record<string, string>>;
}

/** Largest key list one request may ask for; a lobby page needs a few hundred at most. */
export const MAX_TRANSLATION_KEYS = 5000;

/** Creates a store over dir. */
export function createTranslationStore(dir: string): TranslationStore {
  // One entry per supported locale (pick refuses any other), bounded all the same.
  const cache = new LRUCache<string, { mtimeMs: number; size: number; texts: ReadonlyMap<string, string> }>({ max: LOCALES.length });

  async function load(locale: string): Promise<ReadonlyMap<string, string>> {
    const file = join(dir, `${locale}.json`);
    let info;
    try {
      info = await stat(file);
    } catch {
      // A locale nobody has translated yet has no texts; the lobby falls back to its own.
      cache.delete(locale);
      return new Map();
    }
    const cached = cache.get(locale);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.texts;
    const shown = displayPath(file);
    let json: unknown;
    try {
      json = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new PlatformError('InvalidContent', `${shown} is not valid JSON: ${(error as Error).message}`);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new PlatformError('InvalidContent', `${shown} must be a flat object of "key": "text" pairs`);
    }
    const texts = new Map<string, string>();
    for (const [key, text] of Object.entries(json)) {
      if (typeof text !== 'string') {
        throw new PlatformError('InvalidContent', `${shown}: key "${key}" must map to a string, not ${JSON.stringify(text)}`);
      }
      texts.set(key, text);
    }
    cache.set(locale, { mtimeMs: info.mtimeMs, size: info.size, texts });
    return texts;
  }

  return {
    async pick(locale, keys) {
      if (!isLocale(locale)) {
        throw new PlatformError('BadUserInput', `Unknown locale "${locale}": use one of ${LOCALES.join(', ')}`);
      }
      if (keys.length > MAX_TRANSLATION_KEYS) {
        throw new PlatformError('BadUserInput', `Asked for ${keys.length} translation keys; ask for at most ${MAX_TRANSLATION_KEYS} per request`);
      }
      const texts = await load(locale);
      const picked: Record<string, string> = {};
      for (const key of keys) {
        const text = texts.get(key);
        if (text !== undefined) picked[key] = text;
      }
      return picked;
    },
  };
}

/** The licence's authority as a locale's translations name it ("licence.mga"), for the legal texts' {licence}; null when that file has no name. */
export function licenceNameFrom(translations: TranslationStore): (licence: string, locale: string) => Promise<string | null> {
  return async (licence, locale) => {
    if (!isLocale(locale)) return null;
    const key = `licence.${licence}`;
    return (await translations.pick(locale, [key]))[key] ?? null;
  };
}
