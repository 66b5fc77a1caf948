import { describe, expect, it } from 'vitest';
import { loadBrands } from '../../brands/load.server.ts';
import { FONTS_LATER_CLASS } from '../after-paint/gate.ts';
import { brandFontFallbacks, isSerifStack } from './font-fallbacks.server.ts';
import { contrastRatio, readableOn, themeCss } from './theme-css.ts';

const laterRule = (css: string) => new RegExp(`:root\\.${FONTS_LATER_CLASS}\\{([^}]*)\\}`).exec(css)?.[1];
const webFaces = (css: string) => (css.match(/@font-face\{[^}]*\}/g) ?? []).filter((face) => face.includes('url('));

describe('themeCss', () => {
  const brands = loadBrands();

  it.each(brands.map((brand) => [brand.id, brand] as const))('%s: brand fonts by default, the fallback stacks under the fonts-later class', (_id, brand) => {
    const css = themeCss(brand);
    const { body, heading } = brand.theme.fonts;
    expect(css).toContain(`--font-body:"${body.family}",${body.fallback}`);
    expect(css).toContain(`--font-heading:"${heading.family}",${heading.fallback}`);
    expect(laterRule(css)).toBe(`--font-body:${body.fallback};--font-heading:${heading.fallback}`);
    // Every face swaps in when it arrives: text is never held back for a font.
    expect(webFaces(css).length).toBeGreaterThan(0);
    expect(webFaces(css).every((face) => face.includes('font-display:swap'))).toBe(true);
  });

  it.each(brands.map((brand) => [brand.id, brand] as const))('%s: each web font is backed by its size-matched fallback face, before and after the swap', async (_id, brand) => {
    const css = themeCss(brand, await brandFontFallbacks(brand));
    const { body, heading } = brand.theme.fonts;
    // Arial or Times first; a device without them (Android) takes the Roboto or Noto Serif faces next.
    const sized = (font: typeof body) => `"${font.family} fallback","${font.family} fallback ${isSerifStack(font.fallback) ? 'Noto Serif' : 'Roboto'}"`;
    expect(css).toContain(`--font-body:"${body.family}",${sized(body)},${body.fallback}`);
    expect(css).toContain(`--font-heading:"${heading.family}",${sized(heading)},${heading.fallback}`);
    expect(laterRule(css)).toBe(`--font-body:${sized(body)},${body.fallback};--font-heading:${sized(heading)},${heading.fallback}`);
    for (const family of new Set([body.family, heading.family])) {
      const faces = css.match(new RegExp(`@font-face\\{font-family:"${family} fallback( [A-Za-z ]+)?";[^}]*\\}`, 'g')) ?? [];
      // A regular and a bold face over each of two local families, never a download.
      expect(faces).toHaveLength(4);
      for (const face of faces) {
        expect(face).toMatch(/src:local\("[^"]+"\)(,local\("[^"]+"\))*;/);
        expect(face).toMatch(/size-adjust:\d+\.\d\d%;ascent-override:\d+\.\d\d%;descent-override:\d+\.\d\d%;line-gap-override:\d+\.\d\d%/);
      }
    }
  });

  it('gives the secondary colour a readable text colour (the button_variant flag\'s buttons)', () => {
    expect(readableOn('#ffffff')).toBe('#000');
    expect(readableOn('#101010')).toBe('#fff');
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    for (const brand of brands) {
      const onSecondary = /--on-secondary:(#[0-9a-f]{3})/.exec(themeCss(brand))?.[1];
      expect(onSecondary, brand.id).toBeDefined();
      expect(contrastRatio(brand.theme.colors.secondary.base, onSecondary!.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3')), brand.id).toBeGreaterThanOrEqual(4.5);
    }
  });
});
