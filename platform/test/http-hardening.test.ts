/**
 * The platform's port as a hostile client sees it (issue 26): every data answer (GraphQL, the
 * identity provider's JSON, the JSON 404 and errors) carries the security headers its pages carry
 * where they apply, the pages the lobby frames keep theirs, and a malformed Host or a broken
 * percent-escape is never a 500.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_SECURITY_HEADERS } from '../src/web/json.ts';
import { DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

describe('the platform port against hostile requests', () => {
  let app: TestPlatform;
  beforeAll(async () => {
    app = await startPlatform(DATABASES[0]!);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Asserts a response carries every data security header. */
  const expectDataHeaders = (response: Response, what: string) => {
    for (const [name, value] of Object.entries(DATA_SECURITY_HEADERS)) expect(response.headers.get(name), `${name} on ${what}`).toBe(value);
  };

  it('gives GraphQL answers, refusals included, the data security headers', async () => {
    const post = (accept: string, query: string) =>
      fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', accept, 'x-brand': 'aurelia' }, body: JSON.stringify({ query }) });
    const answered = await post('application/json', '{ gameLists { slug } }');
    expect(answered.status).toBe(200);
    expectDataHeaders(answered, 'a GraphQL answer');
    const refused = await post('application/graphql-response+json', '{ gameLists { slug }');
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toContain('application/graphql-response+json');
    expectDataHeaders(refused, 'a GraphQL parse error');
  });

  it('gives the identity provider’s JSON (discovery, keys) the data security headers', async () => {
    for (const path of ['/auth/realms/aurelia/.well-known/openid-configuration', '/auth/realms/aurelia/protocol/openid-connect/certs']) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/json/);
      expectDataHeaders(response, path);
    }
  });

  it('gives the JSON 404 and the health answer the data security headers', async () => {
    const missing = await fetch(`${app.url}/no/such/thing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Nothing at /no/such/thing' });
    expectDataHeaders(missing, 'the 404');
    expectDataHeaders(await fetch(`${app.url}/livez`), '/livez');
  });

  it('leaves the headers of the pages the lobby frames as they are', async () => {
    const sportsbook = await fetch(`${app.url}/sportsbook/?brand=aurelia`);
    expect(sportsbook.status).toBe(200);
    expect(sportsbook.headers.get('x-frame-options')).toBeNull();
    expect(sportsbook.headers.get('content-security-policy')).toMatch(/frame-ancestors http:\/\/aurelia\.localhost:\* https:\/\/aurelia\.localhost:\*/);
    expect(sportsbook.headers.get('content-security-policy')).not.toContain("frame-ancestors 'none'");
    // The identity provider's own pages keep theirs: the lobby frames its silent sign-in.
    const login = await fetch(`${app.url}/auth/realms/aurelia/protocol/openid-connect/auth?client_id=x`, { redirect: 'manual' });
    expect(login.headers.get('x-frame-options')).toBeNull();
  });

  /** Sends a raw request (fetch will not send a Host with credentials) and answers its status line and body. */
  const raw = (text: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { port } = new URL(app.url);
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('error', reject);
      socket.on('close', () => resolve({ status: Number(answer.split(' ')[1]), body: answer.split('\r\n\r\n').slice(1).join('\r\n\r\n') }));
    });

  it('never answers a Host with credentials or a broken percent-escape with a 500', async () => {
    const paths = ['/graphql', '/%', '/en/%E0%A4%A/', '/auth/realms/aurelia/%', '/auth/realms/aurelia/.well-known/openid-configuration', '/games/%E0/', '/sportsbook/%', '/media/%', '/platform/sandbox/trustly/%'];
    for (const host of ['a@b', '127.0.0.1']) {
      for (const path of paths) {
        const answer = await raw(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nx-brand: aurelia\r\nConnection: close\r\n\r\n`);
        expect(answer.status, `${host} ${path}: ${answer.body.slice(0, 200)}`).toBeGreaterThanOrEqual(200);
        expect(answer.status, `${host} ${path}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  });
});
