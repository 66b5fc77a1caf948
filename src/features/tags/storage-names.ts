/** What the analytics events keep in the browser (analytics.ts), named once for them and for consent/revocations.ts. */

/** The visit's UTM values (session storage), with analytics consent. */
export const UTM_STORAGE_KEY = 'atrium:utm';
/** The affiliate cookie (spec section 3): 7 days, with marketing consent. */
export const AFFILIATE_COOKIE = 'aff';
/** The browser's analytics id cookie, with analytics consent. */
export const INTERNAL_TRACKING_COOKIE = 'internalTrackingId';
/** The Google tag's client id cookie. */
export const GOOGLE_CLIENT_ID_COOKIE = '_ga';
/** Where a finished sign-in notes its method for the next page's `login` event (session storage, sign-in-event.ts). */
export const SIGNED_IN_WITH_KEY = 'atrium:signed-in-with';
