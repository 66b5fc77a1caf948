/**
 * Where the lobby finds its platform. In production an operator sets these to their own services
 * and the embedded platform is not started; by default they point at the embedded platform.
 */

/**
 * Whether this lobby runs in the sandbox: PLATFORM_ENABLE_SANDBOX_ADMIN=1, the one switch that says
 * sandbox or production for the platform and the lobby (`npm start` sets it: on for the embedded
 * demo unless it is 0, off for an operator's platform unless it is 1). Only in the sandbox do the
 * tester pages (/internal/…) exist and the platform's stand-in chat, tags and error collector serve
 * as defaults; in production they are an operator's own services or nothing.
 */
export function sandboxMode(): boolean {
  return process.env.PLATFORM_ENABLE_SANDBOX_ADMIN === '1';
}

/** The settings that name a sandbox stand-in (for `npm start` to refuse in production), each as "NAME=value". */
export function productionStandIns(env: NodeJS.ProcessEnv): string[] {
  return [
    env.ERROR_REPORTING_DSN?.trim() === 'sandbox' ? 'ERROR_REPORTING_DSN=sandbox' : '',
    env.ANALYTICS_TAGS?.trim() === 'sandbox' ? 'ANALYTICS_TAGS=sandbox' : '',
    env.LIVE_CHAT_SCRIPT_URL?.trim() === SANDBOX_LIVE_CHAT_SCRIPT ? `LIVE_CHAT_SCRIPT_URL=${SANDBOX_LIVE_CHAT_SCRIPT}` : '',
  ].filter(Boolean);
}

/** Base URL of the platform (GraphQL, media and identity paths are proxied to it). */
export function platformUrl(): string {
  return (process.env.PLATFORM_URL ?? 'http://127.0.0.1:4322').replace(/\/$/, '');
}

/**
 * Where the browser reports errors (a Sentry-protocol DSN): `sandbox` (the sandbox's default) is the
 * embedded platform's collector on the lobby's own origin, `off` (production's default) reports
 * nothing, anything else is an operator's DSN (its origin is added to the pages' connect-src).
 */
export function errorReportingDsn(): string {
  return process.env.ERROR_REPORTING_DSN?.trim() || (sandboxMode() ? 'sandbox' : 'off');
}

/**
 * The live-chat provider's script (a messaging widget with the `zE` command API): an operator's
 * provider through LIVE_CHAT_SCRIPT_URL (its origin is added to the pages' script-src), else the
 * embedded platform's sandbox widget in the sandbox, else none (production shows no chat button).
 */
export function liveChatScriptUrl(): string | null {
  return process.env.LIVE_CHAT_SCRIPT_URL?.trim() || (sandboxMode() ? SANDBOX_LIVE_CHAT_SCRIPT : null);
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

/**
 * The jackpot service as the browser reaches it (JACKPOT_SERVICE_URL): by default the embedded
 * platform's, same-origin through the lobby's proxy (`/jackpot-service`); an operator with their own
 * service sets its https URL (its origin must then be in the pages' connect-src).
 */
export function jackpotServiceUrl(): string {
  return (process.env.JACKPOT_SERVICE_URL?.trim() || '/jackpot-service').replace(/\/$/, '');
}

/** The jackpot service as server renders reach it: JACKPOT_SERVICE_URL when absolute, else the platform's `/jackpot-service`. */
export function jackpotServiceServerUrl(): string {
  const configured = jackpotServiceUrl();
  return /^https?:\/\//.test(configured) ? configured : `${platformUrl()}${configured}`;
}
