/** Request bodies for the platform's HTTP routes: read whole, with a size ceiling per route. */
import type { IncomingMessage } from 'node:http';

/**
 * Reads a request body as UTF-8 text. Past `maxBytes` it stops reading, drops the connection and
 * rejects with the route's own error (`tooLarge`), so a huge body never sits in memory.
 */
export function readBodyText(req: IncomingMessage, maxBytes: number, tooLarge: () => Error): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(tooLarge());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
