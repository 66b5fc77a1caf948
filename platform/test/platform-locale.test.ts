/**
 * The platform's own pages speak the lobby's locale on the real brands: the identity provider's
 * sign-in and registration pages (ui_locales), the pay-and-play bank page and the cashier's
 * provider page (locale=), a demo game (the launch's locale) and the sportsbook (locale=). Each sets
 * <html lang>, words its headings, labels, buttons and errors in that language and formats money
 * with Intl; an unknown or hostile locale falls back to the brand's default and is never echoed.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPO_BRANDS_DIR } from '../src/players/demo-players-doc.ts';
import { bearer, CookieJar, DATABASES, SANDBOX_KEY, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const HOSTILE = '"><script>alert(1)</script>';


const pglite = DATABASES[0]!;

describe('platform pages in the lobby’s locale', () => {
  let app: TestPlatform;
  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    app = await startPlatform(pglite, { brandsDir: REPO_BRANDS_DIR });
  });
  afterAll(() => app?.close());

  /** Opens a realm's sign-in (or registration) page with the given ui_locales; returns its URL, HTML and the cookie jar. */
  async function identityPage(brand: string, uiLocales: string | null, endpoint: 'auth' | 'registrations' = 'auth') {
    const jar = new CookieJar();
    const url = new URL(`${app.url}/auth/realms/${brand}/protocol/openid-connect/${endpoint}`);
    const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
    const params = { client_id: 'app', redirect_uri: `http://${brand}.localhost:4321/en/keycloak-login-handler/`, response_type: 'code', scope: 'openid', state: 's', nonce: 'n', code_challenge: challenge, code_challenge_method: 'S256' };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    if (uiLocales !== null) url.searchParams.set('ui_locales', uiLocales);
    const start = await fetch(url, { redirect: 'manual' });
    jar.take(start);
    expect(start.status).toBe(303);
    const pageUrl = new URL(start.headers.get('location') as string, app.url).href;
    const page = await fetch(pageUrl, { headers: { cookie: jar.header() } });
    expect(page.status).toBe(200);
    return { pageUrl, jar, html: await page.text() };
  }

  it('words the sign-in page in the ui_locales the lobby sends (et-EE on Vantor), errors included', async () => {
    const { html, pageUrl, jar } = await identityPage('vantor', 'et-EE');
    expect(html).toContain('<html lang="et-EE">');
    expect(html).toContain('<h1>Logi sisse: Vantor</h1>');
    expect(html).toContain('<label for="field-identifier">E-post või kasutajanimi</label>');
    expect(html).toContain('<button type="submit">Logi sisse</button>');
    expect(html).not.toContain('Email or username');
    const post = await fetch(pageUrl, {
      method: 'POST',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'login', identifier: '', password: '' }).toString(),
    });
    expect(post.status).toBe(400);
    const errors = await post.text();
    expect(errors).toContain('<h2>Vormis on 2 viga</h2>');
    expect(errors).toContain('Sisesta oma parool.');
  });

  it('words the registration page in Japanese on Kororā Play', async () => {
    const { html } = await identityPage('kororaa', 'ja', 'registrations');
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('<h1>Kororā Play に登録</h1>');
    expect(html).toContain('<button type="submit">アカウントを作成</button>');
    // The checkbox's text with its links to the versions it records, in Japanese.
    expect(html.replace(/<[^>]+>/g, '')).toMatch(/利用規約（バージョン [\w.]+）とプライバシーポリシー（バージョン [\w.]+）に同意します。/);
    expect(html).toMatch(/href="\/ja\/terms-and-conditions\/\?version=[\w.]+"/);
  });

  it('falls back to the brand’s default language for an unknown or hostile ui_locales', async () => {
    for (const value of [null, 'xx-YY', HOSTILE]) {
      const { html } = await identityPage('solenne', value);
      expect(html, String(value)).toContain('<html lang="fr">');
      expect(html).toContain('<h1>Se connecter à Solenne</h1>');
      expect(html).not.toContain('<script>alert(1)');
    }
  });

  it('words the pay-and-play bank page in Norwegian on Nordvik, with Intl amounts in its errors', async () => {
    const page = await fetch(`${app.url}/platform/sandbox/trustly/?brand=nordvik&locale=no`);
    const html = await page.text();
    expect(html).toContain('<html lang="nb-NO">');
    expect(html).toContain('<h1>Logg inn på Nordvik med Trustly</h1>');
    expect(html).toContain('<legend>Identifiser deg med banken din</legend>');
    expect(html).toContain('>Bekreft med Trustly</button>');
    expect(html).toContain('value="no"');
    const refused = await fetch(`${app.url}/platform/sandbox/trustly/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ brand: 'nordvik', locale: 'no', person: 'new', amount: '12,345' }).toString(),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Skriv beløpet med sifre og maks 2 desimaler, for eksempel 50,00.');
    // A hostile locale is not echoed: the brand's default locale is used instead.
    const hostile = await (await fetch(`${app.url}/platform/sandbox/trustly/?brand=nordvik&locale=${encodeURIComponent(HOSTILE)}`)).text();
    expect(hostile).toContain('<html lang="nb-NO">');
    expect(hostile).not.toContain('<script>alert(1)');
  });

  it('words the cashier’s provider page in French on Solenne, amounts formatted for fr', async () => {
    const signIn = await fetch(`${app.url}/platform/sandbox/trustly/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ brand: 'solenne', locale: 'fr', person: 'new' }).toString(),
    });
    const accessToken = new URL(signIn.headers.get('location') as string).searchParams.get('accessToken') as string;
    const started = await app.gql(
      'mutation ($input: InitiateDepositInput!) { initiateDeposit(input: $input) { redirectUrl } }',
      { input: { amount: '1234.50', currency: 'EUR', provider: 'TRUSTLY', idempotencyKey: randomUUID(), returnUrl: 'http://solenne.localhost:4321/fr/' } },
      { ...bearer(accessToken), 'x-brand': 'solenne' },
    );
    const redirectUrl = started.data.initiateDeposit.redirectUrl as string;
    // As a tester sees it (the sandbox key shows the notification options too).
    const html = await (await fetch(new URL(`${redirectUrl}&locale=fr`, app.url), { headers: SANDBOX_KEY })).text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<h1>Payer avec Trustly</h1>');
    expect(html).toContain('>Confirmer le paiement de 1\u202f234,50\u00a0€</button>');
    expect(html).toContain('<option value="ONCE">Une fois, dans l’ordre (normal)</option>');
    expect(html).toContain('<input type="hidden" name="locale" value="fr">');
  });

  it('words a demo game in the launch locale (ja on Kororā Play) and hands its script the texts as JSON', async () => {
    const { rows } = await app.platform.db.query<{ slug: string }>(
      `select slug from games where 'slots' = any(categories) and play_for_fun and not is_live_casino and restricted_licences = '{}' and restricted_countries = '{}' order by idx limit 1`,
    );
    const launched = await app.gql(
      'mutation ($slug: String!) { launchGame(slug: $slug, mode: FUN, currency: "USD", lobbyOrigin: "http://kororaa.localhost:4321", locale: "ja") { url } }',
      { slug: rows[0]?.slug },
      { 'x-brand': 'kororaa' },
    );
    const html = await (await fetch(launched.data.launchGame.url)).text();
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('<button type="submit" id="play" disabled>スピン</button>');
    expect(html).toContain('<summary>配当表</summary>');
    expect(html).toContain('無料プレイ');
    const config = JSON.parse(/<script type="application\/json" id="game-config">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as { languageTag: string; texts: Record<string, string> };
    expect(config.languageTag).toBe('ja');
    expect(config.texts.noWin).toBe('今回は当たりなし。');
    const unknown = await (await fetch(`${app.url}/games/play/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA?locale=et_EE`)).text();
    expect(unknown).toContain('<html lang="et-EE">');
    expect(unknown).toContain('<h1>Mängu ei leitud</h1>');
  });

  it('words the sportsbook in Norwegian on Nordvik and falls back from a hostile locale', async () => {
    const html = await (await fetch(`${app.url}/sportsbook/?brand=nordvik&locale=no&sport=football`)).text();
    expect(html).toContain('<html lang="nb-NO">');
    expect(html).toContain('<h2 id="slip-heading">Kupong</h2>');
    expect(html).toContain('>Logg inn for å spille</button>');
    expect(html).toContain('Alle idretter');
    expect(html).toMatch(/aria-label="[^"]+, Kampresultat, [^"]+, odds \d+,\d{2}"/);
    expect(html).toMatch(/<span class="price">\d+,\d{2}<\/span>/);
    const config = JSON.parse(/<script type="application\/json" id="sportsbook-config">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as { languageTag: string; texts: Record<string, string> };
    expect(config).toMatchObject({ languageTag: 'nb-NO', texts: { remove: 'Fjern' } });
    const hostile = await (await fetch(`${app.url}/sportsbook/?brand=nordvik&locale=${encodeURIComponent(HOSTILE)}`)).text();
    expect(hostile).toContain('<html lang="nb-NO">');
    expect(hostile).not.toContain('<script>alert(1)');
  });
});
