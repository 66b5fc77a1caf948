/**
 * Turns a brand's theme.json into CSS custom properties and @font-face rules, inlined in each
 * page's head so the first paint is already themed. Fonts use font-display: swap so text never
 * waits for them. Under the `fonts-later` class (set by the after-paint gate on a first visit) the
 * page uses the theme's fallback stacks for its whole life, and the gate prefetches the font files
 * for the next page. Each stack starts with the font's size-matched fallback face when it has one
 * (font-fallbacks.server.ts), so a returning visitor's font arriving late moves nothing.
 */
import { FONTS_LATER_CLASS } from '../after-paint/gate.ts';
import type { Brand } from '../../brands/load.server.ts';
import { brandAssetPath } from '../../paths.ts';
import type { ThemeSettings } from '../../../shared/brand-schema.ts';

type Font = ThemeSettings['fonts']['body'];

/** A CSS string (font family names), with quotes and backslashes left out. */
export function quote(text: string): string {
  return `"${text.replace(/["\\]/g, '')}"`;
}

function fontFaces(brandId: string, font: Font): string[] {
  return font.faces.map((face) => {
    const url = face.url.startsWith('assets/') ? brandAssetPath(brandId, face.url) : face.url;
    return `@font-face{font-family:${quote(font.family)};src:url(${url}) format("woff2");font-weight:${face.weight};font-style:${face.style};font-display:swap${face.unicodeRange ? `;unicode-range:${face.unicodeRange}` : ''}}`;
  });
}

function scale(name: string, value: ThemeSettings['colors']['primary']): string[] {
  return [
    `--${name}:${value.base}`,
    ...Object.entries(value.shades).map(([shade, colour]) => `--${name}-${shade}:${colour}`),
  ];
}

/** Size-matched fallback faces of a brand's fonts, and each web font's fallback families in stack order. */
export interface FontFallbacks {
  css: string;
  families: Map<string, string[]>;
}

/** The family name of a web font's size-matched fallback over one local family ("Inter fallback", "Inter fallback Roboto"). */
export function fallbackFamily(family: string, localSuffix?: string): string {
  return localSuffix ? `${family} fallback ${localSuffix}` : `${family} fallback`;
}

/** A #rrggbb colour's relative luminance (WCAG 2). */
function luminance(hex: string): number {
  const [red, green, blue] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

/** The WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Black or white, whichever reads better on a #rrggbb background (the text of secondary-coloured buttons). */
export function readableOn(background: string): '#000' | '#fff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000' : '#fff';
}

const NO_FALLBACKS: FontFallbacks = { css: '', families: new Map() };
const cache = new WeakMap<Brand, { fallbacks: FontFallbacks; css: string }>();

/** The CSS for one brand's theme (computed once per loaded brand). */
export function themeCss(brand: Brand, fallbacks: FontFallbacks = NO_FALLBACKS): string {
  const known = cache.get(brand);
  if (known?.fallbacks === fallbacks) return known.css;
  const css = buildThemeCss(brand, fallbacks);
  cache.set(brand, { fallbacks, css });
  return css;
}

function buildThemeCss(brand: Brand, fallbacks: FontFallbacks): string {
  const { theme } = brand;
  // The fallback stack of a font: its size-matched faces first, when it has them.
  const stack = (font: Font) => {
    const sized = fallbacks.families.get(font.family);
    return sized ? `${sized.map(quote).join(',')},${font.fallback}` : font.fallback;
  };
  const faces = new Set([...fontFaces(brand.id, theme.fonts.body), ...fontFaces(brand.id, theme.fonts.heading)]);
  const vars = [
    `color-scheme:${theme.scheme}`,
    ...scale('bg', theme.colors.background),
    ...scale('primary', theme.colors.primary),
    ...scale('secondary', theme.colors.secondary),
    ...scale('tertiary', theme.colors.tertiary),
    `--text:${theme.colors.text}`,
    `--on-primary:${theme.colors.onPrimary}`,
    // The theme names no text colour for the secondary colour: the `button_variant` flag's secondary
    // buttons need one (feature-flags/flags.ts).
    `--on-secondary:${readableOn(theme.colors.secondary.base)}`,
    `--gradient-hero:${theme.gradients.hero}`,
    `--gradient-card:${theme.gradients.card}`,
    `--radius:${theme.roundness}px`,
    `--radius-button:${theme.buttonRoundness}px`,
    `--font-body:${quote(theme.fonts.body.family)},${stack(theme.fonts.body)}`,
    `--font-heading:${quote(theme.fonts.heading.family)},${stack(theme.fonts.heading)}`,
    `--font-size-base:${theme.fontSize.base}px`,
    `--type-scale:${theme.fontSize.scale}`,
    `--jackpot-highlight:${theme.jackpot.highlight}`,
    `--jackpot-bg:${theme.jackpot.background}`,
    `--jackpot-dark-bg:${theme.jackpot.darkBackground}`,
    `--jackpot-gradient:${theme.jackpot.backgroundGradient}`,
    `--jackpot-details-bg:${theme.jackpot.detailsBackground}`,
    `--jackpot-text:${theme.jackpot.text}`,
  ];
  const later = [`--font-body:${stack(theme.fonts.body)}`, `--font-heading:${stack(theme.fonts.heading)}`];
  return `${[...faces].join('')}${fallbacks.css}:root{${vars.join(';')}}:root.${FONTS_LATER_CLASS}{${later.join(';')}}`;
}
