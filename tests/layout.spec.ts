/**
 * Every brand in every one of its locales fits a 390×844 phone (issue 27: solenne's /fr/ was 438 px
 * wide, its S'INSCRIRE button and the consent prompt past the screen's edge): the lobby with the
 * consent prompt showing, the games page and the login page are no wider than the screen. The
 * lobby's later blocks (they arrive after the first paint, seconds on a loaded host) are left out:
 * the lobby's one track keeps any block to the screen's width (_lobby.scss), and the live sports
 * cards have their own test (sports.spec.ts). A phone widens its layout viewport to fit a page too wide (and a fixed prompt
 * with it), so the measure is the screen's width, not the window's. One context per brand, one
 * page per locale, the three pages one after the other in it.
 */
import { expect, test } from './support/test.ts';
import { loadBrands } from '../src/brands/load.server.ts';
import { horizontalOverflow } from './support/layout.ts';
import { brandOrigin } from './support/urls.ts';

const PHONE = { width: 390, height: 844 };

test.use({ consentAnswered: false });

for (const brand of loadBrands()) {
  test(`${brand.id} fits a ${PHONE.width} px phone in ${brand.locales.join(', ')}: lobby with the consent prompt, games, login`, async ({ browser }) => {
    // Three pages a locale, each a few seconds on CI's loaded host.
    test.setTimeout(brand.locales.length * 15_000);
    // A visitor the prompt asks: from the brand's country, unless the brand accepts for it (kororaa, New Zealand).
    const { defaultCountry, automaticAcceptedCookiesCountries } = brand.settings;
    const country = automaticAcceptedCookiesCountries.includes(defaultCountry) ? 'IN' : defaultCountry;
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, extraHTTPHeaders: { 'x-debug-country': country } });
    const problems: string[] = [];
    for (const locale of brand.locales) {
      const page = await context.newPage();
      for (const path of ['/', '/games/', '/login/']) {
        const url = `${brandOrigin(brand.id)}/${locale}${path}`;
        // Measured once the fonts are in (they set the labels' widths); pictures have their boxes from the start.
        const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
        expect(response?.status(), url).toBe(200);
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        if (path === '/') await expect(page.getByTestId('consent-prompt'), `the consent prompt on ${url}`).toBeVisible();
        for (const problem of await horizontalOverflow(page, PHONE.width)) problems.push(`${url}: ${problem}`);
      }
      await page.close();
    }
    await context.close();
    expect(problems, 'pages wider than the phone').toEqual([]);
  });
}
