import { describe, expect, it } from 'vitest';
import { createTranslate, pickTexts } from './translate.ts';

describe('translate', () => {
  it('uses the platform text and falls back to the spec English', () => {
    const t = createTranslate({ 'common.signIn': 'Kirjaudu' });
    expect(t('common.signIn')).toBe('Kirjaudu');
    expect(t('common.showMoreGames')).toBe('Show more games');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    const t = createTranslate({ 'footer.licence': 'Lizenz: {authority} {other}' });
    expect(t('footer.licence', { authority: 'MGA' })).toBe('Lizenz: MGA {other}');
  });

  it('picks only the texts an island needs', () => {
    const t = createTranslate({});
    expect(pickTexts(t, ['common.ok', 'common.close'])).toEqual({ 'common.ok': 'OK', 'common.close': 'Close' });
  });
});
