import { describe, expect, it } from 'vitest';
import { FUNDING_TYPES, SOW_OPTIONS } from '../../../shared/source-of-wealth.ts';
import { FALLBACK_MESSAGES } from '../../i18n/messages.ts';
import { sowOptionKeys } from './texts.ts';

describe('source-of-wealth texts', () => {
  it('has a title and a hint for every funding type and option of the shared table', () => {
    const keys = sowOptionKeys();
    const optionCount = FUNDING_TYPES.reduce((sum, type) => sum + SOW_OPTIONS[type].length, 0);
    expect(keys).toHaveLength(2 * (FUNDING_TYPES.length + optionCount));
    expect(keys.filter((key) => !(key in FALLBACK_MESSAGES))).toEqual([]);
  });

  it('gives every option an id of its own across the funding types', () => {
    const ids = FUNDING_TYPES.flatMap((type) => SOW_OPTIONS[type]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
