/**
 * Where the lobby finds its platform. In production an operator sets these to their own services
 * and the embedded platform is not started; by default they point at the embedded platform.
 */

/** Base URL of the platform (GraphQL, media and identity paths are proxied to it). */
export function platformUrl(): string {
  return (process.env.PLATFORM_URL ?? 'http://127.0.0.1:4322').replace(/\/$/, '');
}

/**
 * Where the browser reports errors (a Sentry-protocol DSN): `sandbox` (the default) is the embedded
 * platform's collector on the lobby's own origin, `off` reports nothing, anything else is an
 * operator's DSN (its origin is added to the pages' connect-src).
 */
export function errorReportingDsn(): string {
  return process.env.ERROR_REPORTING_DSN?.trim() || 'sandbox';
}

/**
 * The live-chat provider's script (a messaging widget with the `zE` command API): the embedded
 * platform's sandbox widget by default, an operator's provider through LIVE_CHAT_SCRIPT_URL (its
 * origin is added to the pages' script-src).
 */
export function liveChatScriptUrl(): string {
  return process.env.LIVE_CHAT_SCRIPT_URL?.trim() || SANDBOX_LIVE_CHAT_SCRIPT;
}

/** The id of the chat script's element (LIVE_CHAT_SCRIPT_ID; Zendesk's snippet, for one, looks for `ze-snippet`). */
export function liveChatScriptId(): string {
  const id = process.env.LIVE_CHAT_SCRIPT_ID?.trim();
  return id && /^[A-Za-z][\w-]{0,63}$/.test(id) ? id : 'atrium-live-chat-script';
}

/** The embedded platform's sandbox chat widget. */
export const SANDBOX_LIVE_CHAT_SCRIPT = '/platform/live-chat/widget.js';

/** The GraphQL endpoint server renders query (defaults to `${PLATFORM_URL}/graphql`). */
export function platformGraphqlUrl(): string {
  return process.env.PLATFORM_GRAPHQL_URL ?? `${platformUrl()}/graphql`;
}
