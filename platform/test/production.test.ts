/**
 * A production platform (PLATFORM_ENABLE_SANDBOX_ADMIN unset or 0) has nothing of the sandbox: no
 * sandbox bank signs anyone in or credits anything, no demo player exists or may exist, no payment
 * provider is offered until an operator adds one, and no sandbox operation answers. The walks are
 * generated from the routing table (route-table.ts) and the schema, so a new route or sandbox
 * operation is covered the day it is added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNamedType, getNullableType, isEnumType, isInputObjectType, isListType, isNonNullType, isObjectType, isScalarType } from 'graphql';
import type { GraphQLArgument, GraphQLInputType, GraphQLField } from 'graphql';
import { createSchema } from '../src/graphql/schema.ts';
import { createPlatform } from '../src/platform.ts';
import { createPlayer } from '../src/players/repository.ts';
import { PLATFORM_ROUTES, UNROUTED_SAMPLES } from '../src/route-table.ts';
import { REPO_ROOT } from '../src/config.ts';
import { CONTENT_DIR, DATABASES, FIXTURE_BRANDS, SANDBOX_KEY, startPlatform, TEST_SANDBOX_KEY } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';

const database = DATABASES[0] as (typeof DATABASES)[number];

/** A literal for a required argument of this type (the operation must pass validation to reach its gate). */
function literal(type: GraphQLInputType): string {
  const inner = getNullableType(type);
  if (isListType(inner)) return `[${literal(inner.ofType)}]`;
  if (isEnumType(inner)) return inner.getValues()[0]?.name ?? 'null';
  if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields()).filter((field) => isNonNullType(field.type) && field.defaultValue === undefined);
    return `{ ${fields.map((field) => `${field.name}: ${literal(field.type)}`).join(', ')} }`;
  }
  if (isScalarType(inner) && (inner.name === 'Int' || inner.name === 'Float')) return '1';
  if (isScalarType(inner) && inner.name === 'Boolean') return 'true';
  return '"00000000-0000-4000-8000-000000000000"';
}

/** Every sandbox query and mutation of the schema as a document that passes validation. */
function sandboxOperations(): string[] {
  const schema = createSchema();
  const roots = [['query', schema.getQueryType()], ['mutation', schema.getMutationType()]] as const;
  return roots.flatMap(([kind, root]) =>
    Object.values(root?.getFields() ?? {})
      .filter((field: GraphQLField<unknown, unknown>) => field.name.startsWith('sandbox'))
      .map((field) => {
        const required = field.args.filter((arg: GraphQLArgument) => isNonNullType(arg.type) && arg.defaultValue === undefined);
        const args = required.length ? `(${required.map((arg) => `${arg.name}: ${literal(arg.type)}`).join(', ')})` : '';
        const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
        return `${kind} { ${field.name}${args}${selection} }`;
      }),
  );
}

