import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNERS, escapeXml, gameTileSvg } from '../src/media/artwork.ts';
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

  it('serves a 3:4 game tile with its name and studio, long-cached', async () => {
    const { data } = await app.gql('{ game(slug: "golden-vault-show") { name imageUrl studio { name } } }');
    const response = await fetch(`${app.url}${data.game.imageUrl}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const svg = await response.text();
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 300 400"/);
    expect(svg).toContain(data.game.studio.name.toUpperCase());
    expect(svg).toContain('Golden Vault');
    const again = await fetch(`${app.url}${data.game.imageUrl}`, { headers: { 'if-none-match': response.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
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
    for (const path of ['/media/games/no-such-game.svg', '/media/studios/nobody.svg', '/media/banners/nothing.svg', '/media/games/Golden.svg', '/media/other/x.svg', '/media/games/x.png']) {
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
