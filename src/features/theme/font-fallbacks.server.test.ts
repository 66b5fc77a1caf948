import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Brand } from '../../brands/load.server.ts';
import { loadBrands } from '../../brands/load.server.ts';
import { fromFile } from '@capsizecss/unpack/fs';
import { brandFontFallbacks, fallbackFaces, fallbackFamilies, isSerifStack } from './font-fallbacks.server.ts';

const adjust = (css: string, name: string) => Number(new RegExp(`${name}:([\\d.]+)%`).exec(css)?.[1]);

describe('size-matched font fallbacks', () => {
  it('scales the local font to the web font\'s average glyph width and gives it the web font\'s vertical metrics', () => {
    // Inter's metrics (read from public/fonts/inter) over Arial / Liberation Sans.
    const css = fallbackFaces('Inter', { ascent: 1984, descent: -494, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 978 }, false);
    expect(adjust(css, 'size-adjust')).toBeCloseTo((978 / 2048 / (913 / 2048)) * 100, 1);
    const per = 2048 * (978 / 913);
    expect(adjust(css, 'ascent-override')).toBeCloseTo((1984 / per) * 100, 1);
    expect(adjust(css, 'descent-override')).toBeCloseTo((494 / per) * 100, 1);
    expect(adjust(css, 'line-gap-override')).toBe(0);
    // Full names only: a PostScript twin ("ArialMT") was one more miss to look up (1.5 ms on Linux).
    expect(css).toContain('src:local("Arial"),local("Liberation Sans"),local("Arimo");');
    expect(css).toContain('font-family:"Inter fallback"');
  });

  it('sizes the bold face from the bold widths: the web font\'s at 700 over Arial Bold\'s', () => {
    const metrics = { ascent: 1984, descent: -494, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 978, boldXWidthAvg: 1008 };
    const [regular, bold] = fallbackFaces('Inter', metrics, false).split('}@font-face');
    expect(regular).toContain('font-weight:100 549');
    expect(adjust(regular!, 'size-adjust')).toBeCloseTo((978 / 913) * 100, 1);
    expect(bold).toContain('src:local("Arial Bold")');
    expect(bold).toContain('font-weight:550 900');
    expect(adjust(bold!, 'size-adjust')).toBeCloseTo((1008 / 983) * 100, 1);
    // The same line height at either weight: the overrides follow each face's own scale.
    expect(adjust(bold!, 'ascent-override')).toBeCloseTo((1984 / (2048 * (1008 / 983))) * 100, 1);
    // A font without a bold (the browser synthesises it from the regular) is as wide as its regular.
    const [, synthesised] = fallbackFaces('Inter', { ...metrics, boldXWidthAvg: undefined }, false).split('}@font-face');
    expect(adjust(synthesised!, 'size-adjust')).toBeCloseTo((978 / 983) * 100, 1);
  });

  it('measures a variable WOFF2 font at 400 and 700, not at its default instance', async () => {
    const brand = loadBrands().find((candidate) => candidate.id === 'nordvik')!;
    const faces = (await brandFontFallbacks(brand)).css.split('}').filter((face) => face.includes('"Playfair Display fallback"'));
    const [regular, bold] = faces.map((face) => adjust(face, 'size-adjust'));
    // Playfair's bold is 2-3% wider than its regular; Times Bold is 6.5% wider than Times (886 / 832).
    const webBoldOverRegular = (bold! / regular!) * (886 / 832);
    expect(webBoldOverRegular).toBeGreaterThan(1.01);
    expect(webBoldOverRegular).toBeLessThan(1.04);
    // Source Sans 3's default instance is its lightest (200); the regular face is sized at 400, which is wider.
    const sourceSans = loadBrands().find((candidate) => candidate.theme.fonts.body.family === 'Source Sans 3')!;
    const regularSans = (await brandFontFallbacks(sourceSans)).css.split('}')[0]!;
    const defaultInstance = await fromFile('public/fonts/source-sans-3/source-sans-3-latin-wght-normal.woff2');
    expect(adjust(regularSans, 'size-adjust')).toBeGreaterThan((defaultInstance.xWidthAvg / defaultInstance.unitsPerEm / (913 / 2048)) * 100 + 2);
  });

  it('gives devices without Arial or Times (Android) faces over Roboto and Noto Serif, sized from their own widths', () => {
    const inter = { ascent: 1984, descent: -494, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 978, boldXWidthAvg: 1008 };
    expect(fallbackFamilies('Inter', false)).toEqual(['Inter fallback', 'Inter fallback Roboto']);
    const roboto = fallbackFaces('Inter', inter, false).split('}').filter((face) => face.includes('"Inter fallback Roboto"'));
    expect(roboto).toHaveLength(2);
    expect(roboto[0]).toContain('src:local("Roboto"),local("Roboto Regular"),local("Roboto-Regular")');
    expect(adjust(roboto[0]!, 'size-adjust')).toBeCloseTo((978 / 911) * 100, 1);
    expect(roboto[1]).toContain('src:local("Roboto Bold")');
    expect(adjust(roboto[1]!, 'size-adjust')).toBeCloseTo((1008 / 926) * 100, 1);
    // Same line height whichever local font draws it.
    expect(adjust(roboto[0]!, 'ascent-override')).toBeCloseTo((1984 / (2048 * (978 / 911))) * 100, 1);
    const playfair = { ascent: 1082, descent: -251, lineGap: 0, unitsPerEm: 1000, xWidthAvg: 452, boldXWidthAvg: 463 };
    expect(fallbackFamilies('Playfair Display', true)).toEqual(['Playfair Display fallback', 'Playfair Display fallback Noto Serif']);
    const noto = fallbackFaces('Playfair Display', playfair, true).split('}').filter((face) => face.includes('"Playfair Display fallback Noto Serif"'));
    expect(noto[0]).toContain('src:local("Noto Serif")');
    expect(adjust(noto[0]!, 'size-adjust')).toBeCloseTo((452 / 481) * 100, 1);
    expect(adjust(noto[1]!, 'size-adjust')).toBeCloseTo((463 / 512) * 100, 1);
  });

  /** The "Static Sans fallback" faces of a brand whose body font is Liberation Sans Regular plus a bold file `writeBold` puts in its assets. */
  async function staticSansFaces(id: string, writeBold: (file: string) => void): Promise<string[]> {
    const brand = structuredClone(loadBrands()[0]!) as Brand;
    const dir = mkdtempSync(path.join(tmpdir(), 'atrium-fonts-'));
    const previous = process.env.ATRIUM_BRANDS_DIR;
    process.env.ATRIUM_BRANDS_DIR = dir;
    try {
      const assets = path.join(dir, id, 'assets');
      mkdirSync(assets, { recursive: true });
      copyFileSync('/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', path.join(assets, 'regular.ttf'));
      writeBold(path.join(assets, 'bold.ttf'));
      brand.id = id;
      brand.theme.fonts.body = {
        family: 'Static Sans',
        fallback: 'Arial, sans-serif',
        faces: [
          { url: 'assets/regular.ttf', weight: '400', style: 'normal' },
          { url: 'assets/bold.ttf', weight: '700', style: 'normal' },
        ],
      } as Brand['theme']['fonts']['body'];
      return (await brandFontFallbacks(brand)).css.split('}').filter((face) => face.includes('"Static Sans fallback"'));
    } finally {
      if (previous === undefined) delete process.env.ATRIUM_BRANDS_DIR;
      else process.env.ATRIUM_BRANDS_DIR = previous;
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('measures a brand\'s separate regular and bold files each at its weight (Liberation over Liberation comes out at 100%)', async () => {
    const faces = await staticSansFaces('static-fonts', (file) => copyFileSync('/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf', file));
    expect(faces.map((face) => adjust(face, 'size-adjust'))).toEqual([100, 100]);
  });

  it('keeps the regular fallback when only the bold file is broken, and names that file', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const faces = await staticSansFaces('broken-bold', (file) => writeFileSync(file, 'not a font'));
    // The regular is Liberation over Liberation; the bold, unread, is sized as that regular over Arial Bold.
    expect(faces.map((face) => adjust(face, 'size-adjust'))).toEqual([100, Number(((913 / 983) * 100).toFixed(2))]);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/broken-bold: could not read the metrics of Static Sans \(assets\/bold\.ttf\), so its bold fallback is sized as its regular/);
    warn.mockRestore();
  });

  it('stands a serif font on Times New Roman and a sans-serif one on Arial', () => {
    const metrics = { ascent: 1082, descent: -251, lineGap: 0, unitsPerEm: 1000, xWidthAvg: 452 };
    expect(fallbackFaces('Playfair Display', metrics, true)).toContain('local("Times New Roman")');
    expect(fallbackFaces('Playfair Display', metrics, false)).toContain('local("Arial")');
    expect(isSerifStack('Georgia, "Times New Roman", Times, serif')).toBe(true);
    expect(isSerifStack('system-ui, Arial, sans-serif')).toBe(false);
  });

  it('reads every demo brand\'s fonts from their files', async () => {
    for (const brand of loadBrands()) {
      const { families } = await brandFontFallbacks(brand);
      expect([...families.keys()].sort()).toEqual([...new Set([brand.theme.fonts.body.family, brand.theme.fonts.heading.family])].sort());
    }
  });

  it('gives a font it cannot read no fallback face, and says why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [brand] = loadBrands();
    const broken = structuredClone(brand!) as Brand;
    broken.id = 'broken-fonts';
    broken.theme.fonts.body.faces = [{ ...broken.theme.fonts.body.faces[0]!, url: 'assets/fonts/missing.woff2' }];
    broken.theme.fonts.heading.faces = [{ ...broken.theme.fonts.heading.faces[0]!, url: 'https://fonts.example.com/x.woff2' }];
    const { css, families } = await brandFontFallbacks(broken);
    expect(css).toBe('');
    expect(families.size).toBe(0);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/broken-fonts: could not read the metrics of .*missing\.woff2/);
    warn.mockRestore();
  });
});
