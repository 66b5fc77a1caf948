/**
 * Metric-matched fallback faces for a brand's web fonts. Until a web font arrives, text is drawn
 * in a font the device already has (Arial or Times New Roman, or their metric twins Liberation and
 * Arimo/Tinos), scaled and given the web font's ascent, descent and line gap, so it takes the same
 * room. When the web font swaps in, lines keep their height and nearly their length: nothing under
 * the text moves (no layout shift), and no image gets a new, later largest-paint entry.
 *
 * The web font's metrics are read from its file once per brand (@capsizecss/unpack). A font that
 * cannot be read (hosted elsewhere, missing) gets no fallback face: its stack is used as written.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fromFile } from '@capsizecss/unpack/fs';
import type { Brand } from '../../brands/load.server.ts';
import { brandsDir } from '../../brands/load.server.ts';
import type { ThemeSettings } from '../../brands/schema.ts';
import { fallbackFamily, quote, type FontFallbacks } from './theme-css.ts';

/** The metrics this module needs, in font units. */
export interface FontMetrics {
  ascent: number;
  descent: number;
  lineGap: number;
  unitsPerEm: number;
  xWidthAvg: number;
}

/** A locally installed family a fallback face can stand on, with its metrics. */
interface LocalFamily {
  regular: string[];
  bold: string[];
  metrics: FontMetrics;
}

/** Arial and its metric-compatible twins (metrics read from Liberation Sans, identical by design). */
const SANS: LocalFamily = {
  regular: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'],
  bold: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold', 'Arimo Bold'],
  metrics: { ascent: 1854, descent: -434, lineGap: 67, unitsPerEm: 2048, xWidthAvg: 913 },
};
/** Times New Roman and its metric-compatible twins (metrics read from Liberation Serif). */
const SERIF: LocalFamily = {
  regular: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'LiberationSerif', 'Tinos'],
  bold: ['Times New Roman Bold', 'TimesNewRomanPS-BoldMT', 'Liberation Serif Bold', 'LiberationSerif-Bold', 'Tinos Bold'],
  metrics: { ascent: 1825, descent: -443, lineGap: 87, unitsPerEm: 2048, xWidthAvg: 832 },
};

type Font = ThemeSettings['fonts']['body'];

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/**
 * The @font-face rules of a fallback for a web font with these metrics, over a serif or sans-serif
 * local family: sized so its average glyph is as wide as the web font's, with the web font's
 * vertical metrics.
 */
export function fallbackFaces(family: string, metrics: FontMetrics, serif: boolean): string {
  const local = serif ? SERIF : SANS;
  const sizeAdjust = metrics.xWidthAvg / metrics.unitsPerEm / (local.metrics.xWidthAvg / local.metrics.unitsPerEm);
  const per = metrics.unitsPerEm * sizeAdjust;
  const adjust = [
    `size-adjust:${percent(sizeAdjust)}`,
    `ascent-override:${percent(metrics.ascent / per)}`,
    `descent-override:${percent(Math.abs(metrics.descent) / per)}`,
    `line-gap-override:${percent(metrics.lineGap / per)}`,
  ].join(';');
  const face = (names: string[], weight: string) =>
    `@font-face{font-family:${quote(fallbackFamily(family))};src:${names.map((name) => `local(${quote(name)})`).join(',')};font-weight:${weight};${adjust}}`;
  return face(local.regular, '100 549') + face(local.bold, '550 900');
}

/** Whether a font stack's generic family is serif. */
export function isSerifStack(stack: string): boolean {
  return /(^|,)\s*serif\s*$/i.test(stack);
}

/** Where a face's file is on this machine: the site's public folder (source or build) or the brand's assets. */
function fileOf(brand: Brand, url: string): string | null {
  if (url.startsWith('assets/')) return path.join(brandsDir(), brand.id, url);
  if (!url.startsWith('/')) return null;
  return [path.resolve('dist/client', `.${url}`), path.resolve('public', `.${url}`)].find((file) => existsSync(file)) ?? null;
}

async function fontFallback(brand: Brand, font: Font): Promise<string> {
  const face = font.faces[0];
  const file = face ? fileOf(brand, face.url) : null;
  if (!file) return '';
  try {
    return fallbackFaces(font.family, await fromFile(file), isSerifStack(font.fallback));
  } catch (error) {
    console.warn(`[lobby] ${brand.id}: could not read the metrics of ${font.family} (${face?.url}), so it has no size-matched fallback: ${(error as Error).message}`);
    return '';
  }
}

const cache = new Map<string, Promise<FontFallbacks>>();

/**
 * The fallback faces of a brand's body and heading fonts (read once per brand), and the families
 * that got one.
 */
export function brandFontFallbacks(brand: Brand): Promise<FontFallbacks> {
  let known = cache.get(brand.id);
  if (!known) {
    const fonts = [brand.theme.fonts.body, brand.theme.fonts.heading].filter((font, index, all) => all.findIndex((other) => other.family === font.family) === index);
    known = Promise.all(fonts.map(async (font) => ({ family: font.family, css: await fontFallback(brand, font) }))).then((results) => ({
      css: results.map((result) => result.css).join(''),
      families: new Set(results.filter((result) => result.css).map((result) => result.family)),
    }));
    cache.set(brand.id, known);
  }
  return known;
}
