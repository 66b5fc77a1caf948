/**
 * Metric-matched fallback faces for a brand's web fonts. Until a web font arrives, text is drawn
 * in a font the device already has (Arial or Times New Roman, or their metric twins Liberation and
 * Arimo/Tinos), scaled and given the web font's ascent, descent and line gap, so it takes the same
 * room. When the web font swaps in, lines keep their height and nearly their length: nothing under
 * the text moves (no layout shift), and no image gets a new, later largest-paint entry.
 *
 * The web font's metrics are read from its file once per brand (@capsizecss/unpack). A font that
 * cannot be read (hosted elsewhere, missing) gets no fallback face: its stack is used as written.
 *
 * Each weight is matched on its own: bold text is drawn in Arial Bold or Times Bold, which are wider
 * than their regular faces by a different amount than the web font's bold is wider than its regular.
 * Scaling both by the regular widths made a bold heading in the fallback wrap where the web font's
 * fitted, and the swap moved the page. A variable web font is measured at weight 400 and 700
 * (fontkitten's instances; a WOFF2 file is unpacked to OpenType first with wawoff2, because
 * fontkitten cannot instance WOFF2); a brand with a separate bold file has that file measured.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fromBuffer } from '@capsizecss/unpack';
import { create, type Font as FontFile } from 'fontkitten';
import type { Brand } from '../../brands/load.server.ts';
import { brandsDir } from '../../brands/load.server.ts';
import type { ThemeSettings } from '../../../shared/brand-schema.ts';
import { fallbackFamily, quote, type FontFallbacks } from './theme-css.ts';

/** The metrics this module needs, in font units. */
export interface FontMetrics {
  ascent: number;
  descent: number;
  lineGap: number;
  unitsPerEm: number;
  /** The average glyph width of running text at the regular weight (400). */
  xWidthAvg: number;
  /** The same at weight 700; without it, bold is taken to be as wide as regular (synthesised bold). */
  boldXWidthAvg?: number;
}

/** A locally installed family a fallback face can stand on, with the widths this module needs. */
interface LocalFamily {
  /** Told apart in the fallback's family name; none for the first, which most devices have. */
  suffix?: string;
  regular: string[];
  bold: string[];
  unitsPerEm: number;
  xWidthAvg: number;
  boldXWidthAvg: number;
}

/**
 * The local families a sans-serif or serif web font falls back on, in the order the stack tries
 * them. Arial and Times New Roman (or their metric twins Liberation and Arimo/Tinos) are on
 * Windows, Apple devices and most Linux desktops; Android has neither, but has Roboto and Noto
 * Serif, which need their own scale (Roboto Bold is 6% narrower than Arial Bold, Noto Serif 18%
 * wider than Times). A device without the first family skips its faces for the next one.
 * Widths are read from Liberation Sans and Serif (regular and bold) and, for Roboto and Noto
 * Serif, taken from @capsizecss/metrics.
 * The Arial and Times families' faces are named by their full names only ("Arial", "Arial Bold"):
 * `local()` matches a face's full name or its PostScript name (CSS Fonts 4), and those full names
 * are the same wherever the fonts are installed, so a PostScript twin ("ArialMT") only added a miss.
 * A lookup is not free: Chromium on Linux asks fontconfig through a sandbox round trip, about
 * 1.5 ms, once per page for a name it misses and once per font size for the one it finds (20-odd
 * in a lobby's first frames); the twins were one more miss per face. Roboto and Noto Serif keep
 * every name they had: their full names across Android's builds were not checked, and on Android a
 * lookup reads a memory-mapped table, so a miss there costs next to nothing.
 */