describe('a production platform (sandbox off)', () => {
  let production: TestPlatform;
  let sandbox: TestPlatform;
  beforeAll(async () => {
    [production, sandbox] = await Promise.all([startPlatform(database, { auth: { enableSandboxAdmin: false } }), startPlatform(database)]);
  });
  afterAll(async () => {
    await Promise.all([production?.close(), sandbox?.close()]);
  });

  it('seeds no demo player', async () => {
    const { rows } = await production.platform.db.query<{ count: string }>('select count(*)::text as count from players where demo_key is not null');
    expect(rows[0]?.count).toBe('0');
    expect(production.platform.playersSeeded).toEqual([]);
  });

  it('refuses to start on a database that holds demo players, saying how to go on', async () => {
    // The sandbox platform's database was seeded with them.
    await expect(createPlatform({ brandsDir: FIXTURE_BRANDS, contentDir: CONTENT_DIR, db: sandbox.platform.db, watchBrands: false }))
      .rejects.toThrow(/holds \d+ sandbox demo players .*start production on a fresh database/);
  });

  it('serves no sandbox route, with or without the operator key, on any method', async () => {
    const sandboxRoutes = PLATFORM_ROUTES.filter((route) => route.sandboxOnly);
    expect(sandboxRoutes.map((route) => route.id)).toEqual(expect.arrayContaining(['sandbox-banks', 'payment-notifications', 'outboxes', 'sandbox-key']));
    for (const route of sandboxRoutes) {
      for (const sample of route.samples) {
        for (const method of ['GET', 'POST']) {
          const response = await fetch(`${production.url}${sample}`, {
            method,
            redirect: 'manual',
            headers: { ...SANDBOX_KEY, 'content-type': 'application/x-www-form-urlencoded' },
            ...(method === 'POST' ? { body: 'person=aurelia-verified&amount=5000&brand=aurelia&action=confirm' } : {}),
          });
          expect(response.status, `${method} ${sample}`).toBe(404);
          expect(response.headers.get('location'), `${method} ${sample}`).toBeNull();
          expect(response.headers.get('set-cookie'), `${method} ${sample}`).toBeNull();
          await response.arrayBuffer();
        }
      }
    }
    // The same paths answer in the sandbox (not a 404 from nowhere): the walk reaches real routes.
    const bank = await fetch(`${sandbox.url}/platform/sandbox/trustly/?brand=aurelia&locale=en`);
    expect(bank.status).toBe(200);
  });

  it('signs nobody in and credits nothing through the sandbox bank', async () => {
    const before = await production.platform.db.query<{ count: string }>('select count(*)::text as count from players');
    const bank = await fetch(`${production.url}/platform/sandbox/trustly/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'brand=aurelia&locale=en&person=new&amount=5000',
    });
    expect(bank.status).toBe(404);
    expect(await bank.text()).not.toMatch(/accessToken|refreshToken/);
    const after = await production.platform.db.query<{ count: string }>('select count(*)::text as count from players');
    expect(after.rows[0]?.count).toBe(before.rows[0]?.count);
  });

  it('answers no sandbox operation of the schema, even with the operator key', async () => {
    const operations = sandboxOperations();
    expect(operations.length).toBeGreaterThanOrEqual(10);
    for (const operation of operations) {
      const answer = await production.gql(operation, {}, { 'x-sandbox-key': TEST_SANDBOX_KEY, 'x-brand': 'aurelia' });
      expect(answer.errors?.[0]?.extensions.reason, `${operation}: ${JSON.stringify(answer.errors)}`).toBe('SandboxDisabled');
    }
  });

  it('offers no payment provider, and refuses deposits and withdrawals with the reason', async () => {
    const settings = await production.gql('{ lobbySettings { paymentProviders } }', {}, { 'x-brand': 'aurelia' });
    expect(settings.data?.lobbySettings.paymentProviders).toEqual([]);
    const player = await production.platform.db.transaction((tx) => createPlayer(tx, { brand: 'aurelia', username: 'production-cashier', email: 'production-cashier@example.com', countryCode: 'FI', currency: 'EUR' }));
    const { accessToken } = await production.platform.services.auth.startSession({ playerId: player.id, brand: 'aurelia', flow: 'sms', passwordless: true });
    const headers = { 'x-brand': 'aurelia', authorization: `Bearer ${accessToken}` };
    const deposit = await production.gql(
      'mutation { initiateDeposit(input: { amount: "50.00", currency: "EUR", provider: TRUSTLY, idempotencyKey: "production-deposit-1" }) { redirectUrl } }',
      {},
      headers,
    );
    expect(deposit.errors?.[0]?.extensions.reason).toBe('PaymentProviderUnavailable');
    expect(deposit.errors?.[0]?.message).toMatch(/Deposits are not available: no payment provider is configured/);
    const withdrawal = await production.gql(
      'mutation { initiateWithdrawal(input: { amount: "10.00", currency: "EUR", withdrawalType: Manual, idempotencyKey: "production-withdrawal-1" }) { payment { id } } }',
      {},
      headers,
    );
    expect(withdrawal.errors?.[0]?.extensions.reason).toBe('PaymentProviderUnavailable');
    const { rows } = await production.platform.db.query<{ count: string }>('select count(*)::text as count from payments');
    expect(rows[0]?.count).toBe('0');
    // The sandbox offers its three.
    const offered = await sandbox.gql('{ lobbySettings { paymentProviders } }', {}, { 'x-brand': 'aurelia' });
    expect(offered.data?.lobbySettings.paymentProviders).toEqual(['TRUSTLY', 'ZIMPLER', 'PIQ']);
  });

  it('leaks no server path and no stack on any route, known or not', async () => {
    const paths = [...PLATFORM_ROUTES.flatMap((route) => route.samples), ...UNROUTED_SAMPLES];
    const root = REPO_ROOT.replace(/\/$/, '');
    for (const path of paths) {
      for (const method of ['GET', 'POST']) {
        const response = await fetch(`${production.url}${path}`, { method, redirect: 'manual', headers: { 'x-brand': 'aurelia', 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{"broken' } : {}) });
        const body = await response.text();
        expect(response.status, `${method} ${path}`).toBeLessThan(500);
        expect(body, `${method} ${path}`).not.toContain(root);
        expect(body, `${method} ${path}`).not.toMatch(/\n\s+at .+:\d+:\d+/);
      }
    }
  });
});
