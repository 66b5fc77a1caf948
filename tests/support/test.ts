/**
 * The `test` every end-to-end spec imports: Playwright's, plus automatic checks that no page (or
 * frame) of the test hit a Content-Security-Policy violation or a React hydration mismatch. A
 * violation means the lobby ships something its own policy blocks (an inline script without a
 * hash, a frame from an origin the policy does not list); a mismatch means an island's first
 * render differed from the server's HTML, so React threw that HTML away and rendered again (a
 * flash and a layout shift for the player). Both are bugs even when the page still seems to work.
 */
import { test as base, expect, type Browser, type BrowserContext, type ConsoleMessage } from '@playwright/test';
import { SANDBOX_KEY_HEADERS } from './sandbox.ts';
import { CONSENT_POLICY_VERSION } from '../../src/features/consent/consent.ts';
import { brandOrigin, LOOPBACK } from './urls.ts';

/** The brands the repository ships (brands/), whose hosts the suite's visitors answered consent on. */
const DEMO_BRANDS = ['aurelia', 'kororaa', 'mapleridge', 'nordvik', 'solenne', 'vantor'];

export { expect };
export type { APIRequestContext, BrowserContext, Locator, Page, Request, WebSocketRoute } from '@playwright/test';

/** The binding pages call with each violation the browser reports. */
const BINDING = '__atriumCspViolation';

/** React's production messages for a server render the client could not hydrate as it was. */
const HYDRATION_MISMATCH = /Minified React error #(418|423|425)\b|hydrat(ion|ed) .*(mismatch|failed|did not match)/i;

/** Installs the violation recorder in every page and frame of a context (current and future). */
async function recordViolations(context: BrowserContext, violations: string[], mismatches: string[]): Promise<void> {
  await context.exposeBinding(BINDING, ({ frame }, text: string) => {
    violations.push(`${text} (on ${frame.url()})`);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const call = (window as unknown as Record<string, ((text: string) => void) | undefined>)[binding];
      call?.(`${event.effectiveDirective} blocked ${event.blockedURI || 'an inline resource'} (${event.sourceFile || 'document'}:${event.lineNumber})`);
    });
  }, BINDING);
  // The console also reports violations the event cannot reach (for example before the listener runs).
  const onConsole = (message: ConsoleMessage) => {
    const text = message.text();
    if (message.type() === 'error' && /Content Security Policy/i.test(text)) violations.push(text);
    if (message.type() === 'error' && HYDRATION_MISMATCH.test(text)) mismatches.push(`${text} (on ${message.page()?.url() ?? 'a page'})`);
  };
  context.on('console', onConsole);
  // React reports a mismatch it recovered from as an uncaught error (window.reportError).
  context.on('weberror', (error) => {
    const text = `${error.error().message}`;
    if (HYDRATION_MISMATCH.test(text)) mismatches.push(`${text} (on ${error.page()?.url() ?? 'a page'})`);
  });
}

/** The consent answer most tests start with ("only necessary", as if the visitor had answered before). */
export const ANSWERED_CONSENT = `necessary,policy:${CONSENT_POLICY_VERSION}`;

/**
 * Installs the answer in every page of a context before its scripts run, unless the page already
 * has one: the consent prompt (fixed at the bottom of the screen) then stays away from the content
 * a test clicks. A test that wants the prompt on screen sets `consentAnswered: false` (the consent,
 * JavaScript-budget and main-thread specs measure with it).
 */
async function answerConsent(context: BrowserContext): Promise<void> {
  // The demo brands' hosts hold the answer from the start, so the server renders their pages as
  // answered too (an unanswered page carries the prompt in its HTML); the script covers any other host.
  await context.addCookies([...DEMO_BRANDS.map((brand) => brandOrigin(brand)), LOOPBACK].map((url) => ({ name: 'consent', value: encodeURIComponent(ANSWERED_CONSENT), url })));
  await context.addInitScript((value: string) => {
    if (!/(?:^|;\s*)consent=/.test(document.cookie)) document.cookie = `consent=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }, ANSWERED_CONSENT);
}

/** Playwright's test with the CSP-violation and hydration checks on every context the test opens. */
export const test = base.extend<{ cspViolations: string[]; consentAnswered: boolean; consentSetup: void }>({
  consentAnswered: [true, { option: true }],
  consentSetup: [
    async ({ context, consentAnswered }, use) => {
      if (consentAnswered) await answerConsent(context);
      await use();
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context, browser, consentAnswered }, use) => {
      const violations: string[] = [];
      const mismatches: string[] = [];
      await recordViolations(context, violations, mismatches);
      // Contexts a test opens itself (a second player, a second tab group) are checked the same way,
      // and play the tester too: their own extra headers come on top of the sandbox key.
      const newContext = browser.newContext.bind(browser);
      const patched: Browser['newContext'] = async (options) => {
        const created = await newContext({ ...options, extraHTTPHeaders: { ...SANDBOX_KEY_HEADERS, ...options?.extraHTTPHeaders } });
        await recordViolations(created, violations, mismatches);
        if (consentAnswered) await answerConsent(created);
        return created;
      };
      browser.newContext = patched;
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
      expect(mismatches, 'React hydration mismatches').toEqual([]);
    },
    { auto: true },
  ],
});
