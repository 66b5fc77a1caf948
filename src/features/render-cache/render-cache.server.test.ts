import { beforeEach, describe, expect, it, vi } from 'vitest';
import { noteContentVersion } from './content-version.server.ts';
import { cachedRender, clearRenderCache, isCacheableRequest, previewTokenOf, renderCacheKey } from './render-cache.server.ts';

const html = (body: string, init: ResponseInit = {}) =>
  new Response(body, { ...init, headers: { 'content-type': 'text/html; charset=utf-8', ...(init.headers ?? {}) } });

describe('render cache', () => {
  beforeEach(() => clearRenderCache());

  it('serves a fresh page from memory and renders again after 1 s', async () => {
    const render = vi.fn(async () => html('<p>lobby</p>'));
    const first = await cachedRender('k', render, 0);
    expect(first.headers.get('x-render-cache')).toBe('miss');
    const second = await cachedRender('k', render, 999);
    expect(await second.text()).toBe('<p>lobby</p>');
    expect(second.headers.get('x-render-cache')).toBe('hit');
    expect(render).toHaveBeenCalledTimes(1);
    await cachedRender('k', render, 1000);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('renders once for concurrent misses', async () => {
    const render = vi.fn(async () => html('<p>x</p>'));
    const answers = await Promise.all(Array.from({ length: 20 }, () => cachedRender('k', render, 0)));
    expect(render).toHaveBeenCalledTimes(1);
    expect(await Promise.all(answers.map((a) => a.text()))).toEqual(Array(20).fill('<p>x</p>'));
  });

  it('never stores a response that sets a cookie, a redirect or an error', async () => {
    for (const response of [
      () => html('a', { headers: { 'set-cookie': 'productMode=sports' } }),
      () => new Response(null, { status: 302, headers: { location: '/' } }),
      () => html('boom', { status: 500 }),
    ]) {
      clearRenderCache();
      const render = vi.fn(async () => response());
      await cachedRender('k', render, 0);
      await cachedRender('k', render, 1);
      expect(render).toHaveBeenCalledTimes(2);
    }
  });

  it('never stores a page that set a cookie the response does not show yet (an A/B assignment through Astro.cookies)', async () => {
    const render = vi.fn(async () => html('<html data-flag-button_variant="secondary">'));
    const setsCookie = () => true;
    await cachedRender('k', render, 0, setsCookie);
    await cachedRender('k', render, 1, setsCookie);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('bypasses players and non-GET requests', () => {
    expect(isCacheableRequest(new Request('http://a/en/'))).toBe(true);
    expect(isCacheableRequest(new Request('http://a/en/', { headers: { cookie: 'consent=all; refreshToken=abc' } }))).toBe(false);
    expect(isCacheableRequest(new Request('http://a/en/', { headers: { authorization: 'Bearer x' } }))).toBe(false);
    expect(isCacheableRequest(new Request('http://a/en/', { method: 'POST' }))).toBe(false);
  });

  it('never caches an editor\'s preview, by query parameter or cookie, and an empty parameter ends it', () => {
    expect(isCacheableRequest(new Request('http://a/en/?atrium-preview=t.o.k'))).toBe(false);
    expect(isCacheableRequest(new Request('http://a/en/lobby-blocks/?shown=hero', { headers: { cookie: 'consent=all; atrium-preview=t.o.k' } }))).toBe(false);
    expect(previewTokenOf(new Request('http://a/en/', { headers: { cookie: 'atrium-preview=t.o.k' } }))).toBe('t.o.k');
    expect(previewTokenOf(new Request('http://a/en/?atrium-preview=', { headers: { cookie: 'atrium-preview=t.o.k' } }))).toBeNull();
    expect(isCacheableRequest(new Request('http://a/en/?atrium-preview='))).toBe(true);
  });

  it('keys by brand, host name, content generation, country, path, query and the cookies that change a render', () => {
    const cookies = (values: Record<string, string>) => ({ get: (name: string) => (name in values ? { value: values[name]! } : undefined) });
    const key = (over: Partial<Parameters<typeof renderCacheKey>[0]> = {}) =>
      renderCacheKey({ brand: 'aurelia', host: 'aurelia.localhost', generation: 0, country: 'FI', subDivision: null, url: new URL('http://a/en/'), cookies: cookies({}), ...over });
    const base = key();
    expect(key({ brand: 'nordvik' })).not.toBe(base);
    // A brand's second host name writes its own absolute URLs.
    expect(key({ host: 'www.aurelia.localhost' })).not.toBe(base);
    expect(key({ generation: 1 })).not.toBe(base);
    expect(key({ country: 'SE' })).not.toBe(base);
    expect(key({ url: new URL('http://a/en/?productMode=sports') })).not.toBe(base);
    expect(key({ cookies: cookies({ productMode: 'sports' }) })).not.toBe(base);
    expect(key({ cookies: cookies({ consent: 'all' }) })).not.toBe(base);
    expect(key({ cookies: cookies({ abTests: '{"cta_colour":"secondary"}' }) })).not.toBe(base);
    expect(key({ cookies: cookies({ unrelated: '1' }) })).toBe(base);
  });

  it('drops a brand\'s pages, and only that brand\'s, when its content version moves', async () => {
    const render = vi.fn(async () => html('<p>page</p>'));
    noteContentVersion('aurelia', 'v1');
    noteContentVersion('nordvik', 'n1');
    await cachedRender('aurelia|0|FI|/en/', render, 0);
    await cachedRender('nordvik|0|FI|/en/', render, 0);
    noteContentVersion('aurelia', 'v1');
    await cachedRender('aurelia|0|FI|/en/', render, 10);
    expect(render).toHaveBeenCalledTimes(2);

    noteContentVersion('aurelia', 'v2');
    const again = await cachedRender('aurelia|0|FI|/en/', render, 20);
    expect(again.headers.get('x-render-cache')).toBe('miss');
    expect(render).toHaveBeenCalledTimes(3);
    expect((await cachedRender('nordvik|0|FI|/en/', render, 20)).headers.get('x-render-cache')).toBe('hit');
  });
});
