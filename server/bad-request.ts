/**
 * Requests the lobby refuses before Astro sees them, because Astro's Node adapter cannot: a Host
 * with credentials (`a@b`) makes it throw while building the Request (a 500), and a path with a
 * broken percent-escape gets its bare "Bad request." text. Each answer says what was wrong.
 */
import type http from 'node:http';
import { parseHostHeader } from '../src/brands/site.ts';

/** What a client should send instead, shown with every Host refusal. */
const HOST_HINT = "send the site's host name, such as aurelia.example or localhost:4321";

/** A value quoted for a message: at most 100 characters, control characters escaped. */
function quoted(value: string): string {
  return JSON.stringify(value.slice(0, 100));
}

/** Why the Host header is unusable, or null when it names a host (and optionally a port). */
export function malformedHost(header: string | undefined): string | null {
  if (header === undefined) return `the request has no Host header; ${HOST_HINT}`;
  if (parseHostHeader(header)) return null;
  const value = header.trim();
  if (!value) return `the Host header is empty; ${HOST_HINT}`;
  const problem = value.includes('@')
    ? 'carries credentials (user@host), which a Host never does'
    : /\s/.test(value)
      ? 'contains a space'
      : /[/?#\\]/.test(value)
        ? 'contains a path or query character (/ ? # \\)'
        : badPort(value) ?? 'is not a host name or a bracketed IPv6 address';
  return `the Host header ${quoted(value)} ${problem}; ${HOST_HINT}`;
}

/** The complaint about a host's port, when the port is what is wrong. */
function badPort(value: string): string | null {
  const match = /^(?<host>\[[^\]]*\]|[^:]*):(?<port>.*)$/.exec(value);
  if (!match?.groups) return null;
  const { host, port } = match.groups as { host: string; port: string };
  if (!parseHostHeader(host)) return null;
  return `has the port ${quoted(port)}, which is not a number from 0 to 65535`;
}

/** Why a request path cannot be read, or null: every % must start an escape of UTF-8 text. */
export function malformedPath(url: string): string | null {
  const pathname = url.split('?')[0] ?? '';
  try {
    decodeURI(pathname);
    return null;
  } catch {
    return 'a percent sign must be followed by two hexadecimal digits, and the escapes must spell UTF-8 text';
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A self-contained 400 page in the style of the lobby's host error pages
 * (src/features/errors/host-errors.ts): no brand's theme, no script, nothing loaded from elsewhere.
 */
export function sendBadRequestPage(res: http.ServerResponse, message: string, advice: string): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Bad request</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f4f4f5;color:#18181b}main{max-width:36rem;padding:2rem}h1{font-size:1.5rem}code{background:#e4e4e7;padding:0 .25rem;border-radius:4px;overflow-wrap:anywhere}</style></head><body><main><h1>Bad request</h1><p>${message}</p><p>${advice}</p></main></body></html>`;
  res.writeHead(400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

/** The 400 page for a path with a broken percent-escape, naming the path and the rule it broke. */
export function sendMalformedPathPage(res: http.ServerResponse, url: string, problem: string): void {
  const pathname = url.split('?')[0] ?? '';
  sendBadRequestPage(
    res,
    `The address <code>${escapeHtml(pathname.slice(0, 200))}</code> is malformed: ${escapeHtml(problem)}.`,
    'Check the link you followed, or start again from the <a href="/">home page</a>.',
  );
}

/** The 400 page for a malformed Host header, saying what was wrong with it. */
export function sendMalformedHostPage(res: http.ServerResponse, problem: string): void {
  const sentence = `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`;
  sendBadRequestPage(res, escapeHtml(sentence), 'Browsers always send a valid one: a client or proxy that sent this needs fixing.');
}
