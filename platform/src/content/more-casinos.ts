/**
 * The more-casinos page's content: `content/<brand>/more-casinos.json` lists the operator's sister
 * casinos (name, logo, one line per locale, external link). Logos are SVG files in the content's
 * logo library, `content/_logos/<name>.svg`, served at `/media/logos/<name>.svg`, or https URLs.
 * A logo's width and height travel with it so the page reserves its place before it loads: a
 * library logo's come from its SVG, an https logo's the editor writes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { describeIssues, friendlyErrors } from '../validation.ts';
import { httpsUrl, localisedText, slug } from './blocks.ts';

/** The content folder holding the logo library (a leading underscore: not a brand). */
export const LOGOS_FOLDER = '_logos';
/** A logo of the library: its URL path and, as group 1, its name. */
export const LIBRARY_LOGO = /^\/media\/logos\/([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;

const pixels = z.number().int().min(1).max(2000);

/** One sister casino as the editor writes it. */
export const sisterCasino = z.strictObject({
  /** Stable id, unique in the file. */
  id: slug,
  /** The casino's name as it brands itself (not translated). */
  name: z.string().trim().min(1).max(60),
  logo: z.strictObject({
    /** A library logo (/media/logos/<name>.svg) or an https URL. */
    src: z
      .string()
      .regex(
        /^(\/media\/logos\/[a-z0-9]+(?:-[a-z0-9]+)*\.svg|https:\/\/\S+)$/,
        'a /media/logos/<name>.svg path (an SVG file in content/_logos/) or an https URL',
      ),
    /** Intrinsic size in pixels: read from the SVG for library logos, required for https logos. */
    width: pixels.optional(),
    height: pixels.optional(),
  }),
  /** One line about the casino; en is required. */
  line: localisedText,
  /** The casino's site, opened in a new tab. */
  url: httpsUrl,
});

/** `content/<brand>/more-casinos.json`. */
export const moreCasinosFile = z.strictObject({
  $schema: z.string().optional(),
  /** A note for editors; ignored. */
  $comment: z.string().optional(),
  casinos: z.array(z.record(z.string(), z.unknown())).max(24, 'at most 24 casinos: the page is a short list, not a directory'),
});

/** A validated sister casino, its logo's size known. */
export interface SisterCasinoContent {
  id: string;
  name: string;
  logo: { url: string; width: number; height: number };
  line: Record<string, string>;
  url: string;
}

/** The width and height an SVG declares (attributes, else its viewBox); null when it declares neither. */
export function svgSize(svg: string): { width: number; height: number } | null {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!tag) return null;
  const attribute = (name: string) => {
    const value = new RegExp(`\\s${name}\\s*=\\s*["']\\s*([0-9.]+)(px)?\\s*["']`, 'i').exec(tag)?.[1];
    return value === undefined ? undefined : Math.round(Number(value));
  };
  const width = attribute('width');
  const height = attribute('height');
  if (width && height) return { width, height };
  const box = /\sviewBox\s*=\s*["']\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)[\s,]+([0-9.]+)\s*["']/i.exec(tag);
  if (box) return { width: Math.round(Number(box[1])), height: Math.round(Number(box[2])) };
  return null;
}

/**
 * Checks a parsed more-casinos file entry by entry; returns the casinos, or the problems (each
 * naming the casino and the field) when any entry is wrong.
 */
export async function checkSisterCasinos(
  entries: readonly Record<string, unknown>[],
  contentDir: string,
): Promise<{ casinos: SisterCasinoContent[]; problems: string[] }> {
  const problems: string[] = [];
  const casinos: SisterCasinoContent[] = [];
  const ids = new Set<string>();
  for (const [index, raw] of entries.entries()) {
    const label = typeof raw.id === 'string' ? `casino "${raw.id}"` : `casino #${index + 1}`;
    const parsed = sisterCasino.safeParse(raw, friendlyErrors);
    if (!parsed.success) {
      problems.push(...describeIssues(parsed.error.issues).map((problem) => `${label}: ${problem}`));
      continue;
    }
    const casino = parsed.data;
    if (ids.has(casino.id)) problems.push(`${label}: id is used by an earlier casino; give each casino its own id`);
    ids.add(casino.id);
    const { src } = casino.logo;
    let size = casino.logo.width && casino.logo.height ? { width: casino.logo.width, height: casino.logo.height } : null;
    const library = LIBRARY_LOGO.exec(src);
    if (library) {
      const file = `${LOGOS_FOLDER}/${library[1]}.svg`;
      const svg = await readFile(join(contentDir, file), 'utf8').catch(() => null);
      if (svg === null) {
        problems.push(`${label}: field "logo.src": no logo file content/${file}; add the SVG there or use an https URL`);
        continue;
      }
      size ??= svgSize(svg);
      if (!size) {
        problems.push(`${label}: field "logo": content/${file} declares no width and height (or viewBox); add them to the SVG or give logo.width and logo.height`);
        continue;
      }
    } else if (!size) {
      problems.push(`${label}: field "logo": give width and height (pixels) of an https logo, so the page keeps its place while the logo loads`);
      continue;
    }
    casinos.push({ id: casino.id, name: casino.name, logo: { url: src, ...size }, line: casino.line as Record<string, string>, url: casino.url });
  }
  return { casinos, problems };
}
