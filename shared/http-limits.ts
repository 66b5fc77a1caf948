/**
 * Request-size ceilings both sides agree on: the lobby refuses a larger body before forwarding it to
 * the platform, and the platform refuses it again for whoever reaches it directly. Each answers 413.
 */

/** The largest request body any platform route accepts (a GraphQL request; forms accept less). */
export const MAX_REQUEST_BODY_BYTES = 1_000_000;

/** Where the player uploads a document (KYC, source of wealth): the one route allowed a larger body. */
export const DOCUMENT_UPLOAD_PATH = '/platform/documents';

/** The largest document a player may upload: a phone photo of a passport or a scanned statement. */
export const MAX_DOCUMENT_BYTES = 5_000_000;

/** The body ceiling of a request path: the document upload's, or the one every other route shares. */
export function bodyLimitFor(url: string): number {
  const path = url.split('?')[0] ?? '';
  return path === DOCUMENT_UPLOAD_PATH ? MAX_DOCUMENT_BYTES : MAX_REQUEST_BODY_BYTES;
}
