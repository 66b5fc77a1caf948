import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBrands } from '../src/brands/load.server.ts';
import { isFaviconPath, serveFavicon } from './brand-assets.ts';

const brands = loadBrands(path.resolve('brands'));

describe('/favicon.ico', () => {
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    // Each request names its brand in a header, as the lobby resolves it from the host.
    server = http.createServer((req, res) => serveFavicon(req, res, brands.find((brand) => brand.id === req.headers['x-brand'])!));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is recognised with or without a query, and nothing else is', () => {
    expect(isFaviconPath('/favicon.ico')).toBe(true);
    expect(isFaviconPath('/favicon.ico?v=2')).toBe(true);
    for (const other of ['/favicon.icon', '/en/favicon.ico', '/favicon.ico/', '/brand-assets/aurelia/favicon-32.png']) expect(isFaviconPath(other), other).toBe(false);
  });

  it("answers every brand with its own 32-pixel icon, typed and cacheable", async () => {
    expect(brands.length).toBeGreaterThan(1);
    for (const brand of brands) {
      const response = await fetch(`${origin}/favicon.ico`, { headers: { 'x-brand': brand.id } });
      expect(response.status, brand.id).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(path.join(brand.dir, brand.theme.favicon32))), brand.id).toBe(true);
    }
    const head = await fetch(`${origin}/favicon.ico`, { method: 'HEAD', headers: { 'x-brand': 'kororaa' } });
    expect(head.status).toBe(200);
  });

  it('sends a brand whose icon lives on another site there', async () => {
    const aurelia = brands.find((brand) => brand.id === 'aurelia')!;
    const remote = { ...aurelia, theme: { ...aurelia.theme, favicon32: 'https://cdn.example.com/icon-32.png' } };
    const one = http.createServer((req, res) => serveFavicon(req, res, remote));
    await new Promise<void>((resolve) => one.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(one.address() as AddressInfo).port}/favicon.ico`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('https://cdn.example.com/icon-32.png');
    } finally {
      await new Promise<void>((resolve) => one.close(() => resolve()));
    }
  });
});

