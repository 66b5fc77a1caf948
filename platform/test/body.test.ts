import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBodyText } from '../src/web/body.ts';

describe('request bodies', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    // Echoes the body it read, or the route's own error when the body passes its ceiling of 16 bytes.
    server = createServer((req, res) => {
      readBodyText(req, 16, () => new Error('body over 16 bytes')).then(
        (text) => res.end(`read:${text}`),
        (error: Error) => {
          if (!res.headersSent) res.writeHead(413).end(error.message);
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads a body within the ceiling as UTF-8 text', async () => {
    const response = await fetch(url, { method: 'POST', body: 'päivää' });
    expect(await response.text()).toBe('read:päivää');
  });

  it('refuses a body past the ceiling with the route\'s error and stops reading', async () => {
    // The answer arrives whole: the connection is not dropped before it (a proxy in front would say 502).
    const response = await fetch(url, { method: 'POST', body: 'x'.repeat(64 * 1024) });
    expect(`${response.status} ${await response.text()}`).toBe('413 body over 16 bytes');
  });
});
