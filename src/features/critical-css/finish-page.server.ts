/**
 * The last step of every rendered HTML page, before the render cache and compression: the page's
 * stylesheets become its critical CSS (critical-css.server.ts), and its Content-Security-Policy
 * lists only the inline scripts the page carries (csp.ts). Anything but HTML passes untouched.
 */
import { withPageScriptHashes } from '../security/csp.ts';
import { inlineCriticalCss } from './critical-css.server.ts';

export async function finishPage(response: Response): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html') || !response.body) return response;
  const html = inlineCriticalCss(await response.text());
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const policy = headers.get('content-security-policy');
  if (policy) headers.set('content-security-policy', withPageScriptHashes(policy, html));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}