const SANS: LocalFamily[] = [
  {
    regular: ['Arial', 'Liberation Sans', 'Arimo'],
    bold: ['Arial Bold', 'Liberation Sans Bold', 'Arimo Bold'],
    unitsPerEm: 2048,
    xWidthAvg: 913,
    boldXWidthAvg: 983,
  },
  { suffix: 'Roboto', regular: ['Roboto', 'Roboto Regular', 'Roboto-Regular'], bold: ['Roboto Bold', 'Roboto-Bold'], unitsPerEm: 2048, xWidthAvg: 911, boldXWidthAvg: 926 },
];
const SERIF: LocalFamily[] = [
  {
    regular: ['Times New Roman', 'Liberation Serif', 'Tinos'],
    bold: ['Times New Roman Bold', 'Liberation Serif Bold', 'Tinos Bold'],
    unitsPerEm: 2048,
    xWidthAvg: 832,
    boldXWidthAvg: 886,
  },
  { suffix: 'Noto Serif', regular: ['Noto Serif', 'Noto Serif Regular', 'NotoSerif-Regular'], bold: ['Noto Serif Bold', 'NotoSerif-Bold'], unitsPerEm: 1000, xWidthAvg: 481, boldXWidthAvg: 512 },
];

/** The size-matched fallback families of a web font, in the order its stack tries them. */
export function fallbackFamilies(family: string, serif: boolean): string[] {
  return (serif ? SERIF : SANS).map((local) => fallbackFamily(family, local.suffix));
}

type Font = ThemeSettings['fonts']['body'];

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/**
 * The @font-face rules of a fallback for a web font with these metrics, over a serif or sans-serif
 * local family: each weight sized so its average glyph is as wide as the web font's at that weight,
 * with the web font's vertical metrics.
 */
