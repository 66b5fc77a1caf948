import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { cdnCachePolicyFromEnv, pageCacheHeaders, PRIVATE_NO_STORE } from './cdn-cache.server.ts';
import { cdnPurgeFromEnv, startCdnPurgeHook } from './cdn-purge.server.ts';
import { noteContentVersion } from './content-version.server.ts';

const defaults = cdnCachePolicyFromEnv({});
const page = { method: 'GET', anonymous: true, status: 200, setsCookie: false };

describe('CDN cache headers of pages', () => {
  it('lets a CDN keep anonymous pages, redirects and not-found pages for a second, varying by Host and Cookie', () => {
    for (const status of [200, 404, 301, 302, 307, 308]) {
      expect(pageCacheHeaders(defaults, { ...page, status })).toEqual({
        cacheControl: 'public, max-age=0, s-maxage=1, stale-while-revalidate=1',
        vary: 'Host, Cookie',
      });
    }
    expect(pageCacheHeaders(defaults, { ...page, method: 'HEAD' }).cacheControl).toMatch(/^public/);
  });

  it("never stores a player's page, one that sets a cookie, another method or another status", () => {
    expect(pageCacheHeaders(defaults, { ...page, anonymous: false }).cacheControl).toBe(PRIVATE_NO_STORE);
    expect(pageCacheHeaders(defaults, { ...page, setsCookie: true }).cacheControl).toBe(PRIVATE_NO_STORE);
    expect(pageCacheHeaders(defaults, { ...page, method: 'POST' }).cacheControl).toBe(PRIVATE_NO_STORE);
    for (const status of [400, 403, 500, 502, 503]) expect(pageCacheHeaders(defaults, { ...page, status }).cacheControl).toBe(PRIVATE_NO_STORE);
  });

  it("shares a brand's pages whose consent depends on the country only once the CDN's country header is named", () => {
    expect(pageCacheHeaders(defaults, { ...page, consentByCountry: true }).cacheControl).toBe(PRIVATE_NO_STORE);
    const keyed = cdnCachePolicyFromEnv({ ATRIUM_CDN_VARY: 'CloudFront-Viewer-Country' });
    expect(pageCacheHeaders(keyed, { ...page, consentByCountry: true })).toEqual({
      cacheControl: 'public, max-age=0, s-maxage=1, stale-while-revalidate=1',
      vary: 'Host, Cookie, CloudFront-Viewer-Country',
    });
  });

  it('reads the lifetimes and extra Vary names from the environment, refusing bad ones with the fix', () => {
    const policy = cdnCachePolicyFromEnv({ ATRIUM_CDN_MAX_AGE_S: '30', ATRIUM_CDN_STALE_S: '60', ATRIUM_CDN_VARY: 'CloudFront-Viewer-Country, X-Geo' });
    expect(pageCacheHeaders(policy, page)).toEqual({
      cacheControl: 'public, max-age=0, s-maxage=30, stale-while-revalidate=60',
      vary: 'Host, Cookie, CloudFront-Viewer-Country, X-Geo',
    });
    expect(() => cdnCachePolicyFromEnv({ ATRIUM_CDN_MAX_AGE_S: '1.5' })).toThrow('ATRIUM_CDN_MAX_AGE_S "1.5" is not a whole number of seconds (0 to 86400)');
    expect(() => cdnCachePolicyFromEnv({ ATRIUM_CDN_STALE_S: '-1' })).toThrow(/ATRIUM_CDN_STALE_S/);
    expect(() => cdnCachePolicyFromEnv({ ATRIUM_CDN_VARY: 'Country Code' })).toThrow(/"Country Code", which is not a header name/);
  });
});

describe('the CDN purge hook', () => {
  let server: http.Server | undefined;
  let stop: (() => void) | undefined;
  afterEach(async () => {
    stop?.();
    stop = undefined;
    if (server) await new Promise((resolve) => server!.close(resolve));
    server = undefined;
  });

  it('refuses a purge URL that is not http(s)', () => {
    expect(cdnPurgeFromEnv({})).toBeNull();
    expect(() => cdnPurgeFromEnv({ ATRIUM_CDN_PURGE_URL: 'not a url' })).toThrow(/is not a URL/);
    expect(() => cdnPurgeFromEnv({ ATRIUM_CDN_PURGE_URL: 'ftp://cdn.example/purge' })).toThrow(/must be an http or https URL/);
  });

  it("POSTs the brand and its hosts, with the operator's token, when the brand's content changes", async () => {
    const received: { body: unknown; authorization: string | undefined }[] = [];
    const arrived = new Promise<void>((resolve) => {
      server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          received.push({ body: JSON.parse(body), authorization: req.headers.authorization });
          res.writeHead(204).end();
          resolve();
        });
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server!.address() as AddressInfo;
    const target = cdnPurgeFromEnv({ ATRIUM_CDN_PURGE_URL: `http://127.0.0.1:${port}/purge`, ATRIUM_CDN_PURGE_TOKEN: 'purge-secret' })!;
    stop = startCdnPurgeHook(target, (brand) => (brand === 'purgebrand' ? ['casino.example', 'www.casino.example'] : []));
    noteContentVersion('purgebrand', 'v1');
    noteContentVersion('purgebrand', 'v2');
    await arrived;
    expect(received).toEqual([{ body: { brand: 'purgebrand', hosts: ['casino.example', 'www.casino.example'] }, authorization: 'Bearer purge-secret' }]);
  });
});
