/**
 * Serves brand folders' assets (logos, favicons, fonts) at /brand-assets/<brand>/<file>. Only the
 * requesting host's own brand is served, only plain file names, and only image and font types.
 * /favicon.ico answers with the host's brand icon: pages without icon links of their own (the
 * platform's sandbox, identity and outbox pages, error pages) make browsers ask for it.
 */
import { createReadStream, statSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import type { Brand } from '../src/brands/load.server.ts';

const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

const ASSET_PATH = /^\/brand-assets\/([a-z][a-z0-9-]*)\/([A-Za-z0-9][A-Za-z0-9._-]*)$/;

/** Whether a request path is a brand asset path. */
export function isBrandAssetPath(url: string): boolean {
  return url.startsWith('/brand-assets/');
}

/** Whether a request asks for the site-wide /favicon.ico (with or without a query). */
export function isFaviconPath(url: string): boolean {
  return (url.split('?')[0] ?? '') === '/favicon.ico';
}

/**
 * Answers /favicon.ico with the brand's 32-pixel icon (theme favicon32, a PNG: browsers take any
 * image type there). An icon kept on another site (an https reference) is a redirect to it.
 */
export function serveFavicon(req: http.IncomingMessage, res: http.ServerResponse, brand: Brand): void {
  const ref = brand.theme.favicon32;
  if (/^https:\/\//.test(ref)) {
    res.writeHead(302, { location: ref, 'cache-control': 'public, max-age=86400' });
    res.end();
    return;
  }
  sendFile(req, res, path.join(brand.dir, ref), TYPES[path.extname(ref).toLowerCase()], 'public, max-age=86400');
}

/** Answers a brand asset request for the host's brand (404 for anything else). */
export function serveBrandAsset(req: http.IncomingMessage, res: http.ServerResponse, brand: Brand | undefined): void {
  const pathname = (req.url ?? '').split('?')[0] ?? '';
  const match = ASSET_PATH.exec(pathname);
  const type = match ? TYPES[path.extname(match[2]!).toLowerCase()] : undefined;
  const file = match && brand && match[1] === brand.id ? path.join(brand.dir, 'assets', match[2]!) : undefined;
  sendFile(req, res, file, type, 'public, max-age=3600');
}

function sendFile(req: http.IncomingMessage, res: http.ServerResponse, file: string | undefined, type: string | undefined, cacheControl: string): void {
  let size = 0;
  try {
    if (file) size = statSync(file).size;
  } catch {
    size = -1;
  }
  if (!file || !type || size < 0 || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found');
    return;
  }
  res.writeHead(200, {
    'content-type': type,
    'content-length': size,
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
    // An SVG opened on its own must not run anything.
    ...(type === 'image/svg+xml' ? { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" } : {}),
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}
