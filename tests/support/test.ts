/**
 * The `test` every end-to-end spec imports: Playwright's, plus an automatic check that no page (or
 * frame) of the test hit a Content-Security-Policy violation. A violation means the lobby ships
 * something its own policy blocks (an inline script without a hash, a frame from an origin the
 * policy does not list), which is a bug in production even when the page still seems to work.
 */
import { test as base, expect, type Browser, type BrowserContext, type ConsoleMessage } from '@playwright/test';

export { expect };
export type { APIRequestContext, BrowserContext, Locator, Page, Request, WebSocketRoute } from '@playwright/test';

/** The binding pages call with each violation the browser reports. */
const BINDING = '__atriumCspViolation';

/** Installs the violation recorder in every page and frame of a context (current and future). */
async function recordViolations(context: BrowserContext, violations: string[]): Promise<void> {
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
  };
  context.on('console', onConsole);
}

/** Playwright's test with the CSP-violation check on every context the test opens. */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      await recordViolations(context, violations);
      // Contexts a test opens itself (a second player, a second tab group) are checked the same way.
      const newContext = browser.newContext.bind(browser);
      const patched: Browser['newContext'] = async (options) => {
        const created = await newContext(options);
        await recordViolations(created, violations);
        return created;
      };
      browser.newContext = patched;
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
