/**
 * The one placeholder filler: `{name}` in a translated text becomes its value; unknown names stay as
 * written. Used by the server's translate() and by islands filling texts the server already
 * translated (without shipping the message table to the browser).
 */

/** Replaces `{name}` placeholders; unknown names stay as written. */
export function fillText(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}
