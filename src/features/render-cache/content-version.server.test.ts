import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module (its watches are module state) over a platform that answers `answer`. */
async function watcher(answer: () => Promise<unknown>) {
  vi.resetModules();
  vi.stubEnv('ATRIUM_CONTENT_POLL_MS', '1000');
  const fetch = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetch);
  return { fetch, ...(await import('./content-version.server.ts')) };
}
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('content version watch', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('polls the platform per brand and moves the generation, telling listeners, when the fingerprint changes', async () => {
    vi.useFakeTimers();
    let version = 'a';
    const { fetch, contentGeneration, onContentChange } = await watcher(async () => json({ data: { contentVersion: version } }));
    const heard: string[] = [];
    onContentChange((brand) => heard.push(brand));
    expect(contentGeneration('aurelia')).toBe(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['x-brand']).toBe('aurelia');
    expect(String(init.body)).toContain('contentVersion');

    await vi.advanceTimersByTimeAsync(1000);
    expect(contentGeneration('aurelia')).toBe(0);
    version = 'b';
    await vi.advanceTimersByTimeAsync(1000);
    expect(contentGeneration('aurelia')).toBe(1);
    expect(heard).toEqual(['aurelia']);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('stops asking a platform that has no contentVersion, and says so once', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { fetch, contentGeneration } = await watcher(async () =>
      json({ errors: [{ message: 'Cannot query field "contentVersion" on type "Query".', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] }),
    );
    contentGeneration('aurelia');
    await vi.advanceTimersByTimeAsync(5000);
    contentGeneration('aurelia');
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/no contentVersion query/);
    warn.mockRestore();
  });

  it('keeps asking a platform that is down, warning once per outage', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let up = false;
    const { fetch, contentGeneration } = await watcher(async () => {
      if (!up) throw new TypeError('fetch failed');
      return json({ data: { contentVersion: 'a' } });
    });
    contentGeneration('nordvik');
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(warn).toHaveBeenCalledTimes(1);
    up = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(contentGeneration('nordvik')).toBe(0);
    warn.mockRestore();
  });
});
