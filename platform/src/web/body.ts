/** Request bodies for the platform's HTTP routes: read whole, with a size ceiling per route. */
import type { IncomingMessage } from 'node:http';

/** A body over its route's ceiling: answered 413 wherever it surfaces (see http-routes.ts). */
export class BodyTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`The request body is larger than ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
  }
}

/**
 * Reads a request body whole. Past `maxBytes` it keeps nothing more and rejects with the route's own
 * error (`tooLarge`, a BodyTooLargeError by default), so a huge body never sits in memory; the route
 * answers 413 with `connection: close`, which ends the upload.
 */
export function readBodyBytes(req: IncomingMessage, maxBytes: number, tooLarge: () => Error = () => new BodyTooLargeError(maxBytes)): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > maxBytes) {
        refused = true;
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!refused) resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

/** Reads a request body as UTF-8 text, under the same ceiling as readBodyBytes. */
export async function readBodyText(req: IncomingMessage, maxBytes: number, tooLarge: () => Error = () => new BodyTooLargeError(maxBytes)): Promise<string> {
  return (await readBodyBytes(req, maxBytes, tooLarge)).toString('utf8');
}
