/**
 * Generated artwork, so the demo lobby has tiles, logos and hero banners without shipping image
 * files: small SVGs whose colours and shapes come from a hash of the slug, identical on every run.
 */
import { createRandom } from '../catalogue/random.ts';

/** Hero banners the content may use, each with its palette (background from, background to, accent). */
export const BANNERS: Readonly<Record<string, readonly [string, string, string]>> = {
  aurora: ['#0b1d3a', '#1f7a6d', '#7cf5c8'],
  ember: ['#2a0a0a', '#b3361b', '#ffb347'],
  lagoon: ['#03253b', '#0e7c9e', '#8ff0ff'],
  jackpot: ['#1c0b33', '#6b1fa8', '#ffd84d'],
  raffle: ['#0e2a1b', '#1f8f4e', '#fff27a'],
  live: ['#1a1a1a', '#8c1c3a', '#ff6f91'],
  sports: ['#07202e', '#1d5f3a', '#c6ff5e'],
  promo: ['#2b1036', '#c2185b', '#ffc2e2'],
  maple: ['#2e0d05', '#a8321b', '#ffcf99'],
  fjord: ['#0a1626', '#2d5a88', '#cfe8ff'],
  solstice: ['#291a05', '#c27c0e', '#fff1b8'],
  midnight: ['#05060f', '#242a66', '#9fa8ff'],
};

/** The two banner crops: 16:6 for wide screens, 4:3 for phones. */
export type BannerVariant = 'desktop' | 'mobile';
/** Each crop's canvas. */
export const BANNER_SIZES: Readonly<Record<BannerVariant, { width: number; height: number }>> = {
  desktop: { width: 1600, height: 600 },
  mobile: { width: 800, height: 600 },
};

/** Escapes text for SVG element content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** FNV-1a: a fast, stable 32-bit hash; cryptographic strength is not needed for colours. */
export function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A game's tile as the catalogue links it: the raster rendering (raster.ts), which a browser
 * decodes off the page's main thread.
 */
export function gameImageUrl(slug: string): string {
  return `/media/games/${slug}.webp`;
}

/** The SVG artwork's type: the system's sans-serif (an SVG shown as an image loads no web font). */
const ARTWORK_FONTS = 'system-ui,-apple-system,Segoe UI,Roboto,sans-serif';

/** What a 3:4 game tile shows, worked out once from the slug and drawn by either renderer. */
export interface GameTileDesign {
  /** The gradient's two hues and its end point, on a 0-1 box (it starts at the top left). */
  gradient: { hueA: number; hueB: number; x2: number; y2: number };
  /** White translucent circles: the motif. */
  circles: { cx: number; cy: number; r: number; opacity: number }[];
  /** The name in lines, centred on x 150, with its font size, first baseline and outline width. */
  title: { lines: string[]; size: number; top: number; lineHeight: number; outline: number };
  /** The studio's name in capitals, on the dark band at the bottom. */
  studio: string;
  /** What the image shows, for an SVG opened on its own. */
  label: string;
}

/** The tile's canvas: 300×400 (3:4), the size every renderer draws. */
export const GAME_TILE_SIZE = { width: 300, height: 400 } as const;
/** The band at the bottom that carries the studio's name. */
export const GAME_TILE_BAND = { y: 300, height: 100, opacity: 0.28 } as const;

/** Lays a game tile out: gradient, a motif, the game's name and its studio, all from the slug. */
export function gameTileDesign(game: { slug: string; name: string; studioName: string }): GameTileDesign {
  const h = hash32(game.slug);
  const random = createRandom(h);
  const hueA = h % 360;
  const hueB = (hueA + 40 + ((h >>> 9) % 140)) % 360;
  const angle = (h >>> 3) % 4;
  const [x2, y2] = ([[0, 1], [1, 1], [1, 0], [1, 0.5]] as const)[angle] as readonly [number, number];
  const circles = Array.from({ length: 6 }, () => {
    const r = random.int(18, 90);
    return { cx: random.int(0, 300), cy: random.int(0, 260), r, opacity: random.int(5, 14) / 100 };
  });
  const lines = wrap(game.name, 13, 4);
  const longest = Math.max(...lines.map((line) => line.length));
  const size = Math.min(40, Math.floor(264 / (longest * 0.6)), Math.floor(250 / (lines.length * 1.15)));
  // The title block is centred in the art area above the studio band (y 0-300), baseline-adjusted.
  const top = 160 - ((lines.length - 1) * size * 1.1) / 2 + size * 0.35;
  return {
    gradient: { hueA, hueB, x2, y2 },
    circles,
    title: { lines, size, top, lineHeight: size * 1.1, outline: Math.max(3, Math.round(size / 8)) },
    studio: game.studioName.toUpperCase(),
    label: `${game.name} by ${game.studioName}`,
  };
}

/** The tile's gradient stops as CSS colours (both renderers read them). */
export function gameTileStops(design: GameTileDesign): [string, string] {
  return [`hsl(${design.gradient.hueA} 70% 42%)`, `hsl(${design.gradient.hueB} 75% 22%)`];
}

