/**
 * Server feature toggles added by a tester for one browser session (spec section 4: "feature flags
 * come from the server (enabledFeatures) and can be added through a test-only session value"): the
 * `testFeatures` session cookie lists toggles (names from SERVER_FEATURES) that this browser's pages
 * treat as enabled on top of the brand's. Test-only: honoured only where ATRIUM_TEST_FEATURES=1,
 * which `npm start` sets when it runs the embedded platform's sandbox; an operator's production
 * lobby leaves it unset, so the cookie does nothing there. Testers set it on /internal/flags/.
 */
import { SERVER_FEATURES, type ServerFeature } from '../../../shared/brand-schema.ts';
import { sandboxMode } from '../../config.server.ts';

/** The session cookie holding the added toggles (comma-separated). */
export const TEST_FEATURES_COOKIE = 'testFeatures';

/** Whether this lobby honours test toggles (ATRIUM_TEST_FEATURES=1, in the sandbox only). */
export function testFeaturesAllowed(): boolean {
  return sandboxMode() && process.env.ATRIUM_TEST_FEATURES === '1';
}

/** The known toggles a cookie value names, each once, in the spec's order; nothing when not allowed. */
export function testFeatures(value: string | undefined, allowed = testFeaturesAllowed()): ServerFeature[] {
  if (!allowed || !value) return [];
  const named = new Set(value.split(',').map((name) => name.trim()));
  return SERVER_FEATURES.filter((feature) => named.has(feature));
}
