/**
 * The registration pages in the lobby's registration frame (the `landing_registration` flag's
 * `iframe`, lobby/RegistrationEntry.astro): `?embedded=1` draws the page without the site's header,
 * footer and chat, and the SMS steps carry it along. Finishing a sign-in leaves the frame.
 */

/** The query parameter of an embedded registration page. */
export const EMBEDDED_PARAM = 'embedded';

/** The routes that can be embedded: the SMS sign-up's steps. */
export const EMBEDDABLE_ROUTES: ReadonlySet<string> = new Set(['register', 'enter-code', 'resend-code']);

/** Whether a request is for an embedded registration page. */
export function isEmbedded(routeId: string | undefined, url: URL): boolean {
  return routeId !== undefined && EMBEDDABLE_ROUTES.has(routeId) && url.searchParams.get(EMBEDDED_PARAM) === '1';
}
