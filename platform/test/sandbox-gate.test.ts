/**
 * Sandbox powers answer only in sandbox mode and only to the operator key (spec: hardening issue):
 * the sandbox mutations, the SMS outbox, the tester's notification options on the sandbox bank and
 * the unlock link that gives a browser the key as a cookie.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, SANDBOX_KEY, TEST_SANDBOX_KEY, signedInAs, startPlatform } from './helpers.ts';
import type { TestPlatform } from './helpers.ts';
import { getNamedType, isEnumType, isInputObjectType, isLeafType, isListType, isNonNullType, type GraphQLField, type GraphQLInputType } from 'graphql';
import { createSchema } from '../src/graphql/schema.ts';
import { createSandboxGate } from '../src/sandbox/gate.ts';

const database = DATABASES[0] as (typeof DATABASES)[number];
const CREDIT = 'mutation { sandboxCreditWallet(playerId: "newcomer", amount: "5", currency: "EUR", idempotencyKey: "gate:1") { balance } }';
const SETTLE = 'mutation { sandboxSettleSportsBet(betId: "00000000-0000-0000-0000-000000000000", outcome: WON) { id } }';
const NOTIFY = 'mutation { sandboxSendPaymentNotification(paymentId: "00000000-0000-0000-0000-000000000000", status: Completed) { id } }';
const AGE = 'mutation { sandboxAgeSession(sessionId: "no-such-session", minutes: 31) { startedAt } }';
const FORCE_WIN = 'mutation { sandboxForceJackpotWin(instanceId: "no-such-instance", potId: "mega") { __typename } }';
const DRAW = 'mutation { sandboxRunRaffleDraw(type: "hourly") { __typename } }';
const ASSIGN_REWARD = 'mutation { sandboxAssignReward(playerId: "newcomer", rewardId: "weekend-drop", idempotencyKey: "gate:reward") { __typename } }';
const UPDATE_REWARD = 'mutation { sandboxUpdateReward(playerId: "newcomer", assignationId: "none", status: Removed) { __typename } }';
const NO_KEY = { 'x-sandbox-key': '' };

describe('sandbox operator key', () => {
  let sandbox: TestPlatform;
  let production: TestPlatform;
  beforeAll(async () => {
    [sandbox, production] = await Promise.all([startPlatform(database), startPlatform(database, { auth: { enableSandboxAdmin: false } })]);
  });
  afterAll(async () => {
    await Promise.all([sandbox?.close(), production?.close()]);
  });

  it('refuses to run sandbox mode without a key long enough to be one', () => {
    expect(() => createSandboxGate(true, null)).toThrow(/needs an operator key of at least 16 characters: set PLATFORM_SANDBOX_KEY/);
    expect(() => createSandboxGate(true, 'short')).toThrow(/at least 16 characters/);
    expect(createSandboxGate(false, null).enabled).toBe(false);
  });

  it('gates every sandbox field of the schema, whatever it is called with', async () => {
    // Read from the schema itself, so a sandbox power added later is checked without anyone listing it.
    const schema = createSchema();
    const value = (type: GraphQLInputType): string => {
      if (isNonNullType(type)) return value(type.ofType);
      if (isListType(type)) return `[${value(type.ofType)}]`;
      if (isEnumType(type)) return type.getValues()[0]?.name as string;
      if (isInputObjectType(type)) return `{ ${Object.values(type.getFields()).filter((field) => isNonNullType(field.type)).map((field) => `${field.name}: ${value(field.type)}`).join(', ')} }`;
      return ({ Int: '1', Float: '1', Boolean: 'false' } as Record<string, string>)[type.name] ?? '"gate-check"';
    };
    const call = (field: GraphQLField<unknown, unknown>) => {
      const args = field.args.filter((arg) => isNonNullType(arg.type)).map((arg) => `${arg.name}: ${value(arg.type)}`);
      return `${field.name}${args.length ? `(${args.join(', ')})` : ''}${isLeafType(getNamedType(field.type)) ? '' : ' { __typename }'}`;
    };
    const fields = (['query', 'mutation'] as const).flatMap((operation) => {
      const root = operation === 'query' ? schema.getQueryType() : schema.getMutationType();
      return Object.values(root?.getFields() ?? {}).filter((field) => field.name.startsWith('sandbox')).map((field) => ({ field, operation }));
    });
    expect(fields.length).toBeGreaterThanOrEqual(15);
    for (const { field, operation } of fields) {
      const document = `${operation} { ${call(field)} }`;
      const keyless = await sandbox.gql(document, {}, NO_KEY);
      expect(keyless.errors?.[0]?.extensions.reason, document).toBe('SandboxKeyRequired');
      const off = await production.gql(document);
      expect(off.errors?.[0]?.extensions.reason, document).toBe('SandboxDisabled');
    }
  });

  it('answers every sandbox mutation only with the key, and not at all outside sandbox mode', async () => {
    for (const mutation of [CREDIT, SETTLE, NOTIFY, AGE, FORCE_WIN, DRAW, ASSIGN_REWARD, UPDATE_REWARD]) {
      const keyless = await sandbox.gql(mutation, {}, NO_KEY);
      expect(keyless.errors?.[0]?.extensions.reason, mutation).toBe('SandboxKeyRequired');
      expect(keyless.data?.[Object.keys(keyless.data ?? {})[0] ?? ''] ?? null).toBeNull();
      const wrong = await sandbox.gql(mutation, {}, { 'x-sandbox-key': `${TEST_SANDBOX_KEY}x` });
      expect(wrong.errors?.[0]?.extensions.reason, mutation).toBe('SandboxKeyRequired');
      const off = await production.gql(mutation);
      expect(off.errors?.[0]?.extensions.reason, mutation).toBe('SandboxDisabled');
    }
    const credited = await sandbox.gql(CREDIT);
    expect(credited.errors).toBeUndefined();
    expect(credited.data.sandboxCreditWallet.balance).toMatch(/^\d+\.\d{2}$/);
  });

  it('shows the SMS outbox only to the key, by header or by the cookie the unlock link sets', async () => {
    await sandbox.gql('mutation { requestSmsLoginCode(phoneNumber: "+358401234599") { phoneNumber } }');
    const outbox = `${sandbox.url}/platform/sms-outbox.json?phone=%2B358401234599`;
    const keyless = await fetch(outbox);
    expect(keyless.status).toBe(403);
    const refusal = await keyless.text();
    expect(refusal).toMatch(/sandbox operator key/);
    expect(refusal).not.toMatch(/\d{6}/);
    expect((await fetch(`${production.url}/platform/sms-outbox.json`, { headers: SANDBOX_KEY })).status).toBe(404);

    const withHeader = (await (await fetch(outbox, { headers: SANDBOX_KEY })).json()) as { messages: { code: string }[] };
    expect(withHeader.messages[0]?.code).toMatch(/^\d{4,6}$/);

    expect((await fetch(`${sandbox.url}/platform/sandbox-key?key=not-the-key`, { redirect: 'manual' })).status).toBe(403);
    expect((await fetch(`${production.url}/platform/sandbox-key?key=${TEST_SANDBOX_KEY}`, { redirect: 'manual' })).status).toBe(404);
    const unlocked = await fetch(`${sandbox.url}/platform/sandbox-key?key=${TEST_SANDBOX_KEY}&next=//evil.example/`, { redirect: 'manual' });
    expect(unlocked.status).toBe(303);
    expect(unlocked.headers.get('location')).toBe('/platform/sms-outbox');
    const cookie = unlocked.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const page = await fetch(`${sandbox.url}/platform/sms-outbox?phone=%2B358401234599`, { headers: { cookie: cookie.split(';')[0] as string } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(withHeader.messages[0]?.code);
  });

  it('offers late, doubled and reversed notifications at the sandbox bank only to the key', async () => {
    const deposit = await sandbox.gql(
      'mutation ($input: InitiateDepositInput!) { initiateDeposit(input: $input) { redirectUrl payment { id } } }',
      { input: { amount: '25', currency: 'EUR', provider: 'TRUSTLY', idempotencyKey: randomUUID(), returnUrl: 'http://aurelia.localhost:4321/en/' } },
      await signedInAs(sandbox, 'newcomer'),
    );
    expect(deposit.errors).toBeUndefined();
    const pageUrl = new URL(deposit.data.initiateDeposit.redirectUrl as string, sandbox.url);
    const player = await (await fetch(pageUrl)).text();
    expect(player).toContain('name="account"');
    expect(player).not.toContain('name="delivery"');
    const tester = await (await fetch(pageUrl, { headers: SANDBOX_KEY })).text();
    expect(tester).toContain('name="delivery"');
    expect(tester).toContain('value="LATE"');

    // A keyless form asking for a LATE notification gets the ordinary, immediate one.
    const account = /name="account" value="([^"]+)" checked/.exec(player)?.[1] ?? '';
    const confirmed = await fetch(pageUrl.origin + pageUrl.pathname, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'confirm', account, delivery: 'LATE', returnUrl: pageUrl.searchParams.get('returnUrl') ?? '' }),
    });
    expect(confirmed.status).toBe(303);
    expect(new URL(confirmed.headers.get('location') ?? '', sandbox.url).searchParams.get('paymentStatus')).toBe('Completed');
  });
});
