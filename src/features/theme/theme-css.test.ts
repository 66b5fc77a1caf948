import { describe, expect, it } from 'vitest';
import { loadBrands } from '../../brands/load.server.ts';
import { FONTS_LATER_CLASS } from '../after-paint/gate.ts';
import { themeCss } from './theme-css.ts';

describe('themeCss', () => {
  const brands = loadBrands();

  it.each(brands.map((brand) => [brand.id, brand] as const))('%s: brand fonts by default, the fallback stacks under the fonts-later class', (_id, brand) => {
    const css = themeCss(brand);
    const { body, heading } = brand.theme.fonts;
    expect(css).toContain(`--font-body:"${body.family}",${body.fallback}`);
    expect(css).toContain(`--font-heading:"${heading.family}",${heading.fallback}`);
    const later = new RegExp(`:root\\.${FONTS_LATER_CLASS}\\{([^}]*)\\}`).exec(css)?.[1];
    expect(later).toBe(`--font-body:${body.fallback};--font-heading:${heading.fallback}`);
    // Every face swaps in when it arrives: text is never held back for a font.
    expect(css.match(/@font-face\{[^}]*\}/g)?.every((face) => face.includes('font-display:swap'))).toBe(true);
  });
});
