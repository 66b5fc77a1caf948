import { describe, expect, it } from 'vitest';
import { createTranslate, pickTexts } from './translate.ts';

describe('translate', () => {
  it('uses the platform text and falls back to the spec English', () => {
    const t = createTranslate({ 'common.signIn': 'Kirjaudu' });
    expect(t('common.signIn')).toBe('Kirjaudu');
    expect(t('common.showMoreGames')).toBe('Show more games');
  });

  it('falls back to each of the spec\'s eleven texts (section 8) when the platform has none for the locale', () => {
    const t = createTranslate({ 'common.signIn': 'Kirjaudu sisään' });
    const spec = ['Show more games', 'Sign In', 'Casino', 'Sports', 'Go to Lobby', 'PLAY NOW', 'SHOP NOW', 'How to take part?', 'Step 1', 'Step 2', 'Step 3'];
    const keys = ['common.showMoreGames', 'common.signIn', 'common.casino', 'common.sports', 'common.goToLobby', 'common.playNow', 'common.shopNow', 'common.howToTakePart', 'common.step1', 'common.step2', 'common.step3'] as const;
    expect(keys.map((key) => createTranslate({})(key))).toEqual(spec);
    // A text the platform has wins; the others still fall back one by one.
    expect(keys.map((key) => t(key))).toEqual(['Show more games', 'Kirjaudu sisään', ...spec.slice(2)]);
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
