/**
 * Request-size ceilings both sides agree on: the lobby refuses a larger body before forwarding it to
 * the platform, and the platform refuses it again for whoever reaches it directly. Each answers 413.
 */

/** The largest request body any platform route accepts (a GraphQL request; forms accept less). */
export const MAX_REQUEST_BODY_BYTES = 1_000_000;
