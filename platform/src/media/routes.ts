/**
 * Serves the generated artwork: /media/games/<slug>.webp, /media/studios/<slug>.webp and
 * /media/banners/<name>.webp (16:6) or <name>-mobile.webp (4:3), which the catalogue and the content
 * link (see raster.ts), or any of them as .svg. Rendered once per path and kept in memory (the 2000 most
 * recently asked paths); long-cached by browsers and revalidated by ETag.
 * Also serves the content's logo library, /media/logos/<name>.svg from `content/_logos/`: re-read
 * when the file changes and cached for minutes only, since editors replace logos.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import type { CatalogueRepository } from '../catalogue/repository.ts';
import { bannerSvg, gameTileSvg, studioLogoSvg } from './artwork.ts';
import { bannerWebp, gameTileWebp, studioLogoWebp } from './raster.ts';

/** How many rendered artworks (every game, studio and banner of a catalogue fits) and library logos stay in memory. */
const RENDERED_CACHED = 2000;
const LOGOS_CACHED = 500;
const MEDIA_PATH = /^\/media\/(games|studios|banners|logos)\/([a-z0-9]+(?:-[a-z0-9]+)*)\.(svg|webp)$/;

/** One rendered artwork: its bytes and type. */
interface Artwork {
  body: string | Buffer;
  type: 'svg' | 'webp';
  etag: string;
}
const CONTENT_TYPES = { svg: 'image/svg+xml; charset=utf-8', webp: 'image/webp' } as const;
/** Encoded or literal dot-dot, slashes and backslashes: anything that could step outside /media/. */
const TRAVERSAL = /(\.\.|%2e|%2f|%5c|\\|%00|\0)/i;

/** Whether a raw request path tries to climb out of its folder. */
export function isTraversal(rawPath: string): boolean {
  return TRAVERSAL.test(rawPath);
}

/** Creates the /media/* handler; logos come from logosDir (the content's `_logos` folder) when given. */
export function createMediaHandler(catalogue: CatalogueRepository, options: { logosDir?: string } = {}) {
  // Any banner name renders, so the rendered artwork is bounded: the least recently asked paths go first.
  const rendered = new LRUCache<string, Artwork>({ max: RENDERED_CACHED });
  const logos = new LRUCache<string, Artwork & { mtimeMs: number; size: number }>({ max: LOGOS_CACHED });

  /** A library logo, re-read whenever its file's modification time or size moves. */
  async function logo(name: string): Promise<Artwork | null> {
    if (!options.logosDir) return null;
    const file = join(options.logosDir, `${name}.svg`);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      logos.delete(name);
      return null;
    }
    const hit = logos.get(name);
    if (hit && hit.mtimeMs === info.mtimeMs && hit.size === info.size) return hit;
    const body = await readFile(file, 'utf8');
    const entry = { body, type: 'svg' as const, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, mtimeMs: info.mtimeMs, size: info.size };
    logos.set(name, entry);
    return entry;
  }

  async function render(kind: string, slug: string, type: 'svg' | 'webp'): Promise<string | Buffer | null> {
    switch (kind) {
      case 'games': {
        const game = await catalogue.gameBySlug(slug);
        if (!game) return null;
        const tile = { slug: game.slug, name: game.name, studioName: game.studioName };
        return type === 'webp' ? gameTileWebp(tile) : gameTileSvg(tile);
      }
      case 'studios': {
        const studio = await catalogue.studio(slug);
        if (!studio) return null;
        return type === 'webp' ? studioLogoWebp(studio) : studioLogoSvg(studio);
      }
      default: {
        const mobile = slug.endsWith('-mobile');
        const [name, variant] = [mobile ? slug.slice(0, -'-mobile'.length) : slug, mobile ? 'mobile' : 'desktop'] as const;
        return type === 'webp' ? bannerWebp(name, variant) : bannerSvg(name, variant);
      }
    }
  }

  return async function handleMedia(req: IncomingMessage, res: ServerResponse, rawPath: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    if (isTraversal(rawPath)) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad media path\n');
      return;
    }
    const match = MEDIA_PATH.exec(rawPath);
    const type = match?.[3] as 'svg' | 'webp' | undefined;
    const isLogo = match?.[1] === 'logos';
    let entry = isLogo ? (type === 'svg' ? await logo(match[2] as string) : null) : rendered.get(rawPath);
    if (!entry && match && type && !isLogo) {
      const body = await render(match[1] as string, match[2] as string, type);
      if (body) {
        entry = { body, type, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
        rendered.set(rawPath, entry);
      }
    }
    if (!entry) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('Not found\n');
      return;
    }
    const headers = {
      'content-type': CONTENT_TYPES[entry.type],
      'cache-control': isLogo ? 'public, max-age=300' : 'public, max-age=86400',
      etag: entry.etag,
      'x-content-type-options': 'nosniff',
      // An SVG opened directly must not run script, whatever ends up in it.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    };
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': Buffer.byteLength(entry.body) });
    res.end(req.method === 'HEAD' ? undefined : entry.body);
  };
}
