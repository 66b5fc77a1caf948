/**
 * Issue 18, the record of consent decisions: the lobby records each answer with recordConsent
 * (categories, policy version, anonymous visitor id, the player when signed in); bad input is
 * refused at the boundary with a message naming the argument; an operator reads a visitor's
 * decisions back with sandboxConsentRecords, which needs the operator key.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, freshSmsPlayer, startPlatform, UNLIMITED_RATE_RULES, type TestPlatform } from './helpers.ts';

const RECORD = 'mutation ($v: ID!, $c: [ConsentCategory!]!, $p: String!) { recordConsent(visitorId: $v, categories: $c, policyVersion: $p) { id visitorId playerId categories policyVersion countryCode recordedAt } }';
const READ = 'query ($v: ID, $p: ID) { sandboxConsentRecords(visitorId: $v, playerId: $p) { visitorId playerId categories policyVersion countryCode recordedAt } }';

describe.each(DATABASES)('consent records, on $name', (database) => {
  let app: TestPlatform;
  beforeAll(async () => {
    app = await startPlatform(database);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('records a decision with its time, categories (necessary always) and policy version, and reads it back newest first', async () => {
    const visitor = randomUUID();
    const before = Date.now();
    const first = await app.gql(RECORD, { v: visitor, c: ['preferences'], p: '2026-11' });
    expect(first.errors).toBeUndefined();
    expect(first.data.recordConsent).toMatchObject({ visitorId: visitor, playerId: null, categories: ['necessary', 'preferences'], policyVersion: '2026-11', countryCode: 'FI' });
    expect(Date.parse(first.data.recordConsent.recordedAt)).toBeGreaterThanOrEqual(before - 1000);
    await app.gql(RECORD, { v: visitor, c: ['marketing', 'analytics', 'analytics'], p: '2026-11' });
    await app.gql(RECORD, { v: randomUUID(), c: [], p: '2026-11' });

    const { data, errors } = await app.gql(READ, { v: visitor });
    expect(errors).toBeUndefined();
    expect(data.sandboxConsentRecords.map((record: { categories: string[] }) => record.categories)).toEqual([
      ['necessary', 'analytics', 'marketing'],
      ['necessary', 'preferences'],
    ]);
  });

  it('adds the signed-in player, and keeps decisions apart per brand', async () => {
    const player = await freshSmsPlayer(app);
    const visitor = randomUUID();
    const recorded = await app.gql(RECORD, { v: visitor, c: ['analytics'], p: '2026-11' }, player.headers);
    expect(recorded.data.recordConsent.playerId).toBe(player.id);
    const byPlayer = await app.gql(READ, { p: player.id });
    expect(byPlayer.data.sandboxConsentRecords).toEqual([expect.objectContaining({ visitorId: visitor, playerId: player.id })]);
    const otherBrand = await app.gql(READ, { v: visitor }, { 'x-brand': 'vantor' });
    expect(otherBrand.data.sandboxConsentRecords).toEqual([]);
  });

  it('refuses bad input with an error naming the argument', async () => {
    const badVisitor = await app.gql(RECORD, { v: 'not-a-uuid', c: [], p: '2026-11' });
    expect(badVisitor.errors?.[0]?.extensions?.reason).toBe('BadUserInput');
    expect(badVisitor.errors?.[0]?.message).toMatch(/argument "visitorId" must be a UUID/);
    const badPolicy = await app.gql(RECORD, { v: randomUUID(), c: [], p: 'v 1; drop' });
    expect(badPolicy.errors?.[0]?.message).toMatch(/argument "policyVersion" must be a policy version/);
    const badCategory = await app.gql(RECORD, { v: randomUUID(), c: ['everything'], p: '2026-11' });
    expect(badCategory.errors?.[0]?.message).toMatch(/ConsentCategory/);
    const neither = await app.gql(READ, {});
    expect(neither.errors?.[0]?.message).toMatch(/give visitorId .* or playerId/);
  });

  it('limits how many decisions one visitor id records', async () => {
    const limited = await startPlatform(database, { rateRules: { ...UNLIMITED_RATE_RULES, consent: { perSubject: { limit: 2, windowSeconds: 600 }, perAddress: { limit: 100, windowSeconds: 600 } } } });
    try {
      const visitor = randomUUID();
      for (let attempt = 0; attempt < 2; attempt += 1) expect((await limited.gql(RECORD, { v: visitor, c: [], p: '2026-11' })).errors).toBeUndefined();
      const refused = await limited.gql(RECORD, { v: visitor.toUpperCase(), c: [], p: '2026-11' });
      expect(refused.errors?.[0]?.extensions?.reason).toBe('RateLimited');
      expect(refused.errors?.[0]?.message).toMatch(/Too many consent decisions for this visitor/);
      expect((await limited.gql(READ, { v: visitor })).data.sandboxConsentRecords).toHaveLength(2);
      expect((await limited.gql(RECORD, { v: randomUUID(), c: [], p: '2026-11' })).errors).toBeUndefined();
    } finally {
      await limited.close();
    }
  });

  it('answers the operator query only with the operator key', async () => {
    const withoutKey = await app.gql(READ, { v: randomUUID() }, { 'x-sandbox-key': '' });
    expect(withoutKey.errors?.[0]?.extensions?.reason).toBe('SandboxKeyRequired');
  });
});
