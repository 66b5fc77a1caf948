/**
 * Pure helpers of the content editor's rich-text field (RichTextField.tsx). The lobby's sanitiser
 * (src/features/lobby/sanitize.server.ts) stays the judge of what renders; these only keep the editor
 * from producing what it would drop: a link goes to https:, mailto: or a lobby path starting with '/'.
 */

/** A lobby path as the sanitiser keeps it (no protocol-relative '//', no spaces), with an optional query or fragment. */
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9._~/-]*\/?(?:[?#]\S*)?$/;

/** Whether an address may be a link in content: https: with a host, mailto: with an address, or a site path. */
export function isAllowedLinkHref(href: string): boolean {
  const value = href.trim();
  if (value !== href || value === '') return false;
  if (SITE_PATH.test(value)) return true;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(value)) return true;
  if (!/^https:\/\/[^\s/]/i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The field's value for the editor's HTML: an empty document is no value (as an emptied textarea was). */
export function storedHtml(html: string, empty: boolean): string | undefined {
  return empty || html === '' || html === '<p></p>' ? undefined : html;
}
