import { readFileSync } from 'node:fs';
import { GraphQLError } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatPlatformError, PlatformError } from '../src/graphql/errors.ts';
import { SCHEMA_FILE, schemaSdl } from '../src/graphql/print-schema.ts';
import { DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const TRACE_ID = /^[0-9a-f]{16}$/;

describe('schema', () => {
  it('matches platform/schema.graphql (regenerate with npx node platform/src/graphql/print-schema.ts)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(schemaSdl());
  });
});

describe('error formatting', () => {
  it('hides unexpected errors behind InternalError with a trace id', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const secret = new Error('connection to 10.1.2.3 failed: password authentication failed for user "atrium"');
    const formatted = formatPlatformError(new GraphQLError(secret.message, { originalError: secret, path: ['listOfGames'] }));
    expect(formatted.extensions).toMatchObject({ reason: 'InternalError', traceId: expect.stringMatching(TRACE_ID) });
    expect(JSON.stringify(formatted.toJSON())).not.toMatch(/password|10\.1\.2\.3|at /);
    expect(formatted.message).toContain(String(formatted.extensions.traceId));
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('keeps the reason and details of expected errors', () => {
    const error = new PlatformError('NotFound', 'gone', { file: 'x.json' });
    const formatted = formatPlatformError(new GraphQLError(error.message, { originalError: error }));
    expect(formatted.extensions).toMatchObject({ reason: 'NotFound', file: 'x.json', traceId: expect.stringMatching(TRACE_ID) });
  });
});

describe.each(DATABASES)('GraphQL over HTTP on $name', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    app = await startPlatform(database, { auth: { enableSandboxAdmin: false } });
  });
  afterAll(() => app?.close());

  const expectReason = (errors: { extensions: { reason: string; traceId: string } }[] | undefined, reason: string) => {
    expect(errors?.length).toBeGreaterThan(0);
    for (const error of errors ?? []) {
      expect(error.extensions.reason).toBe(reason);
      expect(error.extensions.traceId).toMatch(TRACE_ID);
      expect(JSON.stringify(error)).not.toMatch(/\s+at\s+\S+ \(/);
    }
  };

  it('answers at /graphql and /api/graphql', async () => {
    for (const path of ['/graphql', '/api/graphql']) {
      const response = await fetch(`${app.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query Ping { ping }', operationName: 'Ping' }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: { ping: true } });
    }
  });

  it('runs queries over GET', async () => {
    const query = encodeURIComponent('query Lists { gameLists { slug } }');
    const response = await fetch(`${app.url}/api/graphql?query=${query}&operationName=Lists`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { gameLists: { slug: string }[] } };
    expect(body.data.gameLists.map((list) => list.slug)).toContain('slots');
  });

  it('gives parse, validation, input and brand errors a reason and a trace id', async () => {
    expectReason((await app.gql('{ gameLists { slug }')).errors, 'GraphQLParseFailed');
    expectReason((await app.gql('{ noSuchField }')).errors, 'GraphQLValidationFailed');
    expectReason((await app.gql('query ($n: Int) { listOfGames(listOfGamesSlug: "slots", first: $n) { slug } }', { n: 'ten' })).errors, 'BadUserInput');
    expectReason((await app.gql('{ translations(locale: "xx", keys: ["a"]) }')).errors, 'BadUserInput');
    const unknown = await app.gql('{ lobbySettings { brand } }', {}, { 'x-brand': 'nope' });
    expectReason(unknown.errors, 'UnknownBrand');
    expect(unknown.errors?.[0]?.message).toMatch(/Unknown brand "nope".*aurelia, mapleridge/);
    const missing = await app.gql('{ countryContext { countryCode } }', {}, { 'x-brand': '' });
    expectReason(missing.errors, 'UnknownBrand');
    expect(missing.errors?.[0]?.message).toMatch(/x-brand/);
  });

  it('refuses queries nested too deep, and introspection outside sandbox mode', async () => {
    const node = (depth: number): string => (depth === 0 ? 'slug' : `games(first: 1) { edges { node { studio { ${node(depth - 1)} } } } }`);
    const deep = await app.gql(`{ studio(slug: "northwind-forge") { ${node(3)} } }`);
    expectReason(deep.errors, 'GraphQLValidationFailed');
    expect(deep.errors?.[0]?.message).toMatch(/limit is 10/);
    const introspection = await app.gql('{ __schema { types { name fields { name type { name ofType { name ofType { name ofType { name ofType { name } } } } } } } } }');
    expect(introspection.errors?.[0]?.extensions).toMatchObject({ reason: 'GraphQLValidationFailed', limit: 'IntrospectionDisabled' });
    expect(introspection.data).toBeUndefined();
  });

  it('gives malformed requests a reason too', async () => {
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": ',
    });
    expect(response.status).toBe(400);
    expectReason(((await response.json()) as { errors: never }).errors, 'BadRequest');
  });

  it('serves brand-free fields without x-brand', async () => {
    const response = await app.gql('{ gameLists { slug } }', {}, { 'x-brand': '' });
    expect(response.errors).toBeUndefined();
  });

  it('reports health', async () => {
    const response = await fetch(`${app.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect((await fetch(`${app.url}/nowhere`)).status).toBe(404);
  });
});
