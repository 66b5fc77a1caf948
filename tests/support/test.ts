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

/** Playwright's test with the CSP-violation and hydration checks on every context the test opens. */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      const mismatches: string[] = [];
      await recordViolations(context, violations, mismatches);
      // Contexts a test opens itself (a second player, a second tab group) are checked the same way,
      // and play the tester too: their own extra headers come on top of the sandbox key.
      const newContext = browser.newContext.bind(browser);
      const patched: Browser['newContext'] = async (options) => {
        const created = await newContext({ ...options, extraHTTPHeaders: { ...SANDBOX_KEY_HEADERS, ...options?.extraHTTPHeaders } });
        await recordViolations(created, violations, mismatches);
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
