/** What the lobby's own calls to the platform on a browser's behalf share: the forwarded headers and a bounded body read. */
import type http from 'node:http';

/** The headers of a call the lobby makes to the platform on the browser's behalf. */
export function platformHeaders(req: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const name of ['x-brand', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-locale', 'user-agent', 'accept-language']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** Reads a request's body as text, up to `limit` bytes (null past it). */
export async function readBody(stream: AsyncIterable<Buffer | string>, limit: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > limit) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
