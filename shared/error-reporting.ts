/**
 * The error-reporting contract between the lobby's client and the platform's sandbox collector:
 * where the sandbox DSN points and the key it carries (a DSN's key is public: it only names where to
 * post). An operator's own service replaces both through the lobby's ERROR_REPORTING_DSN.
 */

/** The attribute of the lobby's <html> that names the DSN (`off`, `sandbox` or an operator's DSN). */
export const ERROR_DSN_ATTRIBUTE = 'data-error-dsn';
/** The public key of the sandbox collector's DSN (letters only: a DSN's key is a word). */
export const SANDBOX_ERROR_KEY = 'atriumsandbox';
/** The path under which the collector takes envelopes (`<prefix>api/<project>/envelope/`). */
export const ERROR_REPORTS_PREFIX = '/platform/error-reports/';
/** The sandbox collector's project number in its DSN. */
export const SANDBOX_ERROR_PROJECT = '1';
/** ERROR_REPORTING_DSN's value for "the platform's sandbox collector on this lobby's origin". */
export const SANDBOX_DSN = 'sandbox';
/** Error-reporting trace sample rate (spec section 9). */
export const ERROR_TRACE_SAMPLE_RATE = 0.5;

/** The DSN a page reports to: the sandbox collector on the page's own origin, an operator's DSN, or none. */
export function resolveDsn(setting: string | null | undefined, origin: { protocol: string; host: string }): string | null {
  const value = setting?.trim();
  if (!value || value === 'off') return null;
  if (value === SANDBOX_DSN) return `${origin.protocol}//${SANDBOX_ERROR_KEY}@${origin.host}${ERROR_REPORTS_PREFIX}${SANDBOX_ERROR_PROJECT}`;
  return value;
}