export function fallbackFaces(family: string, metrics: FontMetrics, serif: boolean): string {
  const face = (local: LocalFamily, names: string[], weight: string, width: number, localWidth: number) => {
    const sizeAdjust = width / metrics.unitsPerEm / (localWidth / local.unitsPerEm);
    const per = metrics.unitsPerEm * sizeAdjust;
    const adjust = [
      `size-adjust:${percent(sizeAdjust)}`,
      `ascent-override:${percent(metrics.ascent / per)}`,
      `descent-override:${percent(Math.abs(metrics.descent) / per)}`,
      `line-gap-override:${percent(metrics.lineGap / per)}`,
    ].join(';');
    return `@font-face{font-family:${quote(fallbackFamily(family, local.suffix))};src:${names.map((name) => `local(${quote(name)})`).join(',')};font-weight:${weight};${adjust}}`;
  };
  return (serif ? SERIF : SANS)
    .map(
      (local) =>
        face(local, local.regular, '100 549', metrics.xWidthAvg, local.xWidthAvg) +
        face(local, local.bold, '550 900', metrics.boldXWidthAvg ?? metrics.xWidthAvg, local.boldXWidthAvg),
    )
    .join('');
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

/** Running text the widths of two weights are compared on (letters in their usual proportions, with spaces). */
const WIDTH_SAMPLE =
  'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness. ' +
  'Welcome to the lobby: spin the wheel, claim your bonus and try the newest slots. Jackpots grow every minute, and the live tables are open all night.';

/** The faces' weight ranges ("700", "400 900") and whether one covers `weight`. */
function covers(face: Font['faces'][number], weight: number): boolean {
  const [low, high = low] = face.weight.split(/\s+/).map(Number);
  return low !== undefined && weight >= low && weight <= high!;
}

let woff2Queue: Promise<unknown> = Promise.resolve();

/**
 * A WOFF2 file's OpenType bytes. wawoff2 answers with a view of its WebAssembly memory, which its
 * next call overwrites, so calls run one at a time and each answer is copied before the next starts.
 */
function unpackWoff2(buffer: Buffer): Promise<Buffer> {
  const run = woff2Queue.then(async () => Buffer.from(await (await import('wawoff2/decompress.js')).default(buffer)));
  woff2Queue = run.catch(() => undefined);
  return run;
}

/** A font file as fontkitten reads it; a WOFF2 file unpacked to OpenType first, so it can be instanced. */
async function openFontFile(buffer: Buffer): Promise<FontFile | null> {
  const font = create(buffer.subarray(0, 4).toString('latin1') === 'wOF2' ? await unpackWoff2(buffer) : buffer);
  // A collection (.ttc) has no one set of widths: measured as it is, without instances.
  return 'isCollection' in font && font.isCollection ? null : (font as FontFile);
}

/**
 * The average width of running text at `weight` over that of the file's default instance: 1 for a
 * font without a weight axis (its one weight is what the browser draws, or synthesises bold from).
 */
function widthAtWeight(font: FontFile | null, weight: number): number {
  const axis = font?.variationAxes.wght;
  if (!font || !axis) return 1;
  const width = (instance: FontFile) => instance.glyphsForString(WIDTH_SAMPLE).reduce((sum, glyph) => sum + glyph.advanceWidth, 0);
  return width(font.getVariation({ wght: Math.min(axis.max, Math.max(axis.min, weight)) })) / width(font);
}

/** A face's file that could not be read, named by the URL the brand gave it. */
class FaceReadError extends Error {
  readonly url: string;

  constructor(url: string, cause: unknown) {
    super((cause as Error).message);
    this.url = url;
  }
}

/** A face's file as both readers see it: capsize's metrics (of the default instance) and fontkitten's font. */
async function readFace(file: string, url: string) {
  try {
    const buffer = await readFile(file);
    return { metrics: await fromBuffer(buffer), font: await openFontFile(buffer) };
  } catch (error) {
    throw new FaceReadError(url, error);
  }
}

const warnUnread = (brand: Brand, font: Font, error: unknown, outcome: string) =>
  console.warn(`[lobby] ${brand.id}: could not read the metrics of ${font.family} (${error instanceof FaceReadError ? error.url : font.faces[0]?.url}), so ${outcome}: ${(error as Error).message}`);

/**
 * A web font's metrics at regular and bold, from the faces that draw those weights (one file read
 * once). A separate bold file that cannot be read costs only the bold's own sizing: it is sized as
 * the regular, and the warning names that file.
 */
async function webFontMetrics(brand: Brand, font: Font): Promise<FontMetrics | null> {
  const regularFace = font.faces.find((face) => covers(face, 400)) ?? font.faces[0];
  const regularFile = regularFace ? fileOf(brand, regularFace.url) : null;
  if (!regularFace || !regularFile) return null;
  const boldFace = font.faces.find((face) => covers(face, 700));
  const boldFile = boldFace ? fileOf(brand, boldFace.url) : null;
  const regular = await readFace(regularFile, regularFace.url);
  const bold =
    boldFile === regularFile
      ? regular
      : boldFace && boldFile
        ? await readFace(boldFile, boldFace.url).catch((error: unknown) => {
            warnUnread(brand, font, error, 'its bold fallback is sized as its regular');
            return null;
          })
        : null;
  const { ascent, descent, lineGap, unitsPerEm, xWidthAvg } = regular.metrics;
  return {
    ascent,
    descent,
    lineGap,
    unitsPerEm,
    xWidthAvg: xWidthAvg * widthAtWeight(regular.font, 400),
    ...(bold && { boldXWidthAvg: bold.metrics.xWidthAvg * widthAtWeight(bold.font, 700) }),
  };
}

async function fontFallback(brand: Brand, font: Font): Promise<string> {
  try {
    const metrics = await webFontMetrics(brand, font);
    return metrics ? fallbackFaces(font.family, metrics, isSerifStack(font.fallback)) : '';
  } catch (error) {
    warnUnread(brand, font, error, 'it has no size-matched fallback');
    return '';
  }
}

// Keyed by the brand object: a brand reloaded from brands/ is a new object, so an edited theme is read afresh.
const cache = new WeakMap<Brand, Promise<FontFallbacks>>();

/**
 * The fallback faces of a brand's body and heading fonts (read once per brand), and for each web
 * font that got them, the fallback families its stack names.
 */
export function brandFontFallbacks(brand: Brand): Promise<FontFallbacks> {
  let known = cache.get(brand);
  if (!known) {
    const fonts = [brand.theme.fonts.body, brand.theme.fonts.heading].filter((font, index, all) => all.findIndex((other) => other.family === font.family) === index);
    known = Promise.all(fonts.map(async (font) => ({ font, css: await fontFallback(brand, font) }))).then((results) => ({
      css: results.map((result) => result.css).join(''),
      families: new Map(results.filter((result) => result.css).map(({ font }) => [font.family, fallbackFamilies(font.family, isSerifStack(font.fallback))])),
    }));
    cache.set(brand, known);
  }
  return known;
}
