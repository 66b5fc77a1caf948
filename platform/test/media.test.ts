import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCanvas, loadImage, type Image } from '@napi-rs/canvas';
import { BANNERS, escapeXml, gameTileSvg } from '../src/media/artwork.ts';
import { bannerWebp, gameTileWebp, studioLogoWebp } from '../src/media/raster.ts';
import { DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

/** A GET with the path sent exactly as written (fetch would normalise "..").*/
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** How many nearly white pixels a region of an image holds (the tiles' type is white). */
function whitePixels(image: Image, x: number, y: number, width: number, height: number): number {
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(x, y, width, height);
  let count = 0;
  for (let index = 0; index < data.length; index += 4) if ((data[index] ?? 0) > 235 && (data[index + 1] ?? 0) > 235 && (data[index + 2] ?? 0) > 235) count += 1;
  return count;
}

describe('artwork', () => {
  it('escapes names and is deterministic', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&#60;a href=&#34;x&#34;&#62;&#38;&#39;');
    const tile = gameTileSvg({ slug: 'x', name: 'Fish & <Chips>', studioName: 'A "B"' });
    expect(tile).toContain('Fish &#38; &#60;Chips&#62;');
    expect(tile).not.toContain('<Chips>');
    expect(gameTileSvg({ slug: 'x', name: 'Fish & <Chips>', studioName: 'A "B"' })).toBe(tile);
    expect(tile.length).toBeLessThan(4000);
  });
});

describe.each(DATABASES)('media on $name', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    app = await startPlatform(database);
  });
  afterAll(() => app?.close());

  /** Fetches generated artwork and checks it is a day-cached WebP of the given size, under maxBytes. */
  async function servedWebp(path: string, size: readonly [number, number], maxBytes: number): Promise<{ bytes: Buffer; image: Image; etag: string }> {
    const response = await fetch(`${app.url}${path}`);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([bytes.subarray(0, 4).toString('latin1'), bytes.subarray(8, 12).toString('latin1')]).toEqual(['RIFF', 'WEBP']);
    expect(bytes.length).toBeLessThan(maxBytes);
    const image = await loadImage(bytes);
    expect([image.width, image.height]).toEqual(size);
    return { bytes, image, etag: response.headers.get('etag') ?? '' };
  }

  it('links a game tile as a 3:4 WebP with its name drawn on it, long-cached', async () => {
    const { data } = await app.gql('{ game(slug: "golden-vault-show") { name imageUrl studio { name } } }');
    expect(data.game.imageUrl).toBe('/media/games/golden-vault-show.webp');
    const { bytes, image, etag } = await servedWebp(data.game.imageUrl, [300, 400], 20_000);
    // The white title sits in the art area; the same tile without its name has none there.
    expect(whitePixels(image, 0, 100, 300, 120)).toBeGreaterThan(300);
    const again = await fetch(`${app.url}${data.game.imageUrl}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // Rendered the same way every time (the ETag a CDN keeps stays true across restarts).
    expect(Buffer.compare(await gameTileWebp({ slug: 'golden-vault-show', name: data.game.name, studioName: data.game.studio.name }), bytes)).toBe(0);
    const nameless = await loadImage(await gameTileWebp({ slug: 'golden-vault-show', name: ' ', studioName: data.game.studio.name }));
    expect(whitePixels(nameless, 0, 100, 300, 120)).toBeLessThan(20);
  });

  it('links every studio logo as an 8:3 WebP with its name drawn on it, the same bytes every time', async () => {
    const { data } = await app.gql('{ studios { slug name imageUrl } }');
    const studios = data.studios as { slug: string; name: string; imageUrl: string }[];
    for (const studio of studios) expect(studio.imageUrl, studio.slug).toBe(`/media/studios/${studio.slug}.webp`);
    const studio = studios.find((each) => each.slug === 'northwind-forge')!;
    const { bytes, image } = await servedWebp(studio.imageUrl, [640, 240], 15_000);
    // The white name beside the badge; the same logo with a blank name has none there.
    expect(whitePixels(image, 224, 90, 416, 70)).toBeGreaterThan(500);
    expect(Buffer.compare(await studioLogoWebp(studio), bytes)).toBe(0);
    expect(whitePixels(await loadImage(await studioLogoWebp({ slug: studio.slug, name: ' ' })), 224, 90, 416, 70)).toBeLessThan(20);
    // Every name fits the canvas, a long made-up one too: nothing white touches its right edge.
    for (const each of [...studios, { slug: 'long', name: 'Wwwwwwwwwwwww Mmmmmmmmm Studios' }]) {
      expect(whitePixels(await loadImage(await studioLogoWebp(each)), 630, 0, 10, 240), each.name).toBe(0);
    }
  });

  it('serves both banner crops as WebP, drawn from the SVG, the same bytes every time', async () => {
    const { data } = await app.gql('{ layout(countryCode: "FI", locale: "en") { blocks { id props } } }', {}, { 'x-brand': 'aurelia' });
    const hero = (data.layout.blocks as { id: string; props: { image: { desktop: string; mobile: string } } }[]).find((block) => block.id === 'hero')!.props.image;
    // What the demo content links: the WebP of each crop.
    expect(hero).toEqual({ desktop: '/media/banners/aurora.webp', mobile: '/media/banners/aurora-mobile.webp' });
    for (const [path, size, variant] of [[hero.desktop, [1600, 600], 'desktop'], [hero.mobile, [800, 600], 'mobile']] as const) {
      const { bytes, image } = await servedWebp(path, size, 40_000);
      // The art, not an empty canvas: aurora's gradient runs from dark navy (top left) to teal (bottom right).
      const canvas = createCanvas(image.width, image.height);
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const [r, g, b] = context.getImageData(4, 4, 1, 1).data;
      expect((r ?? 255) + (g ?? 255) + (b ?? 255)).toBeLessThan(150);
      const [, g2] = context.getImageData(image.width - 4, image.height - 4, 1, 1).data;
      expect(g2).toBeGreaterThan(100);
      expect(Buffer.compare((await bannerWebp('aurora', variant))!, bytes)).toBe(0);
    }
    expect(await bannerWebp('nothing', 'mobile')).toBeNull();
  });

  it('still serves the SVG tile, with its name and studio, for links made before', async () => {
    const { data } = await app.gql('{ game(slug: "golden-vault-show") { studio { name } } }');
    const response = await fetch(`${app.url}/media/games/golden-vault-show.svg`);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const svg = await response.text();
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 300 400"/);
    expect(svg).toContain(data.game.studio.name.toUpperCase());
    expect(svg).toContain('Golden Vault');
  });

  it('serves studio logos and both banner crops', async () => {
    const logo = await fetch(`${app.url}/media/studios/northwind-forge.svg`);
    expect(logo.status).toBe(200);
    expect(await logo.text()).toContain('Northwind Forge');
    const name = Object.keys(BANNERS)[0];
    const desktop = await (await fetch(`${app.url}/media/banners/${name}.svg`)).text();
    expect(desktop).toContain('viewBox="0 0 1600 600"');
    const mobile = await (await fetch(`${app.url}/media/banners/${name}-mobile.svg`)).text();
    expect(mobile).toContain('viewBox="0 0 800 600"');
  });

  it('answers 404 for unknown artwork', async () => {
    for (const path of ['/media/games/no-such-game.svg', '/media/studios/nobody.svg', '/media/banners/nothing.svg', '/media/banners/nothing.webp', '/media/banners/constructor.webp', '/media/banners/constructor-mobile.svg', '/media/games/Golden.svg', '/media/other/x.svg', '/media/games/x.png', '/media/games/no-such-game.webp', '/media/studios/nobody.webp', '/media/logos/x.webp']) {
      expect((await fetch(`${app.url}${path}`)).status, path).toBe(404);
    }
  });

  it('rejects path traversal', async () => {
    for (const path of ['/media/games/../../package.json', '/media/games/..%2f..%2fpackage.json', '/media/%2e%2e/%2e%2e/etc/passwd', '/media/games/..\\..\\x.svg']) {
      const response = await rawGet(app.url, path);
      expect(response.status, path).toBe(400);
      expect(response.body).not.toContain('"name"');
    }
  });
});
