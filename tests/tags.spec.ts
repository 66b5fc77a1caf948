/**
 * Issue 18, third-party tags: the brands' trackingOptions tags (Google Tag Manager, the Google tag,
 * FullStory, Adform) run through Partytown only with their consent category, against the
 * platform's sandbox stand-ins, whose collector is the witness (read back through its JSON view
 * with the operator key). Each test marks its visit with its own utm_campaign, so the hits of
 * parallel tests never mix.
 *
 * aurelia: GTM + GA4 + FullStory (analytics); nordvik: GTM (analytics) + Adform (marketing);
 * kororaa: GA4, auto-accepted for New Zealand (the loopback's country).
 */
import { expect, test, type Page, type Request } from './support/test.ts';
import { bankSignIn, unique } from './support/player.ts';
import { brandHost, brandOrigin, LOOPBACK } from './support/urls.ts';
import { SANDBOX_KEY_HEADERS } from './support/sandbox.ts';
import { seriousViolations } from './support/axe.ts';

test.use({ consentAnswered: false });

interface Hit {
  brand: string;
  tag: 'gtm' | 'ga4' | 'ua' | 'adform' | 'fullstory';
  tagId: string;
  event: string;
  page: string | null;
  params: Record<string, string>;
}

/** The hits of one marked visit (its utm_campaign in the page address or the parameters). */
async function hitsOf(page: Page, brand: string, campaign: string): Promise<Hit[]> {
  const response = await page.request.get(`${LOOPBACK}/platform/tags/hits.json?brand=${brand}&limit=2000`, { headers: { ...brandHost(brand), ...SANDBOX_KEY_HEADERS } });
  expect(response.status()).toBe(200);
  const { hits } = (await response.json()) as { hits: Hit[] };
  return hits.filter((hit) => hit.page?.includes(campaign) || Object.values(hit.params).some((value) => String(value).includes(campaign))).reverse();
}

/** Which tag sent which event, in arrival order. */
const summary = (hits: Hit[]) => hits.map((hit) => `${hit.tag}:${hit.event}`);

/** Every request for a third-party tag, Partytown or a tag's hit, from any frame or worker of the page. */
function thirdPartyRequests(page: Page): string[] {
  const seen: string[] = [];
  const note = (request: Request) => {
    const url = request.url();
    if (url.includes('/platform/tags/') || url.includes('/~partytown/')) seen.push(url);
  };
  page.context().on('request', note);
  return seen;
}

const prompt = (page: Page) => page.getByRole('dialog', { name: 'Cookies on this site' });
const settings = (page: Page) => page.getByRole('dialog', { name: 'Cookie settings' });

async function answerWith(page: Page, choice: 'Allow all' | 'Only necessary'): Promise<void> {
  await expect(page.locator('astro-island[component-url*="ConsentHost"]')).not.toHaveAttribute('ssr');
  await prompt(page).getByRole('button', { name: choice }).click();
  await expect(prompt(page)).toBeHidden();
}

/** Saves a custom answer in the settings dialog (from the prompt's Customize, or the footer). */
async function customize(page: Page, granted: { analytics?: boolean; marketing?: boolean; preferences?: boolean }, from: 'prompt' | 'footer'): Promise<void> {
  await expect(page.locator('astro-island[component-url*="ConsentHost"]')).not.toHaveAttribute('ssr');
  if (from === 'prompt') await prompt(page).getByRole('button', { name: 'Customize' }).click();
  else await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  for (const [category, label] of [['preferences', 'Preferences'], ['analytics', 'Analytics'], ['marketing', 'Marketing']] as const) {
    const box = settings(page).getByRole('checkbox', { name: label });
    if (Boolean(granted[category]) !== (await box.isChecked())) await box.click();
  }
  await settings(page).getByRole('button', { name: 'Save' }).click();
  await expect(settings(page)).toBeHidden();
}

test('nothing third-party loads before an answer; Allow all then runs every tag in a worker and flushes the queued page view', async ({ page }) => {
  const campaign = `c${unique()}`;
  const requests = thirdPartyRequests(page);
  await page.goto(`${brandOrigin('aurelia')}/en/?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`);
  await expect(prompt(page)).toBeVisible();
  // The page view waits in the queue: no tag, no Partytown, no hit while unanswered.
  await page.waitForTimeout(1500);
  expect(requests).toEqual([]);
  expect(await page.evaluate(() => document.querySelectorAll('script[type="text/partytown"], iframe[src*="partytown"]').length)).toBe(0);

  await answerWith(page, 'Allow all');
  await expect.poll(async () => summary(await hitsOf(page, 'aurelia', campaign)), { timeout: 15_000 }).toEqual(expect.arrayContaining([
    'gtm:gtm.js', 'gtm:page_view', 'ga4:page_view', 'fullstory:page',
  ]));
  const hits = await hitsOf(page, 'aurelia', campaign);
  // The tags ran in Partytown's worker (it marks each script it ran "-x", or data-pterror), never as page scripts.
  expect(await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement>('script[data-atrium-tag]')].map((script) => `${script.getAttribute('data-atrium-tag')} ${script.type || script.getAttribute('src')}${script.dataset.pterror ? ` ${script.dataset.pterror}` : ''}`))).toEqual([
    'gtm text/partytown-x', 'gtm text/partytown-x', 'gtag text/partytown-x', 'gtag text/partytown-x', 'fullstory text/partytown-x', 'fullstory text/partytown-x', 'partytown /~partytown/partytown.js',
  ]);
  await expect(page.locator('iframe[src*="partytown-sandbox"]')).toHaveCount(1);
  const gtmView = hits.find((hit) => hit.tag === 'gtm' && hit.event === 'page_view')!;
  expect(gtmView).toMatchObject({ tagId: 'GTM-K7Q2ZP4' });
  expect(gtmView.params).toMatchObject({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: campaign, page_path: '/en/' });
  expect(gtmView.params.internal_tracking_id).toMatch(/^[0-9a-f-]{36}$/);
  const ga4 = hits.filter((hit) => hit.tag === 'ga4');
  expect(ga4[0]).toMatchObject({ tagId: 'G-7RX3M2KD9L', event: 'page_view' });
  // GA4's own page view, then the lobby's event with its parameters.
  expect(ga4.some((hit) => hit.params['ep.utm_campaign'] === campaign && hit.params['ep.internal_tracking_id'] === gtmView.params.internal_tracking_id)).toBe(true);
  expect(hits.find((hit) => hit.tag === 'fullstory')).toMatchObject({ tagId: 'o-1QW8RZ-na1', event: 'page' });
  // What the analytics consent allows the browser to keep.
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'internalTrackingId')?.value).toBe(gtmView.params.internal_tracking_id);
  expect(cookies.find((cookie) => cookie.name === '_ga')?.value).toMatch(/^GA1\.1\.\d+\.\d+$/);
});
