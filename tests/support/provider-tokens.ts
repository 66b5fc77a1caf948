/**
 * The identity provider's tokens and where they must not be (issue 26): the lobby keeps the user
 * (access, id and refresh tokens) in the page's memory only, so no session or local storage of any
 * page holds one, and page script sees at most the short-lived access token in `keycloakAccessToken`.
 */
import { expect, type BrowserContext, type Page } from './test.ts';

/** The provider's token endpoint (Keycloak's path, in every realm). */
const TOKEN_ENDPOINT = /\/auth\/realms\/[^/]+\/protocol\/openid-connect\/token$/;

/** Every token the provider's token endpoint hands out in a context (sign-in, silent sign-ins, refreshes), filled as answers arrive. */
export function collectProviderTokens(context: BrowserContext): { access: string[]; id: string[]; refresh: string[] } {
  const tokens = { access: [] as string[], id: [] as string[], refresh: [] as string[] };
  context.on('response', (response) => {
    if (response.request().method() !== 'POST' || !TOKEN_ENDPOINT.test(new URL(response.url()).pathname) || !response.ok()) return;
    void response.json().then(
      (body: { access_token?: unknown; id_token?: unknown; refresh_token?: unknown }) => {
        if (typeof body.access_token === 'string') tokens.access.push(body.access_token);
        if (typeof body.id_token === 'string') tokens.id.push(body.id_token);
        if (typeof body.refresh_token === 'string') tokens.refresh.push(body.refresh_token);
      },
      () => undefined,
    );
  });
  return tokens;
}

/** A request of the silent sign-in (the hidden iframe's authorization request with prompt=none). */
export function isSilentSignIn(url: string): boolean {
  const parsed = new URL(url);
  return parsed.pathname.endsWith('/protocol/openid-connect/auth') && parsed.searchParams.get('prompt') === 'none';
}

/**
 * Asserts that no storage of the page holds a provider user or any of the tokens handed out so far,
 * and that page script sees no id or refresh token anywhere (the access token's cookie aside).
 */
export async function expectNoProviderTokenInStorage(page: Page, tokens: { access: string[]; id: string[]; refresh: string[] }): Promise<void> {
  // The token answers are read as they arrive: wait until this page's sign-in has been seen.
  await expect.poll(() => tokens.refresh.length, { message: 'the provider handed out a refresh token' }).toBeGreaterThan(0);
  const { storage, cookies, userKeys } = await page.evaluate(() => {
    const dump = (store: Storage) => Object.keys(store).map((key) => `${key}=${store.getItem(key) ?? ''}`);
    const all = [...dump(localStorage), ...dump(sessionStorage)];
    return { storage: all.join('\n'), cookies: document.cookie, userKeys: all.filter((entry) => entry.startsWith('oidc.user:')) };
  });
  expect(userKeys, 'no oidc.user: entry in session or local storage').toEqual([]);
  for (const token of [...tokens.access, ...tokens.id, ...tokens.refresh]) expect(storage.includes(token), 'a provider token in session or local storage').toBe(false);
  for (const token of [...tokens.id, ...tokens.refresh]) expect(cookies.includes(token), 'an id or refresh token in a script-readable cookie').toBe(false);
}
