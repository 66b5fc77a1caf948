import {
  getNamedType, GraphQLError, isEnumType, isInputObjectType, isListType, isNonNullType, Kind, parse, typeFromAST,
  type GraphQLInputType, type GraphQLSchema, type OperationDefinitionNode,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchema } from '../src/graphql/schema.ts';
import { createPlayer } from '../src/players/repository.ts';
import { bracketNesting, MAX_QUERY_ALIASES, MAX_QUERY_COST, MAX_QUERY_NESTING, parseOperation, queryCost } from '../src/graphql/limits.ts';
import * as lobbyDocuments from '../../src/lib/graphql/generated/graphql.ts';
import * as playerDocuments from '../../src/lib/graphql/generated/player.ts';
import { DATABASES, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

/** A value of an input type for a required variable or field the test does not set (lists hold one). */
function sampleValue(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType);
  if (isListType(type)) return [sampleValue(type.ofType)];
  const named = getNamedType(type);
  if (isEnumType(named)) return named.getValues()[0]?.value;
  if (isInputObjectType(named)) {
    return Object.fromEntries(Object.values(named.getFields()).filter((field) => isNonNullType(field.type)).map((field) => [field.name, sampleValue(field.type)]));
  }
  return { Int: 1, Float: 1, Boolean: true }[named.name] ?? 'x';
}

/** The given variables plus a sample for every other required variable of the operation. */
function variablesFor(schema: GraphQLSchema, operation: OperationDefinitionNode, given: Record<string, unknown>): Record<string, unknown> {
  const variables = { ...given };
  for (const definition of operation.variableDefinitions ?? []) {
    const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
    if (type && isNonNullType(type) && !(definition.variable.name.value in variables)) variables[definition.variable.name.value] = sampleValue(type);
  }
  return variables;
}

const TILE = 'slug name imageUrl lookupId idx hasBonus isLiveCasino studio { slug name }';
const list = (first: number) => `listOfGames(listOfGamesSlug: "slots", first: ${first}) { games { edges { node { ${TILE} } } } }`;

describe('query cost', () => {
  const schema = createSchema();

  it('multiplies what a list holds by its size, once per page', () => {
    const one = queryCost(schema, parse(`{ ${list(1)} }`));
    const ten = queryCost(schema, parse(`{ ${list(10)} }`));
    expect(ten).toBeGreaterThan(9 * one);
    expect(queryCost(schema, parse('query ($n: Int!) { listOfGames(listOfGamesSlug: "slots", first: $n) { name } }'), { n: 50 }))
      .toBe(queryCost(schema, parse('{ listOfGames(listOfGamesSlug: "slots", first: 50) { name } }')));
  });

  // Operations whose page the lobby fixes below 100: TOP_SPORTS blocks ask for 6 live events
  // (src/features/sports/live-events.server.ts); 100 events with their markets would cost too much.
  const PAGE_SIZES: Record<string, Record<string, number>> = { TopSportsLiveEventsDocument: { first: 6 } };

  it('lets every operation the lobby sends through, at the largest page the platform serves', () => {
    // Every generated document of the lobby (src/**/*.graphql), not a hand-kept list.
    // (…FragmentDoc exports are the fragments alone; every operation document carries its fragments.)
    const operations = [...Object.entries(lobbyDocuments), ...Object.entries(playerDocuments)]
      .filter(([name, value]) => value instanceof String && name.endsWith('Document'));
    expect(operations.map(([name]) => name)).toEqual(expect.arrayContaining(['CategoryGamesDocument', 'PaymentHistoryDocument', 'SearchGamesDocument']));
    const variables = { first: 100, maxRecentlyPlayedGames: 100, deposits: true, query: 'x', slug: 'x', listOfGamesSlug: 'slots', categorySlug: 'x' };
    for (const [name, document] of operations) {
      // Within the nesting limit too: parseOperation is what HTTP and both sockets parse with.
      const parsed = parseOperation(String(document));
      const operation = parsed.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
      if (!operation) throw new Error(`${name} has no operation`);
      const given = { ...variables, ...PAGE_SIZES[name] };
      expect(queryCost(schema, parsed, variablesFor(schema, operation, given)), name).toBeLessThan(MAX_QUERY_COST / 2);
    }
  });
});

