/**
 * Filling `{name}` placeholders in texts the server already translated, in islands, without
 * shipping the whole message table to the browser.
 */

/** Replaces `{name}` placeholders; unknown names stay as written. */
export function fillText(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}
