/**
 * What an error report may not carry (spec section 8, issue 18): tokens, cookies and personal data.
 * The lobby's error-reporting client scrubs every event before it leaves the browser, and the
 * platform's sandbox collector scrubs what it stores again, with this one function: whatever an
 * operator later reads in a report has been through it at least once.
 *
 * Removed: the request's cookies and headers other than the user agent and referrer (scrubbed), the
 * user block, and the values of token-shaped query parameters; replaced inside every string: JWTs,
 * bearer tokens, e-mail addresses and phone numbers.
 */

/** What a removed value is replaced with. */
export const FILTERED = '[Filtered]';

/** Query parameters whose values are secrets: tokens, the OIDC code and state, sessions. */
const SECRET_PARAMS = /^(access_?token|refresh_?token|id_?token|keycloak_?access_?token|token|code|state|session_?state|sid|key|password|otp|sentry_key)$/i;
/** Whether a query parameter's value is a secret (a token, the OIDC code or state, a session): never carried along or reported. */
export function isSecretParam(name: string): boolean {
  return SECRET_PARAMS.test(name);
}
/** A JSON Web Token (three base64url parts, the first a JSON header). Bounded, so a hostile text cannot make it slow. */
const JWT = /\beyJ[\w-]{5,4000}\.[\w-]{5,8000}\.[\w-]{5,4000}/g;
/** A bearer credential in a header-like text. */
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]{8,8000}/gi;
/** An e-mail address (parts bounded as RFC 5321 bounds them, so no input makes it slow). */
const EMAIL = /[\w.%+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}/g;
/** A phone number: a + and 7 to 15 digits, spaces or dashes allowed between them. */
const PHONE = /\+\d(?:[\s-]?\d){6,14}\b/g;
/** A long run of digits (an account, card or personal code). */
const LONG_DIGITS = /\b\d{9,}\b/g;
/** Keys whose values are dropped wherever they appear: any name holding one of these words, and a bare `code` or `otp`. */
const SECRET_KEYS = /(cookie|authorization|sandbox_?key|password|token|secret|jwt|email|phone|ssn|personal_?code|ip_?address|session_?id)|^(code|otp|sid)$/i;
/** The longest text kept from one string: the rest is cut before scrubbing (reports stay small, scrubbing stays fast). */
export const MAX_SCRUBBED_TEXT = 8192;

/** A URL (absolute or a path) with the values of its secret parameters and fragment filtered. */
export function scrubUrl(input: string): string {
  const value = input.slice(0, MAX_SCRUBBED_TEXT);
  const hashAt = value.indexOf('#');
  const withoutHash = hashAt >= 0 ? value.slice(0, hashAt) : value;
  const queryAt = withoutHash.indexOf('?');
  const base = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const query = queryAt >= 0 ? withoutHash.slice(queryAt + 1) : '';
  const parts = query
    ? query.split('&').map((pair) => {
        const name = pair.split('=')[0] ?? '';
        let decoded = name;
        try {
          decoded = decodeURIComponent(name);
        } catch {
          // A malformed name is kept as it is and judged by its raw text.
        }
        return isSecretParam(decoded) && pair.includes('=') ? `${name}=${FILTERED}` : scrubText(pair);
      })
    : [];
  // A fragment carries OIDC answers (tokens, codes) in implicit flows: never kept.
  return `${scrubText(base)}${parts.length ? `?${parts.join('&')}` : ''}${hashAt >= 0 ? `#${FILTERED}` : ''}`;
}

/** A text with tokens, e-mail addresses and phone numbers replaced. */
export function scrubText(value: string): string {
  return value
    .slice(0, MAX_SCRUBBED_TEXT)
    .replace(JWT, FILTERED)
    .replace(BEARER, `$1 ${FILTERED}`)
    .replace(EMAIL, '[email]')
    .replace(PHONE, '[phone]')
    .replace(LONG_DIGITS, '[number]');
}

/** A deep copy of any JSON value with secret keys dropped and every string scrubbed (URLs as URLs). */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (depth > 12) return FILTERED;
  if (typeof value === 'string') return /^(https?:\/\/|\/)[^\s]*$/.test(value) ? scrubUrl(value) : scrubText(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (SECRET_KEYS.test(key)) continue;
      copy[key] = scrubValue(item, depth + 1);
    }
    return copy;
  }
  return value;
}

/** The parts of an error event this module knows about (a Sentry event, as the protocol names them). */
export interface ScrubbableEvent {
  user?: unknown;
  request?: { url?: string; headers?: Record<string, string>; cookies?: unknown; query_string?: unknown; data?: unknown; [key: string]: unknown };
  [key: string]: unknown;
}

/**
 * An error event fit to leave the browser or be stored: no user, no cookies, only the user agent and
 * (scrubbed) referrer of the headers, no query string of its own, and every other string scrubbed.
 */
export function scrubEvent<E extends object>(event: E): E {
  const { user: _user, request, ...rest } = event as ScrubbableEvent;
  const copy = scrubValue(rest) as E;
  if (request) {
    const headers: Record<string, string> = {};
    const agent = request.headers?.['User-Agent'] ?? request.headers?.['user-agent'];
    const referrer = request.headers?.Referer ?? request.headers?.referer;
    if (agent) headers['User-Agent'] = agent;
    if (referrer) headers.Referer = scrubUrl(referrer);
    (copy as ScrubbableEvent).request = { ...(request.url ? { url: scrubUrl(request.url) } : {}), headers };
  }
  return copy;
}