/**
 * A 3:4 game tile as SVG. The lobby shows the raster rendering (raster.ts): a page of SVG images,
 * each its own document with text to shape, cost a phone's main thread 100-150 ms of style, layout
 * and paint at 4x CPU; this one stays for links made before, and as the design's readable form.
 */
export function gameTileSvg(game: { slug: string; name: string; studioName: string }): string {
  const design = gameTileDesign(game);
  const { title } = design;
  const [stopA, stopB] = gameTileStops(design);
  const motif = design.circles.map((c) => `<circle cx="${c.cx}" cy="${c.cy}" r="${c.r}" fill="#fff" opacity="${c.opacity.toFixed(2)}"/>`).join('');
  const text = title.lines.map((line, i) => `<tspan x="150" y="${Math.round(title.top + i * title.lineHeight)}">${escapeXml(line)}</tspan>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400" role="img" aria-label="${escapeXml(design.label)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="${design.gradient.x2}" y2="${design.gradient.y2}">` +
    `<stop offset="0" stop-color="${stopA}"/><stop offset="1" stop-color="${stopB}"/></linearGradient></defs>` +
    `<rect width="300" height="400" fill="url(#g)"/>${motif}` +
    `<rect y="${GAME_TILE_BAND.y}" width="300" height="${GAME_TILE_BAND.height}" fill="#000" opacity="${GAME_TILE_BAND.opacity}"/>` +
    `<text font-family="${ARTWORK_FONTS}" font-weight="800" font-size="${title.size}" fill="#fff" text-anchor="middle" paint-order="stroke" stroke="#000" stroke-opacity="0.35" stroke-width="${title.outline}" stroke-linejoin="round">${text}</text>` +
    `<text x="150" y="370" font-family="${ARTWORK_FONTS}" font-size="17" letter-spacing="2" fill="#fff" opacity="0.85" text-anchor="middle">${escapeXml(design.studio)}</text>` +
    `</svg>`
  );
}

/** A studio logo's canvas: 8:3. */
export const STUDIO_LOGO_SIZE = { width: 320, height: 120 } as const;

/** A studio logo's design, the same in its SVG and its raster: a hue, the monogram and the name's size. */
export interface StudioLogoDesign {
  hue: number;
  initials: string;
  name: string;
  /** The name's font size, so long names still fit beside the badge. */
  size: number;
}

export function studioLogoDesign(studio: { slug: string; name: string }): StudioLogoDesign {
  const initials = studio.name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return { hue: hash32(studio.slug) % 360, initials, name: studio.name, size: Math.min(34, Math.floor(196 / (studio.name.length * 0.58))) };
}

/** A 8:3 studio logo: a monogram badge and the studio's name. */
export function studioLogoSvg(studio: { slug: string; name: string }): string {
  const { hue, initials, name, size } = studioLogoDesign(studio);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 120" width="320" height="120" role="img" aria-label="${escapeXml(name)}">` +
    `<rect width="320" height="120" rx="16" fill="hsl(${hue} 45% 16%)"/>` +
    `<circle cx="60" cy="60" r="38" fill="hsl(${hue} 80% 55%)"/>` +
    `<text x="60" y="72" font-family="${ARTWORK_FONTS}" font-weight="800" font-size="32" fill="hsl(${hue} 45% 12%)" text-anchor="middle">${escapeXml(initials)}</text>` +
    `<text x="112" y="71" font-family="${ARTWORK_FONTS}" font-weight="700" font-size="${size}" fill="#fff">${escapeXml(name)}</text>` +
    `</svg>`
  );
}

/** Abstract hero art (no text: the lobby overlays localised titles) or null for an unknown name. */
export function bannerSvg(name: string, variant: BannerVariant): string | null {
  // Own names only: "constructor" and the like are on every object.
  const palette = Object.hasOwn(BANNERS, name) ? BANNERS[name] : undefined;
  if (!palette) return null;
  const [from, to, accent] = palette;
  const { width, height } = BANNER_SIZES[variant];
  const random = createRandom(hash32(`banner:${name}`));
  const orbs = Array.from({ length: 9 }, () => {
    const r = random.int(30, 220);
    return `<circle cx="${random.int(0, width)}" cy="${random.int(0, height)}" r="${r}" fill="${accent}" opacity="${(random.int(6, 22) / 100).toFixed(2)}"/>`;
  }).join('');
  const wave = (offset: number, opacity: string) =>
    `<path d="M0 ${height - offset} C ${width * 0.25} ${height - offset - 120}, ${width * 0.6} ${height - offset + 90}, ${width} ${height - offset - 60} L ${width} ${height} L 0 ${height} Z" fill="${accent}" opacity="${opacity}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="">` +
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="l" cx="0.75" cy="0.3" r="0.6"><stop offset="0" stop-color="${accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#b)"/><rect width="${width}" height="${height}" fill="url(#l)"/>${orbs}` +
    `${wave(180, '0.12')}${wave(110, '0.18')}` +
    `</svg>`
  );
}

/** Splits a title into at most maxLines lines of about width characters, ellipsising the rest. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
  return kept;
}
