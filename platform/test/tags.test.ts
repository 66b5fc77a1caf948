/**
 * The sandbox analytics and marketing tags: the stand-in scripts are served with the collector's
 * address (and refuse a malformed id), each protocol's hit (GTM's JSON, GA4's and Universal
 * Analytics' measurement queries, Adform's pixel, FullStory's bundle) is stored under the brand the
 * lobby names with its page scrubbed of tokens, bad or oversized hits are refused with a reason,
 * the hits are read back only with the operator key, and nothing of it exists outside sandbox mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, SANDBOX_KEY, startPlatform, type TestPlatform } from './helpers.ts';
import type { TagHit } from '../src/tags/routes.ts';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIrMzU4NTU1MDAwMSJ9.c2lnbmF0dXJlLXBhcnQ';

for (const database of DATABASES) {
  describe(`sandbox tags (${database.name})`, () => {
    let platform: TestPlatform;
    let production: TestPlatform;
    const brand = 'aurelia';
    const send = (path: string, init: RequestInit = {}, target = () => platform) =>
      fetch(`${target().url}/platform/tags/${path}`, { ...init, headers: { 'x-brand': brand, ...(init.headers as Record<string, string>) } });
    const hits = async (query = `brand=${brand}`) =>
      ((await (await fetch(`${platform.url}/platform/tags/hits.json?${query}`, { headers: SANDBOX_KEY })).json()) as { hits: TagHit[] }).hits;

    beforeAll(async () => {
      [platform, production] = await Promise.all([startPlatform(database), startPlatform(database, { auth: { enableSandboxAdmin: false } })]);
    });
    afterAll(async () => {
      await Promise.all([platform?.close(), production?.close()]);
    });

    it('serves each stand-in script with the collector put in, and refuses a malformed id', async () => {
      const gtm = await send('gtm.js?id=GTM-N0RDV1K');
      expect(gtm.status).toBe(200);
      expect(gtm.headers.get('content-type')).toContain('text/javascript');
      const text = await gtm.text();
      expect(text).toContain('const endpoint = new URL(`${"/platform/tags/"}gtm/collect`');
      expect(text).toContain('{ id: "GTM-N0RDV1K", event');
      for (const path of ['gtag/js?id=G-ABC123', 'gtag/js?id=UA-123-1', 'adform/trackpoint-async.js', 'fullstory/fs.js']) {
        const response = await send(path);
        expect(response.status, path).toBe(200);
        expect(await response.text(), path).not.toMatch(/\bCOLLECT\b/);
      }
      const bad = await send('gtm.js?id=%22%3E%3Cscript%3E');
      expect(bad.status).toBe(400);
      expect((await bad.json()) as { error: string }).toEqual({ error: expect.stringContaining('use ?id=GTM-XXXXXXX') });
      expect((await send('gtag/js?id=nope')).status).toBe(400);
    });

    it('stores a hit of every protocol under the brand, its page scrubbed of tokens', async () => {
      const page = `http://nordvik.localhost/en/?utm_campaign=unit&accessToken=${JWT}`;
      expect((await send('gtm/collect', { method: 'POST', body: JSON.stringify({ id: 'GTM-N0RDV1K', event: 'page_view', params: { page_path: '/en/', utm_campaign: 'unit' }, page, title: 'Lobby', consent: { ad_storage: 'denied' } }) })).status).toBe(204);
      const ga4 = new URLSearchParams({ v: '2', tid: 'G-ABC123', cid: '1.2', en: 'login', dl: page, 'ep.method': 'TRUSTLY', 'epn.value': '3' });
      expect((await send(`g/collect?${ga4}`, { method: 'POST' })).status).toBe(204);
      const ua = new URLSearchParams({ v: '1', tid: 'UA-123-1', cid: '1.2', t: 'pageview', dl: page });
      expect((await send(`collect?${ua}`)).status).toBe(204);
      const pixel = await send(`adform/Serving/TrackPoint/?${new URLSearchParams({ pm: '2741988', ADFPageName: 'Lobby', ADFdivider: '|', loc: page })}`);
      expect(pixel.status).toBe(200);
      expect(pixel.headers.get('content-type')).toBe('image/gif');
      expect((await send('fullstory/rec/page', { method: 'POST', body: JSON.stringify({ orgId: 'o-1', sessionId: 's1', kind: 'event', name: 'live_chat_open', page, properties: { a: 1 } }) })).status).toBe(204);

      const stored = (await hits()).slice(0, 5).reverse();
      expect(stored.map((hit) => [hit.tag, hit.tagId, hit.event])).toEqual([
        ['gtm', 'GTM-N0RDV1K', 'page_view'],
        ['ga4', 'G-ABC123', 'login'],
        ['ua', 'UA-123-1', 'page_view'],
        ['adform', '2741988', 'trackpoint'],
        ['fullstory', 'o-1', 'live_chat_open'],
      ]);
      for (const hit of stored) {
        expect(hit.brand).toBe(brand);
        expect(hit.page).toContain('utm_campaign=unit');
        expect(hit.page).not.toContain(JWT);
      }
      expect(stored[0]!.params).toMatchObject({ page_path: '/en/', utm_campaign: 'unit', 'consent.ad_storage': 'denied', title: 'Lobby' });
      expect(stored[1]!.params).toMatchObject({ 'ep.method': 'TRUSTLY', 'epn.value': '3', cid: '1.2' });
      expect(stored[3]!.params).toMatchObject({ ADFPageName: 'Lobby', ADFdivider: '|' });
      expect((await hits(`tag=adform&brand=${brand}`)).every((hit) => hit.tag === 'adform')).toBe(true);
    });

    it('refuses what is not a hit, with a reason, and files an unknown brand under one name', async () => {
      const notJson = await send('gtm/collect', { method: 'POST', body: 'not json' });
      expect(notJson.status).toBe(400);
      expect(await notJson.json()).toEqual({ error: 'The body is not a JSON object' });
      expect((await send('gtm/collect')).status).toBe(400);
      expect(await (await send('g/collect?v=2&en=x')).json()).toEqual({ error: 'A measurement hit needs tid (the measurement id)' });
      expect((await send('adform/Serving/TrackPoint/')).status).toBe(400);
      expect((await send('elsewhere')).status).toBe(404);
      expect((await send('gtm/collect', { method: 'PUT', body: '{}' })).status).toBe(405);
      const huge = await send('gtm/collect', { method: 'POST', body: JSON.stringify({ id: 'GTM-1', event: 'x', params: { big: 'x'.repeat(40_000) } }) });
      expect(huge.status).toBe(413);
      // Long values and many parameters are cut to size.
      const many = { long: 'v'.repeat(900), ...Object.fromEntries(Array.from({ length: 80 }, (_, index) => [`p${index}`, 'v'.repeat(100)])) };
      expect((await send('gtm/collect', { method: 'POST', body: JSON.stringify({ id: 'GTM-1', event: 'many', params: many }), headers: { 'x-brand': 'invented-brand' } })).status).toBe(204);
      const [cut] = await hits('brand=unknown');
      expect(cut).toMatchObject({ brand: 'unknown', event: 'many' });
      expect(Object.keys(cut!.params).length).toBeLessThanOrEqual(60);
      expect(Object.values(cut!.params).every((value) => String(value).length <= 500)).toBe(true);
    });

    it('shows the hits only with the operator key, and nothing outside sandbox mode', async () => {
      expect((await fetch(`${platform.url}/platform/tags/hits.json`)).status).toBe(403);
      const html = await fetch(`${platform.url}/platform/tags/?brand=${brand}`, { headers: SANDBOX_KEY });
      expect(html.status).toBe(200);
      expect(await html.text()).toContain('<h1>Sandbox tag hits</h1>');
      const off = await send('gtm.js?id=GTM-N0RDV1K', {}, () => production);
      expect(off.status).toBe(404);
      expect(await off.json()).toEqual({ error: expect.stringContaining('ANALYTICS_TAGS=real') });
    });
  });
}
