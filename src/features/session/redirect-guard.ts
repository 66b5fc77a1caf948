/**
 * The redirect guard: every redirect target taken from a URL (return paths, post-login and
 * post-logout redirects) must stay on the brand's own origin. A target is accepted only when it
 * resolves to the same scheme, host and port as the page, so `//evil.example`, `/\evil.example`,
 * `https://brand.example.evil.example`, `javascript:` and `data:` URLs, encoded or with control
 * characters, are all refused and the caller falls back to a safe page.
 */

/** Longest target accepted; longer values are refused rather than parsed. */
const MAX_TARGET_LENGTH = 2000;

/**
 * Returns the same-origin path (path, query and hash) a target points at, or null when it would
 * leave `origin` (such as "http://aurelia.localhost:4321") or is not a plain http(s) URL.
 */
export function safeRedirectPath(target: string | null | undefined, origin: string): string | null {
  if (!target || target.length > MAX_TARGET_LENGTH) return null;
  // Browsers drop tabs and newlines inside URLs and treat backslashes as slashes: refuse them
  // outright instead of guessing how a browser would read the result.
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return null;
  const trimmed = target.trim();
  if (trimmed !== target) return null;
  let base: URL;
  let resolved: URL;
  try {
    base = new URL(origin);
    resolved = new URL(target, `${base.origin}/`);
  } catch {
    return null;
  }
  if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') return null;
  if (resolved.origin !== base.origin || resolved.username || resolved.password) return null;
  // Only relative paths ("/en/games/") or absolute URLs of the same origin are meant; a scheme-less
  // "//host" resolves to another origin above and a "http:/path" trick resolves here: require the
  // target to start with "/" (not "//") or with the origin itself.
  if (!(target.startsWith('/') && !target.startsWith('//')) && !target.startsWith(`${base.origin}/`)) return null;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** The guarded target, or the fallback path when the target is missing or leaves the origin. */
export function redirectTargetOr(target: string | null | undefined, origin: string, fallback: string): string {
  return safeRedirectPath(target, origin) ?? fallback;
}
