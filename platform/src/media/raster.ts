/**
 * The game tiles, the studio logos and the banners as WebP, the way a real catalogue serves its
 * artwork. The lobby's pages show a dozen tiles or more and a hero banner on the first screen; as
 * SVG each one is a document of its own that the browser parses, styles, lays out and paints on the
 * page's main thread (the tiles 100-150 ms a page on a phone's CPU at 4x, the hero 15-40 ms more,
 * measured by scripts/bench-artwork.ts; a studio page's logo 25-50 ms, and its text's first font
 * fallback up to 70 ms of layout more), where a raster image is decoded off it.
 *
 * Drawn with @napi-rs/canvas (Skia, MIT): the tiles and the logos from the same design as their SVG
 * (artwork.ts), in Inter from @fontsource-variable/inter (OFL), so every machine draws the same
 * pixels whatever fonts it has installed; the banners, which have no text, by Skia's own SVG
 * renderer from their SVG.
 */
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts, loadImage } from '@napi-rs/canvas';
import { BANNER_SIZES, bannerSvg, GAME_TILE_BAND, GAME_TILE_SIZE, gameTileDesign, gameTileStops, STUDIO_LOGO_SIZE, studioLogoDesign, type BannerVariant } from './artwork.ts';

/** The artwork's WebP quality: gradients and large type, where 80 shows no banding at tile size. */
const WEBP_QUALITY = 80;
/** The family the tiles are drawn in, registered once from the font package's files. */
const FAMILY = 'Atrium Artwork Inter';
/** Inter's subsets that cover the catalogue's names: Latin and Latin Extended. */
const FONT_FILES = ['inter-latin-wght-normal.woff2', 'inter-latin-ext-wght-normal.woff2'];

let fontsReady = false;
function registerFonts(): void {
  if (fontsReady) return;
  const require = createRequire(import.meta.url);
  for (const file of FONT_FILES) {
    const path = require.resolve(`@fontsource-variable/inter/files/${file}`);
    if (!GlobalFonts.registerFromPath(path, FAMILY)) throw new Error(`The artwork font ${path} could not be loaded: reinstall with npm install`);
  }
  fontsReady = true;
}

/** A game's 3:4 tile (300×400) as WebP bytes; the same game always gives the same bytes. */
export async function gameTileWebp(game: { slug: string; name: string; studioName: string }): Promise<Buffer> {
  registerFonts();
  const design = gameTileDesign(game);
  const { width, height } = GAME_TILE_SIZE;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');

  const [stopA, stopB] = gameTileStops(design);
  const gradient = context.createLinearGradient(0, 0, design.gradient.x2 * width, design.gradient.y2 * height);
  gradient.addColorStop(0, stopA);
  gradient.addColorStop(1, stopB);
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);

  context.fillStyle = '#fff';
  for (const circle of design.circles) {
    context.globalAlpha = circle.opacity;
    context.beginPath();
    context.arc(circle.cx, circle.cy, circle.r, 0, Math.PI * 2);
    context.fill();
  }
  context.globalAlpha = GAME_TILE_BAND.opacity;
  context.fillStyle = '#000';
  context.fillRect(0, GAME_TILE_BAND.y, width, GAME_TILE_BAND.height);

  // The name: a soft dark outline under white type (the SVG's paint-order="stroke").
  const { title } = design;
  context.textAlign = 'center';
  context.font = `800 ${title.size}px "${FAMILY}"`;
  context.lineJoin = 'round';
  context.lineWidth = title.outline;
  title.lines.forEach((line, index) => {
    const y = Math.round(title.top + index * title.lineHeight);
    context.globalAlpha = 0.35;
    context.strokeStyle = '#000';
    context.strokeText(line, 150, y);
    context.globalAlpha = 1;
    context.fillStyle = '#fff';
    context.fillText(line, 150, y);
  });

  context.globalAlpha = 0.85;
  context.font = `400 17px "${FAMILY}"`;
  context.letterSpacing = '2px';
  context.fillText(design.studio, 150, 370);

  return canvas.encode('webp', WEBP_QUALITY);
}

/** How much finer than its 320×120 canvas a studio logo is drawn: sharp at the index's widest card on a 3x phone. */
const STUDIO_LOGO_SCALE = 2;

/** The width the name has beside the badge (x 112 to 8 from the right edge). */
const STUDIO_NAME_ROOM = STUDIO_LOGO_SIZE.width - 112 - 8;

/** A studio's 8:3 logo (640×240) as WebP bytes: its monogram badge and its name, like the SVG. */
export async function studioLogoWebp(studio: { slug: string; name: string }): Promise<Buffer> {
  registerFonts();
  const { hue, initials, name, size } = studioLogoDesign(studio);
  const { width, height } = STUDIO_LOGO_SIZE;
  const canvas = createCanvas(width * STUDIO_LOGO_SCALE, height * STUDIO_LOGO_SCALE);
  const context = canvas.getContext('2d');
  context.scale(STUDIO_LOGO_SCALE, STUDIO_LOGO_SCALE);
  context.fillStyle = `hsl(${hue}, 45%, 16%)`;
  context.beginPath();
  context.roundRect(0, 0, width, height, 16);
  context.fill();
  context.fillStyle = `hsl(${hue}, 80%, 55%)`;
  context.beginPath();
  context.arc(60, 60, 38, 0, Math.PI * 2);
  context.fill();
  context.textAlign = 'center';
  context.font = `800 32px "${FAMILY}"`;
  context.fillStyle = `hsl(${hue}, 45%, 12%)`;
  context.fillText(initials, 60, 72);
  // The name beside the badge: smaller where the design's estimate of its width was short, down to
  // 16 px, and past that narrowed to the room it has.
  context.textAlign = 'left';
  let fitted = size;
  for (; fitted > 16; fitted -= 1) {
    context.font = `700 ${fitted}px "${FAMILY}"`;
    if (context.measureText(name).width <= STUDIO_NAME_ROOM) break;
  }
  context.font = `700 ${fitted}px "${FAMILY}"`;
  context.fillStyle = '#fff';
  context.fillText(name, 112, 71, STUDIO_NAME_ROOM);
  return canvas.encode('webp', WEBP_QUALITY);
}

/** A banner's crop (16:6 at 1600×600, or 4:3 at 800×600 for phones) as WebP bytes, or null for an unknown name. */
export async function bannerWebp(name: string, variant: BannerVariant): Promise<Buffer | null> {
  const svg = bannerSvg(name, variant);
  if (!svg) return null;
  const { width, height } = BANNER_SIZES[variant];
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').drawImage(await loadImage(Buffer.from(svg)), 0, 0, width, height);
  return canvas.encode('webp', WEBP_QUALITY);
}