/** Queries nested `levels` deep in each place graphql-js's parser recurses: selections, list values, object values. */
const DEEP: Record<string, (levels: number) => string> = {
  selections: (levels) => `{ ${'viewer { '.repeat(levels)}id${' }'.repeat(levels)} }`,
  'list values': (levels) => `{ gameLists(slugs: ${'['.repeat(levels)}${']'.repeat(levels)}) { slug } }`,
  'object values': (levels) => `{ searchGames(filter: ${'{ a: '.repeat(levels)}1${' }'.repeat(levels)}) { total } }`,
};

describe('query nesting, refused before the parser recurses', () => {
  it('counts braces, parentheses and brackets, but not those in strings, block strings or comments', () => {
    expect(bracketNesting('{ a(b: [{ c: 1 }]) { d } }')).toBe(4);
    expect(bracketNesting('{ a(b: "{{{{ \\" [[[[") }')).toBe(2);
    expect(bracketNesting('{ a(b: """ {{{{ \\""" ((((( """) }')).toBe(2);
    expect(bracketNesting('{ a # {{{{ ((((\n b }')).toBe(1);
    expect(bracketNesting('{'.repeat(10_000), 64)).toBe(65);
  });

  for (const [where, query] of Object.entries(DEEP)) {
    it(`refuses ${where} nested 5,000 deep with QueryTooDeep, not the engine's stack overflow`, () => {
      let refusal: unknown;
      try {
        parseOperation(query(5000));
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(GraphQLError);
      expect((refusal as GraphQLError).extensions).toMatchObject({ reason: 'GraphQLParseFailed', limit: 'QueryTooDeep' });
      expect((refusal as GraphQLError).message).toMatch(new RegExp(`more than ${MAX_QUERY_NESTING} deep`));
      // Just at the limit it parses (the validation rules then judge the selections' depth).
      expect(() => parseOperation(query(MAX_QUERY_NESTING - 4))).not.toThrow();
    });
  }
});

describe.each(DATABASES)('query limits over HTTP on $name', (database) => {
  let app: TestPlatform;
  let sandbox: TestPlatform;
  beforeAll(async () => {
    [app, sandbox] = await Promise.all([startPlatform(database, { auth: { enableSandboxAdmin: false } }), startPlatform(database)]);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), sandbox?.close()]);
  });

  const refusedFor = async (query: string, limit: string) => {
    const reply = await app.gql(query);
    expect(reply.data ?? null).toBeNull();
    expect(reply.errors?.[0]?.extensions).toMatchObject({ reason: 'GraphQLValidationFailed', limit, traceId: expect.any(String) });
    return reply.errors?.[0]?.message ?? '';
  };

  it('refuses a request of many aliased lists before it runs, naming the limit', async () => {
    const aliases = Array.from({ length: MAX_QUERY_ALIASES + 5 }, (_, index) => `a${index}: ${list(100)}`).join(' ');
    expect(await refusedFor(`{ ${aliases} }`, 'TooManyAliases')).toMatch(/more than 15 aliases \(20\)/);
  });

  it('refuses an operation whose lists would cost too much, with its cost and the limit', async () => {
    const heavy = Array.from({ length: 6 }, (_, index) => `a${index}: ${list(100)}`).join(' ');
    expect(await refusedFor(`{ ${heavy} }`, 'QueryTooCostly')).toMatch(/would cost \d+; the limit is 10000/);
    // The same through variables: the cost reads them.
    const reply = await app.gql(
      `query ($n: Int!) { ${Array.from({ length: 6 }, (_, index) => `a${index}: listOfGames(listOfGamesSlug: "slots", first: $n) { games { edges { node { ${TILE} } } } }`).join(' ')} }`,
      { n: 100 },
    );
    expect(reply.errors?.[0]?.extensions.limit).toBe('QueryTooCostly');
    const light = await app.gql(`query ($n: Int!) { a0: listOfGames(listOfGamesSlug: "slots", first: $n) { name } }`, { n: 10 });
    expect(light.errors).toBeUndefined();
  });

  it('refuses a document with too many tokens at parse time', async () => {
    const padding = Array.from({ length: 6000 }, () => '__typename').join(' ');
    const reply = await app.gql(`{ ${padding} }`);
    expect(reply.errors?.[0]?.extensions).toMatchObject({ reason: 'GraphQLParseFailed', limit: 'QueryTooLarge' });
    expect(reply.errors?.[0]?.message).toMatch(/longer than 5000 tokens/);
  });

  it('refuses a query nested 5,000 deep before parsing, with the same shape as the other limits', async () => {
    for (const [where, query] of Object.entries(DEEP)) {
      const reply = await app.gql(query(5000));
      expect(reply.data ?? null, where).toBeNull();
      expect(reply.errors?.[0]?.extensions, where).toMatchObject({ reason: 'GraphQLParseFailed', limit: 'QueryTooDeep', traceId: expect.any(String) });
      expect(reply.errors?.[0]?.message, where).toMatch(/nests its braces, parentheses and brackets more than 64 deep/);
    }
  });

  for (const protocol of ['graphql-transport-ws', 'graphql-ws'] as const) {
    it(`refuses a query nested 5,000 deep on a ${protocol} socket with QueryTooDeep, and the socket goes on`, async () => {
      const { WebSocket } = await import('ws');
      const socket = new WebSocket(`${app.url.replace('http', 'ws')}/graphql`, protocol, { headers: { 'x-brand': 'aurelia' } });
      const messages: { id?: string; type: string; payload?: any }[] = [];
      const arrived = (match: (message: (typeof messages)[number]) => boolean) =>
        new Promise<(typeof messages)[number]>((resolve, reject) => {
          const check = () => {
            const found = messages.find(match);
            if (found) resolve(found);
          };
          socket.on('message', check);
          socket.on('close', (code) => reject(new Error(`closed with ${code} after ${JSON.stringify(messages)}`)));
          check();
        });
      socket.on('message', (data) => messages.push(JSON.parse(String(data)) as (typeof messages)[number]));
      const player = await app.platform.db.transaction((tx) => createPlayer(tx, { brand: 'aurelia', username: `limits-deep-${protocol}`, email: `limits-deep-${protocol}@example.com`, countryCode: 'FI', currency: 'EUR' }));
      const { accessToken } = await app.platform.services.auth.startSession({ playerId: player.id, brand: 'aurelia', flow: 'sms', passwordless: true });
      if (socket.readyState !== socket.OPEN) await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ type: 'connection_init', payload: { accessToken } }));
      await arrived((message) => message.type === 'connection_ack');
      const start = protocol === 'graphql-ws' ? 'start' : 'subscribe';
      socket.send(JSON.stringify({ id: 'deep', type: start, payload: { query: DEEP.selections!(5000) } }));
      const refusal = await arrived((message) => message.id === 'deep' && message.type === 'error');
      expect(refusal.payload?.[0]?.extensions).toMatchObject({ reason: 'GraphQLParseFailed', limit: 'QueryTooDeep', traceId: expect.any(String) });
      expect(refusal.payload?.[0]?.message).toMatch(/more than 64 deep/);
      // The socket still serves a query within the limits.
      socket.send(JSON.stringify({ id: 'fine', type: start, payload: { query: '{ viewer { player { id } } }' } }));
      const answer = await arrived((message) => message.id === 'fine' && message.type !== 'complete');
      expect(answer.payload?.data?.viewer?.player?.id).toBe(player.id);
      socket.close(1000);
    });
  }

  it('answers introspection only in sandbox mode', async () => {

    const query = '{ __schema { queryType { name } } }';
    expect(await refusedFor(query, 'IntrospectionDisabled')).toMatch(/sandbox mode/);
    const open = await sandbox.gql(query);
    expect(open.errors).toBeUndefined();
    expect(open.data.__schema.queryType.name).toBe('Query');
  });

  it('refuses over-limit subscriptions on the socket too', async () => {
    const { WebSocket } = await import('ws');
    const socket = new WebSocket(`${app.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { headers: { 'x-brand': 'aurelia' } });
    const messages: { type: string; payload?: { message: string; extensions?: Record<string, unknown> }[] }[] = [];
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string };
      messages.push(message as (typeof messages)[number]);
      if (message.type === 'connection_ack') {
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: '{ __schema { queryType { name } } }' } }));
      }
      if (message.type === 'error') socket.close(1000);
    });
    // A production platform has no demo players: a player of its own.
    const player = await app.platform.db.transaction((tx) => createPlayer(tx, { brand: 'aurelia', username: 'limits-socket', email: 'limits-socket@example.com', countryCode: 'FI', currency: 'EUR' }));
    const { accessToken } = await app.platform.services.auth.startSession({ playerId: player.id, brand: 'aurelia', flow: 'sms', passwordless: true });
    // The socket may have opened while the session was being made.
    const init = () => socket.send(JSON.stringify({ type: 'connection_init', payload: { accessToken } }));
    if (socket.readyState === socket.OPEN) init();
    else socket.on('open', init);
    const code = await closed;
    const error = messages.find((message) => message.type === 'error');
    expect(error?.payload?.[0]?.message, `closed with ${code} after ${JSON.stringify(messages)}`).toMatch(/Introspection is turned off/);
  });
});
